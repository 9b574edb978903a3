"""`python -m bot record export --game ID [--database PATH|URL]` and `record replay FILE`.

Export writes a stored game's text record (bot.game.record) to standard output,
from the database the bot uses (its settings: DATABASE_URL, else DATABASE_PATH,
from the environment or `.env`), SQLite or PostgreSQL; replay reads a record
back and checks it against the engine. Exit status: 0 the record is sound, 1 the
engine disagrees with it (or there is no such game), 2 it cannot be read (no
database, a damaged file, an unreachable server, a bad URL or setting, not a
game record). It reads the store, so it lives above the engine;
`python -m bot.game record …`, its older spelling, hands over to it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.config import config_for_a_process
from bot.game.record import MAX_RECORD_CHARS, GameRecord, RecordError
from bot.store import StoreOpenError, game_log, read_database
from bot.store.urls import safe_url
from bot.store.visibility import hidden, played

#: Table ids are below this (SQLite's INTEGER, PostgreSQL's BIGINT): a larger one names no game.
ID_LIMIT = 2**63


def parser() -> argparse.ArgumentParser:
    record = argparse.ArgumentParser(
        prog="python -m bot record",
        description="A finished game's text record (hands as dealt, auction, melds, tricks,"
        " scores): export it from a database, or read one back and check it against the engine.",
    )
    commands = record.add_subparsers(dest="record_command", required=True)
    export = commands.add_parser(
        "export",
        help="print a stored game's text record",
        description="Print a stored game's text record; the database is only read. Exit 1 if"
        " there is no such game, 2 if the database cannot be read.",
    )
    export.add_argument("--game", type=int, required=True, help="the game's id (its table's id)")
    export.add_argument(
        "--database",
        default=None,
        help="the SQLite file or PostgreSQL URL, only read (default: DATABASE_URL, else"
        " DATABASE_PATH, from the environment or .env, as the bot reads them)",
    )
    replay = commands.add_parser(
        "replay",
        help="read a text record and check it against the engine",
        description="Read a text record, replay it through the engine and print every line the"
        " engine would write otherwise. Exit 0 if they agree, 1 if not, 2 if unreadable.",
    )
    replay.add_argument("file", type=Path, help="a text record, as `record export` writes it")
    return record


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.record_command == "export":
        settings = config_for_a_process()  # .env read as the bot reads it
        if settings is None:  # a malformed setting, said in one line
            return 2
        return export(args.game, args.database or settings.database)
    return replay(args.file)


def export(game_id: int, database: str) -> int:
    """Print the record of the deals played to their end; never a seed still secret: not while
    another open table holds the game's cards (a duplicate round), nor a game in play dealt from
    its seed alone (made before fair dealing: its seed is every deal's)."""

    async def read(db: Any) -> tuple[Any, Any]:
        if not 0 < game_id < ID_LIMIT:  # no table has it (and the driver could not send it)
            return None, None
        return await game_log(db, game_id), await hidden(db, game_id)

    try:
        # quick_check: a file that is no Pinochle database is refused, not a traceback.
        log, why = asyncio.run(read_database(database, read, integrity="quick_check"))
    except StoreOpenError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if (
        log is None
        or log.seed is None
        or log.status == "lobby"
        or (log.status == "cancelled" and not log.actions)  # cancelled before it started
    ):
        print(f"error: no game {game_id} in {safe_url(database)}", file=sys.stderr)
        return 1
    if why is not None or (log.dealing is None and log.status == "playing"):
        print(
            f"error: game {game_id}'s cards are still in play (at this table or another):"
            " its record is exported once they are not",
            file=sys.stderr,
        )
        return 1
    record = GameRecord.from_stored(log)
    record.deals = played(record.deals)  # never a deal dealt but not played (nor its seed)
    sys.stdout.write(record.to_text())
    return 0


def replay(path: Path) -> int:
    try:
        with path.open(encoding="utf-8") as file:
            text = file.read(MAX_RECORD_CHARS + 1)
        record = GameRecord.parse(text)
    except (OSError, UnicodeDecodeError, RecordError) as error:
        print(f"error: {path}: {error}", file=sys.stderr)
        return 2
    problems = record.check()
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    scores = " ".join(map(str, record.final_scores)) if record.final_scores else "unfinished"
    print(
        f"OK: {path}: {record.variant}, {len(record.deals)} deals, {len(record.actions)} actions,"
        f" final scores {scores}: the engine agrees with every line"
    )
    return 0
