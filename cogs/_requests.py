"""The process's share of Discord's global request budget, spent most urgent first.

Discord allows a bot token about 50 requests a second over all its processes
and shards (interaction responses and their webhook follow-ups excepted);
past that every request of the token meets 429s, pings included. A
`RequestBudget` lets at most `rate` globally limited requests start in any
one-second window, and when more are waiting it grants the next slot to the
most urgent (`Priority`), oldest first. Waiting is bounded: past `waiting`
waiters the least urgent one is refused (its caller keeps its work queued and
tries again later, so a board is then edited less often but still shows the
latest state). `ShutChannels` remembers channels that answered 403 so nothing
more is tried there for a while: 10,000 invalid answers (401, 403, 429) in ten
minutes get the token banned for an hour.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from enum import IntEnum

#: Globally limited requests a second Discord allows one bot token.
TOKEN_RATE = 50
#: The presenter's part of a process's share: the rest is left for what else it sends
#: (opening lines and threads of new tables, event notices, command sync).
PRESENTER_SHARE = 0.8
#: Requests that may wait for a slot at once (one per channel with work, in practice).
MAX_WAITING = 4096
#: Seconds nothing is tried again in a channel that answered 403 (or no longer exists).
SHUT_SECONDS = 600.0
#: Shut channels remembered at most (the oldest is let go first).
MAX_SHUT = 10_000

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


def _monotonic() -> float:
    """`time.monotonic`, looked up at each call (a test's virtual clock may replace it)."""
    return time.monotonic()


class Priority(IntEnum):
    """How urgent a request is; the lowest value goes first."""

    PROMPT = 0  # a turn ping, or anything sent before one in its channel
    BOARD = 1  # a board edited (or posted again)
    SUMMARY = 2  # channel lines: deal summaries, results
    HOUSEKEEPING = 3  # deleting old pings and boards


def process_rate(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> float:
    """The presenter's requests a second in this process: its shards' part of the token's budget."""
    share = 1.0
    if shard_count is not None and shard_ids is not None:
        share = len(shard_ids) / shard_count
    return TOKEN_RATE * PRESENTER_SHARE * share


class RequestBudget:
    """At most `rate` requests started in any `window` seconds; the most urgent waiter first."""

    def __init__(
        self,
        rate: float,
        *,
        window: float = 1.0,
        waiting: int = MAX_WAITING,
        clock: Clock = _monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.per_window = max(1, int(rate * window))
        self.window = window
        self._limit = waiting
        self._clock, self._sleep = clock, sleep
        self._started: deque[float] = deque()
        self._waiters: list[tuple[int, int, asyncio.Future[bool]]] = []
        self._order = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        #: Slots handed to waiters that have not started yet: a start counts when its caller runs
        #: (after a busy moment many granted callers may run late, and together).
        self._granted = 0
        self.refused = 0  # requests turned away because too many were waiting

    @property
    def waiting(self) -> int:
        return sum(not future.done() for _, _, future in self._waiters)

    def try_take(self) -> bool:
        """A slot now, if one is free and nobody waits for one."""
        if not self._waiters and self._free():
            self._started.append(self._clock())
            return True
        return False

    async def take(self, priority: Priority) -> bool:
        """Wait for a slot; False if refused (too many more urgent requests are waiting)."""
        if self.try_take():
            return True
        if len(self._waiters) >= self._limit and not self._evict(priority):
            self.refused += 1
            return False
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (int(priority), next(self._order), future))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._grant(), name="request-budget")
        try:
            granted = await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled() and future.result():
                self._granted -= 1  # granted, never started: the slot is free again
            raise
        if granted:
            self._granted -= 1
            self._started.append(self._clock())
        return granted

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            await asyncio.gather(self._pump, return_exceptions=True)
        for _, _, future in self._waiters:
            if not future.done():
                future.set_result(False)
        self._waiters.clear()

    def _free(self) -> bool:
        """Whether a request may start now (forgetting starts older than the window)."""
        now = self._clock()
        while self._started and self._started[0] <= now - self.window:
            self._started.popleft()
        return len(self._started) + self._granted < self.per_window

    def _evict(self, priority: Priority) -> bool:
        """Refuse the least urgent, newest waiter if it is less urgent than `priority`."""
        worst = max(self._waiters)
        if worst[0] <= priority:
            return False
        self._waiters.remove(worst)
        heapq.heapify(self._waiters)
        if not worst[2].done():
            worst[2].set_result(False)
        self.refused += 1
        return True

    async def _grant(self) -> None:
        """Hand out slots as the window frees them, the most urgent waiter first."""
        while self._waiters:
            if not self._free():
                if self._started:
                    await self._sleep(max(0.0, self._started[0] + self.window - self._clock()))
                else:  # every slot is granted, none started yet: let their callers run
                    await asyncio.sleep(0)
                continue
            _, _, future = heapq.heappop(self._waiters)
            if not future.done():  # its caller may have been cancelled meanwhile
                self._granted += 1
                future.set_result(True)


class ShutChannels:
    """Channels that refused the bot (403) or are gone (404): left alone for `seconds`."""

    def __init__(
        self, seconds: float = SHUT_SECONDS, *, most: int = MAX_SHUT, clock: Clock = _monotonic
    ) -> None:
        self.seconds, self._most, self._clock = seconds, most, clock
        self._until: dict[int, float] = {}

    def shut(self, channel_id: int) -> None:
        self._until.pop(channel_id, None)
        self._until[channel_id] = self._clock() + self.seconds
        while len(self._until) > self._most:
            del self._until[next(iter(self._until))]

    def is_shut(self, channel_id: int) -> bool:
        until = self._until.get(channel_id)
        if until is None:
            return False
        if self._clock() >= until:
            del self._until[channel_id]
            return False
        return True
