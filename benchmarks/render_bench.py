"""Timings of the card pictures (a 16-card hand under 30 ms uncached).

Run from the repository root: `python benchmarks/render_bench.py [--runs N]`.
Three temperatures per picture:
- cold:   the picture caches cleared before each call (card faces already drawn);
- frozen: card-face sprites cleared too, as right after start-up;
- warm:   the picture served from its cache.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.game.cards import Suit, parse_cards
from bot.render import clear_caches, render_hand, render_melds, render_trick

BUDGET_MS = 30.0
SIXTEEN = parse_cards("A♠ 10♠ K♠ Q♠ A♥ 10♥ 9♥ K♦ Q♦ J♦ 9♦ A♣ 10♣ K♣ J♣ 9♣")
TWELVE = parse_cards("A♠ K♠ Q♠ J♠ 10♥ 9♥ Q♦ J♦ A♣ 10♣ K♣ Q♣")

PICTURES: dict[str, Callable[[], bytes]] = {
    "hand, 16 cards": lambda: render_hand(
        SIXTEEN, trump=Suit.HEARTS, legal=SIXTEEN[4:7], lang="ru"
    ),
    "hand, 12 cards": lambda: render_hand(TWELVE, trump=Suit.SPADES, legal=TWELVE[:4], lang="en"),
    "trick, 4 cards": lambda: render_trick(
        list(zip(("Алиса", "Bob", "Карл", "Dana"), parse_cards("A♥ 10♠ K♦ J♣"), strict=False)),
        trump=Suit.HEARTS,
        winner=0,
        lang="ru",
    ),
    "melds, 3 owners": lambda: render_melds(
        [
            ("Алиса", parse_cards("A♥ 10♥ K♥ Q♥ J♥")),
            ("Bob", parse_cards("Q♠ J♦ K♣ Q♣")),
            ("Карл", parse_cards("A♠ A♥ A♦ A♣")),
        ],
        trump=Suit.HEARTS,
        lang="ru",
    ),
}
PREPARE: dict[str, Callable[[], None]] = {
    "cold": clear_caches,
    "frozen": lambda: clear_caches(sprites=True),
    "warm": lambda: None,
}


def measure(picture: Callable[[], bytes], prepare: Callable[[], None], runs: int) -> list[float]:
    """Milliseconds of `runs` calls, each after `prepare` (which is not timed)."""
    times = []
    for _ in range(runs):
        prepare()
        start = time.perf_counter()
        picture()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs
    for picture in PICTURES.values():  # load the font and the PNG codec before timing
        picture()
    print(f"{'picture':<17}{'cache':<8}{'median ms':>10}{'p95 ms':>9}{'PNG':>10}")
    medians: dict[tuple[str, str], float] = {}
    for name, picture in PICTURES.items():
        png = picture()
        for temperature, prepare in PREPARE.items():
            times = measure(picture, prepare, runs)
            medians[name, temperature] = statistics.median(times)
            p95 = statistics.quantiles(times, n=20)[18]
            print(
                f"{name:<17}{temperature:<8}{medians[name, temperature]:>10.2f}{p95:>9.2f}{len(png):>9,}B"
            )
    for temperature in ("cold", "frozen"):
        median = medians["hand, 16 cards", temperature]
        verdict = "within" if median < BUDGET_MS else "OVER"
        print(
            f"16-card hand, {temperature}: {median:.2f} ms median, {verdict} the {BUDGET_MS:.0f} ms budget"
        )


if __name__ == "__main__":
    main()
