"""Fields SQL reads are columns, not keys of a table's `settings` JSON: who asked for a hint, a
finished game's per-seat deal summary and the process that drives a table. The migration that made
them columns (10) carries what older databases kept in the JSON over, on both backends."""

from __future__ import annotations

import json

from bot.store import Seat, Store, create_table, get_table, schema_version
from bot.store.migrations import MIGRATIONS
from bot.store.records import SeatDeals, deal_stats, game_log, store_deal_stats
from bot.store.tables import mark_hinted

#: The last schema that kept these fields in `settings`.
BEFORE = 9
STATS = [SeatDeals(3, 120, 1, 1), SeatDeals(3, 40, 2, 0)]


async def a_table(store: Store) -> int:
    async with store.transaction() as tx:
        table = await create_table(
            tx,
            guild_id=1,
            channel_id=2,
            host_id=3,
            variant="two-handed",
            seats=[Seat(0, "Ann", user_id=3), Seat(1, "Bob", user_id=4)],
        )
    return table.id


async def test_an_older_database_keeps_its_hints_deal_summaries_and_lease(database):
    old = await Store.open(database, schema=BEFORE)
    table_id = await a_table(old)
    settings = {
        "turn_seconds": 60,
        "hints_used": [0, 1],
        "deal_stats": [{"deals": 3, "meld": 120, "bids": 1, "made": 1}, {"deals": 3, "meld": 40}],
        "lease": "a1b2",
    }
    async with old.transaction() as tx:
        await tx.execute(
            "UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id)
        )
    await old.close()
    new = await Store.open(database)
    try:
        assert await schema_version(new) == len(MIGRATIONS)  # 10 and every later one ran
        row = await get_table(new, table_id)
        assert row.hints_used == (0, 1) and row.settings == {"turn_seconds": 60}
        assert await deal_stats(new, table_id) == [SeatDeals(3, 120, 1, 1), SeatDeals(3, 40, 0, 0)]
        lease = await new.fetchone("SELECT lease FROM tables WHERE id = ?", (table_id,))
        assert lease[0] == "a1b2"
        assert (await game_log(new, table_id)).hints == (0, 1)
    finally:
        await new.close()


async def test_hints_and_deal_summaries_are_written_to_their_columns(store):
    table_id = await a_table(store)
    async with store.transaction() as tx:
        await mark_hinted(tx, table_id, 1)
        await mark_hinted(tx, table_id, 1)  # asked twice: one seat
        await store_deal_stats(tx, table_id, STATS)
    async with store.transaction() as tx:
        await store_deal_stats(tx, table_id, STATS[:1])  # a second summary replaces the first
    row = await get_table(store, table_id)
    assert row.hints_used == (1,) and "hints_used" not in row.settings
    assert await deal_stats(store, table_id) == STATS[:1]
