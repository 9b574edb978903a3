"""What the game-end hooks cost: the replay work `records_hook` and `ledger_hook` do when a
finished Check game ends (the store writes are left out: they are the same either way).

    python benchmarks/game_end_bench.py --games 5 --repeat 5

Plays `--games` random Check games to the end and times, for each, the hooks' work on the
action that ended it: the deal figures (`records_hook.seat_deals`) and the best melds
(`ledger_hook.best_melds`), from one record built for both and handed to every hook in their
facts (`bot.tables.facts.facts_of`, the record kept in `bot.game.record.RECORDS`). Prints the
median per game in milliseconds, and what the facts of an action that ends nothing cost
(`facts_of` with no game-end event: what every action pays), in microseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.game import new_game
from bot.game.events import Event
from bot.game.random_play import random_action
from bot.services.ledger_hook import best_melds
from bot.services.records_hook import seat_deals
from bot.store import Seat
from bot.tables.facts import facts_of
from bot.tables.model import Table


def finished_table(seed: int, table_id: int) -> tuple[Table, list[Event]]:
    """A Check table whose random game is over (a new `table_id` each time: nothing kept), and
    the events of the action that ended it."""
    table = Table(
        id=table_id,
        guild_id=1,
        channel_id=1,
        host_id=1,
        variant="check",
        seed=seed,
        options={},
        language="en",
        turn_seconds=0,
        seats={s: Seat(s, f"P{s}", user_id=s + 1) for s in range(4)},
    )
    table.game = new_game("check", seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while not table.game.is_over:
        events = table.game.apply(random_action(table.game, rng))
    return table, events


def game_end(table: Table, events: list[Event]) -> None:
    """The replay work of both hooks at the end of `table`'s game: the facts they hear, then
    each hook's reading of the one record."""
    game = facts_of(table, events).game
    assert game is not None and game.record is not None
    seat_deals(game.record)
    best_melds(game.record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for seed in range(args.games):
        times = []
        for run in range(args.repeat):
            table, events = finished_table(seed, seed * args.repeat + run + 1)
            start = time.perf_counter()
            game_end(table, events)
            times.append(time.perf_counter() - start)
        actions = len(table.started_game.history)
        facts = timeit.repeat(lambda: facts_of(table, []), number=1000, repeat=args.repeat)
        print(
            f"check game {seed}: {actions} actions, {statistics.median(times) * 1000:.1f} ms;"
            f" facts of any other action {statistics.median(facts) * 1000:.1f} µs"
        )


if __name__ == "__main__":
    main()
