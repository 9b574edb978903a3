"""Faults isolated: memory never runs ahead of the store, a failed background write is retried
until the store works again, and a table that does not replay is set aside at start-up."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

import bot.store.sqlite
from bot.store import Store, get_table, load_actions
from bot.tables import AWAY_AFTER, TableService
from tests.tables.faults import FlakyStore, memory_state, stored_state
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    Clock,
    Recorder,
    live,
    play_out,
    run_out,
)

RETRY = (1.0, 4.0)  # retry backoff on the test's clock: first and longest wait
FAST = (0.01, 0.05)  # a short real backoff, for a test that plays a whole game on
TURN = 60  # seconds a turn lasts


def on_clock(store, clock: Clock, recorder: Recorder | None = None, turn: float = TURN):
    """A service whose timers and retries wait on `clock`."""
    return TableService(
        store,
        publisher=recorder,
        seed=11,
        turn_seconds=turn,
        clock=clock,
        sleep=clock.sleep,
        retry=RETRY,
    )


async def two_people(service: TableService, variant: str = "two-handed"):
    opened = await service.open(guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant=variant)
    table = live(service, opened.table.id)
    await service.join(table.id, BOB)
    return table


async def fails_then_works(flaky: FlakyStore, store, table, call) -> dict:
    """`call`'s write fails: memory stays what the store holds; called again, it works and memory
    follows the store. Returns memory as it was after the failure."""
    flaky.fail()
    with pytest.raises(sqlite3.OperationalError):
        await call()
    failed = memory_state(table)
    assert failed == await stored_state(store, table.id)
    await call()
    assert memory_state(table) == await stored_state(store, table.id)
    return failed


async def playing_pair(store):
    """Alice and Bob at a started two-handed table, on a store that fails when told."""
    flaky = FlakyStore(store)
    service = TableService(flaky, seed=3, turn_seconds=0)
    table = await two_people(service)
    await service.start(table.id, ALICE)
    return flaky, service, table


async def test_a_failed_start_leaves_the_lobby_as_stored_and_a_retry_starts(store):
    flaky = FlakyStore(store)
    service = TableService(flaky, seed=3, turn_seconds=0)
    opened = await service.open(guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="check")
    table = live(service, opened.table.id)
    failed = await fails_then_works(flaky, store, table, lambda: service.start(table.id, ALICE))
    assert failed["status"] == "lobby" and list(failed["seats"]) == [0]
    assert table.status == "playing" and len(table.seats) == 4
    await service.close()


async def test_a_failed_leave_keeps_the_seat_and_settles_nothing(store):
    flaky, service, table = await playing_pair(store)
    bob = table.seat_of(BOB.user_id)
    failed = await fails_then_works(flaky, store, table, lambda: service.leave(table.id, BOB))
    assert failed["seats"][bob].away_strikes == 0 and failed["left"] == {}
    assert table.left == {bob: table.seats[bob].player_id}
    await service.close()


async def test_a_failed_kick_keeps_the_person_on_the_seat(store):
    flaky, service, table = await playing_pair(store)
    await service.leave(table.id, BOB)
    seat = table.seat_of(BOB.user_id)
    failed = await fails_then_works(
        flaky, store, table, lambda: service.kick(table.id, ALICE, seat)
    )
    assert failed["seats"][seat].user_id == BOB.user_id and table.seats[seat].user_id is None
    await service.close()


async def to_computer_turn(service: TableService, table) -> None:
    """Play Alice's turns until a computer is to act (its move not yet stored)."""
    while not table.is_computer_turn():
        hand = await service.hand(table.id, ALICE.user_id)
        await service.act(table.id, ALICE, hand.legal[0], version=hand.version)
        await asyncio.sleep(0)


async def test_a_failed_computer_move_is_retried_and_the_game_goes_on(store):
    flaky = FlakyStore(store)
    service = TableService(flaky, seed=3, turn_seconds=0, retry=FAST)
    opened = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="two-handed"
    )
    table = live(service, opened.table.id)
    flaky.fail(2)  # the start, then the first computer move
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE)
    assert flaky.failures == 1
    assert table.status == "finished" and len(await load_actions(store, table.id)) == table.version
    await service.close()


