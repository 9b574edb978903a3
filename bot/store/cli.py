"""The store's command line, wired in as `python -m bot ledger check | migrate-db | backup`.

    ledger check [--database X]                  verify the chip ledger (read only)
    migrate-db --from X --to Y [--force]         copy a whole database, then verify the copy
    backup [--database X] --to FILE              an online copy of a SQLite database

X and Y are a SQLite file or a `postgresql://` URL; `--database` defaults to
`DATABASE_URL`, else `DATABASE_PATH`, else data/pinochle.db.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys

import asyncpg

from .audit import ledger_check
from .backup import backup_database
from .errors import StoreError, StoreOpenError
from .postgres import safe_url
from .transfer import TargetNotEmpty, migrate_database

DEFAULT_DATABASE = "data/pinochle.db"
#: Errors that mean "this database cannot be used" (exit status 2), not a bug.
UNUSABLE = (StoreOpenError, sqlite3.Error, asyncpg.PostgresError)


def default_database() -> str:
    """The database the bot would use: `DATABASE_URL`, else `DATABASE_PATH`, else the default file."""
    return (
        os.environ.get("DATABASE_URL", "").strip()
        or os.environ.get("DATABASE_PATH", "").strip()
        or DEFAULT_DATABASE
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Pinochle bot database tools"
    )
    groups = parser.add_subparsers(dest="group", required=True)
    ledger = groups.add_parser("ledger", help="the chip ledger", description="Chip ledger tools.")
    commands = ledger.add_subparsers(dest="command", required=True)
    what = "verify every ledger transaction sums to zero and every cached balance"
    check = commands.add_parser(
        "check",
        help=what,
        description="Verify that every chip transaction sums to zero and every cached balance"
        " matches its entries; only reads. Exit 0 sound, 1 problems (each printed), 2 the"
        " database cannot be checked.",
    )
    database_help = (
        "SQLite file or postgresql:// URL (default: $DATABASE_URL, else $DATABASE_PATH,"
        " else data/pinochle.db)"
    )
    check.add_argument("--database", default=default_database(), help=database_help)
    what = "copy every table to another database and verify the copy"
    migrate = groups.add_parser(
        "migrate-db",
        help=what,
        description="Copy every table to another database (SQLite to PostgreSQL, or back) with"
        " the same ids, and verify the copy. Stop the bot first. Exit 0 the copy agrees, 1 it"
        " differs (each difference printed), 2 a database cannot be used.",
    )
    migrate.add_argument("--from", dest="source", required=True, help="SQLite file or URL")
    migrate.add_argument("--to", dest="target", required=True, help="postgresql:// URL or file")
    migrate.add_argument(
        "--force", action="store_true", help="replace whatever the target holds (deleted first)"
    )
    what = "copy a SQLite database while the bot runs"
    backup = groups.add_parser(
        "backup",
        help=what,
        description="Copy a SQLite database while the bot runs (SQLite's online backup): the"
        " copy is the database of one moment, moved into place whole.",
    )
    backup.add_argument("--database", default=default_database(), help=database_help)
    backup.add_argument("--to", dest="destination", required=True, help="the new backup file")
    return parser


def main(argv: list[str]) -> int:
    """Run a command. Exit status: 0 done (the ledger sound, the copy verified), 1 the ledger has
    problems or the copy differs (each printed), 2 a database cannot be used (missing,
    unreadable, damaged, not a Pinochle database, newer, unreachable; a non-empty target).

    `ledger check` only reads (bot.store.snapshot): nothing is migrated or
    written, and a running bot may keep using the database meanwhile. Usage
    errors and --help return argparse's status (2 and 0) instead of exiting.
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    if args.group == "migrate-db":
        return _migrate(args.source, args.target, force=args.force)
    if args.group == "backup":
        return _backup(args.database, args.destination)
    try:
        problems = asyncio.run(ledger_check(args.database))
    except UNUSABLE as error:
        print(f"cannot check the ledger: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if not problems:
        print(f"OK: the ledger in {safe_url(args.database)} balances")
    return 1 if problems else 0


def _migrate(source: str, target: str, *, force: bool) -> int:
    try:
        report = asyncio.run(migrate_database(source, target, force=force, progress=print))
    except TargetNotEmpty as error:
        print(f"refused: {error}", file=sys.stderr)
        return 2
    except (*UNUSABLE, StoreError) as error:
        print(f"cannot copy the database: {error}", file=sys.stderr)
        return 2
    for problem in report.problems:
        print(f"DIFFERS: {problem}")
    if report.problems:
        return 1
    print(
        f"OK: {sum(report.rows.values())} rows copied from {safe_url(source)} to"
        f" {safe_url(target)}; row counts, ledger check, balances and standings agree"
    )
    return 0


def _backup(database: str, destination: str) -> int:
    try:
        pages = asyncio.run(backup_database(database, destination))
    except StoreOpenError as error:
        print(f"cannot back up: {error}", file=sys.stderr)
        return 2
    print(f"OK: {database} copied to {destination} ({pages} pages)")
    return 0
