"""/league through the real bot on SimCord: standings, seasons, a player's record, CSV.

Games are recorded straight into the store, as the ledger hook records them
at game over; the expected ratings are computed here with openskill's
Plackett-Luce model, the one the league uses (rating = mu − 3·sigma).
"""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.i18n import number
from bot.services.league import record_game
from bot.store import GameResultRow, GameSeat, Standing, game_results, read_csv
from cogs.league import scope_text, standings_table

from .ledger_support import Server, code_lines, current, refused

#: (game id, variant, [(player, team, score, rank, best meld, its points), ...] by seat)
SERIES = [
    (1, "two-handed", [("ann", 0, 1058, 1, "flush", 150), ("ben", 1, 822, 2, None, None)]),
    (2, "two-handed", [("ann", 0, 930, 2, None, None), ("ben", 1, 1004, 1, "pinochle", 40)]),
    (
        3,
        "two-handed-no-trump",
        [("cat", 0, 1020, 1, None, None), ("ann", 1, 990, 2, "aces around", 100)],
    ),
    (
        4,
        "check",
        [
            ("ann", 0, 1010, 1, "double pinochle", 300),
            ("ben", 1, 940, 2, None, None),
            ("cat", 0, 1010, 1, None, None),
            ("dan", 1, 940, 2, None, None),
        ],
    ),
]


async def record(server: Server, *games) -> None:
    ids = await server.players("ann", "ben", "cat", "dan")
    async with server.store.transaction() as tx:
        for game_id, variant, seats in games:
            await record_game(
                tx,
                game_id=game_id,
                guild_id=server.guild.id,
                table_id=None,
                variant=variant,
                seats=[
                    GameSeat(n, ids[name], team, score, rank, meld, points)
                    for n, (name, team, score, rank, meld, points) in enumerate(seats)
                ],
            )


def expected_table(games) -> list[list[str]]:
    """Standings rows as /league standings prints them, from openskill and the scores by hand."""
    model = PlackettLuce()
    ratings, played, won, scored, conceded = {}, {}, {}, {}, {}
    for _, _, seats in games:
        teams = sorted({team for _, team, *_ in seats})
        sides = [[s for s in seats if s[1] == team] for team in teams]
        new = model.rate(
            [[ratings.get(s[0], model.rating()) for s in side] for side in sides],
            ranks=[side[0][3] for side in sides],
        )
        for side, side_ratings in zip(sides, new, strict=False):
            against = max(other[0][2] for other in sides if other is not side)
            for (name, _, score, rank, *_), rating in zip(side, side_ratings, strict=False):
                ratings[name] = rating
                played[name] = played.get(name, 0) + 1
                won[name] = won.get(name, 0) + (rank == 1)
                scored[name] = scored.get(name, 0) + score
                conceded[name] = conceded.get(name, 0) + against
    order = sorted(ratings, key=lambda n: (-ratings[n].ordinal(), -played[n], n))
    return [
        [
            str(rank),
            name,
            number(ratings[name].ordinal(), 1),
            str(played[name]),
            str(won[name]),
            f"{100 * won[name] / played[name]:.0f}",
            number(scored[name]),
            number(conceded[name]),
        ]
        for rank, name in enumerate(order, start=1)
    ]


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "ann", "ben", "cat", "dan", "newcomer")
    return server


async def test_standings_after_a_scripted_series_match_openskill(server):
    await record(server, *SERIES)
    result = await server["ben"].slash(
        server.channel, "league standings", variant="two-handed-no-trump"
    )
    content = result.response.content
    assert content.splitlines()[0] == "**Two-handed**, all time" and result.ephemeral
    rows = code_lines(content)
    assert rows[0].split() == [
        "#",
        "Player",
        "Rating",
        "Games",
        "Wins",
        "Win",
        "%",
        "For",
        "Against",
    ]
    assert [row.split() for row in rows[1:]] == expected_table(SERIES[:3])
    assert len({len(row) for row in rows}) == 1  # numbers end in one column
    check = await server["ben"].slash(server.channel, "league standings", variant="check")
    assert [row.split() for row in code_lines(check.response.content)[1:]] == expected_table(
        SERIES[3:]
    )
    assert check.response.content.splitlines()[0] == "**Partnership and Check**, all time"


