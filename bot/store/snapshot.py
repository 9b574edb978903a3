"""Reading a database without writing a byte: `ledger check` and the CSV exports.

On PostgreSQL (a `postgresql://` URL) the read is one READ ONLY, REPEATABLE
READ transaction on a connection of its own. On SQLite:

A read-only connection (`mode=ro`) on a WAL database still creates the
`-wal` and `-shm` files when they are missing. So when no `-wal` exists — no
bot has the file open, and everything is in the main file — the file is read
as `immutable`, which touches nothing; if a bot opens it meanwhile (the file
or its journal changed), the read is made again through the journal, as a
reader beside a running bot always reads.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import aiosqlite

from .db import Reader, Row
from .errors import StoreOpenError
from .health import check_access, check_database, explain
from .postgres import read_postgres
from .sql import Dialect, Params, is_postgres_url
from .sqlite import connect

T = TypeVar("T")
Job = Callable[[Reader], Awaitable[T]]


class Snapshot:
    """A `Reader` over a connection of its own that cannot write."""

    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self._conn.execute(sql, params) as cursor:
            row: sqlite3.Row | None = await cursor.fetchone()
            return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())


def _is_file(path: Path) -> bool:
    return path.is_file()


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _stamp(path: Path) -> tuple[int, int, bool]:
    status = path.stat()
    return status.st_mtime_ns, status.st_size, _wal(path).exists()


def _read_only_uri(path: Path, *, immutable: bool) -> str:
    return path.absolute().as_uri() + "?mode=ro" + ("&immutable=1" if immutable else "")


async def _read(path: Path, job: Job[T], *, immutable: bool, integrity: str | None) -> T:
    uri = _read_only_uri(path, immutable=immutable)
    try:
        conn = await connect(uri, read_only=True, uri=True)
    except (sqlite3.Error, OSError) as error:
        raise explain(path, error) from error
    try:
        if integrity is not None:
            try:
                await check_database(conn, path, integrity=integrity)
            except (sqlite3.Error, OSError) as error:
                raise explain(path, error) from error
        return await job(Snapshot(conn))
    finally:
        await conn.close()


async def read_database(database: str | Path, job: Job[T], *, integrity: str | None = None) -> T:
    """`await job(snapshot)` on the database at a path or URL, read-only; never creates or changes a file.

    `integrity` ("quick_check" or "integrity_check") first checks that the file
    is a sound Pinochle database of a schema this release knows (on PostgreSQL:
    ours, and not newer). StoreOpenError names the database and the problem
    (missing, unreadable, damaged, foreign, newer, unreachable).
    """
    if is_postgres_url(database):
        return await read_postgres(str(database), job, check=integrity is not None)
    path = Path(database)
    if not _is_file(path):
        raise StoreOpenError(f"no database at {path}")
    check_access(path, write=False)
    before = _stamp(path)
    immutable = not before[2]
    result = await _read(path, job, immutable=immutable, integrity=integrity)
    if immutable and _stamp(path) != before:
        result = await _read(path, job, immutable=False, integrity=integrity)
    return result


async def read_in_thread(path: str | Path, job: Job[T]) -> T:
    """`read_database` in a worker thread with its own event loop: a long read never stalls the caller's loop."""
    return await asyncio.to_thread(asyncio.run, read_database(path, job))
