"""Solve times of the two-hand play-off from its first trick (A-9), the `hard` level's exact play.

For each seed it plays a two-handed deal's stock phase with the `normal`
level, then asks the solver for the best card of the play-off's first lead,
all 12 (or 16) cards a hand still to play, with no node limit. It prints the
median, 90th percentile and maximum of the seconds (CPU time of this process,
which another process's load skews less than the wall clock) and of the
positions visited, and the share solved within 0.1 s and 0.3 s (the `hard` level's solver may use
three budgets' worth of positions, `SOLVER_BUDGETS`).

    python benchmarks/playoff_bench.py [--positions 200] [--seed 1] [--pack64] [--hand 16]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai.knowledge import read_view
from bot.ai.normal import decide_normal
from bot.ai.solver import PlayoffSolver
from bot.game import Game, Phase, new_game


def play_off_start(seed: int, options: dict[str, object]) -> Game:
    """A deal played by the normal level up to the play-off's first lead."""
    game = new_game("two-handed", seed=seed, options=options)
    while game.phase != Phase.PLAYOFF or game.state.trick:
        seat = game.to_act
        assert seat is not None  # the stock phase always has a seat to act
        view = game.view(seat)
        game.apply(decide_normal(view, list(view.legal)))
    return game


def main(argv: list[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--positions", type=int, default=200, help="deals, one position each")
    parse.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parse.add_argument("--pack64", action="store_true", help="the 64-card pack (A-14)")
    parse.add_argument("--hand", type=int, default=12, choices=(12, 16), help="64-card hand size")
    args = parse.parse_args(argv)
    options: dict[str, object] = (
        {"pack64": True, "pack64_hand_size": args.hand} if args.pack64 else {}
    )
    seconds, nodes = [], []
    for seed in range(args.seed, args.seed + args.positions):
        game = play_off_start(seed, options)
        seat = game.to_act
        assert seat is not None
        k = read_view(game.view(seat))
        solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**9)
        start = time.process_time()
        solver.best_card(k, k.legal_cards()[0])
        seconds.append(time.process_time() - start)
        nodes.append(solver.nodes)
    cards = len(k.hand)

    def pct(xs: list[float], q: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]

    print(
        f"play-off from {cards} cards, {len(seconds)} positions: "
        f"seconds median {statistics.median(seconds):.4f}, p90 {pct(seconds, 0.9):.4f}, "
        f"max {max(seconds):.4f}; positions median {statistics.median(nodes):.0f}, "
        f"p90 {pct(nodes, 0.9):.0f}, max {max(nodes)}; "
        f"within 0.1 s: {100 * sum(s <= 0.1 for s in seconds) / len(seconds):.0f}%, "
        f"0.3 s: {100 * sum(s <= 0.3 for s in seconds) / len(seconds):.0f}%"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
