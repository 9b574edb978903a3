"""Command line for the engine: `simulate` random games, show a hand's `meld`, a game's `record`.

python -m bot.game simulate --variant two-handed --deals 1000 --seed 7
python -m bot.game meld --trump H "A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦"
python -m bot.game meld --variant double-deck --trump H "A♥ 10♥ K♥ Q♥ J♥ A♠ A♦ A♣"
python -m bot.game record export --game 12 --database data/pinochle.db > game12.txt
python -m bot.game record replay game12.txt

`record` reads the store, so it is `python -m bot record` (bot.record_cli), above the
engine; this spelling hands over to it in a process of its own (the engine never
imports the store).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from .cards import Card, Suit, format_cards, make_pack, parse_cards
from .game import Game, new_game
from .melds import meld_breakdown
from .options import parse_option_value, resolve_options
from .phases import GAME_OVER
from .random_play import random_action
from .variants import VARIANTS


def simulate(variant: str, deals: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play random legal games until `deals` deals are done; check each deal's card points."""
    rng = random.Random(seed)
    done = games = actions = 0
    meld_total = card_total = 0
    bad_totals = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    game_seed = seed
    while done < deals:
        game = new_game(variant, seed=game_seed, options=options)
        game_seed += 1
        games += 1
        seen = 0
        state, apply = game.state, game.apply
        results = state.deal_results  # the game's own list, appended to as deals end
        units, rounded = _units(game), game.options["round_card_points"]
        while state.phase is not GAME_OVER and done < deals:
            apply(random_action(game, rng))
            actions += 1
            while seen < len(results):
                result = results[seen]
                seen += 1
                done += 1
                meld_total += sum(result.meld[s] for s in units)
                cards = sum(result.cards[s] for s in units)
                card_total += cards
                if result.complete and not rounded and cards != game.card_total:
                    bad_totals += 1  # invariant: card points + last trick = 250 (G-5; H-9: 50)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "variant": variant,
        "deals": done,
        "games": games,
        "actions": actions,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "deals_per_second": done / elapsed,
        "deals_per_cpu_second": done / cpu,
        "mean_meld": meld_total / done,
        "mean_cards": card_total / done,
        "bad_card_totals": bad_totals,
    }


def _units(game: Game) -> list[int]:
    """One seat per scoring unit, so partners' shared points are not counted twice."""
    return [0, 1] if game.variant.partnership else list(range(game.n))


def _dealable(cards: list[Card], variant: str, pack64: bool) -> list[Card]:
    """The hand, if the game's pack can deal it (G-1, A-14, H-1: no 9 in the double deck, two
    or four copies of a card); else ValueError naming the card, most likely a typing mistake."""
    pack = Counter(make_pack(pack64, double_deck=VARIANTS[variant].double_deck))
    for card, count in Counter(cards).items():
        if count > pack[card]:
            raise ValueError(f"{card}: the {variant} pack holds {pack[card]}, the hand {count}")
    return cards


def _positive(text: str) -> int:
    """A count of at least 1 as typed, else a usage error (no deals make no averages)."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return number


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        options[name] = parse_option_value(name, value)
    return options


def parser() -> argparse.ArgumentParser:
    """The engine's command line: every subcommand says what it does, every option what it takes."""
    parse = argparse.ArgumentParser(
        prog="python -m bot.game",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parse.add_subparsers(dest="command", required=True)
    what = "play random legal games and print speed and totals"
    sim = sub.add_parser(
        "simulate",
        help=what,
        description=f"{what[0].upper()}{what[1:]}; exit 1 if any deal's card points and last"
        " trick do not make 250 (RULES G-5).",
    )
    sim.add_argument(
        "--variant", choices=list(VARIANTS), default="two-handed", help="default: %(default)s"
    )
    sim.add_argument(
        "--deals",
        type=_positive,
        default=1000,
        help="deals to play, over as many games as that takes",
    )
    sim.add_argument(
        "--seed", type=int, default=1, help="the same seed plays the same games (default: 1)"
    )
    option_help = "a RULES §11 option, e.g. double_pinochle_value=400 (repeatable)"
    sim.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=option_help
    )
    what = "print the best simultaneous meld of a hand (§2.3)"
    meld = sub.add_parser(
        "meld",
        help=what,
        description="Print the best simultaneous meld of a hand (§2.3), each meld with its"
        " points, and the total.",
    )
    meld.add_argument("--trump", required=True, help="trump suit: S H D C or ♠ ♥ ♦ ♣")
    meld.add_argument(
        "--variant",
        choices=list(VARIANTS),
        default="two-handed",
        help="whose meld table (double-deck: H-7); default: %(default)s",
    )
    meld.add_argument("hand", help='cards, e.g. "A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦"')
    meld.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=option_help
    )
    # A stub: `python -m bot record` owns the command and its --help (`hand_over_record`).
    sub.add_parser(
        "record", help="a game's text record: export it, or replay and check it", add_help=False
    )
    return parse


def hand_over_record(argv: list[str]) -> int:
    """Run `python -m bot record ARGV` (bot.record_cli, which reads the store) as a child with
    this terminal, from this checkout; its exit status is ours."""
    root = str(Path(__file__).resolve().parents[2])  # the folder holding the `bot` package
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": root if not path else os.pathsep.join([root, path])}
    command = [sys.executable, "-m", "bot", "record", *argv]
    return subprocess.run(command, env=env, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["record"]:
        return hand_over_record(argv[1:])
    args = parser().parse_args(argv)
    try:
        options = _parse_options(args.option)
        if args.command == "simulate":
            r = simulate(args.variant, args.deals, args.seed, options)
            print(
                f"{r['variant']}: {r['deals']} deals in {r['games']} games, {r['actions']} actions, "
                f"{r['seconds']:.2f} s"
            )
            print(
                f"  {r['deals_per_cpu_second']:.0f} deals per CPU second on one core "
                f"({r['deals_per_second']:.0f} per wall-clock second)"
            )
            print(
                f"  mean meld per deal (all players) {r['mean_meld']:.1f}, "
                f"mean card points per deal {r['mean_cards']:.1f}"
            )
            print(
                f"  deals whose card points + last trick were not the deal's total: "
                f"{r['bad_card_totals']}"
            )
            return 1 if r["bad_card_totals"] else 0
        trump = Suit.parse(args.trump)
        total = 0
        resolved = resolve_options(
            options, players=VARIANTS[args.variant].players, variant=args.variant
        )
        cards = _dealable(parse_cards(args.hand), args.variant, resolved["pack64"])
        for name, meld_cards, points in meld_breakdown(cards, trump, resolved):
            print(f"{name:<16} {format_cards(meld_cards):<32} {points:>5}")
            total += points
        print(f"{'total':<16} {'':<32} {total:>5}")
        return 0
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