async def test_without_a_variant_every_familys_table_is_a_page(server):
    await record(server, *SERIES)
    first = await server["ann"].slash(server.channel, "league standings")
    assert first.response.content.startswith("**Two-handed**, all time")
    assert first.response.content.endswith("Page 1 of 2")
    await server["ann"].click(first.response, label="Next ▶")
    second = current(server.env, first.response)
    assert second.startswith("**Partnership and Check**, all time") and second.endswith(
        "Page 2 of 2"
    )
    assert [row.split()[1] for row in code_lines(second)[1:]] == ["ann", "cat", "ben", "dan"]


async def test_seasons_start_end_and_list_with_manage_server_only(server):
    for action in ("start", "end"):
        text = await refused(
            server.env,
            server["ann"].slash(server.channel, "league season", action=action, name="Winter"),
        )
        assert text == "Only members with the Manage Server permission can do this."
    listed = await server["ann"].slash(server.channel, "league season", action="list")
    assert listed.response.content == "This server has had no seasons yet; games count all time."

    assert await refused(
        server.env, server.admin.slash(server.channel, "league season", action="start")
    ) == ("Name the season: /league season action:Start name:…")
    assert await refused(
        server.env, server.admin.slash(server.channel, "league season", action="end")
    ) == ("No season is running.")
    await record(server, SERIES[0])
    started = await server.admin.slash(
        server.channel, "league season", action="start", name=" Winter "
    )
    assert started.response.content == (
        "Season **Winter** has started: every game finished from now on counts in it."
    )
    assert await refused(
        server.env,
        server.admin.slash(server.channel, "league season", action="start", name="Spring"),
    ) == ("Season Winter is still running; end it first.")
    await record(server, SERIES[1])

    running = await server["cat"].slash(server.channel, "league standings")
    assert running.response.content.startswith("**Two-handed**, season Winter")
    assert [row.split() for row in code_lines(running.response.content)[1:]] == expected_table(
        SERIES[1:2]
    )
    everything = await server["cat"].slash(server.channel, "league standings", season="all")
    assert [row.split() for row in code_lines(everything.response.content)[1:]] == expected_table(
        SERIES[:2]
    )

    ended = await server.admin.slash(server.channel, "league season", action="end")
    assert ended.response.content == (
        "Season **Winter** is over. Its final table: /league standings season:Winter"
    )
    assert await refused(
        server.env,
        server.admin.slash(server.channel, "league season", action="start", name="winter"),
    ) == ("There already was a season called winter; choose another name.")
    await server.admin.slash(server.channel, "league season", action="start", name="Spring")
    rows = code_lines(
        (await server["dan"].slash(server.channel, "league season", action="list")).response.content
    )
    assert [row.split()[0] for row in rows] == ["Season", "Spring", "Winter"]
    assert rows[1].split()[-1] == "running" and rows[2].split()[-1] != "running"

    named = await server["cat"].slash(server.channel, "league standings", season="winter")
    assert named.response.content.startswith("**Two-handed**, season Winter")
    assert (await server["cat"].slash(server.channel, "league standings")).response.content == (
        "No games are recorded for season Spring yet."
    )
    assert await refused(
        server.env, server["cat"].slash(server.channel, "league standings", season="Summer")
    ) == ("There is no season called Summer. Seasons: Spring, Winter.")
    offered = await server["cat"].autocomplete(server.channel, "league standings", "season", "")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("all time", "all"),
        ("Spring (running)", "Spring"),
        ("Winter", "Winter"),
    ]
    typed = await server["cat"].autocomplete(server.channel, "league standings", "season", "win")
    assert [c["value"] for c in typed] == ["Winter"]


