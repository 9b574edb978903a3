"""Reading apart: exports read through a read-only connection of their own, in a worker thread."""

from __future__ import annotations

import sqlite3
import threading

import asyncpg
import pytest

from bot.store import ledger_csv, read_in_thread, settle_deal

from .helpers import make_players


async def test_an_export_reads_committed_data_in_another_thread_and_cannot_write(store):
    ann, bob = await make_players(store, 1, "Ann", "Bob")
    async with store.transaction() as tx:
        await settle_deal(
            tx,
            1,
            None,
            1,
            1,
            [{"from": bob, "to": ann, "checks": 3, "reason": "contract", "detail": "250"}],
        )
    seen: dict[str, object] = {}

    async def job(db):
        seen["thread"] = threading.get_ident()
        seen["csv"] = await ledger_csv(db, 1)
        await db.fetchall(
            "INSERT INTO ledger_tx (guild_id, reason, created_at) VALUES (1, 'adjust', 'x')"
        )

    refused = (sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)
    with pytest.raises(refused, match="(attempt to write a readonly database|read-only)"):
        await read_in_thread(store.source, job)
    assert seen["thread"] != threading.get_ident()
    assert seen["csv"] == await ledger_csv(store, 1)
    assert (await store.fetchone("SELECT COUNT(*) FROM ledger_tx"))[0] == 1
