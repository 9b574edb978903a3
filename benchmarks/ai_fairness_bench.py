"""A person's table against an `easy` computer while many `hard` tables think.

    python benchmarks/ai_fairness_bench.py --tables 20 --seconds 60
    python benchmarks/ai_fairness_bench.py --tables 20 --seconds 60 --threads   # the old way

Everything runs through one `TableService` on a temporary SQLite file, as in
the bot. `--tables` tables of `--variant` (four-handed by default) have every
seat but one taken by `hard` computers; the remaining seat's person opens the
table, starts it and plays that seat at once with `easy`'s choices (a table
with nobody present pauses; the servers' limits on tables, `hard`
seats and the new-table cooldown are lifted here); a finished game
is followed by a new one. Beside them, one person plays
two-handed against an `easy` computer and acts the moment their turn comes.
Their reply latency runs from calling `act` to the computer's answer being
applied (only for actions after which the computer is to move). A ticker
records how late `asyncio.sleep(0.01)` wakes: the event loop's lag.

By default `hard` thinks in the bot's pool of worker processes (`--workers`,
default cores - 1); `--threads` asks every player in a thread of this process
instead, as it did before the thinking pool. Figures are taken after `--warmup` seconds, in
which the workers calibrate.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai.table_players import LevelPlayer, ai_players
from bot.ai.thinking import PoolThinker, Thinker, ThreadThinker
from bot.config import default_ai_workers
from bot.game import Action, SeatView
from bot.store import Store, set_guild_settings
from bot.tables import Outcome, Person, Refusal, TableService
from bot.tables.model import Table

TICK = 0.01


class Board:
    """A publisher that wakes whoever waits for a table to change."""

    def __init__(self) -> None:
        self.changed: dict[int, asyncio.Event] = {}

    def publish(self, table: Table, outcome: Outcome) -> None:
        self.changed.setdefault(table.id, asyncio.Event()).set()

    async def until(self, table: Table, condition: Callable[[], bool]) -> None:
        event = self.changed.setdefault(table.id, asyncio.Event())
        while not condition():
            event.clear()
            await event.wait()


class Timed:
    """A thinker that times the `hard` decisions it passes on after `since` (is `hard` really thinking?)."""

    def __init__(self, thinker: Thinker, since: float) -> None:
        self.thinker, self.since, self.hard = thinker, since, []

    async def choose(
        self, table_id: int, level: str, view: SeatView, legal: list[Action], seed: int
    ) -> Action:
        started = time.perf_counter()
        choice = await self.thinker.choose(table_id, level, view, legal, seed)
        if level == "hard" and len(legal) > 1 and started >= self.since:
            self.hard.append(time.perf_counter() - started)
        return choice

    async def close(self) -> None:
        await self.thinker.close()


async def computer_table(
    service: TableService, board: Board, number: int, variant: str, stop: float
) -> int:
    """Games of `hard` computers (and the covered seat) one after another; returns games finished."""
    host = Person(20_000 + number, f"H{number}")
    finished = 0
    while time.perf_counter() < stop:
        table = (
            await service.open(guild_id=2, channel_id=1000 + number, host=host, variant=variant)
        ).table
        for _ in range(table.size - 1):
            await service.add_computer(table.id, host, level="hard")
        await service.start(table.id, host)
        waiting = asyncio.create_task(play_seat(service, board, table, host))
        await asyncio.wait([waiting], timeout=max(0.0, stop - time.perf_counter()))
        waiting.cancel()
        finished += table.status == "finished"
        if table.status == "playing":
            await service.cancel(table.id, host)
    return finished


async def play_seat(service: TableService, board: Board, table: Table, person: Person) -> None:
    """The person plays their seat with `easy`'s choices, at once, until the game ends."""
    seat, rng, player = (
        table.seat_of(person.user_id),
        random.Random(person.user_id),
        LevelPlayer("easy", 0.0),
    )
    while table.status == "playing":
        await board.until(table, lambda: table.to_act == seat or table.status != "playing")
        with contextlib.suppress(Refusal):  # the game ended, or moved on, meanwhile
            hand = await service.hand(table.id, person.user_id)
            if hand.legal:
                choice = player.choose(hand.view, hand.legal, rng)
                await service.act(table.id, person, choice, version=hand.version)


