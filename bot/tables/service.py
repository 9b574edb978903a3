"""The table service: lobby, turns, timers and computer seats, with no Discord in sight.

Every call takes the acting person, checks seat, turn, state version and
legality under the table's lock, writes what it accepts through the store in
the same transaction (the action log is the game: seed + options + actions),
hands the public part of the result to the `Publisher` while still holding the
lock (so channel lines keep the order of play), and returns an `Outcome` with
what to tell the acting user. A refusal is a raised `Refusal` and changes nothing.

`TableService` is a façade over parts it builds and owns, each given what it uses when built:
the `Registry` of tables, the `TableCore` (the store and the commit-then-change step),
`Seating` (seat writes and pauses), the `ComputerDriver` (computer turns), the `TurnClock`
(deadlines, reminders, pauses), the `Lobby` (seats and hosts), `Hands` (hands, actions,
reviews) and `Leases` (a table whose lease is in doubt stops; taken back, it is read again;
lost, forgotten). Here: wiring them, starting, resuming and closing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.ai.table_players import PlayerFactory, simple_players
from bot.ai.thinking import Thinker, ThreadThinker
from bot.game import Action
from bot.game.record import DealRecord
from bot.store import Store, TableRow, Tx, list_unfinished_tables, update_table
from bot.store.tables import merge_settings
from bot.tables.clock import TurnClock
from bot.tables.computers import ComputerDriver
from bot.tables.core import ActionHook, Person, Publisher, TableCore
from bot.tables.leases import Leases
from bot.tables.lobby import Lobby, StartedTable
from bot.tables.model import DEFAULT_LEVEL, Table
from bot.tables.outcome import Outcome
from bot.tables.play import Hand, Hands, Pressed
from bot.tables.registry import Registry
from bot.tables.row_settings import TableHome, settings_patch
from bot.tables.seating import Seating
from bot.tables.snapshot import TableSnapshot, snapshot_of

log = logging.getLogger(__name__)

__all__ = ["ActionHook", "Hand", "Person", "Pressed", "Publisher", "StartedTable", "TableService"]


class TableService:
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
        self.store, self.clock, self.turn_seconds = store, clock, turn_seconds
        thinker = thinker or ThreadThinker(players)
        self._registry = Registry()
        self._core = TableCore(
            store,
            self._registry,
            publisher=publisher,
            turn_seconds=turn_seconds,
            hooks=hooks,
            clock=clock,
            sleep=sleep,
            retry=retry,
        )
        seating = Seating(self._core)
        self._computers = ComputerDriver(self._core, thinker)
        self._clock = TurnClock(self._core, seating, self._computers)
        self._core.wait_with(self._clock)
        self._lobby = Lobby(self._core, seating, self._computers, seed=seed)
        self._hands = Hands(self._core, thinker)
        self._leases = Leases(self._core, self._clock, seating)
        self._owns = owns
        #: Tables the last `resume()` set aside because they did not load (their stored rows).
        self.broken: list[TableRow] = []
        self._stop_watching = store.watch_leases(self._leases.changed)

    def owns(self, guild_id: int) -> bool:
        """Whether this process drives the guild's tables and events (its shard's guilds)."""
        return self._owns(guild_id)

    async def resume(self) -> tuple[TableSnapshot, ...]:
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
                table = await self._core.load(row)
            except Exception as error:
                log.exception("table %s does not load; it is set aside as broken", row.id)
                await self._set_aside(row, error)
                continue
            self._registry.add(table)
            resumed.append(snapshot_of(table))
            self._core.schedule(table)
        return tuple(resumed)

    async def close(self) -> None:
        """Stop every timer and computer driver (the store stays open: the caller owns it)."""
        self._core.close()
        self._stop_watching()
        tasks = self._clock.cancel_all()
        await asyncio.gather(*tasks, *self._core.releasing, return_exceptions=True)

    async def _set_aside(self, row: TableRow, error: Exception) -> None:
        """Close a table that cannot be resumed (its rows stay for a look) and remember it in `broken`."""
        note = f"{type(error).__name__}: {error}"[:500]
        try:
            async with self.store.transaction() as tx:
                await update_table(tx, row.id, status="cancelled")
                await merge_settings(tx, row.id, settings_patch(broken=note))
        except Exception:
            log.exception("table %s: could not mark it broken; the next start tries again", row.id)
        self.broken.append(row)

    # ------------------------------------------------------------ the registry (`Registry`)

    # Snapshots are taken between two awaits: a table changes in memory only after its write
    # commits, in one step, so a snapshot never shows half a change.

    def table(self, table_id: int) -> TableSnapshot | None:
        """The open table with this id, or None."""
        return _shown(self._registry.get(table_id))

    def table_in(self, channel_id: int) -> TableSnapshot | None:
        """The active table of a channel (one at most)."""
        return _shown(self._registry.in_channel(channel_id))

    def tables(self, guild_id: int | None = None) -> tuple[TableSnapshot, ...]:
        """Active tables, oldest first, of one guild or all."""
        return tuple(snapshot_of(table) for table in self._registry.active(guild_id))

    def known_table(self, table_id: int) -> TableSnapshot | None:
        """The table, open or let go here lately (ended, or taken over by another process)."""
        return _shown(self._registry.known(table_id))

    async def settled(self, table_id: int) -> None:
        """Wait until the change under way at the table, if any, is done: its transaction
        committed, its memory changed and its lock let go. An action hook that starts work of its
        own (a league night looking at its round) waits on this, since the hook runs under the
        lock and a transaction of its own would not wait for another connection's on PostgreSQL."""
        table = self._registry.known(table_id)
        if table is not None:
            async with table.lock:
                pass

    async def finished_table(self, table_id: int) -> TableSnapshot | None:
        """A finished table with its game replayed (its board, score and rules), or None."""
        return _shown(await self._core.finished_table(table_id))

    def board_message(self, table_id: int) -> int | None:
        """The channel message that shows the table (open or recently ended), if one is known."""
        table = self._registry.known(table_id)
        return None if table is None else table.board_message_id

    async def set_board_message(self, table_id: int, message_id: int) -> None:
        """Remember the channel message that shows this table (edited, never re-posted), also
        for a table that just ended: a restart finds it."""
        await self._core.set_board_message(table_id, message_id)

    # ------------------------------------------------------------ the lobby (`Lobby`)

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Person,
        variant: str,
        options: dict[str, Any] | None = None,
        language: str = "en",
        turn_seconds: float | None = None,
        home: TableHome | None = None,
        hints: bool = False,
    ) -> Outcome:
        """Open a table in the lobby with the host in seat 0 (`Lobby.open`)."""
        return await self._lobby.open(
            guild_id=guild_id,
            channel_id=channel_id,
            host=host,
            variant=variant,
            options=options,
            language=language,
            turn_seconds=turn_seconds,
            home=home,
            hints=hints,
        )

    async def join(self, table_id: int, person: Person) -> Outcome:
        """Take a free seat, or take one's own seat back from the computer (`Lobby.join`)."""
        return await self._lobby.join(table_id, person)

    async def leave(self, table_id: int, person: Person) -> Outcome:
        """Leave the lobby, or forfeit one's seat to the computer mid-game (`Lobby.leave`)."""
        return await self._lobby.leave(table_id, person)

    async def add_computer(
        self, table_id: int, person: Person, level: str = DEFAULT_LEVEL, seat: int | None = None
    ) -> Outcome:
        """Seat a computer player in the lobby (`Lobby.add_computer`)."""
        return await self._lobby.add_computer(table_id, person, level, seat)

    async def kick(self, table_id: int, person: Person, seat: int) -> Outcome:
        """The host empties a seat, or has the computer take an away person's (`Lobby.kick`)."""
        return await self._lobby.kick(table_id, person, seat)

    async def start(self, table_id: int, person: Person) -> Outcome:
        """The host starts the game (`Lobby.start`)."""
        return await self._lobby.start(table_id, person)

    async def cancel(self, table_id: int, person: Person, *, manager: bool = False) -> Outcome:
        """The host (or a manager) closes the table (`Lobby.cancel`)."""
        return await self._lobby.cancel(table_id, person, manager=manager)

    async def open_started(
        self,
        tables: Sequence[StartedTable],
        also: Callable[[Tx, tuple[TableSnapshot, ...]], Awaitable[None]],
    ) -> tuple[TableSnapshot, ...]:
        """Open several tables already playing in one transaction (`Lobby.open_started`)."""
        return await self._lobby.open_started(tables, also)

    async def cover(self, table_id: int, user_id: int) -> bool:
        """The computer plays a person's seat from now on, no forfeit (`Lobby.cover`)."""
        return await self._lobby.cover(table_id, user_id)

    async def rematch(self, table_id: int, person: Person) -> Outcome:
        """Open a finished table's rematch, or sit at the one open (`Lobby.rematch`)."""
        return await self._lobby.rematch(table_id, person)

    # ----------------------------------------------------------- play (`Hands`)

    async def hand(self, table_id: int, user_id: int) -> Hand:
        """The person's hand and legal actions (`Hands.hand`)."""
        return await self._hands.hand(table_id, user_id)

    async def legal_for(
        self, table_id: int, user_id: int, verb: str | None = None
    ) -> tuple[Action, ...]:
        """Legal actions for this person now, for autocomplete (`Hands.legal_for`)."""
        return await self._hands.legal_for(table_id, user_id, verb)

    async def act(
        self, table_id: int, person: Person, action: str | Action, *, version: int | None = None
    ) -> Outcome:
        """A person's action, from the state `version` they saw (`Hands.act`)."""
        return await self._hands.act(table_id, person, action, version=version)

    async def press(self, table_id: int, person: Person, index: int, version: int) -> Pressed:
        """A press of a hand view's action `index` drawn at `version`, answered with the hand after
        it: one take of the table's lock (`Hands.press`)."""
        return await self._hands.press(table_id, person, index, version)

    async def hint(self, table_id: int, person: Person) -> Outcome:
        """What the `hard` player would do in the person's seat now (`Hands.hint`)."""
        return await self._hands.hint(table_id, person)

    async def salt(self, table_id: int, user_id: int, word: str) -> Outcome:
        """A seated player's salt word for the next deal (`Hands.salt`)."""
        return await self._hands.salt(table_id, user_id, word)

    async def last_finished(
        self, guild_id: int, channel_id: int, *, home_key: str | None = None
    ) -> TableSnapshot | None:
        """The channel's most recently finished table (`Hands.last_finished`)."""
        return await self._hands.last_finished(guild_id, channel_id, home_key=home_key)

    async def revealed_deals(self, table_id: int) -> tuple[DealRecord, ...]:
        """A finished game's deals with their seeds revealed (`Hands.revealed_deals`)."""
        return await self._hands.revealed_deals(table_id)

    async def review(self, table_id: int) -> tuple[TableSnapshot, DealRecord]:
        """The last deal of a table that is over (`Hands.review`)."""
        return await self._hands.review(table_id)

    # ------------------------------------------------------------ the computers

    async def settle(self) -> None:
        """Wait until no computer is thinking or playing (tests, the terminal, benchmarks)."""
        await self._computers.settle()


def _shown(table: Table | None) -> TableSnapshot | None:
    return None if table is None else snapshot_of(table)
