"""`python -m bot verify --record FILE --deal N --fingerprint HEX [--seed HEX] [--table ID]`.

Checks one fair deal (bot.game.verify) of a text record (what `python -m bot record
export` writes; the seed and table default to the record's): the
fingerprint shown before the deal, and the hands the engine deals from the seed.
Exit status: 0 the deal is the one committed to, 1 something does not match (each
problem printed), 2 the input cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.game.record import MAX_RECORD_CHARS, GameRecord, RecordError
from bot.game.verify import read_fingerprint, read_seed, verify_deal
from bot.i18n import LANGUAGES, t


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m bot verify", description=t("bot.verify.help", "en")
    )
    parse.add_argument("--record", type=Path, required=True, help="a text game record")
    parse.add_argument("--deal", type=int, required=True, help="the deal's number")
    parse.add_argument("--fingerprint", required=True, help="as shown before the deal")
    parse.add_argument("--seed", help="the deal's revealed seed (default: the record's)")
    parse.add_argument("--table", type=int, help="the table's id (default: the record's)")
    parse.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the answer")
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    lang = args.lang
    try:
        with args.record.open(encoding="utf-8") as file:
            record = GameRecord.parse(file.read(MAX_RECORD_CHARS + 1))
    except (OSError, UnicodeDecodeError, RecordError) as error:
        print(t("bot.verify.unreadable", lang, file=args.record, error=error), file=sys.stderr)
        return 2
    table = record.table_id if args.table is None else args.table
    deal = next((d for d in record.deals if d.number == args.deal), None)
    seed = read_seed(args.seed) if args.seed else (deal.seed if deal is not None else None)
    published = read_fingerprint(args.fingerprint)
    if table is None:
        print(t("bot.verify.not_fair", lang), file=sys.stderr)
        return 2
    if deal is None and record.deals:
        numbers = [d.number for d in record.deals]
        print(
            t(
                "bot.verify.no_such_deal",
                lang,
                deal=args.deal,
                first=min(numbers),
                last=max(numbers),
            ),
            file=sys.stderr,
        )
        return 2
    if seed is None or published is None:
        key = "bot.verify.bad_fingerprint" if published is None else "bot.verify.bad_seed"
        print(t(key, lang), file=sys.stderr)
        return 2
    verdict = verify_deal(record, args.deal, seed, published, table)
    for number, (key, params) in enumerate(verdict.lines()):
        print(("- " if number else "") + t(f"bot.verify.{key}", lang, **params))
    return 0 if verdict.ok else 1