async def person_table(
    service: TableService, board: Board, recording: float, stop: float, latencies: list[float]
) -> None:
    """Two-handed against `easy`, acting at once; records the computer's reply latency."""
    me, rng = Person(10_000, "Person"), random.Random(1)
    while time.perf_counter() < stop:
        table = (await service.open(guild_id=1, channel_id=1, host=me, variant="two-handed")).table
        await service.add_computer(table.id, me, level="easy")
        await service.start(table.id, me)
        seat = table.seat_of(me.user_id)
        while time.perf_counter() < stop and table.status == "playing":
            await board.until(table, lambda: table.to_act == seat or table.status != "playing")
            if table.status != "playing":
                break
            hand = await service.hand(table.id, me.user_id)
            started = time.perf_counter()
            await service.act(table.id, me, rng.choice(hand.legal), version=hand.version)
            if table.status != "playing" or table.to_act == seat:
                continue
            version = table.version
            await board.until(table, lambda: table.version > version or table.status != "playing")
            if started >= recording:
                latencies.append(time.perf_counter() - started)
        if table.status == "playing":
            await service.cancel(table.id, me)


async def ticker(lags: list[float], recording: float, stop: float) -> None:
    """Every TICK: how late this wake-up was (the event loop's lag)."""
    expected = time.perf_counter() + TICK
    while time.perf_counter() < stop:
        await asyncio.sleep(TICK)
        now = time.perf_counter()
        if now >= recording:
            lags.append(now - expected)
        expected = now + TICK


def percentile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def ms(values: list[float], *qs: float) -> str:
    return (
        ", ".join(f"p{int(q * 100)} {percentile(values, q) * 1000:.0f} ms" for q in qs)
        + f", max {max(values) * 1000:.0f} ms"
    )


async def main(args) -> None:
    recording = time.perf_counter() + args.warmup
    if args.threads:
        from bot.ai import warm_up

        warm_up()  # as the bot did before the thinking pool
        thinker = Timed(ThreadThinker(ai_players(args.budget)), recording)
    else:
        pool = PoolThinker(args.workers, args.budget)
        pool.start()
        thinker = Timed(pool, recording)
    with tempfile.TemporaryDirectory(prefix="ai-fairness-bench-") as folder:
        store = await Store.open(Path(folder) / "bench.db")
        async with store.transaction() as tx:  # guild 1 (the person), 2 (the computers): no limits
            for guild in (1, 2):
                await set_guild_settings(
                    tx,
                    guild,
                    max_tables_member=20,
                    max_tables_server=500,
                    max_hard_seats=3,
                    new_cooldown=0,
                )
        board = Board()
        service = TableService(store, publisher=board, thinker=thinker, seed=1, turn_seconds=0)
        latencies: list[float] = []
        lags: list[float] = []
        stop = recording + args.seconds
        tick = asyncio.create_task(ticker(lags, recording, stop))
        games = await asyncio.gather(
            person_table(service, board, recording, stop, latencies),
            *(computer_table(service, board, n, args.variant, stop) for n in range(args.tables)),
        )
        await tick
        await service.close()
        await thinker.close()
        actions = (await store.fetchone("SELECT COUNT(*) FROM actions"))[0]
        await store.close()
    how = (
        "threads of this process" if args.threads else f"a pool of {args.workers} worker processes"
    )
    print(
        f"{args.tables} tables of {args.variant} with hard computers (budget {args.budget:g} s) thinking "
        f"in {how}, plus one person against easy; {args.seconds:g} s measured after {args.warmup:g} s"
    )
    print(
        f"actions stored: {actions}; computer games finished: {sum(games[1:])}; hard decisions with a "
        f"choice: {len(thinker.hard)}, each from asking to answer {ms(thinker.hard, 0.5)}"
    )
    print(f"person's reply latency ({len(latencies)} replies): {ms(latencies, 0.5, 0.95)}")
    print(f"event-loop lag ({len(lags)} ticks of {TICK * 1000:.0f} ms): {ms(lags, 0.5, 0.99)}")
    print(
        "load average of the machine (1, 5, 15 min) at the end: "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--tables", type=int, default=20, help="tables of hard computers")
    parse.add_argument("--seconds", type=float, default=60.0, help="seconds measured")
    parse.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parse.add_argument("--variant", default="four-handed", help="the hard tables' variant")
    parse.add_argument(
        "--budget", type=float, default=1.0, help="seconds per decision for hard (AI_BUDGET)"
    )
    parse.add_argument(
        "--workers", type=int, default=default_ai_workers(), help="worker processes (AI_WORKERS)"
    )
    parse.add_argument(
        "--threads", action="store_true", help="the old way: every player in a thread here"
    )
    asyncio.run(main(parse.parse_args()))
