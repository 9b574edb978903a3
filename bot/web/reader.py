"""The web app's own read-only connections to the database (a small, bounded pool).

The pages never share the bot's reader: a burst of page views then queues
here, not in front of the bot's own queries. Each connection is opened
`mode=ro` with `query_only`, so the web app cannot write a byte of game
state even by mistake; it reads only what the bot has committed (WAL).
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.db import Params, connect, schema_version
from bot.store.errors import StoreOpenError
from bot.store.health import explain
from bot.store.migrations import MIGRATIONS
from bot.store.snapshot import Snapshot

#: Connections (each an aiosqlite thread) the web app holds at most.
DEFAULT_POOL = 2


class ReadPool:
    """A `Reader` over at most `size` read-only connections; each query borrows one."""

    def __init__(self, path: Path, connections: list[aiosqlite.Connection]) -> None:
        self.path = path
        self._all = connections
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for conn in connections:
            self._idle.put_nowait(conn)

    @classmethod
    async def open(cls, path: str | Path, *, size: int = DEFAULT_POOL) -> ReadPool:
        """Open `size` read-only connections; StoreOpenError when the file cannot be served.

        A database the bot has not yet upgraded to this release's schema is refused
        (the pages read the newest tables): start the bot once, it migrates.
        """
        path = Path(path)
        if not path.is_file():
            raise StoreOpenError(f"{path}: no such database file")
        uri = path.absolute().as_uri() + "?mode=ro"
        connections: list[aiosqlite.Connection] = []
        try:
            for _ in range(size):
                connections.append(await connect(uri, read_only=True, uri=True))
            version = await schema_version(Snapshot(connections[0]))
        except (sqlite3.Error, OSError) as error:
            await _close_all(connections)
            raise explain(path, error) from error
        if version != len(MIGRATIONS):
            await _close_all(connections)
            raise StoreOpenError(
                f"{path} is at schema version {version}, this release reads {len(MIGRATIONS)}:"
                " start the bot once on it (it upgrades the file), or use a matching release"
            )
        return cls(path, connections)

    async def close(self) -> None:
        await _close_all(self._all)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        conn = await self._idle.get()
        try:
            async with conn.execute(sql, params) as cursor:
                return await cursor.fetchone()
        finally:
            self._idle.put_nowait(conn)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        conn = await self._idle.get()
        try:
            async with conn.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        finally:
            self._idle.put_nowait(conn)


async def _close_all(connections: list[aiosqlite.Connection]) -> None:
    for conn in connections:
        await conn.close()
