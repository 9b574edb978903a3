"""How long a table's lock is held for its board, per board drawn.

The service hands the presenter a frozen snapshot of the table, taken under the table's lock as
each outcome is published (`bot.tables.snapshot`); the presenter draws the board from it after,
never taking the lock (at most once an action; coalescing makes it fewer). This plays random
legal deals of every variant through the engine and, after every action, takes the snapshot
under a lock that notes how long it is held, then draws the board from it as the presenter's
`_render` does. It prints, per variant and language: boards drawn, the lock's hold, and the
whole draw (the hold included), median and p99 in microseconds. The board's pictures are drawn
later, in the render thread, and are not counted.

    python benchmarks/board_lock_bench.py [--deals 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class TimedLock(asyncio.Lock):
    """A table lock that notes how long each hold lasted (seconds)."""

    def __init__(self) -> None:
        super().__init__()
        self.holds: list[float] = []
        self._since = 0.0

    async def acquire(self) -> bool:
        await super().acquire()
        self._since = time.perf_counter()
        return True

    def release(self) -> None:
        self.holds.append(time.perf_counter() - self._since)
        super().release()


def new_table(variant: str, options: dict[str, object], seed: int, language: str) -> object:
    """A playing table of named seats, as the board tests build it, with a lock that times holds."""
    from bot.tables.announce import start_lines
    from tests.tables.texts_support import table_of

    table = table_of(variant, seed, **options)
    table.language, table.lock = language, TimedLock()
    start_lines(table)
    return table


async def measure(
    variant: str, options: dict[str, object], deals: int, seed: int, language: str
) -> tuple[int, list[float], list[float]]:
    """Boards drawn, the lock's holds and the whole draws (seconds), over `deals` deals."""
    from bot.tables.announce import event_lines
    from bot.tables.snapshot import snapshot_of
    from cogs._board import board_embed, board_view
    from cogs._common import mention_namer
    from cogs._pictures import board_scene
    from tests.tables.texts_support import random_moves

    table = new_table(variant, options, seed, language)
    choose = random_moves(table, random.Random(seed))
    draws: list[float] = []
    while not table.game.is_over and table.game.deal_no <= deals:
        game = table.game.clone()  # as the service does: a changed copy swapped in
        events = game.apply(choose(game.legal_actions()))
        table.game, table.version = game, table.version + 1
        event_lines(table, events)
        start = time.perf_counter()
        async with table.lock:  # as `TableCore.publish` runs, under the lock
            shown = snapshot_of(table)
        board_embed(shown, mention_namer(shown)), board_view(shown), board_scene(shown)
        draws.append(time.perf_counter() - start)
    return len(draws), table.lock.holds, draws


def micro(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered) * 1e6:.0f} / {p99 * 1e6:.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="deals played per game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the plays")
    args = parser.parse_args(argv)
    print("| Game | Language | Boards drawn | Lock held (µs): median / p99 | Whole draw (µs) |")
    print("|---|---|---|---|---|")
    from tests.tables.texts_support import EVERY_GAME

    for variant, options in EVERY_GAME:
        for language in ("en", "ru"):
            drawn, holds, draws = asyncio.run(
                measure(variant, options, args.deals, args.seed, language)
            )
            rules = " ".join(f"{k}=on" for k in options)
            print(
                f"| {variant}{f' ({rules})' if rules else ''} | {language} | {drawn} "
                f"| {micro(holds)} | {micro(draws)} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
