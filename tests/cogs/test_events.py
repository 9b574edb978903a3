"""/league event through the real bot on SimCord: a whole event with threads,
the standings message, refusals, pause across a restart, and /league player's event results."""

from __future__ import annotations

import pytest

from bot.store.nights import (
    ScoreRow,
    add_entrant,
    add_scores,
    create_event,
    list_entrants,
    list_events,
    update_event,
)
from cogs._bot import create_bot
from tests.cogs.ledger_support import Server, buttons, current, refused
from tests.cogs.sim import close_store
from tests.tables.helpers import lives

from .events_support import finish_event_tables, standings_messages


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "ann", "ben", "cat")
    return server


async def open_event(server: Server, **options) -> None:
    settings = {"name": "Friday", "variant": "two-handed", "rounds": 1, "deals_per_round": 1}
    settings |= options
    done = await server.admin.slash(server.parent, "league event new", **settings)
    assert done.ephemeral and settings["name"] in done.response.content, done.response.content


async def test_a_whole_event_in_threads_with_one_standings_message(server):
    await open_event(server)
    for name in ("ann", "ben"):
        joined = await server[name].slash(server.parent, "league event join")
        assert "Friday" in joined.response.content
    started = await server.admin.slash(server.parent, "league event start")
    assert "started" in started.response.content
    tables = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    assert len(tables) == 1 and tables[0].event is not None
    assert tables[0].channel_id in {t.id for t in server.parent.threads}  # a thread of its own
    assert {s.user_id for s in tables[0].seats.values()} == {server["ann"].id, server["ben"].id}

    await finish_event_tables(server)

    [final] = standings_messages(server.parent)
    assert "final standings" in final.content
    assert "ann" in final.content and "ben" in final.content
    standings = await server["cat"].slash(server.parent, "league event standings", name="Friday")
    assert "final standings" in standings.response.content
    # The event is over: nothing open is left, and /league player lists it.
    assert await list_events(server.store, server.guild.id) == []
    player = await server["ann"].slash(server.parent, "league player")
    assert "Events" in player.response.content and "Friday" in player.response.content


async def test_refusals_answer_privately_and_change_nothing(server):
    reply = await refused(
        server.env,
        server["ann"].slash(
            server.parent, "league event new", name="Mine", variant="check", rounds=2
        ),
    )
    assert "Manage Server" in reply
    reply = await refused(server.env, server["ann"].slash(server.parent, "league event join"))
    assert "no open event" in reply
    await open_event(server)
    await server["ann"].slash(server.parent, "league event join")
    reply = await refused(server.env, server["ann"].slash(server.parent, "league event join"))
    assert "already signed up" in reply
    reply = await refused(server.env, server["ben"].slash(server.parent, "league event start"))
    assert "Only the organiser" in reply
    reply = await refused(server.env, server.admin.slash(server.parent, "league event start"))
    assert "at least two players" in reply
    reply = await refused(
        server.env,
        server.admin.slash(
            server.parent,
            "league event new",
            name="Later",
            variant="check",
            rounds=1,
            start="tonight",
        ),
    )
    assert "not a time I can read" in reply
    [event] = await list_events(server.store, server.guild.id)
    assert (
        event.status == "signup"
        and lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id)) == []
    )


async def test_a_paused_event_goes_on_after_a_restart(server, database_path):
    await open_event(server, rounds=2)
    for name in ("ann", "ben"):
        await server[name].slash(server.parent, "league event join")
    await server.admin.slash(server.parent, "league event start")
    paused = await server.admin.slash(server.parent, "league event pause")
    assert "paused" in paused.response.content

    old = server.env.bot
    await server.env.restart_bot(create_bot(database_path))
    await close_store(old)
    [event] = await list_events(server.store, server.guild.id)
    assert event.status == "paused" and event.round == 1
    assert (
        len(lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))) == 1
    )  # round 1's table is back

    goes_on = await server.admin.slash(server.parent, "league event start")
    assert "goes on" in goes_on.response.content
    await finish_event_tables(server)  # round 1, then round 2 opens and is played too
    [event] = await list_events(server.store, server.guild.id, statuses=("finished",))
    assert event.round == 2
    [final] = standings_messages(server.parent)  # one message, edited after each round
    assert "final standings" in final.content


