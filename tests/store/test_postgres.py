"""What only PostgreSQL does: several processes on one database — chips moved at once from
two OS processes, table leases taken over when their holder dies (and a holder cut off from the
server storing nothing once another has claimed its table), settings changes heard everywhere,
and the databases it refuses."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    Lease,
    LeaseLost,
    Store,
    StoreOpenError,
    append_action,
    balance,
    create_table,
    ensure_player,
    get_table,
    ledger_check,
    load_actions,
    schema_version,
    set_user_settings,
    update_table,
)
from bot.store.migrations import MIGRATIONS
from bot.store.settings import USER_SETTINGS_CHANNEL
from tests.pg_cutoff import LeaseNews, cut_off, lease_session_pid, waiting_for_a_lock
from tests.store.money_worker import DEALS, GAMES, GUILD, PLAYERS, transfers

ROOT = Path(__file__).resolve().parents[2]


async def test_two_processes_settling_and_granting_at_once_settle_each_deal_exactly_once(
    postgres_url,
):
    store = await Store.open(postgres_url)
    try:
        async with store.transaction() as tx:
            players = [
                (await ensure_player(tx, GUILD, display_name=f"P{u}", user_id=u)).id
                for u in range(1, PLAYERS + 1)
            ]
        workers = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.store.money_worker",
                postgres_url,
                str(seed),
                cwd=ROOT,
                stdout=subprocess.PIPE,
            )
            for seed in (1, 2)
        ]
        outputs = [await worker.communicate() for worker in workers]
        assert [worker.returncode for worker in workers] == [0, 0]
        assert sum(json.loads(out) for out, _ in outputs) == GAMES * DEALS  # each deal once

        assert await ledger_check(store) == []
        per_deal = Counter(
            (row[0], row[1])
            for row in await store.fetchall(
                "SELECT game_id, deal_no FROM ledger_tx WHERE game_id IS NOT NULL"
            )
        )
        assert per_deal == {(g, d): 3 for g in range(GAMES) for d in range(1, DEALS + 1)}
        expected = Counter()
        for game in range(GAMES):
            for deal in range(1, DEALS + 1):
                for move in transfers(players, game, deal):
                    expected[move["to"]] += move["checks"]
                    expected[move["from"]] -= move["checks"]
                expected[players[deal % PLAYERS]] += 2  # one grant from each process
        assert [await balance(store, GUILD, p) for p in players] == [expected[p] for p in players]
    finally:
        await store.close()


HOLDER = """
import asyncio, sys
from bot.store import Store

async def hold():
    store = await Store.open(sys.argv[1])
    print(await store.claim_table(7), flush=True)
    await asyncio.sleep(3600)

