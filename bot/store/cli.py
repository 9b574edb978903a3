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
from .errors import StoreError
from .transfer import TargetNotEmpty, migrate_database, rows
from .urls import safe_url, scrub

DEFAULT_DATABASE = "data/pinochle.db"
#: Errors that mean "this database cannot be used" (exit status 2), not a bug: a file
#: missing, unreadable or damaged, a server unreachable, a login refused, a URL malformed.
UNUSABLE = (StoreError, sqlite3.Error, asyncpg.PostgresError, OSError)
DATABASE_HELP = (
    "a SQLite file or a postgresql:// URL (default: $DATABASE_URL, else $DATABASE_PATH,"
    " else data/pinochle.db)"
)


def default_database() -> str:
    """The database the bot would use: `DATABASE_URL`, else `DATABASE_PATH`, else the default file."""
    return (
        os.environ.get("DATABASE_URL", "").strip()
        or os.environ.get("DATABASE_PATH", "").strip()
        or DEFAULT_DATABASE
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Pinochle bot database tools. Exit status: 0 done, 1 the ledger has problems"
        " or the copy differs, 2 a database cannot be used (or the command line is wrong).",
    )
    groups = parser.add_subparsers(dest="group", required=True)
    ledger = groups.add_parser(
        "ledger", help="the chip ledger", description="Tools for the chip ledger."
    )
    commands = ledger.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check",
        help="verify every ledger transaction sums to zero and every cached balance",
        description="Verify the chip ledger: every transaction sums to zero and every cached"
        " balance equals the sum of its lines. Only reads: a running bot may keep using the"
        " database. Exit status 0 sound, 1 problems (each printed), 2 the database cannot"
        " be used.",
    )
    check.add_argument("--database", default=default_database(), help=DATABASE_HELP)
    migrate = groups.add_parser(
        "migrate-db",
        help="copy every table to another database and verify the copy",
        description="Copy a whole database (every table, ids kept) to another, typically a"
        " SQLite file to PostgreSQL, then verify the copy: row counts, the ledger, balances"
        " and standings. The source is checked (read only) before the target is opened or"
        " created, so an unusable source leaves the target untouched. Exit status 0 verified, 1 the copy differs,"
        " 2 a database cannot be used or the target already holds data.",
    )
    migrate.add_argument(
        "--from", dest="source", required=True, help="the database to copy: a SQLite file or URL"
    )
    migrate.add_argument(
        "--to",
        dest="target",
        required=True,
        help="the database to fill: a postgresql:// URL or a SQLite file (created if missing)",
    )
    migrate.add_argument(
        "--force",
        action="store_true",
        help="replace whatever the target holds (its rows are deleted first)",
    )
    backup = groups.add_parser(
        "backup",
        help="copy a SQLite database while the bot runs",
        description="An online copy of a SQLite database, consistent as of one moment, while"
        " the bot keeps running. The copy's folder is created if missing. PostgreSQL is"
        " backed up with pg_dump. Exit status 0 copied, 2 the database or the destination"
        " cannot be used.",
    )
    backup.add_argument("--database", default=default_database(), help=DATABASE_HELP)
    backup.add_argument(
        "--to", dest="destination", required=True, help="the new backup file (must not exist)"
    )
    return parser


def refusal(what: str, error: BaseException, *urls: str) -> str:
    """One line saying `what` could not be done and why, with no secret of any of the URLs."""
    problem = " ".join(str(error).split()) or type(error).__name__
    return scrub(f"{what}: {problem}", *urls)


def main(argv: list[str]) -> int:
    """Run a command. Exit status: 0 done (the ledger sound, the copy verified), 1 the ledger has
    problems or the copy differs (each printed), 2 a database cannot be used (missing,
    unreadable, damaged, not a Pinochle database, newer, unreachable, a login refused, a
    malformed URL; a non-empty target), printed as one line without any password.

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
        print(refusal("cannot check the ledger", error, args.database), file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if not problems:
        print(f"OK: the ledger in {safe_url(args.database)} balances")
    return 1 if problems else 0


def _migrate(source: str, target: str, *, force: bool) -> int:
    def progress(line: str) -> None:
        print(scrub(line, source, target))

    try:
        report = asyncio.run(migrate_database(source, target, force=force, progress=progress))
    except TargetNotEmpty as error:
        print(refusal("refused", error, source, target), file=sys.stderr)
        return 2
    except UNUSABLE as error:
        print(refusal("cannot copy the database", error, source, target), file=sys.stderr)
        return 2
    for problem in report.problems:
        print(scrub(f"DIFFERS: {problem}", source, target))
    if report.problems:
        return 1
    print(
        f"OK: {rows(sum(report.rows.values()))} copied from {safe_url(source)} to"
        f" {safe_url(target)}; row counts, ledger check, balances and standings agree"
    )
    return 0


def _backup(database: str, destination: str) -> int:
    try:
        pages = asyncio.run(backup_database(database, destination))
    except UNUSABLE as error:
        print(refusal("cannot back up", error, database), file=sys.stderr)
        return 2
    print(f"OK: {safe_url(database)} copied to {destination} ({pages} pages)")
    return 0
