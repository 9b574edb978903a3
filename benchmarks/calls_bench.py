"""CPU time of `hard`'s calls in the games with a passing: each bid, pass and trump, timed.

    python benchmarks/calls_bench.py [--deals 20] [--budget 0.1]

Plays the auction and trump of `--deals` deals (seeds 0..N-1) of `auction` and `double-deck`
with `hard` in every seat and times every call with two or more legal choices in this thread's
CPU time (`time.thread_time`: a busy machine slows the wall clock, not this). Prints, per game,
the number of calls, the mean, the median and the largest, and the largest as a multiple of the
budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai import get_player
from bot.game import Phase, new_game

GAMES = ("auction", "double-deck")


def call_times(game_name: str, deals: int, budget: float) -> list[float]:
    """CPU seconds of each real call (two or more choices) over the deals' auctions and trumps."""
    times = []
    for seed in range(deals):
        game = new_game(game_name, seed=seed)
        while game.to_act is not None and game.state.phase in (Phase.AUCTION, Phase.TRUMP):
            view = game.view(game.to_act)
            player = get_player("hard", seed=seed, budget=budget)
            start = time.thread_time()
            action = player.choose(view)
            if len(view.legal) > 1:
                times.append(time.thread_time() - start)
            game.apply(action)
    return times


def main() -> None:
    parse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parse.add_argument("--deals", type=int, default=20)
    parse.add_argument("--budget", type=float, default=0.1)
    args = parse.parse_args()
    print(
        f"{'game':<12} {'calls':>6} {'mean s':>8} {'median s':>9} {'max s':>7} {'max/budget':>10}"
    )
    for name in GAMES:
        times = call_times(name, args.deals, args.budget)
        print(
            f"{name:<12} {len(times):>6} {statistics.fmean(times):>8.4f} "
            f"{statistics.median(times):>9.4f} {max(times):>7.4f} {max(times) / args.budget:>10.2f}"
        )


if __name__ == "__main__":
    main()
