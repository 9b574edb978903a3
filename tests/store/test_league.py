"""League tables: games recorded once, openskill Plackett-Luce ratings, seasons, standings."""

import pytest
from openskill.models import PlackettLuce

from bot.services.league import record_game
from bot.store import (
    GameResultRow,
    GameSeat,
    LeagueError,
    Store,
    active_season,
    end_season,
    ensure_player,
    family_of,
    game_results,
    league_csv,
    list_seasons,
    player_profile,
    read_csv,
    standings,
    start_season,
)

from .helpers import make_players

GUILD = 1


class Game:
    """Builds `record_game` calls the way the table service would: one per finished game."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.next_id = 1

    async def solo(self, variant: str, *results: tuple[int, int, int], melds=()) -> int:
        """`results`: (player_id, score, rank) per seat; one-player teams."""
        seats = [
            GameSeat(i, p, i, score, rank, *(melds[i] if melds else (None, None)))
            for i, (p, score, rank) in enumerate(results)
        ]
        return await self.record(variant, seats)

    async def pairs(
        self,
        variant: str,
        ns: tuple[int, int],
        ew: tuple[int, int],
        ns_score: int,
        ew_score: int,
        ns_rank: int,
    ) -> int:
        """Partners N–S (seats 0, 2) against E–W (seats 1, 3)."""
        ew_rank = 2 if ns_rank == 1 else 1
        seats = [
            GameSeat(0, ns[0], 0, ns_score, ns_rank),
            GameSeat(1, ew[0], 1, ew_score, ew_rank),
            GameSeat(2, ns[1], 0, ns_score, ns_rank),
            GameSeat(3, ew[1], 1, ew_score, ew_rank),
        ]
        return await self.record(variant, seats)

    async def record(self, variant: str, seats: list[GameSeat]) -> int:
        game_id, self.next_id = self.next_id, self.next_id + 1
        async with self.store.transaction() as tx:
            assert await record_game(
                tx, game_id=game_id, guild_id=GUILD, table_id=None, variant=variant, seats=seats
            )
        return game_id


def by_name(rows) -> dict:
    return {row.display_name: row for row in rows}


def test_variant_families():
    assert [
        family_of(v)
        for v in (
            "two-handed",
            "two-handed-no-trump",
            "three-handed",
            "four-handed",
            "partnership",
            "check",
        )
    ] == ["two-handed", "two-handed", "three-handed", "four-handed", "partnership", "partnership"]
    with pytest.raises(LeagueError, match="unknown variant"):
        family_of("bezique")


async def test_ratings_equal_openskill_by_hand_after_a_scripted_series(store):
    ann, bob, cid, dan = await make_players(store, GUILD, "Ann", "Bob", "Cid", "Dan")
    games = Game(store)
    await games.solo("two-handed", (ann, 1000, 1), (bob, 640, 2))
    await games.solo("two-handed-no-trump", (bob, 1020, 1), (cid, 990, 2))
    await games.solo("two-handed", (ann, 1010, 1), (cid, 700, 2))
    await games.pairs("check", (ann, cid), (bob, dan), 1040, -60, 1)
    await games.pairs("partnership", (ann, bob), (cid, dan), 900, 1000, 2)

    model = PlackettLuce()
    two = {name: model.rating() for name in ("Ann", "Bob", "Cid")}
    for winner, loser in (("Ann", "Bob"), ("Bob", "Cid"), ("Ann", "Cid")):
        [[two[winner]], [two[loser]]] = model.rate([[two[winner]], [two[loser]]], ranks=[1, 2])
    team = {name: model.rating() for name in ("Ann", "Bob", "Cid", "Dan")}
    for (a, b), (c, d), ranks in (
        (("Ann", "Cid"), ("Bob", "Dan"), [1, 2]),
        (("Ann", "Bob"), ("Cid", "Dan"), [2, 1]),
    ):
        [[team[a], team[b]], [team[c], team[d]]] = model.rate(
            [[team[a], team[b]], [team[c], team[d]]], ranks=ranks
        )

    for family, expected in (("two-handed", two), ("partnership", team)):
        table = by_name(await standings(store, GUILD, family))
        assert set(table) == set(expected)
        for name, rating in expected.items():
            row = table[name]
            assert (row.mu, row.sigma) == pytest.approx((rating.mu, rating.sigma), rel=1e-12)
            assert row.rating == pytest.approx(rating.ordinal(), rel=1e-12)
        assert [row.display_name for row in table.values()] == sorted(
            expected, key=lambda name: -expected[name].ordinal()
        )


async def test_free_for_all_with_a_tie_rates_one_player_teams(store):
    ann, bob, cid = await make_players(store, GUILD, "Ann", "Bob", "Cid")
    await Game(store).solo("three-handed", (ann, 1000, 1), (bob, 800, 2), (cid, 800, 2))
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    table = by_name(await standings(store, GUILD, "three-handed"))
    for name, [rating] in zip(("Ann", "Bob", "Cid"), expected, strict=False):
        assert table[name].mu == pytest.approx(rating.mu, rel=1e-12)
    assert table["Bob"].mu == pytest.approx(table["Cid"].mu)
    assert table["Ann"].rank == 1


async def test_standings_count_games_wins_and_points(store):
    ann, bob, cid = await make_players(store, GUILD, "Ann", "Bob", "Cid")
    games = Game(store)
    await games.solo("two-handed", (ann, 1000, 1), (bob, 640, 2))
    await games.solo("two-handed", (ann, 1005, 1), (bob, 990, 2))
    await games.solo("two-handed", (bob, 1100, 1), (cid, 300, 2))
    # A three-handed game: points against are the best opposing score.
    await games.solo("three-handed", (cid, 1000, 1), (ann, 900, 2), (bob, 200, 3))
    two = await standings(store, GUILD, "two-handed")
    assert [(r.rank, r.display_name, r.games, r.wins) for r in two] == [
        (1, "Ann", 2, 2),
        (2, "Bob", 3, 1),
        (3, "Cid", 1, 0),
    ]
    ann_row, bob_row = two[0], two[1]
    assert (ann_row.points_for, ann_row.points_against, ann_row.win_pct) == (2005, 1630, 100.0)
    assert (bob_row.points_for, bob_row.points_against) == (2730, 2305)
    assert bob_row.win_pct == pytest.approx(100 / 3)
    three = by_name(await standings(store, GUILD, "three-handed"))
    assert (three["Ann"].points_for, three["Ann"].points_against) == (900, 1000)
    assert (three["Cid"].points_for, three["Cid"].points_against) == (1000, 900)
    page = await standings(store, GUILD, "two-handed", limit=1, offset=1)
    assert [(r.rank, r.display_name) for r in page] == [(2, "Bob")]


async def test_computers_are_rated_and_can_be_hidden(store):
    [ann] = await make_players(store, GUILD, "Ann")
    async with store.transaction() as tx:
        cpu = (await ensure_player(tx, GUILD, display_name="Computer (hard)", bot_level="hard")).id
    await Game(store).solo("two-handed", (cpu, 1000, 1), (ann, 500, 2))
    shown = await standings(store, GUILD, "two-handed")
    assert [(r.display_name, r.is_bot) for r in shown] == [
        ("Computer (hard)", True),
        ("Ann", False),
    ]
    hidden = await standings(store, GUILD, "two-handed", include_bots=False)
    assert [(r.rank, r.display_name) for r in hidden] == [(1, "Ann")]


async def test_seasons_keep_their_own_ratings_beside_all_time(store, clock):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    games = Game(store)
    await games.solo("two-handed", (bob, 1000, 1), (ann, 100, 2))  # before any season
    async with store.transaction() as tx:
        spring = await start_season(tx, GUILD, "Spring 2027")
    await games.solo("two-handed", (ann, 1000, 1), (bob, 900, 2))
    clock.advance(days=1)
    async with store.transaction() as tx:
        ended = await end_season(tx, GUILD)
    assert ended.id == spring.id and ended.ended_at == "2026-11-30T12:00:00+00:00"
    await games.solo("two-handed", (ann, 1000, 1), (bob, 900, 2))  # after it ended
    async with store.transaction() as tx:
        summer = await start_season(tx, GUILD, "Summer 2027")

    season = by_name(await standings(store, GUILD, "two-handed", season_id=spring.id))
    assert (season["Ann"].games, season["Ann"].wins, season["Bob"].wins) == (1, 1, 0)
    model = PlackettLuce()
    [[fresh_winner], _] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert season["Ann"].mu == pytest.approx(fresh_winner.mu, rel=1e-12)
    all_time = by_name(await standings(store, GUILD, "two-handed"))
    assert (all_time["Ann"].games, all_time["Ann"].wins) == (3, 2)
    assert await standings(store, GUILD, "two-handed", season_id=summer.id) == []
    assert [s.name for s in await list_seasons(store, GUILD)] == ["Summer 2027", "Spring 2027"]
    assert (await active_season(store, GUILD)).id == summer.id
    assert {r.season_id for r in await game_results(store, GUILD)} == {None, spring.id}


async def test_a_game_is_recorded_and_rated_once(store):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    seats = [GameSeat(0, ann, 0, 1000, 1), GameSeat(1, bob, 1, 500, 2)]
    async with store.transaction() as tx:
        assert (
            await record_game(
                tx, game_id=9, guild_id=GUILD, table_id=None, variant="two-handed", seats=seats
            )
            is True
        )
    before = await standings(store, GUILD, "two-handed")
    async with store.transaction() as tx:
        assert (
            await record_game(
                tx, game_id=9, guild_id=GUILD, table_id=None, variant="two-handed", seats=seats
            )
            is False
        )
    assert await standings(store, GUILD, "two-handed") == before
    assert before[0].games == 1


@pytest.mark.parametrize(
    ("variant", "seats", "message"),
    [
        ("two-handed", [(0, "A", 0, 1000, 1)], "at least two teams"),
        ("two-handed", [(0, "A", 0, 1000, 1), (1, "A", 1, 500, 2)], "only once"),
        (
            "four-handed",
            [(0, "A", 0, 1000, 1), (1, "B", 0, 1000, 1), (2, "C", 1, 500, 2)],
            "teams of 1",
        ),
        (
            "check",
            [(0, "A", 0, 1000, 1), (1, "B", 1, 500, 2), (2, "C", 2, 500, 3), (3, "D", 3, 0, 4)],
            "teams of 2",
        ),
        (
            "check",
            [(0, "A", 0, 1000, 1), (1, "B", 1, 500, 2), (2, "C", 0, 990, 1), (3, "D", 1, 500, 2)],
            "share one score and rank",
        ),
        ("two-handed", [(0, "A", 0, 1000, 0), (1, "B", 1, 500, 2)], "not 1 or more"),
        ("two-handed", [(0, "A", 0, 1000, 1), (1, "Stranger", 1, 500, 2)], "belongs to guild"),
        ("pinochle-royale", [(0, "A", 0, 1000, 1), (1, "B", 1, 500, 2)], "unknown variant"),
    ],
)
async def test_a_malformed_game_is_refused_and_nothing_is_recorded(store, variant, seats, message):
    ids = dict(zip("ABCD", await make_players(store, GUILD, "A", "B", "C", "D"), strict=False))
    [ids["Stranger"]] = await make_players(store, GUILD + 1, "Stranger")
    game_seats = [
        GameSeat(seat, ids[name], team, score, rank) for seat, name, team, score, rank in seats
    ]
    with pytest.raises(LeagueError, match=message):
        async with store.transaction() as tx:
            await record_game(
                tx, game_id=1, guild_id=GUILD, table_id=None, variant=variant, seats=game_seats
            )
    assert await game_results(store, GUILD) == []


async def test_player_profile(store, clock):
    ann, bob, cid, dan = await make_players(store, GUILD, "Ann", "Bob", "Cid", "Dan")
    games = Game(store)
    await games.solo(
        "two-handed", (ann, 1000, 1), (bob, 640, 2), melds=[("flush", 150), ("pinochle", 40)]
    )
    clock.advance(minutes=30)
    await games.solo(
        "two-handed",
        (bob, 1000, 1),
        (ann, 900, 2),
        melds=[("100 aces", 100), ("double pinochle", 300)],
    )
    clock.advance(minutes=30)
    await games.pairs("check", (ann, cid), (bob, dan), 1040, -60, 1)
    clock.advance(minutes=30)
    await games.solo("two-handed", (cid, 1000, 1), (dan, 0, 2))

    profile = await player_profile(store, GUILD, ann)
    assert profile.player.display_name == "Ann"
    assert set(profile.ratings) == {"two-handed", "partnership"}
    assert profile.ratings["two-handed"].games == 2
    assert [
        (g.game_id, g.variant, g.won, g.teammates, g.opponents) for g in profile.recent_games
    ] == [
        (3, "check", True, ("Cid",), ("Bob", "Dan")),
        (2, "two-handed", False, (), ("Bob",)),
        (1, "two-handed", True, (), ("Bob",)),
    ]
    assert [(m.meld, m.points, m.game_id) for m in profile.best_melds] == [
        ("double pinochle", 300, 2),
        ("flush", 150, 1),
    ]
    assert [(h.display_name, h.games, h.wins, h.losses) for h in profile.head_to_head] == [
        ("Bob", 3, 2, 1),
        ("Dan", 1, 1, 0),
    ]
    assert len((await player_profile(store, GUILD, ann, recent=1)).recent_games) == 1
    assert await player_profile(store, GUILD + 1, ann) is None


async def test_profile_within_a_season(store):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    games = Game(store)
    await games.solo("two-handed", (ann, 1000, 1), (bob, 640, 2))
    async with store.transaction() as tx:
        season = await start_season(tx, GUILD, "S1")
    await games.solo("two-handed", (bob, 1000, 1), (ann, 640, 2))
    profile = await player_profile(store, GUILD, ann, season_id=season.id)
    assert [g.game_id for g in profile.recent_games] == [2]
    assert profile.ratings["two-handed"].games == 1
    assert [(h.games, h.wins) for h in profile.head_to_head] == [(1, 0)]


async def test_league_csv_parses_back_to_the_same_results(store):
    ann, bob, cid, dan = await make_players(store, GUILD, "Ann", "-Bob", "Cid, Jr.", 'Dan "D"')
    games = Game(store)
    await games.solo(
        "two-handed", (ann, 1000, 1), (bob, -20, 2), melds=[("flush", 150), (None, None)]
    )
    await games.pairs("check", (ann, cid), (bob, dan), 1040, -60, 1)
    text = await league_csv(store, GUILD)
    rows = await game_results(store, GUILD)
    assert len(rows) == 6
    assert read_csv(GameResultRow, text) == rows
    assert rows[1].display_name == "-Bob" and rows[1].score == -20
