"""The core every part of the table service shares: the tables, their locks, the store.

`TableCore` holds the registry of tables (active ones, and the last few finished
ones replayed for their boards), the store, the clock and the publisher, and the
one step by which an action changes a table: write it through the store in one
transaction, and only once that has committed, change the table in memory and
publish. The parts built on it — lobby (`bot.tables.lobby`), play
(`bot.tables.play`), turn clock (`bot.tables.clock`) and computer driver
(`bot.tables.computers`), with seat writes (`bot.tables.seating`), retried
background writes (`bot.tables.persist`) and leases (`bot.tables.leases`) — meet
in `TableService`. Every call passes `bot.tables.guard` before it acts; a refusal
is a raised `Refusal` and changes nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.game import Action, parse_action
from bot.game.fair import key_maker
from bot.store import (
    DuplicateAction,
    Store,
    Tx,
    append_action,
    load_actions,
    update_table,
)
from bot.store.deals import commit_deals, deal_salts
from bot.store.tables import get_table, merge_settings, set_away_strikes
from bot.tables.announce import event_lines
from bot.tables.deallog import DealLog
from bot.tables.lock import TableLock
from bot.tables.model import Table
from bot.tables.outcome import Outcome
from bot.tables.recent import Recent
from bot.tables.thinking import Thinker
from bot.tables.turns import timed_turn

log = logging.getLogger(__name__)

#: Action texts read once: the same few hundred ("play 10♥", "pass") come back all game long.
_parse_action = functools.lru_cache(maxsize=1024)(parse_action)

#: Finished tables kept replayed in memory (for their boards, scores and rules after the end).
FINISHED_KEPT = 32


@dataclass(frozen=True)
class Person:
    """Someone acting at a table: a Discord user id (or any stable id) and a display name."""

    user_id: int
    name: str


class Publisher(Protocol):
    def publish(self, table: Table, outcome: Outcome) -> None:
        """Queue the public part of `outcome` (board redraw, channel lines); must not block."""


class _Silent:
    def publish(self, table: Table, outcome: Outcome) -> None:
        pass


#: Called inside the transaction that accepts an action, with its events (the chip ledger settles
#: Check deals here); also with the service's own events: {"type": "forfeit", "seat", "player_id"}
#: when a person leaves or is kicked mid-game, and {"type": "cancel"} when a game is cancelled.
ActionHook = Callable[[Tx, Table, Sequence[Mapping[str, Any]]], Awaitable[None]]


class TableCore(ABC):
    """The registry, the store and the commit-then-change step the service's parts share."""

    #: Decides computer turns (and hints); set by `TableService`.
    _thinker: Thinker

    def __init__(
        self,
        store: Store,
        *,
        publisher: Publisher | None,
        turn_seconds: float,
        seed: int | None,
        hooks: Sequence[ActionHook],
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
        retry: tuple[float, float],
    ) -> None:
        self.store = store
        self.clock = clock
        self._sleep = sleep
        self.publisher: Publisher = publisher or _Silent()
        self.turn_seconds = turn_seconds
        self._hooks = list(hooks)
        self._rng = random.Random(seed)
        self._new_key = key_maker(seed)  # each table's fair-dealing key (bot.game.fair)
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._finished: Recent[int, Table] = Recent(FINISHED_KEPT)
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._standins: dict[int, int] = {}  # table id -> version whose turn a computer plays once
        self._closed = False
        self._retry = retry
        self._releases: set[asyncio.Task[None]] = set()  # leases of closed tables being given up

    @abstractmethod
    def _schedule(self, table: Table) -> None:
        """After any change: start what the table now waits for (`TurnClock` does)."""

    # ------------------------------------------------------------ the registry

    def table(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def table_in(self, channel_id: int) -> Table | None:
        """The active table of a channel (one at most)."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def tables(self, guild_id: int | None = None) -> list[Table]:
        """Active tables, oldest first, of one guild or all."""
        return [t for t in self._tables.values() if guild_id is None or t.guild_id == guild_id]

    async def finished_table(self, table_id: int) -> Table | None:
        """A finished table with its game replayed (its board, score and rules), or None.

        Finished games never change, so the last few are kept (`FINISHED_KEPT`).
        """
        table = self._finished.get(table_id)
        if table is None:
            row = await get_table(self.store, table_id)
            if row is None or row.status != "finished":
                return None
            table = Table.from_row(row, turn_seconds=self.turn_seconds)
            await self._replay(table)
            self._finished.put(table_id, table)
        return table

    def _register(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        """Drop a finished or cancelled table: no timers, no driver, free channel, lease given up."""
        self._tables.pop(table.id, None)
        release = asyncio.get_running_loop().create_task(self.store.release_table(table.id))
        self._releases.add(release)
        release.add_done_callback(self._releases.discard)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        self._standins.pop(table.id, None)
        for tasks in (self._timers, self._drivers):
            task = tasks.pop(table.id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _locked(self, table_id: int) -> TableLock:
        """`async with self._locked(id) as table`: the active table under its lock, or None."""
        return TableLock(self._tables.get(table_id))

    # ------------------------------------------------------------ changing a table

    def _publish(self, outcome: Outcome) -> Outcome:
        if outcome.has_public and outcome.table is not None:
            try:
                self.publisher.publish(outcome.table, outcome)
            except Exception:  # a broken publisher must not undo an accepted action
                log.exception("publisher failed for table %s", outcome.table.id)
        return outcome

    async def _load_salts(self, table: Table) -> None:
        """The salt words stored for the table's deals, which its game deals from (bot.game.fair)."""
        if table.deal_key is not None:
            table.salts = await deal_salts(self.store, table.id)

    async def _replay(self, table: Table) -> None:
        """Rebuild the game from seed, options and the stored action log.

        The deal log is rebuilt with it (its lines discarded), so after a restart
        the board lists the same recent tricks and a meld round or auction that was
        still open is told whole when it closes.
        """
        actions = await load_actions(self.store, table.id)
        await self._load_salts(table)
        table.game, table.deal_log = table.new_game(), DealLog()
        event_lines(table, table.game.opening_events)
        for row in actions:
            event_lines(table, table.game.apply(row.action))
        table.version = len(actions)

    async def _apply(
        self, table: Table, seat: int, action: str | Action, *, user_id: int | None
    ) -> Outcome:
        """Apply and store one action (the caller holds the lock); IllegalAction changes nothing.

        The action is applied to a copy of the game (`Game.clone`), which the hooks see
        (on a staged copy of the table) inside one transaction of as few statements as
        the action needs: the action itself, and only when they change the seat's strikes,
        the next turn's deadline, the table's status, and what the hooks write. Only once
        that has committed is the copy swapped in, so a failed write leaves the table
        exactly as it was and the next action simply tries again.
        """
        if not isinstance(action, Action):
            action = _parse_action(action)  # typed text; IllegalAction if it is no action
        game = table.started_game.clone()
        events = game.apply(action)
        seq = table.version + 1
        reset = user_id is not None and table.seats[seat].away_strikes > 0
        over = table.ends(game)  # the game is over, or an event's table has played its deals
        turn = None if over else timed_turn(table, seq, game.to_act, self.clock())
        dealt = any(event["type"] == "deal" for event in events)
        ahead = table.commitments(game.deal_no + 1) if dealt and not over else {}
        staged = replace(table, game=game)  # what the hooks read: the table after this action
        try:
            async with self.store.transaction() as tx:
                await append_action(tx, table.id, seq, seat, user_id, str(action))
                if ahead:  # the next deal's fingerprint, shown from now on (bot.game.fair)
                    await commit_deals(tx, table.id, ahead)
                if reset:
                    await set_away_strikes(tx, table.id, seat, 0)
                if turn is not None:
                    await merge_settings(tx, table.id, {"turn": list(turn)})
                if over:
                    await update_table(tx, table.id, status="finished")
                for hook in self._hooks:
                    await hook(tx, staged, events)
        except DuplicateAction:  # the store holds more than memory (a commit we saw fail had not)
            await self._replay(table)
            raise
        table.game, table.version, table.turn = game, seq, turn
        if reset:
            table.with_seat(seat, away_strikes=0)
        if over:
            table.status = "finished"
            self._forget(table)
        else:
            self._schedule(table)
        return self._publish(
            Outcome(table, public=event_lines(table, events), board=True, action=action)
        )
