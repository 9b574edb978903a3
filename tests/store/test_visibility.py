"""The rule that gates every way of looking at a deal, read from the store alone (SQLite and
PostgreSQL): a table's deals are hidden while another open table, of any server, has its seed."""

from __future__ import annotations

from bot.store import create_table, update_table
from bot.store.nights import add_event_table, create_event
from bot.store.visibility import Hidden, hidden, shown_game

SEED = 2**61 + 7


async def new_table(tx, guild_id: int, channel_id: int, status: str, seed: int = SEED) -> int:
    row = await create_table(
        tx,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=99,
        variant="two-handed",
        seed=seed,
    )
    if status != "lobby":
        await update_table(tx, row.id, status=status)
    return row.id


async def shown(store) -> set[int]:
    rows = await store.fetchall(f"SELECT t.id FROM tables AS t WHERE {shown_game('t.id')}")
    return {row[0] for row in rows}


async def test_a_seed_another_open_table_plays_stays_hidden_until_that_table_closes(store):
    async with store.transaction() as tx:
        event = await create_event(
            tx,
            guild_id=1,
            channel_id=10,
            organiser_id=99,
            name="Friday",
            variant="two-handed",
            rounds=2,
            deals_per_round=2,
            duplicate=True,
            language="en",
            seed=5,
            round_seconds=60.0,
            turn_seconds=60.0,
        )
        fast = await new_table(tx, 1, 11, "finished")
        slow = await new_table(tx, 1, 12, "playing")
        alone = await new_table(tx, 1, 13, "finished", seed=SEED + 1)
        for number, table in enumerate((fast, slow)):
            await add_event_table(tx, event.id, 2, number, table)
    # The faster table's deals wait for the slower one; the slower may look back at its own.
    assert await hidden(store, fast) == Hidden("Friday", 2)
    assert await hidden(store, slow) is None
    assert await hidden(store, alone) is None and await hidden(store, 10**9) is None
    assert await shown(store) == {slow, alone}

    async with store.transaction() as tx:
        await update_table(tx, slow, status="finished")
        elsewhere = await new_table(tx, 2, 21, "lobby")  # another server, the same seed
    assert await hidden(store, fast) == Hidden()  # not the league night's: no round opens it
    assert await hidden(store, elsewhere) is None  # the others are done
    async with store.transaction() as tx:
        await update_table(tx, elsewhere, status="cancelled")
    assert await hidden(store, fast) is None and await hidden(store, slow) is None
    assert await shown(store) == {fast, slow, alone, elsewhere}
