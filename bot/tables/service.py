"""The table service: lobby, turns, timers and computer seats, with no Discord in sight.

Every call takes the acting person, checks seat, turn, state version and
legality under the table's lock, writes what it accepts through the store in
the same transaction (the action log is the game: seed + options + actions),
hands the public part of the result to the `Publisher` while still holding the
lock (so channel lines keep the order of play), and returns an `Outcome` with
what to tell the acting user. A refusal is a raised `Refusal` and changes nothing.

`TableService` is its parts put together around `TableCore` (the registry, the
store, the locks and the commit-then-change step): `Lobby` (seats and hosts),
`Play` (hands, actions, reviews), `TurnClock` (deadlines, reminders, pauses) and
`ComputerDriver` (computer turns), and `Leases` (a table whose lease is in doubt
stops; taken back, it is read again; lost, forgotten). Here: starting, resuming and closing it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from bot.store import Store, TableRow, list_unfinished_tables, update_table
from bot.store.tables import merge_settings
from bot.tables.clock import TurnClock
from bot.tables.core import ActionHook, Person, Publisher
from bot.tables.leases import Leases
from bot.tables.lobby import Lobby, StartedTable
from bot.tables.model import Table
from bot.tables.play import Hand, Play
from bot.tables.players import PlayerFactory, simple_players
from bot.tables.thinking import Thinker, ThreadThinker
from bot.tables.turns import new_turn

log = logging.getLogger(__name__)

__all__ = ["ActionHook", "Hand", "Person", "Publisher", "StartedTable", "TableService"]


class TableService(Leases, Lobby, Play, TurnClock):
    """All tables of one bot process. Create, `await resume()`, use, `await close()`."""

    def __init__(
        self,
        store: Store,
        *,
        publisher: Publisher | None = None,
        players: PlayerFactory = simple_players,
        thinker: Thinker | None = None,
        turn_seconds: float = 120,
        seed: int | None = None,
        hooks: Sequence[ActionHook] = (),
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        retry: tuple[float, float] = (0.5, 30.0),
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        """`clock` gives the time in seconds that turn deadlines are kept in: the wall
        clock by default, so a deadline means the same after a restart; `sleep` waits that
        many seconds of it (tests pass a clock they move, and its sleep). `thinker` decides
        computer turns (the bot's process pool); without one, `players` do in a thread.
        The caller owns the thinker and closes it after the service. `retry`: the first
        and the longest wait between attempts at a failed background write. `owns(guild_id)`:
        whether this process runs that guild's shard (only those tables resume here)."""
        super().__init__(
            store,
            publisher=publisher,
            turn_seconds=turn_seconds,
            seed=seed,
            hooks=hooks,
            clock=clock,
            sleep=sleep,
            retry=retry,
        )
        self._thinker = thinker or ThreadThinker(players)
        self._owns = owns
        #: Tables the last `resume()` set aside because they did not load (their stored rows).
        self.broken: list[TableRow] = []
        self._stop_watching = store.watch_leases(self._lease_changed)

    def owns(self, guild_id: int) -> bool:
        """Whether this process drives the guild's tables and events (its shard's guilds)."""
        return self._owns(guild_id)

    async def resume(self) -> list[Table]:
        """Load every unfinished table from the store, replaying each game's action log.

        A table that does not load (a log that no longer replays, any error reading
        it) is set aside: closed in the store with a `broken` note, its error logged,
        and kept in `broken` so the caller can say so in its channel. Every other
        table resumes: one bad table must not keep the bot down in every server.
        Only the tables of guilds this process `owns` resume, each under a lease
        (`store.claim_table`) so two live processes never drive one table.
        """
        resumed = []
        self.broken = []
        for row in await list_unfinished_tables(self.store):
            if not self.owns(row.guild_id):
                continue  # another process's shard
            if not await self.store.claim_table(row.id):
                log.warning("table %s is driven by another live process; not resumed", row.id)
                continue
            try:
                table = await self._load(row)
            except Exception as error:
                log.exception("table %s does not load; it is set aside as broken", row.id)
                await self._set_aside(row, error)
                continue
            self._register(table)
            resumed.append(table)
            self._schedule(table)
        return resumed

    async def close(self) -> None:
        """Stop every timer and computer driver (the store stays open: the caller owns it)."""
        self._closed = True
        self._stop_watching()
        tasks = [*self._drivers.values(), *self._timers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, *self._releases, return_exceptions=True)
        self._drivers.clear()
        self._timers.clear()

    async def _load(self, row: TableRow) -> Table:
        """A stored table in memory, its game replayed and a turn past its deadline given a new one."""
        table = Table.from_row(row, turn_seconds=self.turn_seconds)
        if table.status == "playing":
            await self._replay(table)
            turn = new_turn(table, table.seats, self.clock())
            if turn is not None:
                async with self.store.transaction() as tx:
                    await merge_settings(tx, table.id, {"turn": list(turn)})
                table.turn = turn
        return table

    async def _set_aside(self, row: TableRow, error: Exception) -> None:
        """Close a table that cannot be resumed (its rows stay for a look) and remember it in `broken`."""
        note = f"{type(error).__name__}: {error}"[:500]
        try:
            async with self.store.transaction() as tx:
                await update_table(tx, row.id, status="cancelled")
                await merge_settings(tx, row.id, {"broken": note})
        except Exception:
            log.exception("table %s: could not mark it broken; the next start tries again", row.id)
        self.broken.append(row)
