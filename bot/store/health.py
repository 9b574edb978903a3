"""Whether a file can serve as the bot's database, and if not, why — in one line naming the file.

A damaged, foreign, read-only or newer database must stop the
bot (and `ledger check`) at once with a message an operator can act on, never
hang it or quietly write a new schema into someone else's file.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

from .errors import StoreOpenError
from .migrations import MIGRATIONS

#: How many problems of `PRAGMA quick_check` / `integrity_check` a message quotes.
QUOTED_PROBLEMS = 3


def check_access(path: Path, *, write: bool) -> None:
    """Refuse a database the process may not read (or, for a writer, write), and a writer's read-only folder."""
    folder = path.parent
    if write and not os.access(folder, os.W_OK | os.X_OK):
        raise StoreOpenError(
            f"the folder {folder} is read-only: the bot keeps its lock and journal files"
            f" ({path.name}.lock, -wal, -shm) beside {path.name}"
        )
    if not path.exists():
        return
    if not os.access(path, os.R_OK):
        raise StoreOpenError(f"{path} cannot be read (permission denied)")
    if write and not os.access(path, os.W_OK):
        raise StoreOpenError(f"{path} is read-only: the bot needs to write to its database")


def explain(path: Path, error: BaseException) -> StoreOpenError:
    """A SQLite or operating-system error met while opening `path`, as one clear sentence."""
    if isinstance(error, StoreOpenError):
        return error
    said = str(error)
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return StoreOpenError(f"{path} is not a SQLite database (damaged, or another kind of file)")
    if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_IOERR_SHORT_READ":
        return StoreOpenError(f"{path} is damaged (SQLite: {said}); restore it from a backup")
    if name.startswith("SQLITE_IOERR"):
        return StoreOpenError(f"cannot read or write {path} (SQLite: {said}, {name})")
    if name.startswith("SQLITE_READONLY"):
        return StoreOpenError(f"{path} is read-only: the bot needs to write to its database")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreOpenError(f"{path} is locked by another process (SQLite: {said})")
    if isinstance(error, OSError):
        return StoreOpenError(f"cannot use {path}: {error.strerror or said}")
    return StoreOpenError(f"cannot use {path} (SQLite: {said})")


def _not_pinochle(path: Path, tables: set[str]) -> StoreOpenError:
    if tables:
        shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
        why = f"it holds other tables ({shown})"
    elif path.stat().st_size == 0:
        why = "the file is empty (delete it, and the bot makes a new database there)"
    else:
        why = "it holds no tables"
    return StoreOpenError(f"{path} is not a Pinochle database: {why}")


async def check_database(
    conn: aiosqlite.Connection, path: Path, *, integrity: str = "quick_check"
) -> int:
    """The schema version of a sound Pinochle database; StoreOpenError for anything else.

    `integrity` is the SQLite check to run: `quick_check` (the b-trees, fast
    enough for every start) or `integrity_check` (indexes too, for `ledger check`).
    """
    async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
        tables = {row[0] for row in await cursor.fetchall()}
    if "schema_version" not in tables:
        raise _not_pinochle(path, tables)
    try:
        async with conn.execute("SELECT version FROM schema_version WHERE id = 1") as cursor:
            row = await cursor.fetchone()
    except sqlite3.OperationalError:  # someone else's table of that name
        raise _not_pinochle(path, tables) from None
    if row is None or not isinstance(row[0], int):
        raise _not_pinochle(path, tables)
    version = row[0]
    if version > len(MIGRATIONS):
        raise StoreOpenError(
            f"{path} has schema version {version}, newer than this release knows"
            f" ({len(MIGRATIONS)}): upgrade the bot"
        )
    async with conn.execute(f"PRAGMA {integrity}({QUOTED_PROBLEMS})") as cursor:
        found = [str(row[0]) for row in await cursor.fetchall()]
    if found != ["ok"]:
        raise StoreOpenError(f"{path} is damaged ({'; '.join(found)}); restore it from a backup")
    return version
