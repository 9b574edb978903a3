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
from dataclasses import replace

from bot.store import update_table
from bot.store.tables import merge_settings, set_away_strikes
from bot.tables.computers import ComputerDriver
from bot.tables.model import AWAY_AFTER, Table
from bot.tables.outcome import Outcome, Text, Who
from bot.tables.seating import Seating
from bot.tables.turns import KEEP, timed_turn

log = logging.getLogger(__name__)


class TurnClock(ComputerDriver, Seating):
    """Starts, after every change, the computer driver, the turn's timer or the abandon timer."""

    def _schedule(self, table: Table) -> None:
        """After any change: cancel the turn timer, then start a computer driver, the turn's timer,
        or, while the table is paused, the timer that closes it as abandoned.

        The timers keep their deadlines, so rescheduling the same turn (someone else
        came back, a restart) never gives the player more time, nor a paused table.
        """
        timer = self._timers.pop(table.id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if self._closed or table.status != "playing" or table.moving:
            return
        if table.paused_until is not None:
            self._timers[table.id] = asyncio.create_task(
                self._abandon_timer(table, table.paused_until), name=f"table-{table.id}-abandon"
            )
            return
        seat = table.to_act
        if seat is None:
            return
        if self._computer_to_act(table):
            self._start_driver(table)
            return
        turn = timed_turn(table, table.version, seat, self.clock())
        if turn is not None:
            table.turn = turn
            self._timers[table.id] = asyncio.create_task(
                self._turn_timer(table, seat, *turn), name=f"table-{table.id}-timer"
            )

    async def _turn_timer(self, table: Table, seat: int, version: int, deadline: float) -> None:
        """Remind the player when half the turn is left; at the deadline a computer plays this turn.

        A timer resumed after the half-way point does not remind again (the reminder
        went out before the restart).
        """
        try:
            remind_in = deadline - table.turn_seconds / 2 - self.clock()
            if remind_in > 0:
                await self._sleep(remind_in)
                async with table.lock:
                    if table.version != version:
                        return
                    user = table.seats[seat].user_id
                    self._publish(
                        Outcome(
                            table,
                            public=[
                                Text.of(
                                    "bot.line.reminder",
                                    who=Who(seat),
                                    seconds=round(deadline - self.clock()),
                                )
                            ],
                            ping=[user] if user is not None else [],
                        )
                    )
            await self._sleep(max(0.0, deadline - self.clock()))
            await self._persist(
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
        async with self.store.transaction() as tx:
            await set_away_strikes(tx, table.id, seat, strikes)
            paused = await self._pause_after(tx, table, after)
            if paused is not KEEP:
                await merge_settings(tx, table.id, {"paused_until": paused})
        table.with_seat(seat, away_strikes=strikes)
        if paused is not KEEP:
            table.paused_until = paused
        key = "bot.line.away" if strikes >= AWAY_AFTER else "bot.line.timeout"
        self._standins[table.id] = version
        self._publish(
            Outcome(
                table, public=[Text.of(key, who=Who(seat)), *self._pause_lines(paused)], board=True
            )
        )
        if self._timers.get(table.id) is asyncio.current_task():
            del self._timers[table.id]
        self._schedule(table)

    async def _abandon_timer(self, table: Table, deadline: float) -> None:
        """Close the paused table as abandoned at its deadline, unless someone came back first."""
        try:
            await self._sleep(max(0.0, deadline - self.clock()))
            await self._persist(
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
        async with self.store.transaction() as tx:
            await update_table(tx, table.id, status="cancelled")
            await merge_settings(tx, table.id, {"abandoned": True, "paused_until": None})
        table.status, table.abandoned, table.paused_until = "cancelled", True, None
        self._forget(table)
        self._publish(Outcome(table, public=[Text.of("bot.line.abandoned")], board=True))
