"""Reading a database without writing a byte: `ledger check` and the CSV exports.

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

from .db import Params, connect
from .errors import StoreOpenError
from .health import check_access, check_database, explain

T = TypeVar("T")
Job = Callable[["Snapshot"], Awaitable[T]]


class Snapshot:
    """A `Reader` over a connection of its own that cannot write."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        async with self._conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())


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


async def read_database(path: str | Path, job: Job[T], *, integrity: str | None = None) -> T:
    """`await job(snapshot)` on the database at `path`, opened read-only; never creates or changes a file.

    `integrity` ("quick_check" or "integrity_check") first checks that the file
    is a sound Pinochle database of a schema this release knows. StoreOpenError
    names the file and the problem (missing, unreadable, damaged, foreign, newer).
    """
    path = Path(path)
    if not path.is_file():
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
