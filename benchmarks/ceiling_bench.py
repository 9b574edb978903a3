"""How long the auction games take to work out their highest bid (RULES F-2, H-2), once per meld
table and process (`bot.game.ceiling.side_meld_ceiling`), then a cache hit:

    python benchmarks/ceiling_bench.py

Prints, for each game and meld table, the ceiling and the seconds its first computation took.
"""

from __future__ import annotations

import time

from bot.game.ceiling import _ceiling, side_meld_ceiling
from bot.game.melds import MeldRules
from bot.game.options import resolve_options

CASES = [
    ("double-deck", {}, 40, 4),
    ("double-deck", {"dd_multiple_values": "doubling"}, 40, 4),
    ("auction", {}, 24, 2),
    ("auction", {"grand_pinochle": True, "eight_of_a_kind": False}, 24, 2),
]


def main() -> None:
    for variant, options, cards, copies in CASES:
        rules = MeldRules.from_options(resolve_options(options, players=4, variant=variant))
        _ceiling.cache_clear()
        start = time.perf_counter()
        ceiling = side_meld_ceiling(rules, cards, copies)
        took = time.perf_counter() - start
        print(f"{variant:12} {options!s:55} meld ceiling {ceiling:5}  first call {took:.3f} s")


if __name__ == "__main__":
    main()