asyncio.run(hold())
"""


async def test_a_table_lease_is_one_process_s_until_it_lets_go_or_dies(postgres_url):
    first, second = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        assert await first.claim_table(7) and await first.claim_table(7)  # again: still its own
        assert not await second.claim_table(7)
        await first.release_table(7)
        assert await second.claim_table(7) and not await first.claim_table(7)
    finally:
        await first.close()
        await second.close()

    store = await Store.open(postgres_url)
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, postgres_url, cwd=ROOT, stdout=subprocess.PIPE
    )
    try:
        assert (await holder.stdout.readline()).strip() == b"True"
        assert not await store.claim_table(7)
        holder.kill()  # the holder dies: PostgreSQL ends its session, and with it the lease
        await holder.wait()
        for _ in range(200):
            if await store.claim_table(7):
                break
            await asyncio.sleep(0.05)
        assert await store.claim_table(7)
    finally:
        await store.close()


async def test_a_live_process_cut_off_from_the_server_takes_its_leases_back(postgres_url):
    store, other = await Store.open(postgres_url), await Store.open(postgres_url)
    news = LeaseNews(store)
    try:
        assert await store.claim_table(9)
        cut = store._session
        killer = await asyncpg.connect(postgres_url)
        try:
            await killer.fetchval("SELECT pg_terminate_backend($1)", cut.get_server_pid())
        finally:
            await killer.close()
        # In doubt at once, then its own again on a new lease connection.
        assert await news.next() == (9, Lease.SUSPENDED)
        assert await news.next() == (9, Lease.HELD)
        assert store._session is not cut and not store._session.is_closed()
        assert not await other.claim_table(9)  # still the first process's table
    finally:
        await store.close()
        await other.close()


async def a_table(store: Store) -> int:
    async with store.transaction() as tx:
        row = await create_table(tx, guild_id=1, channel_id=10, host_id=101, variant="two-handed")
    return row.id


async def test_a_claim_waits_for_the_old_holder_s_write_and_then_nothing_more_of_its_gets_stored(
    postgres_server, postgres_url
):
    old, new = await Store.open(postgres_url), await Store.open(postgres_url)
    news = LeaseNews(old)
    try:
        table = await a_table(old)
        assert await old.claim_table(table)
        new_pid = await lease_session_pid(new)
        async with cut_off(postgres_server, postgres_url, old):
            assert await news.next() == (table, Lease.SUSPENDED)
            async with old.transaction() as tx:  # the old holder has not heard yet: it stores on
                await append_action(tx, table, 1, 0, 101, "bid 250")
                claim = asyncio.create_task(new.claim_table(table))
                await waiting_for_a_lock(postgres_server, new_pid)  # for this transaction to end
            assert await claim  # the new holder now reads what the old one stored
            assert [a.action for a in await load_actions(new, table)] == ["bid 250"]

            with pytest.raises(LeaseLost):  # and the old one may store nothing more
                async with old.transaction() as tx:
                    await append_action(tx, table, 2, 1, None, "pass")
            with pytest.raises(LeaseLost):
                async with old.transaction() as tx:
                    await update_table(tx, table, status="cancelled")
            assert await news.next() == (table, Lease.LOST)
        async with new.transaction() as tx:
            await append_action(tx, table, 2, 1, None, "pass")
        assert [a.action for a in await load_actions(old, table)] == ["bid 250", "pass"]
        assert (await get_table(old, table)).status == "lobby"
        assert not await old.claim_table(table)  # connected again, the table stays the other's
        assert news.empty()  # and it hears nothing more of it
    finally:
        await old.close()
        await new.close()


async def test_a_settings_change_in_one_process_is_heard_by_the_others(postgres_url):
    writer, listener = await Store.open(postgres_url), await Store.open(postgres_url)
    heard: asyncio.Queue[str] = asyncio.Queue()
    try:
        await listener.listen(USER_SETTINGS_CHANNEL, heard.put)
        async with writer.transaction() as tx:
            await set_user_settings(tx, 42, language="ru")
        assert await asyncio.wait_for(heard.get(), 30) == "42"
        with pytest.raises(RuntimeError):
            async with writer.transaction() as tx:  # rolled back: nobody is told
                await set_user_settings(tx, 43, language="ru")
                raise RuntimeError
        async with writer.transaction() as tx:
            await set_user_settings(tx, 44, notify=False)
        assert await asyncio.wait_for(heard.get(), 30) == "44"
    finally:
        await writer.close()
        await listener.close()


async def test_refused_databases_say_why_without_the_password(postgres_url, postgres_server):
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE invoices (id INTEGER)")
    finally:
        await conn.close()
    with pytest.raises(StoreOpenError, match="not a Pinochle database: it holds invoices"):
        await Store.open(postgres_url)

    fresh = await postgres_server.new_database()
    store = await Store.open(fresh)
    try:
        assert await schema_version(store) == len(MIGRATIONS)
        async with store.transaction() as tx:
            await tx.execute("UPDATE schema_version SET version = ?", (len(MIGRATIONS) + 1,))
    finally:
        await store.close()
    with pytest.raises(StoreOpenError, match="newer than this release"):
        await Store.open(fresh)

    closed_port = f"postgresql://bot:hunter2@127.0.0.1:{postgres_server.port + 1}/none"
    with pytest.raises(StoreOpenError, match="cannot connect") as refused:
        await Store.open(closed_port)
    assert "hunter2" not in str(refused.value)
