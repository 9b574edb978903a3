"""Opening, migrations and transactions of the store."""

import asyncio
import sqlite3

import asyncpg
import pytest

from bot.store import (
    IntegrityError,
    Seat,
    Store,
    StoreError,
    append_action,
    balance,
    create_table,
    ledger_check,
    list_unfinished_tables,
    load_actions,
    schema_version,
)
from bot.store.migrations import MIGRATIONS


async def test_open_creates_folder_and_uses_wal_with_foreign_keys(tmp_path):
    path = tmp_path / "new" / "folder" / "bot.db"
    store = await Store.open(path)
    try:
        assert path.exists()
        assert (await store.fetchone("PRAGMA journal_mode"))[0] == "wal"
        async with store.transaction() as tx:
            assert (await tx.fetchone("PRAGMA foreign_keys"))[0] == 1
            assert (await tx.fetchone("PRAGMA busy_timeout"))[0] >= 1000
        assert await schema_version(store) == len(MIGRATIONS)
    finally:
        await store.close()


async def test_empty_database_reaches_latest_schema_and_reopen_is_a_no_op(tmp_path):
    path = tmp_path / "bot.db"
    store = await Store.open(path)
    await store.close()
    store = await Store.open(path)
    try:
        assert await schema_version(store) == len(MIGRATIONS)
        row = await store.fetchone("SELECT COUNT(*) FROM schema_version")
        assert row[0] == 1
    finally:
        await store.close()


async def settled_deal_rows(tx, table_id: int, winner: int, loser: int, checks: int) -> None:
    """The rows `settle_deal` writes for one contract transfer in guild 1, as migration 2 defined them."""
    await tx.execute("INSERT INTO settlements VALUES (?, 1, 1, ?, 'then')", (table_id, table_id))
    await tx.executemany(
        "INSERT INTO accounts (id, guild_id, player_id, balance, created_at)"
        " VALUES (?, 1, ?, ?, 'then')",
        [(1, winner, checks), (2, loser, -checks)],
    )
    await tx.execute(
        "INSERT INTO ledger_tx (id, guild_id, reason, detail, table_id, game_id, deal_no,"
        " created_at) VALUES (1, 1, 'contract', '250', ?, ?, 1, 'then')",
        (table_id, table_id),
    )
    await tx.executemany("INSERT INTO ledger_lines VALUES (1, ?, ?)", [(1, checks), (2, -checks)])


@pytest.mark.parametrize("start", range(len(MIGRATIONS)))
async def test_every_older_schema_upgrades_keeping_its_data(tmp_path, start):
    path = tmp_path / "bot.db"
    old = await Store.open(path, schema=start)
    assert await schema_version(old) == start
    if start >= 1:  # a table in play (migration 1)
        async with old.transaction() as tx:
            table = await create_table(
                tx,
                guild_id=1,
                channel_id=2,
                host_id=3,
                variant="check",
                seats=[Seat(0, "Ann", user_id=3), Seat(1, "Bob", user_id=4)],
            )
            await append_action(tx, table.id, 1, 0, 3, "bid 250")
    if start >= 2:  # a settled deal (migration 2), written as that schema's rows: today's code
        ann, bob = (seat.player_id for seat in table.seats)  # reads columns later migrations add
        async with old.transaction() as tx:
            await settled_deal_rows(tx, table.id, ann, bob, 4)
    await old.close()
    new = await Store.open(path)
    try:
        assert await schema_version(new) == len(MIGRATIONS)
        tables = await list_unfinished_tables(new)
        assert len(tables) == (1 if start >= 1 else 0)
        if start >= 1:
            assert [a.action for a in await load_actions(new, tables[0].id)] == ["bid 250"]
        if start >= 2:
            assert await balance(new, 1, tables[0].seats[0].player_id) == 4
        assert await ledger_check(new) == []
    finally:
        await new.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path):
    path = tmp_path / "bot.db"
    store = await Store.open(path)
    async with store.transaction() as tx:
        await tx.execute("UPDATE schema_version SET version = version + 1")
    await store.close()
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


async def test_transaction_commits_together_or_not_at_all(store):
    async with store.transaction() as tx:
        await tx.execute(
            "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at,"
            " updated_at) VALUES (1, '7', 7, 0, 'Ann', 'x', 'x')"
        )
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.execute(
                "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at,"
                " updated_at) VALUES (1, '8', 8, 0, 'Bob', 'x', 'x')"
            )
            raise RuntimeError("the caller failed half way")
    names = [row[0] for row in await store.fetchall("SELECT display_name FROM players")]
    assert names == ["Ann"]


async def test_reads_outside_the_transaction_see_only_committed_data(store):
    async with store.transaction() as tx:
        await tx.execute(
            "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at,"
            " updated_at) VALUES (1, '7', 7, 0, 'Ann', 'x', 'x')"
        )
        assert (await tx.fetchone("SELECT COUNT(*) FROM players"))[0] == 1
        assert (await store.fetchone("SELECT COUNT(*) FROM players"))[0] == 0
    assert (await store.fetchone("SELECT COUNT(*) FROM players"))[0] == 1


async def test_foreign_keys_are_enforced(store):
    with pytest.raises(IntegrityError):
        async with store.transaction() as tx:
            await tx.execute(
                "INSERT INTO actions (table_id, seq, action, created_at) VALUES (999, 1, 'x', 'x')"
            )


async def test_nested_transaction_and_stale_tx_fail_loudly(store):
    async with store.transaction() as tx:
        with pytest.raises(StoreError, match="nested"):
            async with store.transaction():
                pass
    with pytest.raises(StoreError, match="ended"):
        await tx.fetchone("SELECT 1")


async def test_a_task_started_inside_a_transaction_waits_for_it_instead_of_failing(store):
    async def later_write() -> None:
        async with store.transaction() as tx:
            await tx.execute(
                "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at,"
                " updated_at) VALUES (1, 'bot:easy', NULL, 1, 'CPU', 'x', 'x')"
            )

    async with store.transaction():
        task = asyncio.create_task(later_write())  # e.g. a computer player's turn
        await asyncio.sleep(0)
        assert not task.done()
    await task
    assert (await store.fetchone("SELECT COUNT(*) FROM players"))[0] == 1


async def test_reader_connection_refuses_writes(store):
    with pytest.raises((sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)):
        await store.fetchone("DELETE FROM players")


async def test_memory_database_is_refused():
    with pytest.raises(StoreError, match="file"):
        await Store.open(":memory:")
