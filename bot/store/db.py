"""The store's API, the same on both backends: `Store`, its transactions (`Tx`) and readers.

`Store.open(database)` takes a file path (SQLite, `bot.store.sqlite`) or a
`postgresql://` URL (PostgreSQL through asyncpg, `bot.store.postgres`). Every
query in the store is written once (`bot.store.sql`) and runs on either.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Protocol

from .errors import StoreError
from .sql import Dialect, Params, is_postgres_url, per_dialect

Clock = Callable[[], datetime]
#: Called with a notification's payload (a text) when another process (or this one) sends one.
Listener = Callable[[str], Awaitable[None]]


class Lease(enum.Enum):
    """What became of this process's lease on a table (`Store.watch_leases`)."""

    #: The connection holding it was lost: it may be another process's already, so drive nothing.
    SUSPENDED = "suspended"
    #: Taken back after a loss: the table may have moved on meanwhile (read it again).
    HELD = "held"
    #: Another process holds it now: this one never drives the table again.
    LOST = "lost"


#: Told (table id, what became of its lease), soon after it happened, outside any transaction.
LeaseWatcher = Callable[[int, Lease], None]

#: Connections a PostgreSQL store keeps at most (its pool); SQLite uses two.
DEFAULT_POOL_SIZE = 10


class Row(Protocol):
    """A result row: by position or column name, and iterable (sqlite3.Row, asyncpg.Record)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Reader(Protocol):
    """What read queries need: a `Store` (committed data), a `Tx` (sees its own writes), a snapshot."""

    dialect: Dialect

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...


class Result(NamedTuple):
    lastrowid: int | None
    rowcount: int


class Tx:
    """An open write transaction; valid only inside its `async with store.transaction()` block.

    Each backend supplies `_execute`, `_executemany`, `_insert`, `_fetchone`,
    `_fetchall`, `_lock` and `_notify`; this class checks the transaction is open.
    """

    dialect: Dialect

    def __init__(self, now: str) -> None:
        self._open = True
        #: One timestamp for every row the transaction writes.
        self.now = now

    def _check_open(self) -> None:
        if not self._open:
            raise StoreError("this transaction has already ended")

    async def execute(self, sql: str, params: Params = ()) -> Result:
        self._check_open()
        return await self._execute(sql, params)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        self._check_open()
        await self._executemany(sql, rows)

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run an INSERT into a table with an `id` key; the new row's id."""
        self._check_open()
        return await self._insert(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        self._check_open()
        return await self._fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        self._check_open()
        return await self._fetchall(sql, params)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """A statement that may break a constraint, so the transaction can go on after it fails.

        SQLite undoes just the failed statement; PostgreSQL aborts the whole
        transaction unless the statement ran inside a savepoint.
        """
        self._check_open()
        async with self._savepoint():
            yield

    def _savepoint(self) -> AbstractAsyncContextManager[None]:
        return nullcontext()

    async def lock(self, kind: str, key: int) -> None:
        """Hold (`kind`, `key`) — a guild's ledger, say — until this transaction ends.

        On SQLite every write transaction already excludes all others; on
        PostgreSQL this is a transaction-scoped advisory lock, so two processes
        moving one guild's chips take turns.
        """
        self._check_open()
        await self._lock(kind, key)

    async def fence_table(self, table_id: int) -> None:
        """Refuse (`LeaseLost`) to store anything more for a table another process has claimed.

        A process cut off from its lease may not know yet that another took the
        table over; this check in the transaction that stores the change keeps it
        from writing anyway. On PostgreSQL it holds the table's row until the
        transaction ends, so a claim made meanwhile waits for it, then sees what it
        stored. SQLite has one process per file: nothing to check.
        """
        self._check_open()
        await self._fence(table_id)

    async def notify(self, channel: str, payload: str) -> None:
        """Tell every process listening on `channel` (`Store.listen`), once this transaction commits."""
        self._check_open()
        await self._notify(channel, payload)

    async def _execute(self, sql: str, params: Params) -> Result:
        raise NotImplementedError

    async def _executemany(self, sql: str, rows: Sequence[Params]) -> None:
        raise NotImplementedError

    async def _insert(self, sql: str, params: Params) -> int:
        raise NotImplementedError

    async def _fetchone(self, sql: str, params: Params) -> Row | None:
        raise NotImplementedError

    async def _fetchall(self, sql: str, params: Params) -> list[Row]:
        raise NotImplementedError

    async def _lock(self, kind: str, key: int) -> None:
        raise NotImplementedError

    async def _notify(self, channel: str, payload: str) -> None:
        raise NotImplementedError

    async def _fence(self, table_id: int) -> None:
        """One process per database (SQLite): every table is its own."""


class Store:
    """The bot's database. Open with `await Store.open(path_or_url)`; close with `await store.close()`.

    Writes go through `transaction()`; `fetchone`/`fetchall` read committed data.
    `claim_table` / `release_table` keep two processes from driving one table,
    `watch_leases` says when this process's hold on one is in doubt, back or gone;
    `listen` hears `Tx.notify` from every process sharing the database.
    """

    dialect: Dialect
    #: The file path or URL the store was opened with, fit to show (a URL's password left out).
    database: str
    #: What `read_database` / `read_in_thread` open to read this database beside the store.
    source: str

    #: The store class of each kind of database ("sqlite", "postgres"): a backend registers
    #: itself as it is defined (`class SqliteStore(Store, backend="sqlite")`); `bot.store` imports
    #: both, so `open` finds them without this module importing the modules that extend it.
    _backends: ClassVar[dict[str, type[Store]]] = {}

    def __init_subclass__(cls, *, backend: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if backend is not None:
            Store._backends[backend] = cls

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._owners: set[asyncio.Task[Any]] = set()  # tasks inside transaction()
        self._lease_watchers: list[LeaseWatcher] = []

    @classmethod
    async def open(
        cls,
        database: str | Path,
        *,
        clock: Clock | None = None,
        schema: int | None = None,
        pool_size: int = DEFAULT_POOL_SIZE,
    ) -> Store:
        """Open the database at a path (SQLite) or a `postgresql://` URL, migrated to the latest schema.

        StoreOpenError names the database and the problem when it cannot be used
        (damaged, someone else's, newer, unreachable, or in use by another process
        where that is refused). `schema` stops at an older version (tests check
        upgrades with it); `clock` returns an aware datetime that stamps every row.
        """
        backend = Store._backends["postgres" if is_postgres_url(database) else "sqlite"]
        return await backend.connect_to_database(
            database, clock=clock or (lambda: datetime.now(UTC)), schema=schema, pool_size=pool_size
        )

    @classmethod
    async def connect_to_database(
        cls, database: str | Path, *, clock: Clock, schema: int | None, pool_size: int
    ) -> Store:
        """Open this backend's database (`open` has chosen the backend)."""
        raise NotImplementedError(f"{cls.__name__} is not a backend")

    def now(self) -> str:
        """The current time as stored: ISO 8601 in UTC to the second."""
        return self._clock().astimezone(UTC).isoformat(timespec="seconds")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """BEGIN … COMMIT; any exception rolls everything back and propagates.

        Opening one inside another in the same task raises StoreError (pass the
        open Tx down instead): on SQLite it would deadlock, and on either backend
        the inner one would not see the outer one's writes.
        """
        task = asyncio.current_task()
        if task in self._owners:
            raise StoreError("nested transaction: pass the open Tx down instead")
        async with self._begin() as tx:
            if task is not None:
                self._owners.add(task)
            try:
                yield tx
            finally:
                if task is not None:
                    self._owners.discard(task)
                tx._open = False

    def _begin(self) -> AbstractAsyncContextManager[Tx]:
        """The backend's transaction block (an async context manager yielding its Tx)."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        raise NotImplementedError

    async def claim_table(self, table_id: int) -> bool:
        """Take the lease on a table for this process; False while another live process holds it."""
        raise NotImplementedError

    async def release_table(self, table_id: int) -> None:
        """Give up this process's lease on a table (it finished, or this process stops driving it)."""
        raise NotImplementedError

    async def listen(self, channel: str, listener: Listener) -> None:
        """Call `listener(payload)` for every `Tx.notify(channel, payload)` that commits."""
        raise NotImplementedError

    def watch_leases(self, watcher: LeaseWatcher) -> Callable[[], None]:
        """Tell `watcher` whenever a lease of this process is in doubt, taken back or lost;
        returns the call that stops telling it. SQLite never loses one."""
        self._lease_watchers.append(watcher)

        def stop() -> None:
            if watcher in self._lease_watchers:
                self._lease_watchers.remove(watcher)

        return stop

    def _tell(self, table_id: int, lease: Lease) -> None:
        """Tell the watchers on the next turn of the loop, in the order things happened."""
        loop = asyncio.get_running_loop()
        for watcher in list(self._lease_watchers):
            loop.call_soon(watcher, table_id, lease)


async def schema_version(db: Reader) -> int:
    """The migration number the database is at (0 for an empty database)."""
    exists = await db.fetchone(
        per_dialect(
            db,
            sqlite="SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
            postgres="SELECT to_regclass('schema_version')",
        )
    )
    if exists is None or exists[0] is None:
        return 0
    row = await db.fetchone("SELECT version FROM schema_version WHERE id = 1")
    return 0 if row is None else int(row[0])