def test_the_standings_read_in_both_languages():
    from bot.nights import Standing
    from bot.nights.runner import EventBoard
    from bot.store.nights import EventRow
    from cogs._nights_text import board_texts

    event = EventRow(
        1,
        1,
        1,
        1,
        "Пятница",
        "two-handed",
        2,
        4,
        True,
        "ru",
        7,
        2400.0,
        120.0,
        "finished",
        2,
        None,
        None,
        None,
        (),
        "2026-12-04T20:00:00+00:00",
    )
    rows = [(Standing(1, 5, 14, (8, 6)), "Аня", False), (Standing(2, 6, 3, (3, 0)), "Боря", True)]
    board = EventBoard(event, 2, True, rows)
    [ru] = board_texts(board, "ru")
    assert "Пятница** — итоговая таблица" in ru
    assert "МП" in ru and "Т1" in ru and "Т2" in ru and "Боря (выбыл)" in ru
    [en] = board_texts(board, "en")
    assert "final standings" in en and "MP" in en and "R2" in en and "(out)" in en
    assert [line.split()[:3] for line in en.split("```")[1].strip().splitlines()[1:]] == [
        ["1", "Аня", "14"],
        ["2", "Боря", "(out)"],
    ]


async def start_two_handed(server: Server, *names: str, **options) -> None:
    """An event of `names` (two-handed, one deal a round) open and started."""
    await open_event(server, **options)
    for name in names:
        await server[name].slash(server.parent, "league event join")
    await server.admin.slash(server.parent, "league event start")


@pytest.mark.parametrize(
    ("duplicate", "path"),
    [("on", "/channels/*/threads"), ("off", "/channels/*/messages/*/threads")],
)
async def test_a_thread_that_fails_once_is_made_on_the_next_try_and_leaves_no_trace(
    server, duplicate, path
):
    server.env.inject_error("POST", path, status=500, times=1)
    await start_two_handed(server, "ann", "ben", duplicate=duplicate)
    await server.env.advance_time(5)  # the runner's wait before its second try
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    assert [t.id for t in server.parent.threads] == [table.channel_id]
    # One opening line for the table (none for a private thread): the failed try left none.
    openings = [m for m in server.parent.history() if m.content.endswith("round 1: table 1")]
    assert len(openings) == (duplicate == "off")
    [event] = await list_events(server.store, server.guild.id)
    assert event.status == "running" and event.round == 1


async def test_a_table_without_a_thread_plays_in_the_channel_and_the_organiser_is_told(server):
    server.env.inject_error("POST", "/channels/*/messages/*/threads", status=403, times=None)
    server.env.bot.nights.place_retries = (1.0,)
    await start_two_handed(server, "ann", "ben", duplicate="off")  # no shared cards
    await server.env.advance_time(5)  # the second try fails too
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    assert table.channel_id == server.parent.id
    told = [m for m in server.parent.history() if m.author.bot and "plays here" in m.content]
    assert told and told[0].content.startswith(server.admin.mention)
    hand = await server["ann"].slash(server.parent, "pinochle hand")  # the table is there
    assert hand.ephemeral and hand.response.components
    await server.admin.slash(server.parent, "league event end")
    [final] = standings_messages(server.parent)
    assert "final standings" in final.content


async def test_a_round_with_no_room_at_all_is_refused_and_changes_nothing(server):
    server.join("dan")
    server.env.inject_error("POST", "/channels/*/messages/*/threads", status=403, times=None)
    await open_event(server, duplicate="off")
    for name in ("ann", "ben", "cat", "dan"):  # two tables: only one fits in the channel
        await server[name].slash(server.parent, "league event join")
    server.env.bot.nights.place_retries = ()
    reply = await refused(server.env, server.admin.slash(server.parent, "league event start"))
    assert "could not open" in reply
    [event] = await list_events(server.store, server.guild.id)
    assert (
        event.status == "signup"
        and lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id)) == []
    )


