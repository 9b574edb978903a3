"""Many tables at once through the table service: action-to-reply latency, throughput, loop stalls.

    python benchmarks/tables_bench.py --tables 200 --seconds 30
    python benchmarks/tables_bench.py --tables 200 --database postgresql://… --processes 2
    python benchmarks/tables_bench.py --matrix --database postgresql://… --seconds 20

`--database` is a SQLite file or a `postgresql://` URL (default: a new SQLite
file in a temp folder); `--processes N` splits the tables over N OS processes
(each its own event loop and table service) on that one database, which only
PostgreSQL allows; `--pool-size` is each process's PostgreSQL pool (default 10). `--matrix` runs 200 and 1,000 tables on SQLite (one
process) and on the PostgreSQL of `--database` (one and two processes), one
after another in this run, and prints them side by side. Each run's tables
live in guilds of their own (20 tables each, the default server limit), so
runs on one PostgreSQL database never meet.

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
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai.table_players import ai_players
from bot.presentation.texts import board_text, plain_namer, say
from bot.store import Store
from bot.tables import Outcome, Person, Refusal, TableService
from bot.tables.model import Table

TICK = 0.01
#: Tables per guild: the default `max_tables_server`.
PER_GUILD = 20


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
    guild, channel = args.first_guild + number // PER_GUILD, args.first_guild * 10_000 + number
    await asyncio.sleep(rng.uniform(0, 2 * args.think))  # people arrive over time, not all at once
    while time.perf_counter() < stop:
        opened = await service.open(
            guild_id=guild, channel_id=channel, host=me, variant=args.variant
        )
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


async def measure(database: str, args) -> dict:
    """Run `args.tables` tables on `database` for `args.seconds`; the raw figures."""
    store = await Store.open(database, pool_size=args.pool_size)
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
    guilds = range(args.first_guild, args.first_guild + args.tables // PER_GUILD + 1)
    actions = (
        await store.fetchone(
            "SELECT COUNT(*) FROM actions AS a JOIN tables AS t ON t.id = a.table_id"
            f" WHERE t.guild_id IN ({', '.join(map(str, guilds))})"
        )
    )[0]
    await store.close()
    return {
        "elapsed": elapsed,
        "actions": actions,
        "games": sum(games),
        "lines": board.lines,
        "latencies": latencies,
        "stall": max(s[0] for s in stalls),
        "busy": max(s[1] for s in stalls),
    }


def in_processes(database: str, args) -> dict:
    """The tables split over `args.processes` OS processes on one database, their figures merged."""
    share = args.tables // args.processes
    command = [sys.executable, __file__, "--worker", "--database", database]
    for name in ("seconds", "think", "variant", "level", "budget", "timer", "pool_size"):
        command += [f"--{name.replace('_', '-')}", str(getattr(args, name))]
    workers = [
        subprocess.Popen(
            [*command, "--tables", str(share), "--first-guild", str(args.first_guild + k * 1000)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(args.processes)
    ]
    results = [json.loads(worker.communicate()[0]) for worker in workers]
    if any(worker.returncode for worker in workers):
        raise SystemExit("a benchmark process failed")
    return {
        "elapsed": max(r["elapsed"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "games": sum(r["games"] for r in results),
        "lines": sum(r["lines"] for r in results),
        "latencies": [x for r in results for x in r["latencies"]],
        "stall": max(r["stall"] for r in results),
        "busy": max(r["busy"] for r in results),
    }


def run(database: str | None, args) -> dict:
    if database is None:
        with tempfile.TemporaryDirectory(prefix="tables-bench-") as folder:
            return run(str(Path(folder) / "bench.db"), args)
    if args.processes > 1:
        return in_processes(database, args)
    return asyncio.run(measure(database, args))


def report(figures: dict, args) -> None:
    latencies, elapsed, actions = figures["latencies"], figures["elapsed"], figures["actions"]
    print(
        f"{args.tables} tables of {args.variant} in {args.processes} process(es), one person each"
        f" (think {args.think:.1f} s mean), computer level {args.level}, turn timer {args.timer:g} s,"
        f" {elapsed:.1f} s"
    )
    print(
        f"person actions: {len(latencies)}; all actions stored: {actions} "
        f"({actions / elapsed:.0f} actions/s); games finished: {figures['games']};"
        f" channel lines: {figures['lines']}"
    )
    print(
        f"action-to-reply latency: p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms"
    )
    print(
        f"longest event-loop stall: {figures['stall'] * 1000:.1f} ms (ticker every"
        f" {TICK * 1000:.0f} ms); of it, the loop's own work at most {figures['busy'] * 1000:.1f} ms"
        " (the rest: other threads and processes ran)"
    )


def matrix(args) -> None:
    """200 and 1,000 tables: SQLite in one process, PostgreSQL in one and in two; side by side."""
    if not (args.database or "").startswith("postgresql://"):
        raise SystemExit("--matrix compares with PostgreSQL: give --database postgresql://…")
    rows = []
    for tables in (200, 1000):
        for backend, processes in (("SQLite", 1), ("PostgreSQL", 1), ("PostgreSQL", 2)):
            config = argparse.Namespace(**{**vars(args), "tables": tables, "processes": processes})
            config.first_guild = args.first_guild + len(rows) * 10_000
            figures = run(None if backend == "SQLite" else args.database, config)
            lat = figures["latencies"]
            rows.append(
                f"| {tables} | {backend} | {processes} | {figures['actions'] / figures['elapsed']:.0f}"
                f" | {percentile(lat, 0.5) * 1000:.1f} | {percentile(lat, 0.99) * 1000:.1f}"
                f" | {figures['stall'] * 1000:.0f} |"
            )
            print(rows[-1], flush=True)
    print(
        "| Tables | Database | Processes | Actions stored/s | p50 ms | p99 ms | Longest stall ms |"
    )
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--tables", type=int, default=200)
    parse.add_argument("--seconds", type=float, default=30.0)
    parse.add_argument("--think", type=float, default=1.0, help="mean seconds a person thinks")
    parse.add_argument("--variant", default="two-handed")
    parse.add_argument("--level", default="easy", help="computer level: random, easy, normal, hard")
    parse.add_argument("--budget", type=float, default=1.0, help="seconds per decision for hard")
    parse.add_argument("--timer", type=float, default=120.0, help="turn timer in seconds (0: off)")
    parse.add_argument("--database", help="SQLite file or postgresql:// URL (default: a temp file)")
    parse.add_argument("--processes", type=int, default=1, help="OS processes sharing the tables")
    parse.add_argument("--pool-size", type=int, default=10, help="PostgreSQL connections per pool")
    parse.add_argument("--matrix", action="store_true", help="200 and 1,000 tables, side by side")
    parse.add_argument("--first-guild", type=int, default=int(time.time()) % 100_000 * 100)
    parse.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    options = parse.parse_args()
    if options.matrix:
        matrix(options)
    elif options.worker:
        print(json.dumps(asyncio.run(measure(options.database, options))))
    else:
        report(run(options.database, options), options)
