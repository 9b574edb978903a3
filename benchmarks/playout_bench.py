"""Playout speed and engine speed, this tree beside another (`--against /work/main`), in one run.

    python benchmarks/playout_bench.py --against /work/main [--seconds 2] [--deals 1000]
    python benchmarks/playout_bench.py --against /tmp/main_b2b --seconds 0 --deals 1000 --repeat 3

For each variant: the search's playout actions per second (`hard.search` over the card-play
positions of fixed deals played by the `normal` level, worlds dealt and cloned included: what a
budget buys; `--seconds 0` leaves it out), and `python -m bot.game simulate`'s deals per CPU
second. Each tree is measured in a child process with only that tree on its path, the two
alternating variant by variant so both see the same load; with `--repeat N` each pair of
children runs N times and each tree keeps its best figures (a shared machine only ever slows a
run down). The table prints both and the ratio; a game the other tree does not have shows "-".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
VARIANTS = [
    "two-handed",
    "two-handed-no-trump",
    "three-handed",
    "four-handed",
    "partnership",
    "check",
    "auction",
    "double-deck",
]
SEED = 20261201


def measure(variant: str, seconds: float, deals: int) -> dict[str, float]:
    """Run in the child: playout actions per CPU second, and simulate's deals per CPU second."""
    import random

    try:  # the search's entry point: `search_worlds` now, `search` in older trees
        from bot.ai.hard import search_worlds as search
    except ImportError:
        from bot.ai.hard import search
    from bot.ai.knowledge import read_view
    from bot.ai.normal import decide_normal
    from bot.game import new_game
    from bot.game.__main__ import simulate

    work, spent, seed = 0, 0.0, SEED
    while spent < seconds:
        game = new_game(variant, seed=seed)
        while not game.deal_results and spent < seconds:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            legal = list(view.legal)
            if len(legal) > 1 and view.phase.plays_cards:
                start = time.process_time()
                _, done = search(read_view(view), legal[:4], random.Random(seed), max_worlds=4)
                spent += time.process_time() - start
                work += done
            game.apply(decide_normal(view, legal))
        seed += 1
    sim = simulate(variant, deals, 7, {})
    return {
        "playout_actions_per_second": work / spent if spent else 0.0,
        "deals_per_second": sim["deals_per_cpu_second"],
    }


def child(tree: Path, variant: str, seconds: float, deals: int) -> dict[str, float] | None:
    """One measurement in a process of its own, with `tree` on the path; None when that tree
    has no such game (an older commit)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from playout_bench import measure;"
        "print(json.dumps(measure(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]))))"
    )
    probe = f"from bot.game.variants import VARIANTS; raise SystemExit({variant!r} not in VARIANTS)"
    if subprocess.run([sys.executable, "-c", probe], env=env, cwd=tree, check=False).returncode:
        return None
    out = subprocess.run(
        [sys.executable, "-c", code, str(HERE / "benchmarks"), variant, str(seconds), str(deals)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def best(a: dict[str, float] | None, b: dict[str, float] | None) -> dict[str, float] | None:
    """Each figure's best of two runs."""
    if a is None or b is None:
        return a or b
    return {key: max(a[key], b[key]) for key in a}


def main(argv: list[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument(
        "--against", type=Path, required=True, help="the other tree, e.g. /work/main"
    )
    parse.add_argument(
        "--seconds", type=float, default=2.0, help="CPU seconds of search per variant"
    )
    parse.add_argument("--deals", type=int, default=1000, help="simulated deals per variant")
    parse.add_argument("--variant", action="append", choices=VARIANTS, help="default: all")
    parse.add_argument(
        "--repeat", type=int, default=1, help="runs per tree and variant, the best kept"
    )
    parse.add_argument("--json", action="store_true", help="print one JSON object")
    args = parse.parse_args(argv)
    rows: dict[str, dict[str, dict[str, float] | None]] = {}
    for variant in args.variant or VARIANTS:
        other = this = None
        for _ in range(max(1, args.repeat)):
            other = best(other, child(args.against, variant, args.seconds, args.deals))
            this = best(this, child(HERE, variant, args.seconds, args.deals))
        rows[variant] = {"this": this, "other": other}
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'variant':<20} {'playout actions/s':>32} {'simulate deals/s':>30}")
    print(f"{'':<20} {'other':>9} {'this':>9} {'ratio':>12} {'other':>9} {'this':>9} {'ratio':>10}")
    for variant, r in rows.items():
        o, t = r["other"] or {}, r["this"] or {}
        cells = []
        for key in ("playout_actions_per_second", "deals_per_second"):
            a, b = o.get(key), t.get(key)
            ratio = f"{b / a:.2f}x" if a and b else "-"
            cells.append(
                f"{a or 0:>9.0f} {b or 0:>9.0f} {ratio:>11}"
                if a
                else f"{'-':>9} {b or 0:>9.0f} {ratio:>11}"
            )
        print(f"{variant:<20} {cells[0]} {cells[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
