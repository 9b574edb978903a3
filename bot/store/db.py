"""The SQLite connection pair, migrations and transactions.

One writer connection serialised by an asyncio lock (every write goes through
`Store.transaction()`, a BEGIN IMMEDIATE … COMMIT block) and one read-only
connection for reads outside a transaction. In WAL mode the reader sees only
committed data, so nothing half-written is ever shown to a player.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import aiosqlite

from .errors import StoreError
from .migrations import MIGRATIONS

Params = Sequence[Any] | dict[str, Any]
Clock = Callable[[], datetime]

BUSY_TIMEOUT_MS = 10_000


class Reader(Protocol):
    """What read queries need: a `Store` (committed data) or a `Tx` (sees its own writes)."""

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]: ...


class Result(NamedTuple):
    lastrowid: int | None
    rowcount: int


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Params) -> sqlite3.Row | None:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def _fetchall(conn: aiosqlite.Connection, sql: str, params: Params) -> list[sqlite3.Row]:
    async with conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


class Tx:
    """An open write transaction; valid only inside its `async with store.transaction()` block."""

    def __init__(self, conn: aiosqlite.Connection, now: str) -> None:
        self._conn = conn
        self._open = True
        #: One timestamp for every row the transaction writes.
        self.now = now

    def _check_open(self) -> aiosqlite.Connection:
        if not self._open:
            raise StoreError("this transaction has already ended")
        return self._conn

    async def execute(self, sql: str, params: Params = ()) -> Result:
        async with self._check_open().execute(sql, params) as cursor:
            return Result(cursor.lastrowid, cursor.rowcount)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        await self._check_open().executemany(sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        return await _fetchone(self._check_open(), sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return await _fetchall(self._check_open(), sql, params)


async def _connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    await conn.execute("PRAGMA foreign_keys = ON")
    await conn.execute("PRAGMA synchronous = NORMAL")
    if read_only:
        await conn.execute("PRAGMA query_only = ON")
    return conn


async def schema_version(db: Reader) -> int:
    """The migration number the database is at (0 for an empty database)."""
    row = await db.fetchone(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    )
    if row is None:
        return 0
    row = await db.fetchone("SELECT version FROM schema_version WHERE id = 1")
    return 0 if row is None else int(row[0])


async def migrate(conn: aiosqlite.Connection, target: int) -> None:
    """Apply MIGRATIONS up to `target`, each with its version bump in one transaction.

    The version is re-read inside each transaction, so two processes opening the
    same file at once apply every step exactly once.
    """
    await conn.executescript(
        "CREATE TABLE IF NOT EXISTS schema_version"
        " (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);"
        "INSERT OR IGNORE INTO schema_version (id, version) VALUES (1, 0);"
    )
    while True:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            row = await _fetchone(conn, "SELECT version FROM schema_version", ())
            assert row is not None  # inserted above, never deleted
            current = int(row[0])
            if current > len(MIGRATIONS):
                raise StoreError(
                    f"database schema version {current} is newer than this code knows"
                    f" ({len(MIGRATIONS)}); upgrade the bot"
                )
            if current >= target:
                await conn.execute("COMMIT")
                return
            # executescript would COMMIT first, so run the script statement by statement.
            for statement in _statements(MIGRATIONS[current]):
                await conn.execute(statement)
            await conn.execute("UPDATE schema_version SET version = ?", (current + 1,))
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """Split a migration script into complete statements (sqlite3.complete_statement knows quoting)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise StoreError(f"migration ends with an incomplete statement: {pending.strip()[:60]!r}")
    return statements


class Store:
    """The bot's database. Open with `await Store.open(path)`; close with `await store.close()`."""

    def __init__(
        self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection, clock: Clock
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task inside transaction(), if any

    @classmethod
    async def open(
        cls, path: str | Path, *, clock: Clock | None = None, schema: int | None = None
    ) -> Store:
        """Open (creating the file and its folder) and migrate to the latest schema.

        `schema` stops at an older version; tests use it to check upgrades.
        `clock` returns an aware datetime; it stamps every row (default: the real UTC time).
        """
        path = Path(path)
        if str(path) == ":memory:":
            raise StoreError("the store needs a file: WAL readers cannot share :memory:")
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path, read_only=False)
        try:
            mode = await _fetchone(writer, "PRAGMA journal_mode = WAL", ())
            if mode is None or str(mode[0]).lower() != "wal":
                raise StoreError(f"could not switch {path} to WAL mode")
            await migrate(writer, len(MIGRATIONS) if schema is None else schema)
            reader = await _connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader, clock or (lambda: datetime.now(UTC)))

    async def close(self) -> None:
        """Close both connections, waiting for a running transaction to finish."""
        async with self._write_lock:
            await self._reader.close()
            await self._writer.close()

    def now(self) -> str:
        """The current time as stored: ISO 8601 in UTC to the second."""
        return self._clock().astimezone(UTC).isoformat(timespec="seconds")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """BEGIN IMMEDIATE … COMMIT; any exception rolls everything back and propagates.

        Transactions are serialised: concurrent tasks wait their turn. Opening one
        inside another in the same task would deadlock, so that raises StoreError.
        """
        if self._owner is not None and self._owner is asyncio.current_task():
            raise StoreError("nested transaction: pass the open Tx down instead")
        async with self._write_lock:
            self._owner = asyncio.current_task()
            tx = Tx(self._writer, self.now())
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
                yield tx
                tx._open = False
                await self._writer.execute("COMMIT")
            except BaseException:
                tx._open = False
                if self._writer.in_transaction:
                    await self._writer.execute("ROLLBACK")
                raise
            finally:
                self._owner = None

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        return await _fetchone(self._reader, sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return await _fetchall(self._reader, sql, params)
