"""The turn clock: what a table waits for after each change, and the timers that end the wait.

A person's turn has a deadline, stored with the action that started the turn,
so a restart gives the player the time that was left, not a new turn. At half
time the player is reminded; at the deadline a computer plays that one turn,
and after `AWAY_AFTER` expiries in a row it keeps the seat. A table with no
person present pauses, and closes as abandoned at its own stored deadline
unless someone comes back first.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

from bot.store import update_table
from bot.store.tables import merge_settings, set_away_strikes
from bot.tables.computers import ComputerDriver
from bot.tables.core import TableCore
from bot.tables.model import AWAY_AFTER, Table
from bot.tables.outcome import Text, Who, told
from bot.tables.row_settings import settings_patch
from bot.tables.seating import Seating
from bot.tables.turns import KEEP, timed_turn

log = logging.getLogger(__name__)


class TurnClock:
    """Starts, after every change, the computer driver, the turn's timer or the abandon timer
    (the core's `Waits`); one task a table waits on at a time."""

    def __init__(self, core: TableCore, seating: Seating, computers: ComputerDriver) -> None:
        self._core = core
        self._seating = seating
        self._computers = computers
        self._timers: dict[int, asyncio.Task[None]] = {}

    def schedule(self, table: Table) -> None:
        """After any change: cancel the turn timer, then start a computer driver, the turn's timer,
        or, while the table is paused, the timer that closes it as abandoned.

        The timers keep their deadlines, so rescheduling the same turn (someone else
        came back, a restart) never gives the player more time, nor a paused table.
        """
        timer = self._timers.pop(table.id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if self._core.closed or table.status != "playing" or table.moving:
            return
        if table.paused_until is not None:
            self._timers[table.id] = asyncio.create_task(
                self._abandon_timer(table, table.paused_until), name=f"table-{table.id}-abandon"
            )
            return
        seat = table.to_act
        if seat is None:
            return
        if self._computers.to_act(table):
            self._computers.start(table)
            return
        turn = timed_turn(table, table.version, seat, self._core.now())
        if turn is not None:
            table.turn = turn
            self._timers[table.id] = asyncio.create_task(
                self._turn_timer(table, seat, *turn), name=f"table-{table.id}-timer"
            )

    def wait_for(self, table_id: int, work: Coroutine[Any, Any, None], name: str) -> None:
        """The table waits for `work` now (a lease's reload) in place of a timer: `schedule`,
        `stop`, `forget` and closing cancel it as they cancel a timer."""
        self._timers[table_id] = asyncio.create_task(work, name=name)

    def stop(self, table_id: int) -> None:
        """Cancel what the table waits for, timer and computer driver (its lease is in doubt)."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self._computers.stop(table_id)

    def forget(self, table_id: int) -> None:
        """The table is gone from here: cancel its timer and driver (not the task that says so: it
        ends by itself) and any stand-in."""
        self._computers.stand_down(table_id)
        timer = self._timers.pop(table_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        self._computers.stop(table_id, spare_current=True)

    def cancel_all(self) -> list[asyncio.Task[None]]:
        """Cancel every timer and driver (the service closes); the tasks, for the caller to await."""
        tasks = [*self._computers.cancel_all(), *self._timers.values()]
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()
        return tasks

    async def _turn_timer(self, table: Table, seat: int, version: int, deadline: float) -> None:
        """Remind the player when half the turn is left; at the deadline a computer plays this turn.

        A timer resumed after the half-way point does not remind again (the reminder
        went out before the restart).
        """
        try:
            remind_in = deadline - table.turn_seconds / 2 - self._core.now()
            if remind_in > 0:
                await self._core.sleep(remind_in)
                async with table.lock:
                    if table.version != version:
                        return
                    user = table.seats[seat].user_id
                    self._core.publish(
                        told(
                            table,
                            public=[
                                Text.of(
                                    "bot.line.reminder",
                                    who=Who(seat),
                                    seconds=round(deadline - self._core.now()),
                                )
                            ],
                            ping=[user] if user is not None else [],
                        )
                    )
            await self._core.sleep(max(0.0, deadline - self._core.now()))
            await self._core.persist(
                table,
                "a turn timer's expiry",
                functools.partial(self._expire, table, seat, version),
            )
        except Exception:
            log.exception("table %s: turn timer failed", table.id)

    async def _expire(self, table: Table, seat: int, version: int) -> None:
        """The turn ran out: one more strike, a computer plays this turn (the caller holds the lock).

        The third strike in a row leaves the seat to the computer; if that was the
        last person present, the table pauses instead.
        """
        if table.version != version or table.status != "playing":
            return
        strikes = table.seats[seat].away_strikes + 1
        after = {**table.seats, seat: replace(table.seats[seat], away_strikes=strikes)}
        async with self._core.store.transaction() as tx:
            await set_away_strikes(tx, table.id, seat, strikes)
            paused = await self._seating.pause_after(tx, table, after)
            if paused is not KEEP:
                await merge_settings(tx, table.id, settings_patch(paused_until=paused))
        table.with_seat(seat, away_strikes=strikes)
        if paused is not KEEP:
            table.paused_until = paused
        key = "bot.line.away" if strikes >= AWAY_AFTER else "bot.line.timeout"
        self._computers.stand_in(table.id, version)
        self._core.publish(
            told(
                table,
                public=[Text.of(key, who=Who(seat)), *self._seating.pause_lines(paused)],
                board=True,
            )
        )
        if self._timers.get(table.id) is asyncio.current_task():
            del self._timers[table.id]
        self.schedule(table)

    async def _abandon_timer(self, table: Table, deadline: float) -> None:
        """Close the paused table as abandoned at its deadline, unless someone came back first."""
        try:
            await self._core.sleep(max(0.0, deadline - self._core.now()))
            await self._core.persist(
                table,
                "closing an abandoned table",
                functools.partial(self._abandon, table, deadline),
            )
        except Exception:
            log.exception("table %s: abandon timer failed", table.id)

    async def _abandon(self, table: Table, deadline: float) -> None:
        """Close a table nobody came back to: no further deals, no game premium, not rated.

        Deals completed before stay settled; nothing else is written (the caller holds the lock).
        """
        if table.paused_until != deadline or table.status != "playing":
            return
        async with self._core.store.transaction() as tx:
            await update_table(tx, table.id, status="cancelled")
            await merge_settings(tx, table.id, settings_patch(abandoned=True, paused_until=None))
        table.status, table.abandoned, table.paused_until = "cancelled", True, None
        self._core.forget(table)
        self._core.publish(told(table, public=[Text.of("bot.line.abandoned")], board=True))
