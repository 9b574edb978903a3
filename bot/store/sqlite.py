"""The SQLite backend (the default): one file, one writer connection, one reader.

One writer connection serialised by an asyncio lock (every write goes through
`Store.transaction()`, a BEGIN IMMEDIATE … COMMIT block) and one read-only
connection for reads outside a transaction. In WAL mode the reader sees only
committed data, so nothing half-written is ever shown to a player. One process
per file (`bot.store.lock`), so leases and notifications stay in the process.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

import aiosqlite

from .db import Clock, Listener, Result, Row, Store, Tx
from .errors import IntegrityError, StoreError, StoreOpenError
from .health import check_access, check_database, explain
from .lock import DatabaseLock
from .migrations import MIGRATIONS
from .sql import Dialect, Params

BUSY_TIMEOUT_MS: Final = 10_000


def integrity_error(error: sqlite3.IntegrityError) -> IntegrityError:
    """SQLite's "UNIQUE constraint failed: seats.table_id, seats.user_id" as the store's error."""
    said = str(error)
    _, _, columns = said.partition(": ")
    return IntegrityError(said, frozenset(c.strip() for c in columns.split(",") if "." in c))


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Params) -> Row | None:
    async with conn.execute(sql, params) as cursor:
        row: sqlite3.Row | None = await cursor.fetchone()
        return row


async def _fetchall(conn: aiosqlite.Connection, sql: str, params: Params) -> list[Row]:
    async with conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


class SqliteTx(Tx):
    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, now: str) -> None:
        super().__init__(now)
        self._conn = conn
        #: Notifications to deliver once the transaction commits.
        self._pending: list[tuple[str, str]] = []

    async def _execute(self, sql: str, params: Params) -> Result:
        try:
            async with self._conn.execute(sql, params) as cursor:
                return Result(cursor.lastrowid, cursor.rowcount)
        except sqlite3.IntegrityError as error:
            raise integrity_error(error) from error

    async def _executemany(self, sql: str, rows: Sequence[Params]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise integrity_error(error) from error

    async def _insert(self, sql: str, params: Params) -> int:
        lastrowid = (await self._execute(sql, params)).lastrowid
        assert lastrowid is not None
        return lastrowid

    async def _fetchone(self, sql: str, params: Params) -> Row | None:
        try:
            return await _fetchone(self._conn, sql, params)
        except sqlite3.IntegrityError as error:
            raise integrity_error(error) from error

    async def _fetchall(self, sql: str, params: Params) -> list[Row]:
        return await _fetchall(self._conn, sql, params)

    async def _lock(self, kind: str, key: int) -> None:
        """BEGIN IMMEDIATE already holds the file's one write lock."""

    async def _notify(self, channel: str, payload: str) -> None:
        """One process per file: its listeners hear it when the transaction commits."""
        self._pending.append((channel, payload))


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


def _exists(path: Path) -> bool:
    return path.exists()


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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
        # SQLite's way to rebuild a table others refer to (ALTER TABLE, "other kinds of schema
        # changes"): foreign keys off for the step, every reference checked before it commits.
        await conn.execute("PRAGMA foreign_keys = OFF")
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
            for statement in statements(MIGRATIONS[current]):
                await conn.execute(statement)
            broken = await _fetchone(conn, "PRAGMA foreign_key_check", ())
            if broken is not None:
                raise StoreError(f"migration {current + 1} leaves a broken reference: {broken}")
            await conn.execute("UPDATE schema_version SET version = ?", (current + 1,))
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
        finally:
            await conn.execute("PRAGMA foreign_keys = ON")


def statements(script: str) -> list[str]:
    """Split a migration script into complete statements (sqlite3.complete_statement knows quoting)."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if pending.strip():
        raise StoreError(f"migration ends with an incomplete statement: {pending.strip()[:60]!r}")
    return found


class SqliteStore(Store, backend="sqlite"):
    """A SQLite file, held by this process alone (its `<file>.lock`)."""

    dialect: Dialect = "sqlite"

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Clock,
        lock: DatabaseLock,
    ) -> None:
        super().__init__(clock)
        self.path = path
        self.database = str(path)
        self.source = str(path)
        self._writer = writer
        self._reader = reader
        self._lock = lock
        self._closed = False
        self._write_lock = asyncio.Lock()
        self._listeners: dict[str, list[Listener]] = {}

    @classmethod
    async def connect_to_database(
        cls, database: str | Path, *, clock: Clock, schema: int | None, pool_size: int
    ) -> SqliteStore:
        return await cls.connect(Path(database), clock=clock, schema=schema)  # one writer

    @classmethod
    async def connect(cls, path: Path, *, clock: Clock, schema: int | None) -> SqliteStore:
        """Open (creating the file and its folder) and migrate to `schema` (default: the latest).

        Takes this database's process lock (bot.store.lock) for as long as the
        store is open. Refuses, with a StoreOpenError naming the file and the
        problem, a read-only file or folder, a file that is not a sound Pinochle
        database (damaged, empty, someone else's) and a newer schema; on any
        failure every connection is closed and the lock released.
        """
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
            if not _exists(path):
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
        return cls(path, writer, reader, clock, lock)

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

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Tx]:
        """BEGIN IMMEDIATE … COMMIT, one at a time: concurrent tasks wait their turn."""
        async with self._write_lock:
            tx = SqliteTx(self._writer, self.now())
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
        for channel, payload in tx._pending:
            for listener in self._listeners.get(channel, ()):
                await listener(payload)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await _fetchone(self._reader, sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await _fetchall(self._reader, sql, params)

    async def claim_table(self, table_id: int) -> bool:
        """One process per file (its lock), so every table is this process's."""
        return True

    async def release_table(self, table_id: int) -> None:
        """Nothing to give up: no other process can open the file."""

    async def listen(self, channel: str, listener: Listener) -> None:
        self._listeners.setdefault(channel, []).append(listener)
