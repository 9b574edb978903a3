"""Partnership auction and double-deck are rated as families of their own (issue 25): two teams of
two, apart from the partnership table and from each other, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest

from bot.services import Services
from bot.services.league import FAMILY_ORDER, TEAM_FAMILIES, record_game
from bot.store import GameSeat, LeagueError, ensure_player

GUILD = 1


async def four(store) -> list[int]:
    async with store.transaction() as tx:
        return [
            (await ensure_player(tx, GUILD, display_name=name, user_id=n)).id
            for n, name in enumerate(("Ann", "Bob", "Cid", "Dee"), start=1)
        ]


def teams(ids: list[int], winners: int) -> list[GameSeat]:
    """Seats 0 and 2 against 1 and 3, partners sharing score and rank; `winners` team wins."""
    return [
        GameSeat(
            seat,
            ids[seat],
            seat % 2,
            500 if seat % 2 == winners else 320,
            1 + (seat % 2 != winners),
        )
        for seat in range(4)
    ]


def test_each_new_game_is_a_team_family_of_its_own() -> None:
    assert {"auction", "double-deck"} <= set(FAMILY_ORDER)
    assert {"partnership", "auction", "double-deck"} <= TEAM_FAMILIES
    assert "four-handed" not in TEAM_FAMILIES


async def test_new_games_rate_their_teams_in_their_own_tables(services: Services, store) -> None:
    ids = await four(store)
    for game_id, variant in ((1, "auction"), (2, "double-deck"), (3, "double-deck")):
        async with store.transaction() as tx:
            await record_game(
                tx,
                game_id=game_id,
                guild_id=GUILD,
                table_id=None,
                variant=variant,
                seats=teams(ids, winners=0),
            )
    tables = dict(await services.league.standings(GUILD, None, None, limit=10))
    assert [row.display_name for row in tables["auction"]][:2] in (["Ann", "Cid"], ["Cid", "Ann"])
    assert {row.display_name: row.games for row in tables["double-deck"]} == {
        "Ann": 2,
        "Bob": 2,
        "Cid": 2,
        "Dee": 2,
    }
    assert tables["partnership"] == []  # Check and partnership keep their table to themselves
    profile = await services.league.profile(GUILD, ids[0])
    assert profile is not None and {"auction", "double-deck"} <= set(profile.ratings)


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
async def test_a_game_not_played_by_two_pairs_is_refused(
    services: Services, store, variant
) -> None:
    ids = await four(store)
    alone = [GameSeat(seat, ids[seat], seat, 100 * seat, 4 - seat) for seat in range(4)]
    async with store.transaction() as tx:
        with pytest.raises(LeagueError, match="teams of 2"):
            await record_game(
                tx, game_id=9, guild_id=GUILD, table_id=None, variant=variant, seats=alone
            )
