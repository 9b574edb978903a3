"""`python -m bot.ai arena --variant V --a hard --b normal --deals 400 --seed 1 [--json]`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.game import VARIANTS, OptionError, new_game

from .arena import ARENA_LEVELS, DealOutcome, Match, report, run, summary


def parser() -> argparse.ArgumentParser:
    """The computer players' command line."""
    parse = argparse.ArgumentParser(
        prog="python -m bot.ai", description="Computer players of Pinochle."
    )
    sub = parse.add_subparsers(dest="command", required=True)
    arena = sub.add_parser(
        "arena",
        help="duplicate deals between two levels",
        description="Play duplicate deals between two levels (each deal in every seating with"
        " the same cards) and print A's margin in points per deal with its 95% interval, the"
        " share of deals A won, and the seconds per decision of each side.",
    )
    arena.add_argument("--variant", required=True, choices=sorted(VARIANTS), help="the game")
    levels = sorted(ARENA_LEVELS)
    help_level = (
        "level of side %s (reference: hard's search on the true deal, seeing every card;"
        " reference-seen: the same, its calls searched on the true deal too)"
    )
    arena.add_argument("--a", required=True, choices=levels, help=help_level % "A")
    arena.add_argument("--b", required=True, choices=levels, help=help_level % "B")
    arena.add_argument(
        "--deals", type=int, default=400, help="distinct deals, each played in every seating"
    )
    arena.add_argument(
        "--seed", type=int, default=1, help="the same seed deals the same cards (default: 1)"
    )
    arena.add_argument(
        "--budget", type=float, default=1.0, help="seconds per decision for the search level"
    )
    arena.add_argument("--workers", type=int, default=2, help="processes (1: play in this process)")
    arena.add_argument(
        "--option",
        action="append",
        default=[],
        type=option,
        metavar="NAME=VALUE",
        help="a table option for every deal (repeatable; VALUE read as JSON, else as text):"
        " --option pass_count=4",
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--progress", action="store_true", help="print a dot per deal to stderr")
    return parse


def option(text: str) -> tuple[str, Any]:
    """`NAME=VALUE`, the value read as JSON (4, false, "x") or else as the text itself."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        new_game(args.variant, seed=0, options=dict(args.option))
    except OptionError as refused:  # an unknown option or a value the game does not play
        parser().error(f"argument --option: {refused}")
    match = Match(
        args.variant,
        args.a,
        args.b,
        seed=args.seed,
        budget=args.budget,
        options=tuple(args.option),
    )

    def dot(_outcome: DealOutcome) -> None:
        print(".", end="", file=sys.stderr, flush=True)

    outcomes = run(match, args.deals, workers=args.workers, progress=dot if args.progress else None)
    if args.progress:
        print(file=sys.stderr)
    result = summary(match, outcomes)
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
