"""Solve times of the two-hand play-off from its first trick (A-9), the `hard` level's exact play.

For each seed it plays a two-handed deal's stock phase with the `normal`
level, then asks the solver for the best card of the play-off's first lead,
all 12 (or 16) cards a hand still to play, with no node limit. It prints the
median, 90th percentile and maximum of the seconds (CPU time of this process,
which another process's load skews less than the wall clock) and of the
positions visited, and the share solved within 0.1 s and 0.3 s (the `hard` level's solver may use
three budgets' worth of positions, `SOLVER_BUDGETS`).

With `--against TREE` it measures that tree's solver too, on the same deals, each tree in a
child process with only that tree on its path, the two alternating ten deals at a time so both
see the same load.

    python benchmarks/playoff_bench.py [--positions 200] [--seed 1] [--pack64] [--hand 16]
        [--against /work/main]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
CHUNK = 10  # deals a child process measures before the other tree takes its turn


def measure(first_seed: int, positions: int, options: dict[str, Any]) -> dict[str, Any]:
    """Solve the first lead of each deal's play-off: CPU seconds and positions visited each."""
    from bot.ai.knowledge import read_view
    from bot.ai.normal import decide_normal
    from bot.ai.solver import PlayoffSolver
    from bot.game import Phase, new_game

    seconds, nodes, cards = [], [], 0
    for seed in range(first_seed, first_seed + positions):
        game = new_game("two-handed", seed=seed, options=options)
        while game.phase != Phase.PLAYOFF or game.state.trick:  # the stock, by the normal level
            seat = game.to_act
            assert seat is not None  # the stock phase always has a seat to act
            view = game.view(seat)
            game.apply(decide_normal(view, list(view.legal)))
        seat = game.to_act
        assert seat is not None
        k = read_view(game.view(seat))
        solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**9)
        start = time.process_time()
        solver.best_card(k, k.legal_cards()[0])
        seconds.append(time.process_time() - start)
        nodes.append(solver.nodes)
        cards = len(k.hand)
    return {"seconds": seconds, "nodes": nodes, "cards": cards}


def child(tree: Path, first_seed: int, positions: int, options: dict[str, Any]) -> dict[str, Any]:
    """`measure` in a child process whose `bot` is `tree`'s."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from playoff_bench import measure;"
        "print(json.dumps(measure(int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]))))"
    )
    args = [str(HERE / "benchmarks"), str(first_seed), str(positions), json.dumps(options)]
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def summary(name: str, result: dict[str, Any]) -> str:
    """One line: the seconds' and the positions' median, 90th percentile and maximum."""
    seconds, nodes = result["seconds"], result["nodes"]

    def pct(xs: list[float], q: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]

    return (
        f"{name}play-off from {result['cards']} cards, {len(seconds)} positions: "
        f"seconds median {statistics.median(seconds):.4f}, p90 {pct(seconds, 0.9):.4f}, "
        f"max {max(seconds):.4f}; positions median {statistics.median(nodes):.0f}, "
        f"p90 {pct(nodes, 0.9):.0f}, max {max(nodes)}; "
        f"within 0.1 s: {100 * sum(s <= 0.1 for s in seconds) / len(seconds):.0f}%, "
        f"0.3 s: {100 * sum(s <= 0.3 for s in seconds) / len(seconds):.0f}%"
    )


def main(argv: list[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--positions", type=int, default=200, help="deals, one position each")
    parse.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parse.add_argument("--pack64", action="store_true", help="the 64-card pack (A-14)")
    parse.add_argument("--hand", type=int, default=12, choices=(12, 16), help="64-card hand size")
    parse.add_argument("--against", type=Path, help="another tree to measure too, e.g. /work/main")
    args = parse.parse_args(argv)
    options: dict[str, Any] = {"pack64": True, "pack64_hand_size": args.hand} if args.pack64 else {}
    if args.against is None:
        sys.path.insert(0, str(HERE))
        print(summary("", measure(args.seed, args.positions, options)))
        return 0
    trees = {"this": HERE, "other": args.against.resolve()}
    results: dict[str, dict[str, Any]] = {
        name: {"seconds": [], "nodes": [], "cards": 0} for name in trees
    }
    for start in range(args.seed, args.seed + args.positions, CHUNK):
        count = min(CHUNK, args.seed + args.positions - start)
        for name, tree in trees.items():
            part = child(tree, start, count, options)
            results[name]["seconds"] += part["seconds"]
            results[name]["nodes"] += part["nodes"]
            results[name]["cards"] = part["cards"]
    for name in trees:
        print(summary(f"{name} ({trees[name]}): ", results[name]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
