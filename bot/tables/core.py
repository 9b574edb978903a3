"""The core every part of the table service uses: the store, the registry, and changing a table.

`TableCore` holds the store, the `Registry` of tables, the clock and the publisher, and the one
step by which an action changes a table: write it through the store in one transaction, and only
once that has committed, change the table in memory, start what it waits for next, and publish.
It also reads a table back from the store (replaying its game), drops a table that ended, and
retries background writes through a store fault (`persist`).

What a table waits for after a change (a turn timer, the computer driver) is the turn clock's
(`bot.tables.clock`), which the core knows only as `Waits`. The parts — lobby
(`bot.tables.lobby`), play (`bot.tables.play`), turn clock, computer driver
(`bot.tables.computers`), seat writes (`bot.tables.seating`) and leases (`bot.tables.leases`) —
each get the core (and the other parts they need) when built, and `TableService` puts them
together. Every call passes `bot.tables.guard` before it acts; a refusal is a raised `Refusal`
and changes nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from bot.game import Action, Dealing, parse_action
from bot.game.events import DealStarted, Event
from bot.store import (
    DuplicateAction,
    Store,
    TableRow,
    Tx,
    append_action,
    get_table,
    load_actions,
    update_table,
)
from bot.store.deals import commit_deals, deal_inputs, deal_salts, record_inputs
from bot.store.tables import merge_settings, set_away_strikes
from bot.tables.announce import event_lines
from bot.tables.deallog import DealLog
from bot.tables.facts import TableFacts, facts_of
from bot.tables.model import Table
from bot.tables.outcome import Outcome, told
from bot.tables.registry import Registry
from bot.tables.row_settings import settings_patch
from bot.tables.snapshot import TableSnapshot
from bot.tables.turns import new_turn, timed_turn

log = logging.getLogger(__name__)

#: Action texts read once: the same few hundred ("play 10♥", "pass") come back all game long.
_parse_action = functools.lru_cache(maxsize=1024)(parse_action)


@dataclass(frozen=True)
class Person:
    """Someone acting at a table: a Discord user id (or any stable id) and a display name."""

    user_id: int
    name: str
    #: The Discord id of the interaction (click or command) that carries the act, if any: a
    #: number Discord gives, which fair dealing mixes into the next deal (bot.game.fair).
    click: int | None = None


class Publisher(Protocol):
    def publish(self, table: TableSnapshot, outcome: Outcome) -> None:
        """Queue the public part of `outcome` (board redraw, channel lines); must not block."""


class _Silent:
    def publish(self, table: TableSnapshot, outcome: Outcome) -> None:
        pass


#: Called inside the transaction that accepts an action, with the table's frozen facts after it
#: (`TableFacts`: never the live table, which only the service changes) and its events (the chip
#: ledger settles Check deals here); also with the service's own events
#: (`bot.tables.service_events`): `Forfeited` when a person leaves or is kicked mid-game,
#: `Cancelled` when a game is cancelled.
ActionHook = Callable[[Tx, TableFacts, Sequence[Event]], Awaitable[None]]


class Waits(Protocol):
    """What a table waits for between changes (`bot.tables.clock.TurnClock`)."""

    def schedule(self, table: Table) -> None:
        """After any change: start what the table now waits for (a timer, the computer driver)."""

    def forget(self, table_id: int) -> None:
        """The table is gone from here: stop everything it waited for."""


class TableCore:
    """The store, the registry and the commit-then-change step the service's parts share."""

    def __init__(
        self,
        store: Store,
        registry: Registry,
        *,
        publisher: Publisher | None,
        turn_seconds: float,
        hooks: Sequence[ActionHook],
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
        retry: tuple[float, float],
    ) -> None:
        self.store = store
        self.registry = registry
        #: The time turn deadlines are kept in (`TableService`'s `clock`).
        self.now = clock
        self.sleep = sleep
        self.turn_seconds = turn_seconds
        self._publisher: Publisher = publisher or _Silent()
        self._hooks = list(hooks)
        #: The first and the longest wait between attempts at a failed background write.
        self.retry = retry
        self._waits: Waits | None = None
        self._closed = False
        self._releases: set[asyncio.Task[None]] = set()  # leases of ended tables being given up

    def wait_with(self, waits: Waits) -> None:
        """Name what starts a table's wait after each change: the turn clock, built after the core
        since its computer driver changes tables through the core (the one cycle of the parts)."""
        self._waits = waits

    @property
    def closed(self) -> bool:
        """The service is closing: no timer, driver or retry starts or goes on."""
        return self._closed

    def close(self) -> None:
        """Start no more background work, nor go on with any (timers, drivers, retries)."""
        self._closed = True

    @property
    def releasing(self) -> list[asyncio.Task[None]]:
        """The leases of ended tables still being given up (for `TableService.close` to await)."""
        return list(self._releases)

    # ------------------------------------------------------------ after a change

    def schedule(self, table: Table) -> None:
        """Start what the table now waits for (`Waits.schedule`)."""
        assert self._waits is not None, "the service wires the turn clock in when it is built"
        self._waits.schedule(table)

    def publish(self, outcome: Outcome) -> Outcome:
        """Hand the public part of `outcome` to the publisher (a broken one undoes nothing)."""
        if outcome.has_public and outcome.table is not None:
            try:
                self._publisher.publish(outcome.table, outcome)
            except Exception:  # a broken publisher must not undo an accepted action
                log.exception("publisher failed for table %s", outcome.table.id)
        return outcome

    async def run_hooks(self, tx: Tx, table: Table, events: Sequence[Event]) -> None:
        """The action hooks, in order, inside the transaction that stores what they hear of: each
        hears the same frozen facts of the table (`facts_of`)."""
        if not self._hooks:
            return
        facts = facts_of(table, events)
        for hook in self._hooks:
            await hook(tx, facts, events)

    def forget(self, table: Table) -> None:
        """Drop a table that ended (or was lost): no timers, no driver, free channel, lease given up."""
        self.registry.drop(table)
        release = asyncio.get_running_loop().create_task(self.store.release_table(table.id))
        self._releases.add(release)
        release.add_done_callback(self._releases.discard)
        assert self._waits is not None
        self._waits.forget(table.id)

    # ------------------------------------------------------------ tables from the store

    async def finished_table(self, table_id: int) -> Table | None:
        """A finished table with its game replayed (its board, score and rules), or None.

        Finished games never change: one that ended here, or was read back, is kept a while
        (`Registry.ended`).
        """
        table = self.registry.ended(table_id)
        if table is None:
            row = await get_table(self.store, table_id)
            if row is None or row.status != "finished":
                return None
            table = Table.from_row(row, turn_seconds=self.turn_seconds)
            await self.replay(table)
            self.registry.keep(table)
        return table if table.status == "finished" else None

    async def load(self, row: TableRow) -> Table:
        """A stored table in memory, its game replayed and a turn past its deadline given a new one."""
        table = Table.from_row(row, turn_seconds=self.turn_seconds)
        if table.status == "playing":
            await self.replay(table)
            turn = new_turn(table, table.seats, self.now())
            if turn is not None:
                async with self.store.transaction() as tx:
                    await merge_settings(tx, table.id, settings_patch(turn=turn))
                table.turn = turn
        return table

    async def load_salts(self, table: Table) -> None:
        """The salt words stored for the table's deals, which its game deals from (bot.game.fair)."""
        if table.deal_key is not None:
            table.salts = await deal_salts(self.store, table.id)
            table.draws, table.people = await deal_inputs(self.store, table.id)

    async def replay(self, table: Table) -> None:
        """Rebuild the game from seed, options and the stored action log.

        The deal log is rebuilt with it (its lines discarded), so after a restart
        the board lists the same recent tricks and a meld round or auction that was
        still open is told whole when it closes.
        """
        actions = await load_actions(self.store, table.id)
        await self.load_salts(table)
        table.game, table.deal_log = table.new_game(), DealLog()
        event_lines(table, table.game.opening_events)
        for row in actions:
            event_lines(table, table.game.apply(row.action))
        table.version = len(actions)

    async def set_board_message(self, table_id: int, message_id: int) -> None:
        """Store the message that shows the table, and keep it with the table: an open one or one
        that just ended (its final board may be posted after its last action). One another process
        took over is only noted here (that process stores its own board); an unknown one is left
        alone."""
        table = self.registry.known(table_id)
        if table is None:
            return
        if self.registry.get(table_id) is not None or not table.is_active:
            async with self.store.transaction() as tx:
                await update_table(tx, table_id, board_message_id=message_id)
        table.board_message_id = message_id

    # ------------------------------------------------------------ changing a table

    async def apply(
        self,
        table: Table,
        seat: int,
        action: str | Action,
        *,
        user_id: int | None,
        click: int | None = None,
    ) -> Outcome:
        """Apply and store one action (the caller holds the lock); IllegalAction changes nothing.

        The action is applied to a copy of the game (`Game.clone`), which the hooks hear of
        (the frozen facts of a staged copy of the table, `facts_of`) inside one transaction of
        as few statements as the action needs: the action itself, and only when they change
        the seat's strikes, the next turn's deadline, the table's status, and what the hooks
        write. Only once that has committed is the copy swapped in, so a failed write leaves
        the table exactly as it was and the next action simply tries again.

        A person's `click` (their interaction's Discord id) is the next deal's draw until a later
        person's click replaces it; a deal this action deals is dealt with it, and both are
        stored with it (bot.game.fair).
        """
        if not isinstance(action, Action):
            action = _parse_action(action)  # typed text; IllegalAction if it is no action
        game = table.started_game.clone()
        last_click = click if user_id is not None and click is not None else table.last_click
        people = table.people_seats()
        if game.dealing is not None and table.draws_people():
            game.dealing = _with_inputs(game.dealing, game.deal_no + 1, last_click, people)
        events = game.apply(action)
        seq = table.version + 1
        reset = user_id is not None and table.seats[seat].away_strikes > 0
        over = table.ends(game)  # the game is over, or an event's table has played its deals
        turn = None if over else timed_turn(table, seq, game.to_act, self.now())
        dealt = any(isinstance(event, DealStarted) for event in events)
        ahead = table.commitments(game.deal_no + 1) if dealt and not over else {}
        inputs = dealt and table.draws_people()
        staged = replace(table, game=game, version=seq)  # what the hooks hear: after this action
        try:
            async with self.store.transaction() as tx:
                await append_action(tx, table.id, seq, seat, user_id, str(action))
                if inputs:  # the deal just dealt: its draw and people (bot.game.fair)
                    await commit_deals(tx, table.id, table.commitments(game.deal_no))
                    await record_inputs(tx, table.id, game.deal_no, last_click, people)
                if ahead:  # the next deal's fingerprint, shown from now on (bot.game.fair)
                    await commit_deals(tx, table.id, ahead)
                if reset:
                    await set_away_strikes(tx, table.id, seat, 0)
                if turn is not None:
                    await merge_settings(tx, table.id, settings_patch(turn=turn))
                if over:
                    await update_table(tx, table.id, status="finished")
                await self.run_hooks(tx, staged, events)
        except DuplicateAction:  # the store holds more than memory (a commit we saw fail had not)
            await self.replay(table)
            raise
        table.game, table.version, table.turn = game, seq, turn
        table.last_click = None if dealt else last_click  # clicks before its commitment: none
        if inputs:
            table.people[game.deal_no] = people
            if last_click is not None:
                table.draws[game.deal_no] = last_click
        if reset:
            table.with_seat(seat, away_strikes=0)
        if over:
            table.status = "finished"
            self.forget(table)
        else:
            self.schedule(table)
        return self.publish(
            told(
                table,
                public=event_lines(table, events),
                board=True,
                action=action,
                events=tuple(events),
            )
        )

    async def persist(
        self, table: Table, what: str, attempt: Callable[[], Awaitable[None]]
    ) -> None:
        """Run a background write (a computer's move, a timer's expiry) under the table's lock until
        it gets through, however long the store is down.

        No person waits on it to retry, so a failed write (a database locked past its busy
        timeout, any store error) is retried with backoff (`retry`: 0.5 s doubling to 30 s by
        default) while the table is open, so a short fault never freezes a table until a
        restart. A failed attempt changed nothing in memory (`apply`), so it is simply tried again.
        """
        delay, longest = self.retry
        while not self._closed:
            async with table.lock:
                if not table.is_active or table.moving:
                    return
                try:
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
            await self.sleep(delay)
            delay = min(delay * 2, longest)


def _with_inputs(dealing: Dealing, deal: int, draw: int | None, people: tuple[int, ...]) -> Dealing:
    """`dealing` as deal `deal` would be dealt now: with this draw and these people's seats (its
    salts the table's own, shared)."""
    draws = {k: v for k, v in dealing.draws.items() if k != deal}
    return replace(
        dealing,
        draws=draws if draw is None else {**draws, deal: draw},
        people={**dealing.people, deal: people},
    )
