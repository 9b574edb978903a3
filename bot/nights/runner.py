"""League nights over the table service: rounds, their clock, no-shows, standings.

An `NightRunner` plays organised events through the ordinary table service, with
no Discord in sight. Each round it seats the entrants (`bot.nights.seating`),
asks its `NightNotices` where each table lives (on Discord, a thread of its own
off the event's channel) and opens them all already playing, computers in the
seats left over, in one transaction with the event's round
(`TableService.open_started`). A table of an event ends after the event's
`deals_per_round` deals (`TableSnapshot.over`) and then waits for the others; it
never pauses for want of a person: a person who does not show is played by the
computer after the turn timer's strikes, and if the computer played every turn of
their seat that round, their round scores zero.

`hook` is an `ActionHook`: inside the transaction that ends a deal it stores each
seat's result, and when the table has played its deals it marks the table done,
notes its no-shows and rates its game once (openskill, the active season; only
people are rated, computer fillers never). After that transaction commits the
runner looks at the round: once every table is done the round's standings are
posted (its messages, edited) and the next round opens, or the event ends with
its final table. The round timer runs in the service's clock: when it expires,
the computer plays every seat still playing, so the round's last deals finish
at once. The organiser may pause (the round clock stops and no new round opens;
tables in play carry on) and start again, drop an entrant, or end the event.
Everything lives in the store (`bot.store.nights`), so a restart resumes an event
where it was, like its tables. Opening a round survives a flaky Discord: each table's
place is tried again after `place_retries`; a table of an event without duplicate that gets
none plays in the event's own channel if that is free, and otherwise the round does not open:
the places already made are taken back, the event pauses and the organiser is told (their
`start` tries again). A duplicate round's tables share their cards, so each must get a place
only its own players can read (on Discord a private thread): such a round never falls back to
the channel. `end` always ends an event.

Each event has a lock of its own (`KeyedLocks`), so a round whose opening waits on Discord's
retries holds up that event alone, never the others.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.game import VARIANTS
from bot.game.errors import Refusal
from bot.game.events import Event
from bot.game.fair import key_maker
from bot.nights import (
    Standing,
    rotate_for_table,
    round_seed,
    seat_round,
)
from bot.nights.duplicate import SEED_LIMIT
from bot.nights.results import event_standings, record_deals
from bot.store import Tx, family_of
from bot.store.nights import EventRow as EventRow  # the runner's answers: cogs read them here
from bot.store.nights import (
    add_entrant,
    add_event_table,
    create_event,
    drop_entrant,
    event_tables,
    get_event,
    is_dropped,
    league_rating,
    list_entrants,
    list_events,
    name_key,
    remove_entrant,
    save_results,
    seating_history,
    update_event,
)
from bot.tables.facts import TableFacts
from bot.tables.outcome import Text
from bot.tables.row_settings import EventPlace, TableHome
from bot.tables.service import Person, StartedTable, TableService
from bot.tables.service_events import Cancelled
from bot.tables.snapshot import TableSnapshot

log = logging.getLogger(__name__)
T = TypeVar("T")

#: An event table's game target: never reached, so a table ends by its deal count alone.
EVENT_TARGET = 10_000_000
#: Round length per deal, by default (the organiser's clock bounds a round; see `round_seconds`).
SECONDS_PER_DEAL = 600
#: Limits: events open at once in one server, entrants per event, rounds, deals per round.
MAX_OPEN_EVENTS = 5
MAX_ENTRANTS = 64
MAX_ROUNDS = 10
MAX_DEALS = 10
#: Finished events a server's commands look through (the latest).
EVENTS_SHOWN = 25
#: The longest event name.
NAME_LIMIT = 60
#: Seconds between attempts at placing a table of a new round (a thread, its opening message)
#: or at showing the standings; short, as the event's lock is held meanwhile.
PLACE_RETRIES = (1.0, 3.0, 9.0)


@dataclass(frozen=True)
class EventBoard:
    """The standings to show after `round` (the final table when `final`)."""

    event: EventRow
    round: int
    final: bool
    rows: list[tuple[Standing, str, bool]]  # standing, display name, dropped


class KeyedLocks:
    """One `asyncio.Lock` per key, kept only while someone holds or waits for it: the map never
    holds more entries than calls in flight."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: dict[Hashable, int] = {}

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key], self._locks[key]


