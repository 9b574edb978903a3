"""The PostgreSQL backend (asyncpg): a bounded pool of connections shared by several bot processes.

Transactions run at READ COMMITTED on a pooled connection, many at once.
Money and ratings are read-modify-write per guild, so those transactions first
take `Tx.lock` (a transaction-scoped advisory lock): two processes, or two
tables of one process, moving one guild's chips take turns. Idempotent
settlement stays a unique key (`ON CONFLICT DO NOTHING`).

One more connection per process, opened when first needed, holds the
process's table leases (session advisory locks, which PostgreSQL drops when
the process or its connection dies, so a dead holder's tables are free to
take over) and listens for notifications (LISTEN/NOTIFY).

A lease alone cannot keep a process that lost it from writing: it may not
know yet. So a claim also names the claiming process in the table's row
(`tables.lease`, waiting for any transaction still storing into the table),
and `Tx.fence_table` — in every transaction that stores an action or changes a
table's status — refuses when another process is named there (`LeaseLost`),
holding the row until it commits. Whatever the timing, one table's actions come
from one process at a time, and a new holder reads everything its predecessor stored.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import asyncpg

from .db import Clock, Lease, Listener, Result, Row, Store, Tx
from .errors import IntegrityError, LeaseLost, StoreError, StoreOpenError, StoreUnreachable
from .migrations import MIGRATIONS
from .pg_migrations import PG_MIGRATIONS
from .sql import Dialect, Params, to_numbered
from .urls import safe_url, scrub

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Seconds to wait for the server when connecting.
CONNECT_TIMEOUT: Final = 10.0
#: Seconds between attempts to open the lease connection again after it was lost (doubling).
RECONNECT_FIRST: Final = 0.5
RECONNECT_LONGEST: Final = 30.0
#: The advisory lock that lets one process at a time migrate the database.
_MIGRATE_KEY: Final = "pinochle:migrate"
_KEY_COLUMNS = re.compile(r"Key \(([^)]*)\)")
#: What a lost connection to the server raises.
_UNREACHABLE = (StoreOpenError, asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


def integrity_error(error: asyncpg.IntegrityConstraintViolationError) -> IntegrityError:
    """PostgreSQL's constraint error as the store's, its columns named like SQLite's ("seats.user_id")."""
    table = getattr(error, "table_name", None) or ""
    match = _KEY_COLUMNS.search(getattr(error, "detail", None) or "")
    columns = [] if match is None else [c.strip() for c in match.group(1).split(",")]
    return IntegrityError(str(error), frozenset(f"{table}.{c}" for c in columns))


