"""The league service: seasons checked before they are written, ratings as openskill gives them."""

import pytest
from openskill.models import PlackettLuce

from bot.services import Services
from bot.services.league import rate, record_game
from bot.store import GameSeat, LeagueError, Rating, Typed, active_season, ensure_player

GUILD = 1


async def players(store, *names: str) -> list[int]:
    async with store.transaction() as tx:
        return [
            (await ensure_player(tx, GUILD, display_name=name, user_id=n)).id
            for n, name in enumerate(names, start=1)
        ]


async def test_season_commands_refuse_what_makes_no_sense(services: Services, store):
    league = services.league
    with pytest.raises(LeagueError, match="No season is running") as refused:
        await league.end_season(GUILD)
    assert refused.value.key == "chips.league.refuse.no_running"
    await league.start_season(GUILD, " One ")
    await league.start_season(GUILD + 1, "One")  # another guild has its own seasons
    with pytest.raises(LeagueError, match="Season One is still running") as refused:
        await league.start_season(GUILD, "Two")
    assert (refused.value.key, refused.value.params) == (
        "chips.league.refuse.season_running",
        {"name": Typed("One")},
    )
    await league.end_season(GUILD)
    with pytest.raises(LeagueError, match="already was a season called ONE") as refused:
        await league.start_season(GUILD, "ONE")  # a name is taken in any case
    assert refused.value.key == "chips.league.refuse.season_exists"
    for blank, key in (
        ("  ", "name_required"),
        ("\u200b\u2060", "name_required"),  # zero-width: a name nobody could see or type again
        ("x" * 101, "name_long"),
    ):
        with pytest.raises(LeagueError) as refused:
            await league.start_season(GUILD, blank)
        assert refused.value.key == f"chips.league.refuse.{key}"
    assert await active_season(store, GUILD) is None
    assert [s.name for s in await league.seasons(GUILD)] == ["One"]


async def test_a_season_option_names_a_season_in_any_case_or_is_refused(services: Services):
    league = services.league
    assert await league.scope(GUILD, None) is None  # no season running: all time
    spring = await league.start_season(GUILD, "Spring")
    assert await league.scope(GUILD, None) == spring
    assert await league.scope(GUILD, " spring ") == spring
    assert await league.scope(GUILD, "all") is None
    with pytest.raises(LeagueError) as refused:
        await league.scope(GUILD, "Winter")
    assert refused.value.key == "chips.league.refuse.no_season"
    assert refused.value.params == {"name": Typed("Winter"), "names": Typed("Spring")}


async def test_a_game_rates_its_players_as_openskill_would(services: Services, store):
    ann, bob = await players(store, "Ann", "Bob")
    model = PlackettLuce()
    [[first_ann], [first_bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    [[second_bob], [second_ann]] = model.rate([[first_bob], [first_ann]], ranks=[1, 2])
    for game_id, seats in (
        (1, [GameSeat(0, ann, 0, 1000, 1), GameSeat(1, bob, 1, 600, 2)]),
        (2, [GameSeat(0, bob, 0, 1000, 1), GameSeat(1, ann, 1, 990, 2)]),
    ):
        async with store.transaction() as tx:
            assert await record_game(
                tx,
                game_id=game_id,
                guild_id=GUILD,
                table_id=None,
                variant="two-handed",
                seats=seats,
            )
    [(family, rows)] = await services.league.standings(GUILD, "two-handed", None, limit=10)
    by_name = {row.display_name: row for row in rows}
    assert family == "two-handed"
    assert by_name["Ann"].mu == pytest.approx(second_ann.mu, rel=1e-12)
    assert by_name["Bob"].sigma == pytest.approx(second_bob.sigma, rel=1e-12)
    assert (by_name["Ann"].games, by_name["Ann"].wins, by_name["Ann"].points_against) == (
        2,
        1,
        1600,
    )


def test_partners_are_rated_as_one_team_and_share_their_opponents_score():
    seats = (
        [GameSeat(0, 1, 0, 1010, 1), GameSeat(2, 3, 0, 1010, 1)],
        [
            GameSeat(1, 2, 1, 940, 2),
            GameSeat(3, 4, 1, 940, 2),
        ],
    )
    known = {2: Rating(30.0, 5.0)}
    model = PlackettLuce()
    [[a, c], [b, d]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(mu=30.0, sigma=5.0), model.rating()]],
        ranks=[1, 2],
    )
    rated = {s.player_id: s for s in rate(seats, known)}
    assert rated[1].rating == Rating(a.mu, a.sigma) and rated[3].rating == Rating(c.mu, c.sigma)
    assert rated[2].rating == Rating(b.mu, b.sigma) and rated[4].rating == Rating(d.mu, d.sigma)
    assert (rated[1].won, rated[1].points_for, rated[1].points_against) == (True, 1010, 940)
    assert (rated[4].won, rated[4].points_against) == (False, 1010)


async def test_a_recorded_game_is_not_rated_twice(services: Services, store):
    ann, bob = await players(store, "Ann", "Bob")
    seats = [GameSeat(0, ann, 0, 1000, 1), GameSeat(1, bob, 1, 500, 2)]
    for expected in (True, False):
        async with store.transaction() as tx:
            assert (
                await record_game(
                    tx, game_id=9, guild_id=GUILD, table_id=None, variant="two-handed", seats=seats
                )
                is expected
            )
    [(_, rows)] = await services.league.standings(GUILD, "two-handed", None, limit=10)
    assert [row.games for row in rows] == [1, 1]
