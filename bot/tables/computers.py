"""Computer seats: their names, and the driver that plays their turns.

Computer seats, and people's seats after `AWAY_AFTER` turn-timer expiries, are
played by one driver task per table. It asks a `Thinker` (a worker thread, or
the bot's pool of processes) for a choice with the table's lock let go, and
applies the choice only if the table has not moved on meanwhile. Each computer
seat is its own league player (`bot:<level>:<name>`; names in `bot.tables.model`).
"""

from __future__ import annotations

import asyncio
import functools
import logging

from bot.game import Action, IllegalAction
from bot.tables.model import DEFAULT_LEVEL, Table
from bot.tables.persist import Persisting

log = logging.getLogger(__name__)


class ComputerDriver(Persisting):
    """Plays every computer turn of a table, one decision at a time, while no person is to act."""

    def _computer_to_act(self, table: Table) -> bool:
        """Whether a computer plays the turn now: a computer's seat, or a stand-in for one turn."""
        if table.paused or table.moving:
            return False
        return table.is_computer_turn() or self._standins.get(table.id) == table.version

    def _start_driver(self, table: Table) -> None:
        """Make sure the table's driver runs (at most one per table)."""
        driver = self._drivers.get(table.id)
        if driver is None or driver.done():
            self._drivers[table.id] = asyncio.create_task(
                self._drive(table), name=f"table-{table.id}-computer"
            )

    async def settle(self) -> None:
        """Wait until no computer is thinking or playing (tests, the terminal, benchmarks)."""
        while self._drivers:
            await asyncio.gather(*list(self._drivers.values()), return_exceptions=True)

    async def _drive(self, table: Table) -> None:
        """Play every computer turn of this table until a person is to act."""
        try:
            while not self._closed:
                async with table.lock:
                    if table.status != "playing" or not self._computer_to_act(table):
                        return
                    seat, version = table.to_act, table.version
                    assert seat is not None  # a computer is to act
                    view = table.started_game.view(seat)  # the player's own copy: it may change it
                    legal = list(view.legal)
                    level = table.seats[seat].bot_level or DEFAULT_LEVEL
                seed = table.decision_seed(version)
                choice = await self._thinker.choose(table.id, level, view, legal, seed)
                await self._persist(
                    table,
                    "storing a computer's move",
                    functools.partial(self._play_for, table, seat, version, choice, legal),
                )
        except Exception:
            log.exception("table %s: the computer driver stopped", table.id)
        finally:
            if self._drivers.get(table.id) is asyncio.current_task():
                del self._drivers[table.id]

    async def _play_for(
        self, table: Table, seat: int, version: int, choice: Action, legal: list[Action]
    ) -> None:
        """Apply a computer's choice if the table still waits for it (the caller holds the lock)."""
        if table.version != version or not self._computer_to_act(table):
            return
        try:
            await self._apply(table, seat, choice, user_id=None)
        except IllegalAction as error:  # a faulty player must not stall the table
            log.error("table %s: computer chose %s: %s", table.id, choice, error)
            from bot.ai.player import fallback  # as `bot.tables.players` reaches bot.ai: late

            await self._apply(table, seat, fallback(table.started_game.view(seat)), user_id=None)
        self._standins.pop(table.id, None)
