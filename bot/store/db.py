"""The SQLite connection pair, migrations and transactions.

One writer connection serialised by an asyncio lock (every write goes through
`Store.transaction()`, a BEGIN IMMEDIATE … COMMIT block) and one read-only
connection for reads outside a transaction. In WAL mode the reader sees only
committed data, so nothing half-written is ever shown to a player.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import aiosqlite

from .errors import StoreError, StoreOpenError
from .health import check_access, check_database, explain
from .lock import DatabaseLock
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


async def connect(path: Path | str, *, read_only: bool, uri: bool = False) -> aiosqlite.Connection:
    """A connection with the store's settings; closed again if any of them fails.

    An aiosqlite connection left open keeps a worker thread alive, which would
    keep a failed process from exiting.
    """
    conn = await aiosqlite.connect(path, isolation_level=None, uri=uri)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA foreign_keys = ON")
        if read_only:
            await conn.execute("PRAGMA query_only = ON")
        else:
            await conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        await conn.close()
        raise
    return conn


async def _use_wal(conn: aiosqlite.Connection, path: Path) -> None:
    mode = await _fetchone(conn, "PRAGMA journal_mode = WAL", ())
    if mode is None or str(mode[0]).lower() != "wal":
        raise StoreOpenError(f"could not switch {path} to WAL mode")


async def _create(path: Path, target: int) -> None:
    """Make a new database beside `path` and move it into place whole.

    A process killed half way leaves only `<name>.new`, never a half-made
    database that the next start would refuse as not a Pinochle database.
    The new file keeps SQLite's rollback journal until it is in place: each
    commit then lands in the file itself, so nothing is left in a `-wal` of
    the old name (a closed aiosqlite connection may linger until its cached
    statements are collected, and WAL would tie the file to its old `-shm`).
    """
    fresh = path.with_name(path.name + ".new")
    for leftover in (fresh, fresh.with_name(fresh.name + "-journal")):
        leftover.unlink(missing_ok=True)
    conn = await connect(fresh, read_only=False)
    try:
        await migrate(conn, target)
    finally:
        await conn.close()
    _fsync(fresh)
    os.replace(fresh, path)
    _fsync(path.parent)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Clock,
        lock: DatabaseLock,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = lock
        self._closed = False
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task inside transaction(), if any

    @classmethod
    async def open(
        cls, path: str | Path, *, clock: Clock | None = None, schema: int | None = None
    ) -> Store:
        """Open (creating the file and its folder) and migrate to the latest schema.

        Takes this database's process lock (bot.store.lock) for as long as the
        store is open. Refuses, with a StoreOpenError naming the file and the
        problem, a read-only file or folder, a file that is not a sound Pinochle
        database (damaged, empty, someone else's) and a newer schema; on any
        failure every connection is closed and the lock released.
        `schema` stops at an older version; tests use it to check upgrades.
        `clock` returns an aware datetime; it stamps every row (default: the real UTC time).
        """
        path = Path(path)
        if str(path) == ":memory:":
            raise StoreError("the store needs a file: WAL readers cannot share :memory:")
        target = len(MIGRATIONS) if schema is None else schema
        lock: DatabaseLock | None = None
        writer: aiosqlite.Connection | None = None
        try:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreOpenError(
                    f"cannot create the folder {path.parent}: {error.strerror}"
                ) from error
            check_access(path, write=True)
            lock = DatabaseLock.acquire(path)
            if not path.exists():
                await _create(path, target)
            writer = await connect(path, read_only=False)
            await check_database(writer, path)
            await _use_wal(writer, path)
            await migrate(writer, target)
            reader = await connect(path, read_only=True)
        except BaseException as error:
            if writer is not None:
                await writer.close()
            if lock is not None:
                lock.release()
            if isinstance(error, (sqlite3.Error, OSError)):
                raise explain(path, error) from error
            raise
        return cls(path, writer, reader, clock or (lambda: datetime.now(UTC)), lock)

    async def close(self) -> None:
        """Close both connections (waiting for a running transaction) and release the lock; idempotent."""
        async with self._write_lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self._reader.close()
                await self._writer.close()
            finally:
                self._lock.release()

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
