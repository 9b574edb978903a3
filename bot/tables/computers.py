"""Computer seats: the driver that plays their turns.

Computer seats, and people's seats after `AWAY_AFTER` turn-timer expiries, are
played by one driver task per table. It asks a `Thinker` (a worker thread, or
the bot's pool of processes) for a choice with the table's lock let go, and
applies the choice through the core (`TableCore.apply`) only if the table has not
moved on meanwhile. Each computer seat is its own league player (`bot:<level>:<name>`;
names in `bot.tables.model`). The turn clock (`bot.tables.clock`) says when to drive.
"""

from __future__ import annotations

import asyncio
import functools
import logging

from bot.ai.player import fallback
from bot.ai.thinking import Thinker
from bot.game import Action, IllegalAction, Phase
from bot.tables.core import TableCore
from bot.tables.model import DEFAULT_LEVEL, Table

log = logging.getLogger(__name__)


class ComputerDriver:
    """Plays every computer turn of a table, one decision at a time, while no person is to act."""

    def __init__(self, core: TableCore, thinker: Thinker) -> None:
        self._core = core
        self._thinker = thinker
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._standins: dict[int, int] = {}  # table id -> version whose turn a computer plays once

    def to_act(self, table: Table) -> bool:
        """Whether a computer plays the turn now: a computer's seat, or a stand-in for one turn."""
        if table.paused or table.moving:
            return False
        return table.is_computer_turn() or self._standins.get(table.id) == table.version

    def stand_in(self, table_id: int, version: int) -> None:
        """A computer plays the person's turn at state `version` (their timer ran out), once (in
        the passing, the rest of the pass: it goes a card at a time, F-5)."""
        self._standins[table_id] = version

    def stand_down(self, table_id: int) -> None:
        """No stand-in: the person is back (or the table gone)."""
        self._standins.pop(table_id, None)

    def start(self, table: Table) -> None:
        """Make sure the table's driver runs (at most one per table)."""
        driver = self._drivers.get(table.id)
        if driver is None or driver.done():
            self._drivers[table.id] = asyncio.create_task(
                self._drive(table), name=f"table-{table.id}-computer"
            )

    def stop(self, table_id: int, *, spare_current: bool = False) -> None:
        """Cancel the table's driver (`spare_current`: unless this is it: it ends by itself)."""
        task = self._drivers.pop(table_id, None)
        if task is not None and not (spare_current and task is asyncio.current_task()):
            task.cancel()

    def cancel_all(self) -> list[asyncio.Task[None]]:
        """Cancel every driver (the service closes); the tasks, for the caller to await."""
        tasks = list(self._drivers.values())
        for task in tasks:
            task.cancel()
        self._drivers.clear()
        return tasks

    async def settle(self) -> None:
        """Wait until no computer is thinking or playing (tests, the terminal, benchmarks)."""
        while self._drivers:
            await asyncio.gather(*list(self._drivers.values()), return_exceptions=True)

    async def _drive(self, table: Table) -> None:
        """Play every computer turn of this table until a person is to act."""
        try:
            while not self._core.closed:
                async with table.lock:
                    if table.status != "playing" or not self.to_act(table):
                        return
                    seat, version = table.to_act, table.version
                    assert seat is not None  # a computer is to act
                    view = table.seat_view(seat)  # frozen: shared with every other reader
                    legal = list(view.legal)
                    level = table.seats[seat].bot_level or DEFAULT_LEVEL
                seed = table.decision_seed(version)
                choice = await self._thinker.choose(table.id, level, view, legal, seed)
                await self._core.persist(
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
        if table.version != version or not self.to_act(table):
            return
        try:
            await self._core.apply(table, seat, choice, user_id=None)
        except IllegalAction as error:  # a faulty player must not stall the table
            log.error("table %s: computer chose %s: %s", table.id, choice, error)
            await self._core.apply(table, seat, fallback(table.seat_view(seat)), user_id=None)
        game = table.started_game
        if table.id in self._standins and game.phase is Phase.PASSING and game.to_act == seat:
            self._standins[table.id] = table.version  # F-5: a stand-in gives the whole pass
        else:
            self._standins.pop(table.id, None)