async def test_a_dropped_entrant_cannot_join_their_table_again(server):
    await start_two_handed(server, "ann", "ben", rounds=2)
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    thread = next(t for t in server.parent.threads if t.id == table.channel_id)
    dropped = await server.admin.slash(server.parent, "league event drop", member=server["ben"])
    assert "out of" in dropped.response.content
    version = table.version
    reply = await refused(server.env, server["ben"].slash(thread, "pinochle join"))
    assert "cannot take your seat back" in reply
    assert table.version == version and table.seats[table.seat_of(server["ben"].id)].away_strikes


async def test_end_after_a_manager_cancelled_a_table_makes_the_standings_final(server):
    server.join("dan")
    # Public threads: the manager may open any table's (a duplicate table's private thread is
    # for its players and the server's moderators).
    await start_two_handed(server, "ann", "ben", "cat", "dan", rounds=2, duplicate="off")
    first, _ = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    thread = next(t for t in server.parent.threads if t.id == first.channel_id)
    await server.admin.slash(thread, "pinochle cancel")
    ended = await server.admin.slash(server.parent, "league event end")
    assert "is over" in ended.response.content
    assert await list_events(server.store, server.guild.id) == []
    assert lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id)) == []
    [final] = standings_messages(server.parent)
    assert "final standings" in final.content
    assert all(name in final.content for name in ("ann", "ben", "cat", "dan"))


@pytest.mark.parametrize(("first", "second"), [("Турнир", "ТУРНИР"), ("ÉTÉ", "été")])
async def test_names_differing_only_in_unicode_case_are_one_event(server, first, second):
    await open_event(server, name="Friday")
    await open_event(server, name=first)
    reply = await refused(
        server.env,
        server.admin.slash(
            server.parent, "league event new", name=second, variant="check", rounds=1
        ),
    )
    assert "already open" in reply
    joined = await server["ann"].slash(server.parent, "league event join", name=second)
    assert first in joined.response.content
    [entrant] = await list_entrants(server.store, (await named(server, first)).id)
    assert entrant.user_id == server["ann"].id


async def named(server: Server, name: str):
    return next(e for e in await list_events(server.store, server.guild.id) if e.name == name)


async def test_standings_of_64_entrants_over_4_rounds_fit_discord_and_name_everyone(server):
    names = [f"{n:02}-player-with-a-long-name" for n in range(64)]
    async with server.store.transaction() as tx:
        event = await create_event(
            tx,
            guild_id=server.guild.id,
            channel_id=server.parent.id,
            organiser_id=server.admin.id,
            name="Big night " + "x" * 48,
            variant="two-handed",
            rounds=4,
            deals_per_round=4,
            duplicate=False,
            language="en",
            seed=1,
            round_seconds=60.0,
            turn_seconds=60.0,
        )
        for n, name in enumerate(names):
            await add_entrant(tx, event.id, server.guild.id, 10_000 + n, name, 0.0)
        await add_scores(
            tx,
            event.id,
            [
                ScoreRow(r, n // 2, 1, n % 2, 10_000 + n, 1000 + 37 * n * r)
                for r in range(1, 5)
                for n in range(64)
            ],
        )
        event = await update_event(tx, event.id, status="running", round=4)
    board = await server.env.bot.nights.board(event.id)
    notices = server.env.bot.nights.notices

    ids = await notices.standings(event, board)  # the channel's messages
    assert len(ids) > 1
    posted = [m for m in server.parent.history() if m.id in ids]
    assert all(len(m.content) <= 2000 for m in posted)
    shown = "\n".join(m.content for m in posted)
    assert all(shown.count(name[:10]) == 1 for name in names)  # everyone, once
    async with server.store.transaction() as tx:
        event = await update_event(tx, event.id, standings_messages=ids)
    assert await notices.standings(event, board) == ids  # edited in place, nothing new posted

    answer = await server["ann"].slash(server.parent, "league event standings")
    pages = [answer.response.content]
    while ("Next ▶", False) in buttons(server.env, answer.response):
        await server["ann"].click(answer.response, label="Next ▶")
        pages.append(current(server.env, answer.response))
    assert len(pages) == len(ids) and all(len(page) <= 2000 for page in pages)
    assert all("\n".join(pages).count(name[:10]) == 1 for name in names)
