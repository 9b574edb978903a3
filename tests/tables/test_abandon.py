"""A paused table's deadline is stored with it: a restart neither extends the grace nor lets
computers play on, and a deadline that passed while the bot was down closes the table."""

from __future__ import annotations

from bot.store import get_table
from bot.tables import TableService
from tests.tables.helpers import ALICE, Clock, Recorder, lives, open_table


async def test_a_paused_table_keeps_its_deadline_across_restarts_and_closes_when_it_has_passed(
    store,
):
    clock = Clock()
    service = TableService(store, seed=3, turn_seconds=0, clock=clock)
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await service.settle()
    left = await service.leave(table.id, ALICE)
    assert [text.key for text in left.public] == ["bot.line.left_game", "bot.line.paused"]
    assert left.public[1].params == {"minutes": 5} and table.paused_until == clock.now + 300
    await service.close()

    again = TableService(store, seed=3, turn_seconds=0, clock=clock, sleep=clock.sleep)
    [resumed] = lives(again, await again.resume())
    assert resumed.paused_until == table.paused_until
    await clock.sleeping()
    await clock.advance(299)
    await again.settle()
    assert resumed.version == table.version and resumed.is_active  # nobody plays a paused game
    await again.close()

    clock.now += 2  # the bot was down past the deadline
    recorder = Recorder()
    third = TableService(
        store, publisher=recorder, seed=3, turn_seconds=0, clock=clock, sleep=clock.sleep
    )
    await third.resume()  # the deadline has passed: the abandon timer closes the table at once
    await recorder.until(lambda: "bot.line.abandoned" in recorder.keys)
    row = await get_table(store, table.id)
    assert row.status == "cancelled" and row.settings["abandoned"] is True
    assert third.table(table.id) is None
    await third.close()
