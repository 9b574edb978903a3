"""Many tables at once through the table service: action-to-reply latency, throughput, loop stalls.

    python benchmarks/tables_bench.py --tables 200 --seconds 30

Each table has one simulated person and computer players (bot.ai, level
`--level`) in the other seats, on a temporary SQLite database, with a publisher
that puts every channel line and board into words as the bot would, and the
person's turn timer on as in the bot (`--timer`, whose deadline is stored with
each action that starts a person's turn; no one runs out of it). People
arrive over the first 2x `--think` seconds; each waits for their turn, thinks
for a random time (uniform 0..2x `--think`), then acts; the time from calling `TableService.act` to its reply is the
latency. A ticker task wakes every 10 ms and records how late it woke (the
longest stall of the event loop) and how much CPU the event loop's own thread
used meanwhile, which tells a loop blocked by its own work from a machine busy
with other processes (or with this process's worker threads). A finished game is replaced by a new one.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.store import Store
from bot.tables import Outcome, Person, Refusal, Table, TableService
from bot.tables.players import ai_players
from bot.tables.texts import board_text, plain_namer, say

TICK = 0.01


class Board:
    """A publisher that renders like the bot does and wakes the table's person when it changes."""

    def __init__(self) -> None:
        self.changed: dict[int, asyncio.Event] = {}
        self.lines = 0

    def publish(self, table: Table, outcome: Outcome) -> None:
        name = plain_namer(table)
        self.lines += len([say(text, table.language, name) for text in outcome.public])
        if outcome.board:
            board_text(table, table.language, name)
        self.changed.setdefault(table.id, asyncio.Event()).set()


async def person(
    service: TableService, board: Board, number: int, args, latencies: list[float], stop: float
) -> int:
    """Play games at one table until time is up; returns the games finished."""
    rng = random.Random(number)
    me = Person(10_000 + number, f"P{number}")
    finished = 0
    await asyncio.sleep(rng.uniform(0, 2 * args.think))  # people arrive over time, not all at once
    while time.perf_counter() < stop:
        opened = await service.open(guild_id=1, channel_id=number, host=me, variant=args.variant)
        table = opened.table
        for _ in range(table.size - 1):
            await service.add_computer(table.id, me, level=args.level)
        await service.start(table.id, me)
        while time.perf_counter() < stop and table.status == "playing":
            event = board.changed.setdefault(table.id, asyncio.Event())
            try:
                hand = await service.hand(table.id, me.user_id)
            except Refusal:  # the game ended meanwhile
                break
            if not hand.legal:
                event.clear()
                await event.wait()
                continue
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
            started = time.perf_counter()
            await service.act(table.id, me, rng.choice(hand.legal), version=hand.version)
            latencies.append(time.perf_counter() - started)
        finished += table.status == "finished"
        if table.status == "playing":
            await service.cancel(table.id, me)
    return finished


async def ticker(stalls: list[tuple[float, float]], stop: float) -> None:
    """Every TICK: how late this wake-up was, and how much CPU the loop's thread used meanwhile.

    A late wake-up with little CPU used by the loop's thread means the operating
    system ran something else (other processes, or this one's worker threads
    holding the GIL), not that work on the loop blocked it.
    """
    expected, cpu = time.perf_counter() + TICK, time.thread_time()
    while time.perf_counter() < stop:
        await asyncio.sleep(TICK)
        now, used = time.perf_counter(), time.thread_time()
        late = now - expected
        stalls.append((late, min(late, used - cpu - TICK)))
        expected, cpu = now + TICK, used


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 1000) - 1] if len(values) > 1 else values[0]


async def main(args) -> None:
    with tempfile.TemporaryDirectory(prefix="tables-bench-") as folder:
        store = await Store.open(Path(folder) / "bench.db")
        board = Board()
        service = TableService(
            store, publisher=board, players=ai_players(args.budget), seed=1, turn_seconds=args.timer
        )
        latencies: list[float] = []
        stalls: list[tuple[float, float]] = []
        started = time.perf_counter()
        stop = started + args.seconds
        tick = asyncio.create_task(ticker(stalls, stop))
        games = await asyncio.gather(
            *(person(service, board, n, args, latencies, stop) for n in range(args.tables))
        )
        await tick
        await service.close()
        elapsed = time.perf_counter() - started
        actions = (await store.fetchone("SELECT COUNT(*) FROM actions"))[0]
        await store.close()
    print(
        f"{args.tables} tables of {args.variant}, one person each (think {args.think:.1f} s mean), "
        f"computer level {args.level}, turn timer {args.timer:g} s, {elapsed:.1f} s"
    )
    print(
        f"person actions: {len(latencies)}; all actions stored: {actions} "
        f"({actions / elapsed:.0f} actions/s); games finished: {sum(games)}; channel lines: {board.lines}"
    )
    print(
        f"action-to-reply latency: p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms"
    )
    late, busy = max(s[0] for s in stalls), max(s[1] for s in stalls)
    print(
        f"longest event-loop stall: {late * 1000:.1f} ms (ticker every {TICK * 1000:.0f} ms); "
        f"of it, the loop's own work at most {busy * 1000:.1f} ms (the rest: other threads and processes ran)"
    )


if __name__ == "__main__":
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--tables", type=int, default=200)
    parse.add_argument("--seconds", type=float, default=30.0)
    parse.add_argument("--think", type=float, default=1.0, help="mean seconds a person thinks")
    parse.add_argument("--variant", default="two-handed")
    parse.add_argument("--level", default="easy", help="computer level: random, easy, normal, hard")
    parse.add_argument("--budget", type=float, default=1.0, help="seconds per decision for hard")
    parse.add_argument("--timer", type=float, default=120.0, help="turn timer in seconds (0: off)")
    asyncio.run(main(parse.parse_args()))
