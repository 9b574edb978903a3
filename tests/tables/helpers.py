"""Test helpers for the table service: the people, a recording publisher, opening a table,
catching a refusal, a clock the test moves, and playing the people's turns until the game ends."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.tables import Outcome, Person, Refusal, SimplePlayer, TableService, TableSnapshot
from bot.tables.model import Table
from bot.tables.snapshot import snapshot_of

ALICE = Person(101, "Alice")
BOB = Person(102, "Bob")
CAROL = Person(103, "Carol")
DAVE = Person(104, "Dave")
EVE = Person(105, "Eve")
GUILD, CHANNEL = 1, 10
#: Seconds after which a test waiting for the service gives up: a safeguard against a hang,
#: never a measurement.
STUCK = 30.0


class Recorder:
    """A publisher that keeps every public outcome, in order, and wakes whoever waits for one;
    with a `clock`, also the time each was published."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.outcomes: list[Outcome] = []
        self.times: list[float] = []
        self._clock = clock
        self._published = asyncio.Event()

    def publish(self, table: TableSnapshot, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        if self._clock is not None:
            self.times.append(self._clock())
        self._published.set()

    def when(self, key: str) -> float:
        """The time the first line `key` was published."""
        return next(
            at
            for at, outcome in zip(self.times, self.outcomes, strict=True)
            if any(text.key == key for text in outcome.public)
        )

    @property
    def keys(self) -> list[str]:
        return [text.key for outcome in self.outcomes for text in outcome.public]

    async def until(self, holds: Callable[[], bool]) -> None:
        """Wait until `holds()` is true, checking after each outcome published (a stuck test
        fails after `STUCK` seconds instead of hanging)."""
        async with asyncio.timeout(STUCK):
            while not holds():
                self._published.clear()
                await self._published.wait()


async def open_table(service: TableService, variant: str = "two-handed", **kwargs: Any) -> Table:
    outcome = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant=variant, **kwargs
    )
    assert outcome.table is not None
    return live(service, outcome.table.id)


def shown(table: Table | TableSnapshot) -> TableSnapshot:
    """The table as callers see it (`snapshot_of`): what the presentation reads."""
    return table if isinstance(table, TableSnapshot) else snapshot_of(table)


def lives(service: TableService, shown: Iterable[TableSnapshot] | None = None) -> list[Table]:
    """`live` of each table shown (by default: the service's active tables, oldest first)."""
    return [live(service, table.id) for table in (service.tables() if shown is None else shown)]


def live_of(service: TableService, table: TableSnapshot | None) -> Table | None:
    """`live` of a table shown, or None."""
    return None if table is None else live(service, table.id)


def live(service: TableService, table_id: int) -> Table:
    """The service's own table behind the snapshots it hands out: what these tests look into
    (its game, its timers) as the state the service keeps; callers never get it."""
    table = service._core.registry.known(table_id)
    assert table is not None
    return table


async def refusal_of(call: Awaitable[object]) -> Refusal:
    """The `Refusal` a service call raises; the test fails if the call is accepted."""
    with pytest.raises(Refusal) as caught:
        await call
    return caught.value


async def play_out(
    service: TableService,
    table: Table,
    *people: Person,
    seed: int = 0,
    until: Callable[[Table], bool] = lambda table: False,
) -> None:
    """Play the game to its end (or `until` holds): the people (SimplePlayer's choices) and the
    computers in turn.

    A table with nobody present pauses, so a test that wants a whole game
    keeps its people at the table and lets this helper play for them.
    """
    by_id = {person.user_id: person for person in people}
    rng, player = random.Random(seed), SimplePlayer()
    while True:
        await service.settle()
        table = live(service, table.id)  # whichever way it was handed in
        if table.game.is_over or not table.is_active or until(table):
            return
        seat = table.to_act
        hand = await service.hand(table.id, table.seats[seat].user_id)
        choice = player.choose(hand.view, hand.legal, rng)
        await service.act(table.id, by_id[table.seats[seat].user_id], choice, version=hand.version)


@dataclass
class _Sleeper:
    at: float
    woken: asyncio.Future[None]
    task: asyncio.Task[Any] | None


class Clock:
    """A service clock that moves only when a test moves it (`now`, in seconds), with the
    `sleep` that waits for it: `TableService(..., clock=clock, sleep=clock.sleep)`."""

    def __init__(self) -> None:
        self.now = 1_000_000.0
        self._sleepers: list[_Sleeper] = []
        self._changed = asyncio.Event()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        """Return once the clock has been moved `seconds` on (at once for none)."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        task = asyncio.current_task()
        if task is not None:
            task.add_done_callback(lambda _: self._changed.set())
        woken = asyncio.get_running_loop().create_future()
        self._sleepers.append(_Sleeper(self.now + seconds, woken, task))
        self._changed.set()
        await woken

    def _waiting(self, task: asyncio.Task[Any] | None = None) -> bool:
        return any(not s.woken.done() and (task is None or s.task is task) for s in self._sleepers)

    async def sleeping(self) -> None:
        """Wait until something sleeps on this clock (a timer the test means to run out)."""
        await self._until(self._waiting)

    async def advance(self, seconds: float) -> None:
        """Move the clock on, stopping at each sleeper due on the way: it wakes at its own
        time, and the clock waits until it has done its work (it ends or sleeps again)."""
        target = self.now + seconds
        while due := [s for s in self._sleepers if s.at <= target and not s.woken.done()]:
            sleeper = min(due, key=lambda s: s.at)
            self._sleepers.remove(sleeper)
            self.now = max(self.now, sleeper.at)
            sleeper.woken.set_result(None)
            if sleeper.task is not None:
                await self._until(functools.partial(self._done_or_asleep, sleeper.task))
        self.now = target

    def _done_or_asleep(self, task: asyncio.Task[Any]) -> bool:
        return task.done() or self._waiting(task)

    async def _until(self, holds: Callable[[], bool]) -> None:
        async with asyncio.timeout(STUCK):
            while not holds():
                self._changed.clear()
                await self._changed.wait()


async def run_out(clock: Clock, recorder: Recorder, table: Table, seat: int, turn: float) -> None:
    """Wait for `seat`'s turn and let the whole of it (`turn` seconds) pass on `clock`."""
    await recorder.until(lambda: table.to_act == seat)
    await clock.sleeping()
    await clock.advance(turn)
