"""A paused table's deadline is stored with it (issue 12): a restart neither extends the grace nor
lets computers play on, and a deadline that passed while the bot was down closes the table."""

from __future__ import annotations

import asyncio

from bot.store import get_table
from bot.tables import TableService
from tests.tables.helpers import ALICE, Clock, open_table


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

    again = TableService(store, seed=3, turn_seconds=0, clock=clock)
    [resumed] = await again.resume()
    assert resumed.paused_until == table.paused_until
    await asyncio.sleep(0.05)
    assert resumed.version == table.version and resumed.is_active  # nobody plays a paused game
    await again.close()

    clock.now += 301  # the bot was down past the deadline
    third = TableService(store, seed=3, turn_seconds=0, clock=clock)
    await third.resume()
    await asyncio.sleep(0.05)
    row = await get_table(store, table.id)
    assert row.status == "cancelled" and row.settings["abandoned"] is True
    assert third.table(table.id) is None
    await third.close()
