"""The turn timer: a reminder at half time, a computer at expiry, away after three in a row,
and a deadline that survives a restart."""

from __future__ import annotations

import asyncio
import time

from bot.store import get_table
from bot.tables import AWAY_AFTER, TableService
from tests.tables.helpers import ALICE, Recorder, open_table, refusal_of


async def wait_for(predicate, timeout: float = 10.0) -> None:
    async def poll():
        while not predicate():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), timeout)


async def test_reminder_then_a_computer_plays_the_turn_then_the_seat_goes_away(store, recorder):
    service = TableService(store, publisher=recorder, seed=11, turn_seconds=0.2)
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await service.settle()
    alice = table.seat_of(ALICE.user_id)
    assert table.to_act == alice
    version = table.version

    await wait_for(lambda: "bot.line.reminder" in recorder.keys)
    reminder = next(
        o for o in recorder.outcomes if o.public and o.public[0].key == "bot.line.reminder"
    )
    assert reminder.ping == [ALICE.user_id] and table.version == version

    await wait_for(lambda: "bot.line.timeout" in recorder.keys)
    await wait_for(lambda: table.version > version)
    assert table.seats[alice].away_strikes == 1

    await wait_for(lambda: "bot.line.away" in recorder.keys)
    assert table.seats[alice].away_strikes == AWAY_AFTER
    assert (await get_table(store, table.id)).seats[alice].away_strikes == AWAY_AFTER
    covered = await service.hand(table.id, ALICE.user_id)
    assert covered.covered and covered.legal == []
    refused = await refusal_of(service.act(table.id, ALICE, "pass"))
    assert refused.key == "bot.refuse.covered"

    back = await service.join(table.id, ALICE)
    assert back.public[0].key == "bot.line.back"
    assert table.seats[alice].away_strikes == 0
    await service.settle()
    assert table.to_act == alice or table.status == "finished"
    await service.close()


async def test_acting_in_time_cancels_the_timer_and_clears_strikes(store, recorder):
    service = TableService(store, publisher=recorder, seed=11, turn_seconds=0.2)
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await service.settle()
    await wait_for(lambda: "bot.line.timeout" in recorder.keys)
    await service.settle()
    await wait_for(lambda: table.to_act == table.seat_of(ALICE.user_id))
    hand = await service.hand(table.id, ALICE.user_id)
    await service.act(table.id, ALICE, hand.legal[0])
    assert table.seats[table.seat_of(ALICE.user_id)].away_strikes == 0
    await service.close()


async def test_a_restart_keeps_the_turn_deadline_that_was_stored(store, recorder):
    now = [1_000.0]
    first = TableService(store, publisher=recorder, seed=11, turn_seconds=60, clock=lambda: now[0])
    table = await open_table(first)
    await first.start(table.id, ALICE)
    await first.settle()
    assert table.to_act == table.seat_of(ALICE.user_id)
    assert table.turn == (table.version, 1_060.0)
    assert (await get_table(store, table.id)).settings["turn"] == [table.version, 1_060.0]
    await first.close()

    now[0] = 1_045.0  # the bot was down for 45 seconds of Alice's turn
    second = TableService(store, publisher=recorder, seed=11, turn_seconds=60, clock=lambda: now[0])
    [again] = await second.resume()
    assert again.turn == (table.version, 1_060.0)
    await second.close()

    now[0] = 1_100.0  # down past the deadline: Alice could not act, so she gets a whole turn
    third = TableService(store, publisher=recorder, seed=11, turn_seconds=60, clock=lambda: now[0])
    [again] = await third.resume()
    assert again.turn == (table.version, 1_160.0)
    assert (await get_table(store, table.id)).settings["turn"] == [table.version, 1_160.0]
    await third.close()


async def test_after_a_restart_time_runs_out_at_the_old_deadline_without_a_second_reminder(store):
    before, after = Recorder(), Recorder()
    first = TableService(store, publisher=before, seed=11, turn_seconds=1.0)
    table = await open_table(first)
    await first.start(table.id, ALICE)
    await first.settle()
    await wait_for(lambda: "bot.line.reminder" in before.keys)
    deadline = table.turn[1]
    await first.close()

    second = TableService(store, publisher=after, seed=11, turn_seconds=1.0)
    await (
        second.resume()
    )  # half a turn before the deadline: a new turn would end half a second later
    await wait_for(lambda: "bot.line.timeout" in after.keys)
    assert time.time() - deadline < 0.3
    assert "bot.line.reminder" not in after.keys
    await second.close()