def _rowcount(status: str) -> int:
    """The row count at the end of a command status ("INSERT 0 1", "UPDATE 3")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _lock_key(kind: str, key: int) -> str:
    return f"pinochle:{kind}:{key}"


async def _guarded(call: Awaitable[T]) -> T:
    try:
        return await call
    except asyncpg.IntegrityConstraintViolationError as error:
        raise integrity_error(error) from error


class PostgresTx(Tx):
    dialect: Dialect = "postgres"

    def __init__(
        self, conn: asyncpg.Connection, now: str, holder: str, lost: Callable[[int], None]
    ) -> None:
        super().__init__(now)
        self._conn = conn
        self._holder = holder
        self._lost = lost

    async def _execute(self, sql: str, params: Params) -> Result:
        text, args = to_numbered(sql, params)
        status = await _guarded(self._conn.execute(text, *args))
        return Result(None, _rowcount(status))

    async def _executemany(self, sql: str, rows: Sequence[Params]) -> None:
        if not rows:
            return
        text = to_numbered(sql, rows[0])[0]
        await _guarded(self._conn.executemany(text, [to_numbered(sql, row)[1] for row in rows]))

    async def _insert(self, sql: str, params: Params) -> int:
        text, args = to_numbered(sql + " RETURNING id", params)
        return int(await _guarded(self._conn.fetchval(text, *args)))

    async def _fetchone(self, sql: str, params: Params) -> Row | None:
        text, args = to_numbered(sql, params)
        row: Row | None = await _guarded(self._conn.fetchrow(text, *args))
        return row

    async def _fetchall(self, sql: str, params: Params) -> list[Row]:
        text, args = to_numbered(sql, params)
        return list(await _guarded(self._conn.fetch(text, *args)))

    def _savepoint(self) -> AbstractAsyncContextManager[None]:
        return cast(AbstractAsyncContextManager[None], self._conn.transaction())

    async def _lock(self, kind: str, key: int) -> None:
        await self._conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", _lock_key(kind, key)
        )

    async def _notify(self, channel: str, payload: str) -> None:
        await self._conn.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def _fence(self, table_id: int) -> None:
        """The row stays locked until commit: a claim waits for this transaction, then sees it.

        A table no process has claimed (no `lease` named) is anyone's to write.
        """
        holder = await self._conn.fetchval(
            "SELECT lease FROM tables WHERE id = $1 FOR KEY SHARE", table_id
        )
        if holder is not None and holder != self._holder:
            self._lost(table_id)
            raise LeaseLost(table_id)


class PostgresReader:
    """A `Reader` over one connection (a read-only snapshot, or the store's pool)."""

    dialect: Dialect = "postgres"

    def __init__(self, conn: asyncpg.Connection | asyncpg.Pool) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        text, args = to_numbered(sql, params)
        row: Row | None = await self._conn.fetchrow(text, *args)
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        text, args = to_numbered(sql, params)
        return list(await self._conn.fetch(text, *args))


async def _tables(conn: asyncpg.Connection) -> set[str]:
    rows = await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    return {row[0] for row in rows}


async def check_schema(conn: asyncpg.Connection, where: str, *, empty_ok: bool) -> int:
    """The schema version of a Pinochle database (0 if empty and `empty_ok`); StoreOpenError otherwise."""
    if len(PG_MIGRATIONS) != len(MIGRATIONS):
        raise StoreError(
            f"{len(MIGRATIONS)} SQLite migrations but {len(PG_MIGRATIONS)} PostgreSQL ones:"
            " every migration needs its PostgreSQL text in bot/store/pg_migrations.py"
        )
    tables = await _tables(conn)
    if "schema_version" not in tables:
        if tables or not empty_ok:
            shown = ", ".join(sorted(tables)[:5]) or "no tables"
            raise StoreOpenError(f"{where} is not a Pinochle database: it holds {shown}")
        return 0
    version = await conn.fetchval("SELECT version FROM schema_version WHERE id = 1")
    if not isinstance(version, int):
        raise StoreOpenError(f"{where} is not a Pinochle database: its schema_version is empty")
    if version > len(PG_MIGRATIONS):
        raise StoreOpenError(
            f"{where} has schema version {version}, newer than this release knows"
            f" ({len(PG_MIGRATIONS)}): upgrade the bot"
        )
    return version


async def migrate(conn: asyncpg.Connection, target: int) -> None:
    """Apply PG_MIGRATIONS up to `target`, each with its version bump in one transaction.

    An advisory lock makes processes starting at once migrate one after another,
    and each re-reads the version, so every step is applied exactly once.
    """
    while True:
        async with conn.transaction():
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", _MIGRATE_KEY
            )
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version"
                " (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)"
            )
            await conn.execute(
                "INSERT INTO schema_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING"
            )
            current = int(await conn.fetchval("SELECT version FROM schema_version"))
            if current >= target:
                return
            await conn.execute(PG_MIGRATIONS[current])
            await conn.execute("UPDATE schema_version SET version = $1", current + 1)


#: What asyncpg raises for a server it cannot reach or log in to, or a URL it cannot read
#: (a port out of range is an OverflowError).
_CANNOT_CONNECT: Final = (
    TimeoutError,
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    ValueError,
    OverflowError,
)


def cannot_connect(url: str, error: BaseException) -> StoreOpenError:
    """The refusal naming the server (never its password) and what went wrong, in one line;
    `StoreUnreachable` when the server did not answer (a login refused or a URL that cannot be
    read will not mend by itself, a network may)."""
    problem = " ".join(str(error).split()) or type(error).__name__
    message = scrub(f"cannot connect to {safe_url(url)}: {problem}", url)
    if isinstance(error, OSError | TimeoutError):
        return StoreUnreachable(message)
    return StoreOpenError(message)


