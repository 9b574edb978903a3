"""CSV exports (`/chips export`, `/league export`): built off the event loop, rationed per member.

An export of a 200,000-line ledger built on the event loop would hold it for
1.5 s, and anyone could repeat it. So the services read the rows through a
read-only connection of their own and write the CSV in a worker thread
(`LedgerService.export`, `LeagueService.export`), a member gets one export of each kind a minute,
and only a few are built at once, so neither the loop nor memory is at the
mercy of one member.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

import discord

from bot.tables import Refusal
from cogs._pager import NO_PINGS
from cogs._players import csv_file

#: Seconds between two exports of the same kind by one member.
EXPORT_EVERY = 60.0
#: Exports of one kind built at the same time (each holds its whole file in memory).
MAX_RUNNING = 2
#: Members remembered at once; more than this many exports in a minute waits for the oldest to expire.
MAX_REMEMBERED = 10_000

#: Builds the CSV text (a service's `export`) and says how much it holds (the reply's number).
Build = Callable[[], Awaitable[tuple[str, int]]]


class Cooldown:
    """When each member may act again; it remembers only members still waiting, at most `limit`."""

    def __init__(
        self, seconds: float, *, limit: int, clock: Callable[[], float] | None = None
    ) -> None:
        self.seconds = seconds
        self.limit = limit
        self._clock = clock or (
            lambda: time.monotonic()
        )  # looked up per call: tests move the clock
        self._last: OrderedDict[Hashable, float] = OrderedDict()

    def _forget_expired(self, now: float) -> None:
        while self._last and next(iter(self._last.values())) + self.seconds <= now:
            self._last.popitem(last=False)

    def wait(self, key: Hashable) -> float:
        """Seconds until `key` may act (0: now); when full, until the oldest entry expires."""
        now = self._clock()
        self._forget_expired(now)
        if key in self._last:
            return self._last[key] + self.seconds - now
        if len(self._last) >= self.limit:
            return next(iter(self._last.values())) + self.seconds - now
        return 0.0

    def use(self, key: Hashable) -> None:
        """Record that `key` acted now (after `wait` said 0)."""
        self._last[key] = self._clock()
        self._last.move_to_end(key)


class Exports:
    """One kind of export: its cooldown per member and the count of those being built."""

    def __init__(self) -> None:
        self.cooldown = Cooldown(EXPORT_EVERY, limit=MAX_REMEMBERED)
        self.running = 0

    async def send(
        self,
        interaction: discord.Interaction,
        build: Build,
        *,
        filename: str,
        done: Callable[[int], str],
    ) -> None:
        """Refuse (saying when to come back) or build `filename` in a worker thread and send it privately."""
        wait = self.cooldown.wait(interaction.user.id)
        if wait > 0:
            raise Refusal("chips.export.wait", seconds=math.ceil(wait))
        if self.running >= MAX_RUNNING:
            raise Refusal("chips.export.busy")
        self.cooldown.use(interaction.user.id)
        self.running += 1
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            text, count = await build()
        finally:
            self.running -= 1
        await interaction.followup.send(
            done(count), file=csv_file(text, filename), ephemeral=True, allowed_mentions=NO_PINGS
        )
