"""/league event through the real bot on SimCord: a whole event with threads,
the standings message, refusals, pause across a restart, and /league player's event results."""

from __future__ import annotations

import pytest

from bot import create_bot
from bot.store.events import list_events
from tests.cogs.ledger_support import Server, refused
from tests.cogs.sim import close_store

from .events_support import finish_event_tables, standings_messages


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "ann", "ben", "cat")
    yield server
    await close_store(simcord_env.bot)


async def open_event(server: Server, **options) -> None:
    settings = {"name": "Friday", "variant": "two-handed", "rounds": 1, "deals_per_round": 1}
    done = await server.admin.slash(server.parent, "league event new", **(settings | options))
    assert done.ephemeral and "Friday" in done.response.content, done.response.content


async def test_a_whole_event_in_threads_with_one_standings_message(server):
    await open_event(server)
    for name in ("ann", "ben"):
        joined = await server[name].slash(server.parent, "league event join")
        assert "Friday" in joined.response.content
    started = await server.admin.slash(server.parent, "league event start")
    assert "started" in started.response.content
    tables = server.env.bot.tables.tables(server.guild.id)
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
    assert event.status == "signup" and server.env.bot.tables.tables(server.guild.id) == []


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
    assert len(server.env.bot.tables.tables(server.guild.id)) == 1  # round 1's table is back

    goes_on = await server.admin.slash(server.parent, "league event start")
    assert "goes on" in goes_on.response.content
    await finish_event_tables(server)  # round 1, then round 2 opens and is played too
    [event] = await list_events(server.store, server.guild.id, statuses=("finished",))
    assert event.round == 2
    [final] = standings_messages(server.parent)  # one message, edited after each round
    assert "final standings" in final.content


def test_the_standings_read_in_both_languages():
    from bot.events import Standing
    from bot.store.events import EventRow
    from bot.tables.events import EventBoard
    from cogs._events_text import board_texts

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