async def connect_to(url: str) -> asyncpg.Connection:
    """One connection; StoreOpenError naming the server (without its password) when it cannot be had."""
    try:
        return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except _CANNOT_CONNECT as error:
        raise cannot_connect(url, error) from None


async def _pool(url: str, size: int, *, read_only: bool = False) -> asyncpg.Pool:
    """At most `size` connections; a reading pool's connections refuse every write."""
    settings = {"default_transaction_read_only": "on"} if read_only else {}
    try:
        pool: asyncpg.Pool = await asyncpg.create_pool(
            url, min_size=1, max_size=size, timeout=CONNECT_TIMEOUT, server_settings=settings
        )
    except _CANNOT_CONNECT as error:
        raise cannot_connect(url, error) from None
    return pool


class PostgresStore(Store, backend="postgres"):
    """A PostgreSQL database that several bot processes share.

    Two bounded pools: one for transactions, one whose connections are read-only
    for `fetchone`/`fetchall` (which, as on SQLite, see committed data only).
    """

    dialect: Dialect = "postgres"

    def __init__(self, url: str, pool: asyncpg.Pool, readers: asyncpg.Pool, clock: Clock) -> None:
        super().__init__(clock)
        self.url = url
        self.database = safe_url(url)
        self.source = url
        self._pool = pool
        self._readers = readers
        self._reader = PostgresReader(readers)
        self._session: asyncpg.Connection | None = None
        self._session_lock = asyncio.Lock()
        self._leases: set[int] = set()
        #: This store's name in the rows of the tables it claims (`Tx.fence_table`).
        self._holder = secrets.token_hex(8)
        #: Leases lost with their connection, to take back (`_retake`).
        self._retaking: set[int] = set()
        self._retaker: asyncio.Task[None] | None = None
        self._listening: dict[str, list[Listener]] = {}
        self._deliveries: set[asyncio.Task[None]] = set()
        self._closed = False

    @classmethod
    async def connect_to_database(
        cls, database: str | Path, *, clock: Clock, schema: int | None, pool_size: int
    ) -> PostgresStore:
        return await cls.connect(str(database), clock=clock, schema=schema, pool_size=pool_size)

    @classmethod
    async def connect(
        cls, url: str, *, clock: Clock, schema: int | None, pool_size: int
    ) -> PostgresStore:
        """Connect, refuse a database that is not (or not yet) ours, migrate, and open the pool."""
        target = len(PG_MIGRATIONS) if schema is None else schema
        conn = await connect_to(url)
        try:
            await check_schema(conn, safe_url(url), empty_ok=True)
            await migrate(conn, target)
        finally:
            await conn.close()
        pool = await _pool(url, pool_size)
        try:
            readers = await _pool(url, pool_size, read_only=True)
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool, readers, clock)

    async def close(self) -> None:
        """Close the pool (waiting for running transactions) and the lease connection; idempotent.

        Closing the lease connection gives up every table this process held.
        """
        if self._closed:
            return
        self._closed = True
        if self._retaker is not None:
            self._retaker.cancel()
        async with self._session_lock:
            if self._session is not None:
                await self._session.close()
                self._session = None
            self._leases.clear()
            self._retaking.clear()
        for task in list(self._deliveries):
            task.cancel()
        await self._readers.close()
        await self._pool.close()

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn:
            async with conn.transaction():
                yield PostgresTx(conn, self.now(), self._holder, self._lost_to_another)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._reader.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._reader.fetchall(sql, params)

    async def _session_conn(self) -> asyncpg.Connection:
        """The process's own connection for leases and LISTEN, opened on first use (the caller
        holds `_session_lock`)."""
        if self._session is not None and self._session.is_closed():
            self._session_lost(self._session)  # before asyncpg gets round to saying so
        if self._session is None:
            session = await connect_to(self.url)
            session.add_termination_listener(self._session_lost)
            self._session = session
            for channel in self._listening:
                await session.add_listener(channel, self._deliver)
        return self._session

    def _session_lost(self, conn: asyncpg.Connection) -> None:
        """The lease connection ended while this process lives on.

        Its leases are in doubt at once (the watchers hear SUSPENDED: another
        process may take a table any moment now), and `_retake` connects again,
        listens again and takes back what it can.
        """
        if self._closed or conn is not self._session:
            return
        self._session = None
        lost, self._leases = self._leases, set()
        self._retaking |= lost
        for table_id in sorted(lost):
            self._tell(table_id, Lease.SUSPENDED)
        if self._retaker is None or self._retaker.done():
            self._retaker = asyncio.get_running_loop().create_task(self._retake())

    async def _retake(self) -> None:
        """Connect again and claim each lease lost with the old connection; each table's watchers
        hear HELD or LOST. While the server cannot be reached, try again (doubling waits)."""
        delay = RECONNECT_FIRST
        while not self._closed:
            try:
                async with self._session_lock:
                    await self._session_conn()
                while self._retaking:
                    table_id = min(self._retaking)
                    held = await self.claim_table(table_id)
                    if table_id not in self._retaking:  # given up meanwhile (`release_table`)
                        if held:
                            await self.release_table(table_id)
                        continue
                    self._retaking.discard(table_id)
                    self._tell(table_id, Lease.HELD if held else Lease.LOST)
                if self._session is not None:
                    return
            except _UNREACHABLE as error:
                log.warning("cannot take the table leases back (%s); trying in %s s", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RECONNECT_LONGEST)

    def _lost_to_another(self, table_id: int) -> None:
        """A transaction found the table claimed by another process (`Tx.fence_table`): if this
        one held it, or meant to take it back, its watchers hear it is lost (once)."""
        if table_id in self._leases or table_id in self._retaking:
            self._leases.discard(table_id)
            self._retaking.discard(table_id)
            self._tell(table_id, Lease.LOST)

    async def claim_table(self, table_id: int) -> bool:
        async with self._session_lock:
            conn = await self._session_conn()
            if table_id in self._leases:
                return True
            taken = bool(
                await conn.fetchval(
                    "SELECT pg_try_advisory_lock(hashtextextended($1, 0))",
                    _lock_key("table", table_id),
                )
            )
            if taken:
                await self._name_holder(conn, table_id)
                self._leases.add(table_id)
            return taken

    async def _name_holder(self, conn: asyncpg.Connection, table_id: int) -> None:
        """Name this process in the table's row (`Tx.fence_table` checks it), once every
        transaction of an earlier holder still storing into the table has ended."""
        async with conn.transaction():
            await conn.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", table_id)
            await conn.execute(
                "UPDATE tables SET lease = $2 WHERE id = $1",
                table_id,
                self._holder,
            )

    async def release_table(self, table_id: int) -> None:
        self._retaking.discard(table_id)
        async with self._session_lock:
            if table_id not in self._leases or self._session is None:
                return
            self._leases.discard(table_id)
            try:
                await self._session.execute(
                    "SELECT pg_advisory_unlock(hashtextextended($1, 0))",
                    _lock_key("table", table_id),
                )
            except _UNREACHABLE:
                pass  # the connection is gone, and every lease with it

    async def listen(self, channel: str, listener: Listener) -> None:
        async with self._session_lock:
            conn = await self._session_conn()
            if channel not in self._listening:
                await conn.add_listener(channel, self._deliver)
            self._listening.setdefault(channel, []).append(listener)

    def _deliver(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        for listener in self._listening.get(channel, ()):
            task = asyncio.create_task(self._run_listener(listener, payload))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)

    @staticmethod
    async def _run_listener(listener: Callable[[str], Awaitable[None]], payload: str) -> None:
        try:
            await listener(payload)
        except Exception:
            log.exception("a listener failed on notification %r", payload)


async def read_postgres(url: str, job: Callable[[Any], Awaitable[T]], *, check: bool) -> T:
    """`await job(reader)` in one READ ONLY, REPEATABLE READ transaction on a connection of its own."""
    conn = await connect_to(url)
    try:
        if check:
            await check_schema(conn, safe_url(url), empty_ok=False)
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            return await job(PostgresReader(conn))
    finally:
        await conn.close()