class NightNotices(Protocol):
    """Where an event shows itself (Discord: its channel and the tables' threads)."""

    async def place(
        self, event: EventRow, round_no: int, table_no: int, people: Sequence[int]
    ) -> tuple[int, TableHome]:
        """Where a new table of the event lives: its channel id and its `TableSnapshot.home`.
        `people` are the user ids seated there. A duplicate event's table gets a place that only
        those people can read (its deal is the one every other table of the round still plays);
        raise if there can be none: never the event's channel."""

    async def forget(self, event: EventRow, channel_id: int) -> None:
        """Take back a place that no table came of (its round did not open); never raises."""

    async def standings(self, event: EventRow, board: EventBoard) -> list[int]:
        """Show the standings, in as many messages as they need (editing the event's
        `standings_messages`); returns the messages' ids in order, to keep."""

    async def say(self, event: EventRow, text: Text) -> None:
        """A line in the event's channel."""

    async def alert(self, event: EventRow, text: Text | Refusal) -> None:
        """A line for the organiser in the event's channel (on Discord it pings them)."""


@dataclass
class NightRunner:
    """Every event of one bot process. Create, pass `hook` to the service, `await attach(service)`."""

    notices: NightNotices
    round_seconds_per_deal: float = SECONDS_PER_DEAL
    #: Seconds between attempts at placing a table (`NightNotices.place`) when a round opens,
    #: and at showing the standings.
    place_retries: tuple[float, ...] = PLACE_RETRIES
    #: Seeds each event's deals (`random.Random(seed)`; None: from the system).
    seed: int | None = None
    service: TableService = field(init=False)
    _timers: dict[int, asyncio.Task[None]] = field(default_factory=dict, init=False)
    _checks: dict[int, asyncio.Task[None]] = field(default_factory=dict, init=False)
    #: Per event, the tables whose actions asked for a look since its check began.
    _pokes: dict[int, list[int]] = field(default_factory=dict, init=False)
    _locks: KeyedLocks = field(default_factory=KeyedLocks, init=False)
    _closed: bool = field(default=False, init=False)
    _rng: random.Random = field(init=False)
    _new_key: Callable[[], bytes] = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._new_key = key_maker(self.seed)

    # ------------------------------------------------------------ life cycle

    async def attach(self, service: TableService) -> None:
        """Start with the service (after its `resume`): rearm every open event's clock and
        look at each running round again (a table may have finished just before a restart).
        Only the events of guilds this process owns: another shard's process runs the rest."""
        self.service = service
        for event in await list_events(service.store):
            if not service.owns(event.guild_id):
                continue
            self._arm(event)
            if event.status == "running":
                self._check_soon(event.id)

    async def close(self) -> None:
        self._closed = True
        tasks = [*self._timers.values(), *self._checks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._timers.clear()
        self._checks.clear()
        self._pokes.clear()

    async def settle(self) -> None:
        """Wait until no round check is pending (tests, the benchmark)."""
        while self._checks:
            await asyncio.gather(*list(self._checks.values()), return_exceptions=True)

    # ------------------------------------------------------------ organiser and entrants

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: Person,
        name: str,
        variant: str,
        rounds: int,
        deals_per_round: int = 4,
        duplicate: bool = True,
        language: str = "en",
        starts_at: float | None = None,
    ) -> EventRow:
        """A new event, open for sign-up (the organiser is not entered: they `join` to play)."""
        name = " ".join(name.split())
        if not name_key(name) or len(name) > NAME_LIMIT:
            raise Refusal("events.refuse.name", limit=NAME_LIMIT)
        if variant not in VARIANTS:
            raise Refusal("bot.refuse.bad_variant", variant=variant)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise Refusal("events.refuse.rounds", limit=MAX_ROUNDS)
        if not 1 <= deals_per_round <= MAX_DEALS:
            raise Refusal("events.refuse.deals", limit=MAX_DEALS)
        if starts_at is not None and starts_at <= self.service.clock():
            raise Refusal("events.refuse.start_past")
        async with self._locks.hold(("guild", guild_id)):  # the count, then the new event
            store = self.service.store
            if len(await list_events(store, guild_id)) >= MAX_OPEN_EVENTS:
                raise Refusal("events.refuse.too_many", limit=MAX_OPEN_EVENTS)
            async with store.transaction() as tx:  # EventNameTaken if the name is taken
                event = await create_event(
                    tx,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    organiser_id=organiser.user_id,
                    name=name,
                    variant=variant,
                    rounds=rounds,
                    deals_per_round=deals_per_round,
                    duplicate=duplicate,
                    language=language,
                    seed=self._rng.randrange(SEED_LIMIT),
                    round_seconds=deals_per_round * self.round_seconds_per_deal,
                    turn_seconds=self.service.turn_seconds,
                    starts_at=starts_at,
                )
            self._arm(event)
        return event

    async def join(self, event_id: int, person: Person) -> EventRow:
        """Sign up while the event has not started."""
        async with self._locks.hold(event_id):
            event = await self._open_event(event_id)
            if event.status != "signup":
                raise Refusal("events.refuse.started", name=event.name)
            entrants = await list_entrants(self.service.store, event.id)
            mine = next((e for e in entrants if e.user_id == person.user_id), None)
            if mine is not None and mine.dropped is not None:
                raise Refusal("events.refuse.dropped_signup", name=event.name)
            if mine is not None:
                raise Refusal("events.refuse.joined", name=event.name)
            if sum(e.plays_in(1) for e in entrants) >= MAX_ENTRANTS:
                raise Refusal("events.refuse.full", limit=MAX_ENTRANTS)
            store = self.service.store
            rating = await league_rating(
                store, event.guild_id, family_of(event.variant), person.user_id
            )
            async with store.transaction() as tx:
                await add_entrant(tx, event.id, event.guild_id, person.user_id, person.name, rating)
        return event

    async def leave(self, event_id: int, person: Person) -> EventRow:
        """Take one's name off before the start; after it, drop out (the computer plays one's seat)."""
        async with self._locks.hold(event_id):
            event = await self._open_event(event_id)
            if event.status == "signup":
                async with self.service.store.transaction() as tx:
                    removed = await remove_entrant(tx, event.id, person.user_id)
                if not removed:
                    raise Refusal("events.refuse.not_entered", name=event.name)
                return event
            await self._drop(event, person.user_id)
        return event

    async def drop(self, event_id: int, actor: Person, user_id: int, *, manager: bool) -> EventRow:
        """The organiser drops an entrant: out from now on, the computer plays their seat. Final,
        before the start too: a dropped person does not sign up again."""
        async with self._locks.hold(event_id):
            event = self._organiser(await self._open_event(event_id), actor, manager)
            await self._drop(event, user_id)
        return event

    async def start(
        self, event_id: int, actor: Person | None, *, manager: bool = False
    ) -> EventRow:
        """Seat round 1, or, for a paused event, let its clock run again (and open the next
        round if the last one finished meanwhile). `actor` None: the event's own start time."""
        async with self._locks.hold(event_id):
            event = await self._open_event(event_id)
            if actor is not None:
                event = self._organiser(event, actor, manager)
            if event.status == "running":
                raise Refusal("events.refuse.running", name=event.name)
            if event.status == "paused":
                return await self._resume(event)
            entrants = await list_entrants(self.service.store, event.id)
            if sum(e.plays_in(1) for e in entrants) < 2:
                raise Refusal("events.refuse.too_few", name=event.name)
            return await self._open_round(event, 1)

    async def pause(self, event_id: int, actor: Person, *, manager: bool) -> EventRow:
        """Stop the round clock and hold the next round; the tables in play carry on."""
        async with self._locks.hold(event_id):
            event = self._organiser(await self._open_event(event_id), actor, manager)
            if event.status != "running":
                raise Refusal("events.refuse.not_running", name=event.name)
            left = max(0.0, (event.deadline or 0) - self.service.clock())
            async with self.service.store.transaction() as tx:
                event = await update_event(
                    tx, event.id, status="paused", deadline=None, time_left=left
                )
            self._disarm(event.id)
        await self.notices.say(event, Text.of("events.line.paused", name=event.name))
        return event

    async def end(self, event_id: int, actor: Person, *, manager: bool) -> EventRow:
        """End the event now: the tables still in play here close, the standings so far are final
        (an event that never started is cancelled). A table this process no longer holds (closed
        by a manager, set aside at start-up, its lease lost) is skipped: the end never waits on it."""
        async with self._locks.hold(event_id):
            event = self._organiser(await self._open_event(event_id), actor, manager)
            self._disarm(event.id)
            if event.status == "signup":
                async with self.service.store.transaction() as tx:
                    event = await update_event(tx, event.id, status="cancelled")
                await self.notices.say(event, Text.of("events.line.cancelled", name=event.name))
                return event
            for table in await event_tables(self.service.store, event.id, event.round):
                live = self.service.table(table.table_id)
                if table.done or live is None or live.moving:
                    continue
                try:
                    await self.service.cancel(table.table_id, actor, manager=True)
                except Refusal as gone:  # it finished or moved away meanwhile
                    log.info("event %s: table %s not closed (%s)", event.id, table.table_id, gone)
            return await self._finish(event)

    async def table_of(self, event_id: int, user_id: int) -> TableSnapshot | None:
        """The table of the round in play where the person still plays (not dropped): the way
        back for an entrant who lost their table's private thread (left it on Discord)."""
        store = self.service.store
        event = await get_event(store, event_id)
        if event is None or event.status not in ("running", "paused"):
            return None
        if await is_dropped(store, event.id, user_id):
            return None
        for row in await event_tables(store, event.id, event.round):
            live = self.service.table(row.table_id)
            if live is not None and live.seat_of(user_id) is not None:
                return live
        return None

    async def board(self, event_id: int) -> EventBoard:
        """The standings now (after the rounds played so far)."""
        event = await get_event(self.service.store, event_id)
        if event is None:
            raise Refusal("events.refuse.no_event")
        return await self._board(event, final=event.status == "finished")

    async def events_of(self, guild_id: int, *, over: bool = False) -> list[EventRow]:
        """The server's open events (`over`: its finished ones, the last `EVENTS_SHOWN`), oldest first."""
        if not over:
            return await list_events(self.service.store, guild_id)
        return await list_events(self.service.store, guild_id, ("finished",), limit=EVENTS_SHOWN)

    async def named(self, guild_id: int, name: str, *, over: bool = False) -> EventRow | None:
        """The server's open event called `name` as the store tells names apart (`name_key`);
        with `over`, else its latest finished one of that name; None if there is none."""
        wanted = name_key(name)
        events = await self.events_of(guild_id)
        if over:
            events += reversed(await self.events_of(guild_id, over=True))
        return next((e for e in events if name_key(e.name) == wanted), None)

    async def open_named_like(self, guild_id: int, typed: str) -> list[EventRow]:
        """The server's open events whose name holds `typed` (as the store tells names apart)."""
        wanted = name_key(typed)
        return [e for e in await self.events_of(guild_id) if wanted in name_key(e.name)]

    # ------------------------------------------------------------ the action hook

    async def hook(self, tx: Tx, table: TableFacts, events: Sequence[Event]) -> None:
        """The service's action hook: an event table's results go in with the action that ended
        them (`record_deals`); once the table has played its deals (or a manager closed it), the
        round is looked at after this transaction commits (`TableService.settled`: its action
        holds the table until then)."""
        if table.event is None:
            return
        closed = any(isinstance(e, Cancelled) for e in events)
        if await record_deals(tx, table, events) or closed:
            asyncio.get_running_loop().call_soon(self._check_soon, table.event.id, table.id)

    # ------------------------------------------------------------ rounds

    async def _open_round(self, event: EventRow, round_no: int) -> EventRow:
        """Seat round `round_no` and open its tables with the event's new state, in one transaction."""
        store = self.service.store
        entrants = [e for e in await list_entrants(store, event.id) if e.plays_in(round_no)]
        if round_no == 1:
            order = [e.user_id for e in entrants]
        else:
            ranked = {s.player: s for s in await self._standings(event, round_no - 1)}
            order = [e.user_id for e in sorted(entrants, key=lambda e: ranked[e.user_id].place)]
        if not order:
            return await self._finish(event)
        variant = VARIANTS[event.variant]
        history = await seating_history(store, event.id, round_no)
        seating = seat_round(
            order,
            variant.players,
            partnership=variant.partnership,
            round_no=round_no,
            history=history,
        )
        names = {e.user_id: e.display_name for e in entrants}
        specs: list[StartedTable] = []
        made: list[int] = []  # the places made so far, taken back if the round does not open
        in_channel: int | None = None  # the table that plays in the event's channel, if any
        # Duplicate: one secret key for the round's tables, so the same cards (bot.game.fair).
        shared = self._new_key()
        for number, seats in enumerate(seating):
            if event.duplicate:
                seats = rotate_for_table(seats, number)
            people = [p for p in seats if p is not None]
            placed = await self._place(event, round_no, number, people)
            if placed is None:  # the event's own channel, if it may and no other table is there
                if (
                    event.duplicate  # everyone there could read the cards the others still play
                    or in_channel is not None
                    or self.service.table_in(event.channel_id) is not None
                ):
                    await self._forget(event, made)
                    return await self._hold(event, round_no)
                placed, in_channel = (event.channel_id, TableHome()), number
            else:
                made.append(placed[0])
            channel_id, home = placed
            specs.append(
                StartedTable(
                    guild_id=event.guild_id,
                    channel_id=channel_id,
                    variant=event.variant,
                    options={"target": EVENT_TARGET},
                    seed=round_seed(event.seed, round_no, None if event.duplicate else number),
                    language=event.language,
                    turn_seconds=event.turn_seconds,
                    seats=tuple(None if p is None else Person(p, names[p]) for p in seats),
                    event=EventPlace(
                        id=event.id,
                        round=round_no,
                        table=number,
                        deals=event.deals_per_round,
                        duplicate=event.duplicate,
                    ),
                    home=home,
                    deal_key=shared if event.duplicate else self._new_key(),
                )
            )
        deadline = self.service.clock() + event.round_seconds
        stored: list[EventRow] = []

        async def bookkeeping(tx: Tx, tables: tuple[TableSnapshot, ...]) -> None:
            for spec, table in zip(specs, tables, strict=True):
                await add_event_table(tx, event.id, round_no, spec.event.table, table.id)
            stored.append(
                await update_event(
                    tx,
                    event.id,
                    status="running",
                    round=round_no,
                    deadline=deadline,
                    time_left=None,
                    starts_at=None,
                )
            )

        try:
            await self.service.open_started(specs, bookkeeping)
        except Exception:
            await self._forget(event, made)
            raise
        event = stored[0]
        self._arm(event)
        await self.notices.say(
            event,
            Text.of(
                "events.line.round_private" if event.duplicate else "events.line.round",
                name=event.name,
                round=round_no,
                rounds=event.rounds,
            ),
        )
        if in_channel is not None:
            await self.notices.alert(
                event,
                Text.of(
                    "events.line.in_channel", name=event.name, round=round_no, table=in_channel + 1
                ),
            )
        return event

    async def _place(
        self, event: EventRow, round_no: int, table_no: int, people: list[int]
    ) -> tuple[int, TableHome] | None:
        """Where a new table lives (`NightNotices.place`); None if it never worked."""
        return await self._retrying(
            event,
            f"no place for round {round_no}, table {table_no + 1}",
            lambda: self.notices.place(event, round_no, table_no, people),
        )

    async def _forget(self, event: EventRow, places: list[int]) -> None:
        """Take back the places of a round that did not open (no empty threads are left)."""
        for channel_id in places:
            await self.notices.forget(event, channel_id)

    async def _retrying(
        self, event: EventRow, what: str, call: Callable[[], Awaitable[T]]
    ) -> T | None:
        """`call()`, tried again after each of `place_retries` on any failure (Discord's errors
        come and go); None if it never worked."""
        for delay in (*self.place_retries, None):
            try:
                return await call()
            except Exception as error:
                again = "" if delay is None else f"; trying again in {delay:g} s"
                log.warning("event %s: %s (%s)%s", event.id, what, error, again)
                if delay is None:
                    return None
                await asyncio.sleep(delay)
        return None

    async def _hold(self, event: EventRow, round_no: int) -> EventRow:
        """A round that cannot open. When the organiser asked (a start, or a paused event going
        on) the request is refused and nothing changes; when the last round just ended, the event
        pauses (the organiser's `start` tries again) and the organiser is told. For a duplicate
        event both say which permission its private threads need."""
        why = "round_held_private" if event.duplicate else "round_held"
        if event.status != "running":
            raise Refusal(f"events.refuse.{why}", name=event.name, round=round_no)
        async with self.service.store.transaction() as tx:
            event = await update_event(tx, event.id, status="paused", deadline=None, time_left=0)
        self._disarm(event.id)
        await self.notices.alert(
            event, Text.of(f"events.line.{why}", name=event.name, round=round_no)
        )
        return event

    def _check_soon(self, event_id: int, after: int | None = None) -> None:
        """Look at the event's round once the action that finished table `after` has committed
        (`TableService.settled`); a check already running looks again."""
        if self._closed:
            return
        if after is not None:
            self._pokes.setdefault(event_id, []).append(after)
        if event_id not in self._checks:
            self._checks[event_id] = asyncio.create_task(
                self._check(event_id), name=f"event-{event_id}-check"
            )

    async def _check(self, event_id: int) -> None:
        try:
            while True:
                for table_id in self._pokes.pop(event_id, []):
                    await self.service.settled(table_id)
                await self._look(event_id)
                if event_id not in self._pokes:
                    return
        except Exception:
            log.exception("event %s: the round check failed", event_id)
        finally:
            if self._checks.get(event_id) is asyncio.current_task():
                del self._checks[event_id]

    async def _look(self, event_id: int) -> None:
        """The round over once every table of it has played its deals."""
        async with self._locks.hold(event_id):
            event = await get_event(self.service.store, event_id)
            if event is None or event.status not in ("running", "paused"):
                return
            if await self._round_done(event):
                await self._round_over(event)

    async def _round_over(self, event: EventRow) -> None:
        """Every table of the round has played its deals: standings, then the next round or the end."""
        if event.round >= event.rounds:
            await self._finish(event)
            return
        await self._post(event, final=False)
        if event.status == "running":
            await self._open_round(event, event.round + 1)

    async def _finish(self, event: EventRow) -> EventRow:
        """The event is over: its final table stored with the event's status, then shown."""
        final = await self._standings(event, event.round)
        players = {
            e.user_id: e.player_id for e in await list_entrants(self.service.store, event.id)
        }
        async with self.service.store.transaction() as tx:
            await save_results(
                tx,
                event.id,
                [(s.player, players[s.player], s.place, s.total) for s in final],
                len(final),
            )
            event = await update_event(
                tx, event.id, status="finished", deadline=None, time_left=None
            )
        self._disarm(event.id)
        await self._post(event, final=True)
        return event

    async def _resume(self, event: EventRow) -> EventRow:
        """A paused event goes on: the clock runs again, or the next round opens if this one is over."""
        if await self._round_done(event):
            if event.round >= event.rounds:
                return await self._finish(event)
            return await self._open_round(event, event.round + 1)
        async with self.service.store.transaction() as tx:
            event = await update_event(
                tx,
                event.id,
                status="running",
                deadline=self.service.clock() + (event.time_left or 0),
                time_left=None,
            )
        self._arm(event)
        await self.notices.say(event, Text.of("events.line.resumed", name=event.name))
        return event

    async def _drop(self, event: EventRow, user_id: int) -> None:
        """Out from the next round; the computer plays the person's seat in the round in play."""
        async with self.service.store.transaction() as tx:
            if not await drop_entrant(tx, event.id, user_id, event.round + 1):
                raise Refusal("events.refuse.not_an_entrant")
        for table in await event_tables(self.service.store, event.id, event.round):
            if not table.done:
                await self.service.cover(table.table_id, user_id)

    # ------------------------------------------------------------ the round clock

    def _arm(self, event: EventRow) -> None:
        """The event's one timer: its automatic start while signing up, or its round's deadline."""
        self._disarm(event.id)
        if self._closed:
            return
        if event.status == "signup" and event.starts_at is not None:
            when, job = event.starts_at, self._auto_start
        elif event.status == "running" and event.deadline is not None:
            when, job = event.deadline, self._time_up
        else:
            return
        self._timers[event.id] = asyncio.create_task(
            self._at(when, job, event.id, event.round), name=f"event-{event.id}-timer"
        )

    def _disarm(self, event_id: int) -> None:
        timer = self._timers.pop(event_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _at(self, when: float, job: Any, event_id: int, round_no: int) -> None:
        """Run `job` at `when`; it stays the event's timer while it runs, so `close` stops it."""
        try:
            await asyncio.sleep(max(0.0, when - self.service.clock()))
            await job(event_id, round_no)
        except Refusal as refusal:  # the automatic start: the organiser hears why not
            event = await get_event(self.service.store, event_id)
            if event is not None:
                await self.notices.alert(event, refusal)
        except Exception:
            log.exception("event %s: its timer failed", event_id)
        finally:
            if self._timers.get(event_id) is asyncio.current_task():
                del self._timers[event_id]

    async def _auto_start(self, event_id: int, round_no: int) -> None:
        await self.start(event_id, None)

    async def _time_up(self, event_id: int, round_no: int) -> None:
        """The round's time is up: the computer plays every seat still playing, to the last deal."""
        async with self._locks.hold(event_id):
            event = await get_event(self.service.store, event_id)
            if event is None or event.status != "running" or event.round != round_no:
                return
            tables = await event_tables(self.service.store, event.id, round_no)
            await self.notices.say(event, Text.of("events.line.time_up", round=round_no))
        for table in tables:
            live = self.service.table(table.table_id)
            if table.done or live is None:
                continue
            for seat in live.present():
                user_id = live.seats[seat].user_id
                if user_id is not None:
                    await self.service.cover(table.table_id, user_id)
        self._check_soon(event_id)

    # ------------------------------------------------------------ standings

    async def _standings(self, event: EventRow, rounds: int) -> list[Standing]:
        return await event_standings(self.service.store, event, rounds)

    async def _board(self, event: EventRow, *, final: bool) -> EventBoard:
        done = event.round if final or await self._round_done(event) else event.round - 1
        entrants = {e.user_id: e for e in await list_entrants(self.service.store, event.id)}
        rows = [
            (s, entrants[s.player].display_name, not entrants[s.player].plays_in(event.round + 1))
            for s in await self._standings(event, done)
        ]
        return EventBoard(event, done, final, rows)

    async def _post(self, event: EventRow, *, final: bool) -> None:
        """Show the standings in the event's channel (its messages, edited) and keep their ids."""

        async def show() -> list[int]:
            return await self.notices.standings(event, await self._board(event, final=final))

        messages = await self._retrying(event, "the standings could not be shown", show)
        if messages is not None and tuple(messages) != event.standings_messages:
            async with self.service.store.transaction() as tx:
                await update_event(tx, event.id, standings_messages=messages)

    # ------------------------------------------------------------ checks

    async def _round_done(self, event: EventRow) -> bool:
        """Whether every table of the event's round has played its deals (or was closed)."""
        tables = await event_tables(self.service.store, event.id, event.round)
        return bool(tables) and all(
            t.done or self.service.table(t.table_id) is None for t in tables
        )

    async def _open_event(self, event_id: int) -> EventRow:
        event = await get_event(self.service.store, event_id)
        if event is None or not event.is_open:
            raise Refusal("events.refuse.no_event")
        return event

    @staticmethod
    def _organiser(event: EventRow, actor: Person, manager: bool) -> EventRow:
        if actor.user_id != event.organiser_id and not manager:
            raise Refusal("events.refuse.not_organiser", name=event.name)
        return event
