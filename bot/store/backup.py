"""`backup`: a consistent copy of a SQLite database while the bot keeps running (SQLite's online backup).

The copy is made page by page through SQLite's backup API on a read-only
connection, so the bot's writes go on meanwhile and the copy is the database
as of one moment. It is written beside its destination and moved into place
whole, so a failed backup never leaves a half file under the name asked for.
A destination folder that does not exist yet is created (once the source is
known to be there); a refusal names the side at fault, the source or the copy.
PostgreSQL is backed up with its own tools (`pg_dump`), which this refuses
with that advice.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

from .errors import StoreOpenError
from .sql import is_postgres_url
from .urls import safe_url


def _open_source(source: Path) -> sqlite3.Connection:
    """A read-only connection to the database to copy; StoreOpenError naming it if unreadable."""
    if not source.is_file():
        raise StoreOpenError(f"no database at {source}")
    reader = sqlite3.connect(source.absolute().as_uri() + "?mode=ro", uri=True)
    try:
        reader.execute("SELECT 1 FROM sqlite_master LIMIT 1")
    except sqlite3.Error as error:
        reader.close()
        raise StoreOpenError(f"cannot read {source}: {error}") from None
    return reader


def _open_copy(destination: Path) -> tuple[Path, sqlite3.Connection]:
    """The partial file beside `destination` (its folder created); StoreOpenError naming it."""
    if destination.exists():
        raise StoreOpenError(f"{destination} already exists: choose a new name for the backup")
    partial = destination.with_name(destination.name + ".partial")
    try:
        destination.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        return partial, sqlite3.connect(partial)
    except FileExistsError:  # mkdir found a file where the folder should be
        raise StoreOpenError(
            f"cannot write the backup {destination}: {destination.parent} is a file, not a folder"
        ) from None
    except (sqlite3.Error, OSError) as error:
        problem = error.strerror if isinstance(error, OSError) else error
        raise StoreOpenError(f"cannot write the backup {destination}: {problem}") from None


def _backup(source: Path, destination: Path) -> int:
    reader = _open_source(source)
    try:
        partial, writer = _open_copy(destination)
        try:
            # One step, one read transaction: in WAL mode the bot writes on meanwhile, and the
            # copy is that moment's snapshot (copied in steps, each write restarts the copy).
            reader.backup(writer, pages=-1)
            pages = int(writer.execute("PRAGMA page_count").fetchone()[0])
        finally:
            writer.close()
    finally:
        reader.close()
    os.replace(partial, destination)
    return pages


async def backup_database(database: str, destination: str | Path) -> int:
    """Copy the SQLite database at `database` to `destination` (which must not exist); pages copied."""
    if is_postgres_url(database):
        raise StoreOpenError(
            f"{safe_url(database)} is a PostgreSQL database: back it up with"
            " pg_dump --format=custom --file=pinochle.dump (restore with pg_restore)"
        )
    try:
        return await asyncio.to_thread(_backup, Path(database), Path(destination))
    except (sqlite3.Error, OSError) as error:
        raise StoreOpenError(f"cannot back up {database} to {destination}: {error}") from None
