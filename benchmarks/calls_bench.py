"""CPU time of `hard`'s decisions in the auction games: its calls, and with `--play` its cards.

    python benchmarks/calls_bench.py [--deals 20] [--budget 0.1] [--play]

Plays the first `--deals` seeds of `auction`, `double-deck` and `check` at their tables' defaults,
and of the double deck passing 4 cards with trump free of a marriage, with `hard` in every seat,
the auction and trump only unless `--play`, and times every decision with two or more legal
choices in this thread's CPU time (`time.thread_time`: a busy machine slows the wall clock, not
this). Prints, per game and kind of decision (calls: bids, passes, trump; play: the passing and
the cards), the number of decisions, the mean, the median and the largest, and the largest as a
multiple of the budget.
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

#: The auction games, by name: the game and its table options (the double deck passes only as an
#: option, H-5).
GAMES: dict[str, tuple[str, dict[str, object]]] = {
    "auction": ("auction", {}),
    "double-deck": ("double-deck", {}),
    "check": ("check", {}),
    "dd pass 4": ("double-deck", {"pass_count": 4, "trump_requires_marriage": False}),
}


def decision_times(name: str, deals: int, budget: float, play: bool) -> dict[str, list[float]]:
    """CPU seconds of each real decision (two or more choices), by kind: calls, play."""
    times: dict[str, list[float]] = {"calls": [], "play": []}
    game_name, options = GAMES[name]
    for seed in range(deals):
        game = new_game(game_name, seed=seed, options=options)
        while game.to_act is not None:
            view = game.view(game.to_act)
            calling = view.phase in (Phase.AUCTION, Phase.TRUMP)
            if not calling and not play:
                break
            player = get_player("hard", seed=seed, budget=budget)
            start = time.thread_time()
            action = player.choose(view)
            if len(view.legal) > 1:
                times["calls" if calling else "play"].append(time.thread_time() - start)
            game.apply(action)
            if game.deal_results:
                break
    return times


def main() -> None:
    parse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parse.add_argument("--deals", type=int, default=20)
    parse.add_argument("--budget", type=float, default=0.1)
    parse.add_argument("--play", action="store_true", help="time the card play too")
    args = parse.parse_args()
    print(
        f"{'game':<12} {'kind':<6} {'n':>5} {'mean s':>8} {'median s':>9} {'max s':>7} {'max/budget':>10}"
    )
    for name in GAMES:
        for kind, times in decision_times(name, args.deals, args.budget, args.play).items():
            if not times:
                continue
            print(
                f"{name:<12} {kind:<6} {len(times):>5} {statistics.fmean(times):>8.4f} "
                f"{statistics.median(times):>9.4f} {max(times):>7.4f} "
                f"{max(times) / args.budget:>10.2f}"
            )


if __name__ == "__main__":
    main()
