"""The core every part of the table service shares: the tables, their locks, the store.

`TableCore` holds the registry of tables (active ones, and the last few finished
ones replayed for their boards), the store, the clock and the publisher, and the
one step by which anything changes: write through the store in one transaction,
and only once it has committed, change the table in memory and publish. The
parts built on it — lobby (`bot.tables.lobby`), play (`bot.tables.play`), turn
clock (`bot.tables.clock`) and computer driver (`bot.tables.computers`) — meet
in `TableService`. `guard`/`guard_seat` are the checks every call makes before
it acts; each refusal is a raised `Refusal` and changes nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.game import new_game, parse_action
from bot.store import (
    Seat,
    Store,
    Tx,
    append_action,
    get_guild_settings,
    load_actions,
    put_seat,
    update_table,
)
from bot.store.tables import get_table, merge_settings, set_away_strikes
from bot.tables.announce import event_lines
from bot.tables.deallog import DealLog
from bot.tables.model import DEFAULT_LEVEL, Table, computer_name, computer_plays
from bot.tables.outcome import Outcome, Text, Who
from bot.tables.recent import Recent
from bot.tables.refusal import Refusal
from bot.tables.thinking import Thinker
from bot.tables.turns import KEEP, Paused, new_turn, nobody_present, pause_lines, timed_turn

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


@dataclass(frozen=True)
class Hand:
    """What one seated person may see now: their view, the legal actions, the version."""

    table: Table
    seat: int
    view: dict[str, Any]
    legal: list[str]
    version: int
    covered: bool  # the computer plays this seat until the person joins again


class Publisher(Protocol):
    def publish(self, table: Table, outcome: Outcome) -> None:
        """Queue the public part of `outcome` (board redraw, channel lines); must not block."""


class _Silent:
    def publish(self, table: Table, outcome: Outcome) -> None:
        pass


#: Called inside the transaction that accepts an action, with its events (the chip ledger settles
#: Check deals here); also with the service's own events: {"type": "forfeit", "seat", "player_id"}
#: when a person leaves or is kicked mid-game, and {"type": "cancel"} when a game is cancelled.
ActionHook = Callable[[Tx, Table, list[dict[str, Any]]], Awaitable[None]]


def person_seat(number: int, person: Person) -> Seat:
    """Seat `number` for `person` (the computer that may cover it plays at `DEFAULT_LEVEL`)."""
    return Seat(number, person.name, user_id=person.user_id, bot_level=DEFAULT_LEVEL)


def computer_seat(seats: dict[int, Seat], number: int, level: str) -> Seat:
    """A computer of `level` for seat `number`, named so no two computers in `seats` share a name."""
    name = computer_name({s.display_name for s in seats.values() if s.user_id is None}, number)
    return Seat(number, name, user_id=None, bot_level=level)


def guard(
    table: Table | None, user_id: int | None = None, *, lobby: bool = False, host: bool = False
) -> Table:
    """The table, if it is open and this call may act on it; else raise the `Refusal` that says why.

    `lobby`: only before the game starts; `host`: only its host (`user_id`).
    """
    if table is None:
        raise Refusal("bot.refuse.no_table")
    if table.moving:
        raise Refusal("bot.refuse.moving", table)
    if lobby and table.status != "lobby":
        raise Refusal("bot.refuse.game_started", table)
    if host and user_id != table.host_id:
        raise Refusal("bot.refuse.not_host", table)
    return table


def guard_seat(
    table: Table | None,
    user_id: int,
    *,
    lobby: bool = False,
    host: bool = False,
    playing: bool = False,
    version: int | None = None,
    hints: bool = False,
    turn: bool = False,
) -> tuple[Table, int]:
    """`guard`, then the person's seat, if they hold one and may act from it now; else a `Refusal`.

    `playing`: only once the game has started; `version`: only if the table is still
    at the state the person saw; `hints`: only at a table that gives hints; `turn`: only
    on their own turn, with the seat theirs (not covered by the computer).
    """
    table = guard(table, user_id, lobby=lobby, host=host)
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal("bot.refuse.not_seated", table)
    if playing and (table.status != "playing" or table.game is None):
        raise Refusal("bot.refuse.not_started", table)
    if version is not None and version != table.version:
        raise Refusal("bot.refuse.stale", table)
    if hints and not table.hints:
        raise Refusal("records.refuse.hints_off", table)
    if turn and computer_plays(table.seats[seat]):
        raise Refusal("bot.refuse.covered", table)
    to_act = table.to_act
    if turn and to_act is not None and to_act != seat:
        raise Refusal("bot.refuse.not_your_turn", table, who=Who(to_act))
    return table, seat


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

    def _locked(self, table_id: int) -> _TableLock:
        return _TableLock(self._tables.get(table_id))

    # ------------------------------------------------------------ changing a table

    def _publish(self, outcome: Outcome) -> Outcome:
        if outcome.has_public and outcome.table is not None:
            try:
                self.publisher.publish(outcome.table, outcome)
            except Exception:  # a broken publisher must not undo an accepted action
                log.exception("publisher failed for table %s", outcome.table.id)
        return outcome

    async def _put_seat(self, tx: Tx, table: Table, seat: Seat) -> Seat:
        """Store a seat; a computer seat is the league player of its level and name ("bot:easy:Ada")."""
        return await put_seat(
            tx, table.id, seat, bot_name=seat.display_name if seat.user_id is None else None
        )

    async def _write_seats(
        self, table: Table, *seats: Seat, forfeit: tuple[int, int | None] | None = None
    ) -> Paused:
        """Store seats with what follows from them, in one transaction; memory changes after it commits.

        What follows: the deadline of a person's turn that now starts (say, one
        who came back), the pause when nobody present is left (or its end), and a
        `forfeit` (seat, player id) — noted in the table's settings and handed to
        the hooks. Returns the new `paused_until`, or `KEEP` when it did not change.
        """
        after = {**table.seats, **{seat.seat: seat for seat in seats}}
        turn = new_turn(table, after, self.clock())
        changes: dict[str, Any] = {} if turn is None else {"turn": list(turn)}
        if forfeit is not None:
            changes["left"] = {str(forfeit[0]): forfeit[1]}
        async with self.store.transaction() as tx:
            stored = [await self._put_seat(tx, table, seat) for seat in seats]
            paused = await self._pause_after(tx, table, after)
            if paused is not KEEP:
                changes["paused_until"] = paused
            if changes:
                await merge_settings(tx, table.id, changes)
            if forfeit is not None:
                event = {"type": "forfeit", "seat": forfeit[0], "player_id": forfeit[1]}
                for hook in self._hooks:
                    await hook(tx, table, [event])
        for seat in stored:
            table.seats[seat.seat] = seat
        if turn is not None:
            table.turn = turn
        if forfeit is not None and forfeit[1] is not None:
            table.left[forfeit[0]] = forfeit[1]
        if paused is not KEEP:
            table.paused_until = paused
        return paused

    async def _pause_after(self, tx: Tx, table: Table, seats: dict[int, Seat]) -> Paused:
        """The table's `paused_until` once `seats` hold (`KEEP`: no change).

        A game with no person present (everyone left or is away) pauses: no
        computer plays on unwatched. It waits the server's `abandon_minutes` for
        someone to take a seat back, then closes as abandoned (`TurnClock`).
        """
        if table.status != "playing" or table.event is not None:
            return KEEP  # an event's round timer bounds its tables: they play on
        if not nobody_present(seats):
            return None if table.paused else KEEP
        if table.paused:
            return KEEP
        minutes = (await get_guild_settings(tx, table.guild_id)).abandon_minutes
        return self.clock() + 60 * minutes

    def _pause_lines(self, paused: Paused) -> list[Text]:
        return pause_lines(paused, self.clock())

    async def _replay(self, table: Table) -> None:
        """Rebuild the game from seed, options and the stored action log.

        The deal log is rebuilt with it (its lines discarded), so after a restart
        the board lists the same recent tricks and a meld round or auction that was
        still open is told whole when it closes.
        """
        actions = await load_actions(self.store, table.id)
        table.game, table.deal_log = (
            new_game(table.variant, seed=table.seed, options=table.options),
            DealLog(),
        )
        event_lines(table, table.game.opening_events)
        for row in actions:
            event_lines(table, table.game.apply(row.action))
        table.version = len(actions)

    async def _apply(self, table: Table, seat: int, text: str, *, user_id: int | None) -> Outcome:
        """Apply and store one action (the caller holds the lock); IllegalAction changes nothing.

        One transaction of as few statements as the action needs: the action itself,
        and only when they change the seat's strikes, the next turn's deadline, the
        table's status, and what the hooks write. If it fails, the game is rebuilt
        from the store, so memory never runs ahead of it.
        """
        action = _parse_action(text)
        events = table.game.apply(action)
        seq = table.version + 1
        reset = user_id is not None and table.seats[seat].away_strikes > 0
        over = table.over  # the game is over, or an event's table has played its deals
        turn = None if over else timed_turn(table, seq, table.game.to_act, self.clock())
        try:
            async with self.store.transaction() as tx:
                await append_action(tx, table.id, seq, seat, user_id, str(action))
                if reset:
                    await set_away_strikes(tx, table.id, seat, 0)
                if turn is not None:
                    await merge_settings(tx, table.id, {"turn": list(turn)})
                if over:
                    await update_table(tx, table.id, status="finished")
                for hook in self._hooks:
                    await hook(tx, table, events)
        except BaseException:
            await self._replay(table)  # back to exactly what the store holds
            raise
        table.version, table.turn = seq, turn
        if reset:
            table.with_seat(seat, away_strikes=0)
        if over:
            table.status = "finished"
            self._forget(table)
        else:
            self._schedule(table)
        return self._publish(
            Outcome(table, public=event_lines(table, events), board=True, action=str(action))
        )

    async def _persist(
        self, table: Table, what: str, attempt: Callable[[], Awaitable[None]]
    ) -> None:
        """Run `attempt` under the table's lock until it gets through, however long the store is down.

        A failed write (a database locked past its busy timeout, any store error)
        is retried with backoff (`retry`: 0.5 s doubling to 30 s by default) while
        the table is open, so a short fault never freezes a table until a restart.
        Before each retry the game is rebuilt from the store, so memory holds only
        what was committed.
        """
        delay, longest = self._retry
        failed = False
        while not self._closed:
            async with table.lock:
                if not table.is_active or table.moving:
                    return
                try:
                    if failed and table.status == "playing":
                        await self._replay(table)
                    await attempt()
                    return
                except Exception as error:
                    log.warning(
                        "table %s: %s failed (%s); trying again in %.1f s",
                        table.id,
                        what,
                        error,
                        delay,
                    )
                    failed = True
            await self._sleep(delay)
            delay = min(delay * 2, longest)


class _TableLock:
    """`async with core._locked(id) as table`: the active table under its lock, or None.

    A table that finished or was cancelled while the caller waited for the lock
    comes out as None, so no call acts on a closed table.
    """

    def __init__(self, table: Table | None) -> None:
        self._table = table
        self._held = False

    async def __aenter__(self) -> Table | None:
        if self._table is None:
            return None
        await self._table.lock.acquire()
        self._held = True
        return self._table if self._table.is_active else None

    async def __aexit__(self, *exc: object) -> None:
        if self._held and self._table is not None:
            self._table.lock.release()
