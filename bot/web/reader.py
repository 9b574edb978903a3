"""The web app's own read-only connections to the database (a small, bounded pool).

The pages never share the bot's connections: a burst of page views then queues
here, not in front of the bot's own queries. On SQLite each connection is
opened `mode=ro` with `query_only`; on PostgreSQL the pool's sessions are
`default_transaction_read_only`. Either way the web app cannot write a byte of
game state even by mistake, and it reads only what the bot has committed.

    reader = await open_reader("data/pinochle.db")      # or a postgresql:// URL
    rows = await reader.fetchall("SELECT ...")
    await reader.close()
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Protocol

import aiosqlite

from bot.store.db import Reader, Row, schema_version
from bot.store.errors import StoreOpenError
from bot.store.health import explain
from bot.store.migrations import MIGRATIONS
from bot.store.postgres import PostgresReader, _pool, check_schema, connect_to
from bot.store.snapshot import Snapshot
from bot.store.sql import Dialect, Params, is_postgres_url
from bot.store.sqlite import connect
from bot.store.urls import safe_url

#: Connections (each an aiosqlite thread, or a PostgreSQL session) the web app holds at most.
DEFAULT_POOL = 2


class WebReader(Reader, Protocol):
    """A `Reader` the web app owns and closes."""

    async def close(self) -> None: ...


def _outdated(where: object, version: int) -> StoreOpenError:
    return StoreOpenError(
        f"{where} is at schema version {version}, this release reads {len(MIGRATIONS)}:"
        " start the bot once on it (it upgrades the database), or use a matching release"
    )


async def open_reader(database: str | Path, *, size: int = DEFAULT_POOL) -> WebReader:
    """Read-only connections to a SQLite file or a `postgresql://` URL; StoreOpenError if unusable.

    A database the bot has not yet upgraded to this release's schema is refused
    (the pages read the newest tables): start the bot once, it migrates.
    """
    if is_postgres_url(database):
        return await PostgresReadPool.open(str(database), size=size)
    return await ReadPool.open(Path(database), size=size)


class ReadPool:
    """At most `size` read-only SQLite connections; each query borrows one."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path, connections: list[aiosqlite.Connection]) -> None:
        self.path = path
        self._all = connections
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for conn in connections:
            self._idle.put_nowait(conn)

    @classmethod
    async def open(cls, path: Path, *, size: int = DEFAULT_POOL) -> ReadPool:
        uri = _read_only_uri(path)
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
            raise _outdated(path, version)
        return cls(path, connections)

    async def close(self) -> None:
        await _close_all(self._all)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        conn = await self._idle.get()
        try:
            return await Snapshot(conn).fetchone(sql, params)
        finally:
            self._idle.put_nowait(conn)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        conn = await self._idle.get()
        try:
            return await Snapshot(conn).fetchall(sql, params)
        finally:
            self._idle.put_nowait(conn)


def _read_only_uri(path: Path) -> str:
    """The file's read-only URI (a stat and a path: quick enough to do on the loop, once)."""
    if not path.is_file():
        raise StoreOpenError(f"{path}: no such database file")
    return path.absolute().as_uri() + "?mode=ro"


async def _close_all(connections: list[aiosqlite.Connection]) -> None:
    for conn in connections:
        await conn.close()


class PostgresReadPool:
    """At most `size` read-only PostgreSQL sessions (asyncpg's pool bounds and shares them)."""

    dialect: Dialect = "postgres"

    def __init__(self, pool: object, reader: Reader) -> None:
        self._pool = pool
        self._reader = reader

    @classmethod
    async def open(cls, url: str, *, size: int = DEFAULT_POOL) -> PostgresReadPool:
        conn = await connect_to(url)
        try:
            version = await check_schema(conn, safe_url(url), empty_ok=False)
        finally:
            await conn.close()
        if version != len(MIGRATIONS):
            raise _outdated(safe_url(url), version)
        pool = await _pool(url, size, read_only=True)
        return cls(pool, PostgresReader(pool))

    async def close(self) -> None:
        await self._pool.close()  # type: ignore[attr-defined]

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._reader.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._reader.fetchall(sql, params)
