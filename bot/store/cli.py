"""`ledger check [--database PATH]`: the store's command line, wired in as `python -m bot ledger …`."""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys

import asyncpg

from .audit import ledger_check
from .errors import StoreOpenError
from .postgres import safe_url

DEFAULT_DATABASE = "data/pinochle.db"


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
    ledger = groups.add_parser("ledger", help="the chip ledger")
    commands = ledger.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check", help="verify every ledger transaction sums to zero and every cached balance"
    )
    check.add_argument(
        "--database",
        default=default_database(),
        help="SQLite file or postgresql:// URL (default: $DATABASE_URL, else $DATABASE_PATH,"
        " else data/pinochle.db)",
    )
    return parser


def main(argv: list[str]) -> int:
    """Run a command; the exit status is 0 when the ledger is sound, 1 when it is not, 2 when the
    database cannot be checked (missing, unreadable, damaged, not a Pinochle database, newer).

    The database is only read (bot.store.snapshot): nothing is migrated or
    written, and a running bot may keep using it meanwhile. Usage errors and
    --help return argparse's status (2 and 0) instead of exiting.
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    try:
        problems = asyncio.run(ledger_check(args.database))
    except (
        StoreOpenError,
        sqlite3.Error,
        asyncpg.PostgresError,
    ) as error:  # a database error: a schema older than the ledger
        print(f"cannot check the ledger: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if not problems:
        print(f"OK: the ledger in {safe_url(args.database)} balances")
    return 1 if problems else 0
