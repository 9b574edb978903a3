"""Cutting a process off from PostgreSQL, for the lease tests: its lease connection ended by the
server (`pg_terminate_backend`), new connections to the database kept out meanwhile, and what the
store then says about its leases, in order."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import asyncpg

from bot.store import Lease, Store
from tests.pg_server import PostgresServer

#: Seconds after which a test waiting for the store gives up: a safeguard, never a measurement.
STUCK = 60.0


class LeaseNews:
    """Everything a store tells its lease watchers, queued in order for a test to wait for."""

    def __init__(self, store: Store) -> None:
        self._heard: asyncio.Queue[tuple[int, Lease]] = asyncio.Queue()
        store.watch_leases(lambda table_id, lease: self._heard.put_nowait((table_id, lease)))

    async def next(self) -> tuple[int, Lease]:
        return await asyncio.wait_for(self._heard.get(), STUCK)

    def empty(self) -> bool:
        return self._heard.empty()


async def lease_session_pid(store: Store) -> int:
    """The server process of the store's lease connection (opened if it is not yet)."""
    async with store._session_lock:
        session = await store._session_conn()
    return int(session.get_server_pid())


@asynccontextmanager
async def cut_off(server: PostgresServer, url: str, *stores: Store) -> AsyncIterator[None]:
    """End each store's lease connection; until the block ends nobody may connect to the database
    anew, so those stores cannot take their leases back (connections already open, such as the
    stores' pools and other stores' lease connections, go on working)."""
    database = urlsplit(url).path.lstrip("/")
    pids = [await lease_session_pid(store) for store in stores]
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
        for pid in pids:
            await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        yield
    finally:
        await admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')
        await admin.close()


async def end_unnoticed(server: PostgresServer, store: Store) -> None:
    """End the store's lease connection without the store noticing (a network gone quiet)."""
    session = store._session
    session.remove_termination_listener(store._session_lost)
    admin = await asyncpg.connect(server.url())
    try:
        await admin.fetchval("SELECT pg_terminate_backend($1)", session.get_server_pid())
    finally:
        await admin.close()


async def waiting_for_a_lock(server: PostgresServer, pid: int) -> None:
    """Return once the server process `pid` waits for a row another transaction holds."""
    admin = await asyncpg.connect(server.url())
    try:
        async with asyncio.timeout(STUCK):
            while True:
                waits = "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1"
                if await admin.fetchval(waits, pid) == "Lock":
                    return
                await asyncio.sleep(0.01)
    finally:
        await admin.close()