async def test_a_players_record_shows_ratings_recent_games_best_melds_and_rivals(server):
    await record(server, *SERIES)
    text = (
        await server["dan"].slash(server.channel, "league player", member=server["ann"])
    ).response.content
    blocks = text.split("```")
    assert blocks[0].splitlines() == ["**ann** in the league, all time", "Ratings"]
    ratings = [row.split() for row in blocks[1].strip().splitlines()]
    assert ratings[0] == ["Game", "#", "Rating", "Games", "Wins", "Win", "%"]
    [two] = [row for row in expected_table(SERIES[:3]) if row[1] == "ann"]
    [check] = [row for row in expected_table(SERIES[3:]) if row[1] == "ann"]
    assert ratings[1] == ["Two-handed", *two[:1], *two[2:6]] and two[3:6] == ["3", "1", "33"]
    assert ratings[2] == ["Partnership", "and", "Check", *check[:1], *check[2:6]]
    assert blocks[2].strip() == "Recent games"
    recent = [row.split() for row in blocks[3].strip().splitlines()[1:]]
    assert [row[1:] for row in recent] == [
        ["Check", "Pinochle", "1", "1010", "ben,", "dan"],
        ["Two-handed,", "no", "tu…", "2", "990", "cat"],
        ["Two-handed", "2", "930", "ben"],
        ["Two-handed", "1", "1058", "ben"],
    ]
    assert blocks[4].strip().splitlines() == [
        "Best melds",
        "• double pinochle: 300 (game #4)",
        "• flush: 150 (game #1)",
        "• aces around: 100 (game #3)",
        "Regular opponents",
    ]
    rivals = [row.split() for row in blocks[5].strip().splitlines()]
    assert rivals == [
        ["Opponent", "Games", "Won", "Lost"],
        ["ben", "3", "2", "1"],
        ["dan", "1", "1", "0"],
        ["cat", "1", "0", "1"],
    ]

    nothing = await server["newcomer"].slash(server.channel, "league player")
    assert nothing.ephemeral and nothing.response.content == "newcomer has no recorded games yet."


async def test_a_member_who_left_keeps_their_name_in_the_league(server):
    await record(server, *SERIES)
    server.guild.remove_member(server["ben"])
    rows = code_lines(
        (
            await server["ann"].slash(server.channel, "league standings", variant="two-handed")
        ).response.content
    )
    assert "ben" in [row.split()[1] for row in rows[1:]]
    mine = (await server["ann"].slash(server.channel, "league player")).response.content
    assert "ben" in mine.split("Regular opponents")[1]


async def test_export_is_a_csv_file_that_parses_back_to_the_results(server):
    await record(server, *SERIES)
    result = await server["dan"].slash(server.channel, "league export")
    assert (
        result.ephemeral
        and result.response.content == "The league results of this server: 4 game(s)."
    )
    [attachment] = result.response.attachments
    assert attachment.filename == f"league-{server.guild.id}.csv"
    parsed = read_csv(GameResultRow, (await attachment.read()).decode("utf-8"))
    assert parsed == await game_results(server.store, server.guild.id)
    assert [(row.game_id, row.display_name, row.rank) for row in parsed][-4:] == [
        (4, "ann", 1),
        (4, "ben", 2),
        (4, "cat", 1),
        (4, "dan", 2),
    ]


def test_league_tables_read_in_russian():
    row = Standing(1, "partnership", 5, "Вася", False, 12.34, 25.0, 4.2, 3, 2, 200 / 3, 3000, 2800)
    lines = code_lines(standings_table([row], "ru"))
    assert lines[0].split() == [
        "№",
        "Игрок",
        "Рейтинг",
        "Партии",
        "Победы",
        "%",
        "побед",
        "Очки",
        "Против",
    ]
    assert lines[1].split() == ["1", "Вася", "12,3", "3", "2", "67", "3000", "2800"]
    assert scope_text(None, "ru") == "за всё время"