async def test_a_failed_timer_expiry_is_retried_and_the_turn_is_played(store):
    flaky, clock, recorder = FlakyStore(store), Clock(), Recorder()
    service = on_clock(flaky, clock, recorder)
    table = await two_people(service)
    await service.start(table.id, ALICE)
    version = table.version
    flaky.fail()  # the first write from now: the expiry of the first turn
    await clock.sleeping()
    await clock.advance(TURN)  # the expiry fails; its retry waits on the clock
    assert flaky.failures == 1 and "bot.line.timeout" not in recorder.keys
    assert table.version == version
    await clock.advance(RETRY[0])
    await recorder.until(lambda: table.version > version)
    assert "bot.line.timeout" in recorder.keys
    assert memory_state(table) == await stored_state(store, table.id)
    assert sum(seat.away_strikes for seat in table.seats.values()) >= 1
    await service.close()


async def test_a_database_locked_past_the_busy_timeout_during_a_computer_move_then_freed(
    tmp_path, monkeypatch, caplog
):
    """A second connection holds the write lock longer than the busy timeout; once it lets go,
    the table moves on without a restart."""
    monkeypatch.setattr(bot.store.sqlite, "BUSY_TIMEOUT_MS", 50)
    store = await Store.open(tmp_path / "locked.db")
    clock, recorder = Clock(), Recorder()
    service = on_clock(store, clock, recorder, turn=0)
    opened = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="two-handed"
    )
    table = live(service, opened.table.id)
    other = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
    try:
        await service.start(table.id, ALICE)
        other.execute("BEGIN IMMEDIATE")
        with caplog.at_level(logging.WARNING, logger="bot.tables.core"):
            await to_computer_turn(service, table)
            version = table.version
            await clock.sleeping()  # the move failed; its retry waits on the clock
            assert "storing a computer's move failed" in caplog.text
            assert table.version == version
            other.execute("ROLLBACK")
            await clock.advance(RETRY[0])
            await recorder.until(lambda: table.version > version)
    finally:
        other.close()
    await play_out(service, table, ALICE)
    assert table.status == "finished" and len(await load_actions(store, table.id)) == table.version
    await service.close()
    await store.close()


async def test_a_table_whose_log_does_not_replay_is_set_aside_and_the_others_resume(store):
    service = TableService(store, seed=3, turn_seconds=0)
    tables = []
    for channel, host in ((CHANNEL, ALICE), (CHANNEL + 1, BOB), (CHANNEL + 2, CAROL)):
        opened = await service.open(
            guild_id=GUILD, channel_id=channel, host=host, variant="two-handed"
        )
        await service.start(opened.table.id, host)
        await service.settle()
        tables.append(opened.table)
    await service.close()
    broken = tables[1]
    async with store.transaction() as tx:  # a rules change made this action illegal
        await tx.execute(
            "UPDATE actions SET action = 'play 9♣ twice' WHERE table_id = ? AND seq = 1",
            (broken.id,),
        )

    again = TableService(store, seed=3, turn_seconds=0)
    resumed = await again.resume()
    assert [t.id for t in resumed] == [tables[0].id, tables[2].id]
    assert [row.id for row in again.broken] == [broken.id]
    row = await get_table(store, broken.id)
    assert row.status == "cancelled" and "broken" in row.settings
    assert again.table_in(CHANNEL + 1) is None
    await again.close()


async def test_the_away_count_stays_as_stored_when_the_third_expiry_fails(store):
    """The third expiry pauses a table of one person: both written together, or neither."""
    flaky, clock, recorder = FlakyStore(store), Clock(), Recorder()
    service = on_clock(flaky, clock, recorder)
    opened = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="two-handed"
    )
    table = live(service, opened.table.id)
    await service.start(table.id, ALICE)
    alice = table.seat_of(ALICE.user_id)
    for strikes in range(1, AWAY_AFTER):
        await run_out(clock, recorder, table, alice, TURN)
        await recorder.until(lambda: table.seats[alice].away_strikes == strikes)  # noqa: B023
    flaky.fail()
    await run_out(clock, recorder, table, alice, TURN)  # the third expiry fails
    assert flaky.failures == 1 and table.seats[alice].away_strikes == AWAY_AFTER - 1
    assert memory_state(table) == await stored_state(store, table.id)
    await clock.advance(RETRY[0])
    await recorder.until(lambda: table.paused)
    assert table.seats[alice].away_strikes == AWAY_AFTER
    assert memory_state(table) == await stored_state(store, table.id)
    await service.close()
