"""The table service: lobby, turns, timers and computer seats, with no Discord in sight.

Every call takes the acting person, checks seat, turn, state version and
legality under the table's lock, writes what it accepts through the store in
the same transaction (the action log is the game: seed + options + actions),
hands the public part of the result to the `Publisher` while still holding the
lock (so channel lines keep the order of play), and returns an `Outcome` with
what to tell the acting user. A refusal changes nothing.

Computer seats, and people's seats after `AWAY_AFTER` turn-timer expiries,
are played by a driver task per table that asks a `Thinker` (a worker thread, or
the bot's pool of processes) and applies its choice only if the table has not
moved on meanwhile.
A person's turn timer has a deadline, stored with the action that started the
turn, so `resume()` (which brings back every unfinished table from the store
after a restart) gives the player the time that was left, not a new turn.
Each computer seat is its own league player (`bot:<level>:<name>`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.game import VARIANTS, IllegalAction, new_game, parse_action
from bot.game.options import resolve_options
from bot.store import (
    ChannelBusy,
    Seat,
    Store,
    TableRow,
    Tx,
    append_action,
    create_table,
    get_guild_settings,
    list_unfinished_tables,
    load_actions,
    put_seat,
    remove_seat,
    update_table,
)
from bot.store.tables import get_table, last_finished_table, merge_settings, set_away_strikes
from bot.tables.announce import event_lines, start_lines
from bot.tables.deallog import DealLog
from bot.tables.hints import best_meld, hint_text
from bot.tables.limits import HARD, Cooldowns, hard_seat_refusal, open_refusal
from bot.tables.model import AWAY_AFTER, DEFAULT_LEVEL, Table, computer_plays
from bot.tables.outcome import Act, Name, Outcome, Text, Who
from bot.tables.players import PlayerFactory, simple_players
from bot.tables.recent import Recent
from bot.tables.review import DealReview, review_deal
from bot.tables.thinking import Thinker, ThreadThinker

log = logging.getLogger(__name__)

#: Action texts read once: the same few hundred ("play 10♥", "pass") come back all game long.
_parse_action = functools.lru_cache(maxsize=1024)(parse_action)

#: Finished tables kept replayed in memory (for their boards, scores and rules after the end).
FINISHED_KEPT = 32
#: Deal reviews kept (a review of a finished deal never changes).
REVIEWS_KEPT = 64

#: Names of computer players, in the order they sit down.
COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald")
COMPUTER_PREFIX = "🤖 "
#: "No change" from `_pause_after` (None means: no longer paused).
_KEEP: Any = object()


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


@dataclass(frozen=True)
class StartedTable:
    """A table to open already playing (`TableService.open_started`): `seats` in seat order,
    a person or None for a computer of `level`; `event` as `Table.event`."""

    guild_id: int
    channel_id: int
    variant: str
    options: dict[str, Any]
    seed: int
    language: str
    turn_seconds: float
    seats: tuple[Person | None, ...]
    event: dict[str, Any]
    home: dict[str, Any]
    level: str = DEFAULT_LEVEL


class Publisher(Protocol):
    def publish(self, table: Table, outcome: Outcome) -> None:
        """Queue the public part of `outcome` (board redraw, channel lines); must not block."""


class _Silent:
    def publish(self, table: Table, outcome: Outcome) -> None:
        pass


#: Called inside the transaction that accepts an action, with its events (issue 6 settles chips here);
#: also with the service's own events: {"type": "forfeit", "seat", "player_id"} when a person leaves
#: or is kicked mid-game, and {"type": "cancel"} when a game is cancelled (issue 12's forfeit policy).
ActionHook = Callable[[Tx, Table, list[dict[str, Any]]], Awaitable[None]]


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
        retry: tuple[float, float] = (0.5, 30.0),
    ) -> None:
        """`clock` gives the time in seconds that turn deadlines are kept in: the wall
        clock by default, so a deadline means the same after a restart. `thinker` decides
        computer turns (the bot's process pool); without one, `players` do in a thread.
        The caller owns the thinker and closes it after the service. `retry`: the first
        and the longest wait between attempts at a failed background write."""
        self.store = store
        self.clock = clock
        self.publisher: Publisher = publisher or _Silent()
        self.turn_seconds = turn_seconds
        self._thinker: Thinker = thinker or ThreadThinker(players)
        self._hooks = list(hooks)
        self._rng = random.Random(seed)
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._standins: dict[int, int] = {}  # table id -> version whose turn a computer plays once
        self._closed = False
        self._retry = retry
        self._cooldowns = Cooldowns()
        self._opening = asyncio.Lock()
        #: Tables the last `resume()` set aside because they did not load (their stored rows).
        self.broken: list[TableRow] = []

    # ------------------------------------------------------------ lookups

    def table(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def table_in(self, channel_id: int) -> Table | None:
        """The active table of a channel (one at most)."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def tables(self, guild_id: int | None = None) -> list[Table]:
        """Active tables, oldest first, of one guild or all."""
        return [t for t in self._tables.values() if guild_id is None or t.guild_id == guild_id]

    async def hand(self, table_id: int, user_id: int) -> Hand | Outcome:
        """The person's hand and legal actions, or a refusal (not seated, no game).

        Taken under the table's lock, so it never shows an action still being stored.
        """
        async with self._locked(table_id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            seat = table.seat_of(user_id)
            if seat is None:
                return Outcome.refuse(table, "bot.refuse.not_seated")
            if table.game is None:
                return Outcome.refuse(table, "bot.refuse.not_started")
            view = table.seat_view(seat)
            covered = computer_plays(table.seats[seat])
            legal = [] if covered else list(view["legal"])
            return Hand(table, seat, view, legal, table.version, covered)

    async def legal_for(self, table_id: int, user_id: int, verb: str | None = None) -> list[str]:
        """Legal action texts for this person now (optionally of one verb): for autocomplete."""
        hand = await self.hand(table_id, user_id)
        if not isinstance(hand, Hand):
            return []
        return [a for a in hand.legal if verb is None or a.split(" ", 1)[0] == verb]

    async def settle(self) -> None:
        """Wait until no computer is thinking or playing (tests, the terminal, benchmarks)."""
        while self._drivers:
            await asyncio.gather(*list(self._drivers.values()), return_exceptions=True)

    # ------------------------------------------------------------ life cycle

    async def resume(self) -> list[Table]:
        """Load every unfinished table from the store, replaying each game's action log.

        A table that does not load (a log that no longer replays, any error reading
        it) is set aside: closed in the store with a `broken` note, its error logged,
        and kept in `broken` so the caller can say so in its channel. Every other
        table resumes: one bad table must not keep the bot down in every server.
        """
        resumed = []
        self.broken = []
        for row in await list_unfinished_tables(self.store):
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
        tasks = [*self._drivers.values(), *self._timers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._drivers.clear()
        self._timers.clear()

    async def _load(self, row: TableRow) -> Table:
        """A stored table in memory, its game replayed and a turn past its deadline given a new one."""
        table = Table.from_row(row, turn_seconds=self.turn_seconds)
        if table.status == "playing":
            await self._replay(table)
            turn = self._new_turn(table, table.seats)
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

    # ------------------------------------------------------------ lobby

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
        home: dict[str, Any] | None = None,
        hints: bool = False,
    ) -> Outcome:
        """Open a table in the lobby with the host in seat 0, within the server's limits.

        `home` is the caller's own description of where the table is shown (`Table.home`),
        stored with the table in the same transaction. `hints`: players may ask for a hint
        (off unless asked for: every finished game is rated, bot.ledger_hook).
        """
        if self.table_in(channel_id) is not None:
            return Outcome.refuse(self.table_in(channel_id), "bot.refuse.table_exists")
        if variant not in VARIANTS:
            return Outcome.refuse(None, "bot.refuse.bad_variant", variant=variant)
        options = dict(options or {})
        try:
            resolve_options(options, players=VARIANTS[variant].players)
        except ValueError as error:
            return Outcome.refuse(None, "bot.refuse.bad_option", error=error)
        seconds = self.turn_seconds if turn_seconds is None else turn_seconds
        async with self._opening:  # two quick /pinochle new must not both pass the limits
            limits = await get_guild_settings(self.store, guild_id)
            wait = self._cooldowns.wait(guild_id, host.user_id, limits.new_cooldown, self.clock())
            refusal = open_refusal(limits, self.tables(guild_id), host.user_id, wait)
            if refusal is not None:
                return refusal
            try:
                async with self.store.transaction() as tx:
                    row = await create_table(
                        tx,
                        guild_id=guild_id,
                        channel_id=channel_id,
                        host_id=host.user_id,
                        variant=variant,
                        options=options,
                        seed=self._rng.randrange(2**63),
                        language=language,
                        settings={
                            "turn_seconds": seconds,
                            "home": dict(home or {}),
                            "hints": hints,
                        },
                        seats=[_person_seat(0, host)],
                    )
            except ChannelBusy:
                return Outcome.refuse(None, "bot.refuse.table_exists")
            self._cooldowns.note(guild_id, host.user_id, self.clock())
            table = Table.from_row(row, turn_seconds=seconds)
            self._register(table)
        return self._publish(Outcome(table, private=[Text.of("bot.done.opened")], board=True))

    async def join(self, table_id: int, person: Person) -> Outcome:
        """Take a free seat in the lobby, or take back one's own seat from the computer.

        Mid-game a person takes back the seat the computer covers for them (after
        timer expiries, or after leaving); a paused table plays on again.
        """
        async with self._locked(table_id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            seat = table.seat_of(person.user_id)
            if table.status == "playing":
                if seat is None:
                    return Outcome.refuse(table, "bot.refuse.game_started")
                if table.seats[seat].away_strikes == 0:
                    return Outcome.refuse(table, "bot.refuse.already_seated")
                await self._write_seats(table, replace(table.seats[seat], away_strikes=0))
                self._standins.pop(table.id, None)
                self._schedule(table)
                return self._publish(
                    Outcome(
                        table,
                        private=[Text.of("bot.done.back")],
                        public=[Text.of("bot.line.back", who=Who(seat))],
                        board=True,
                    )
                )
            if seat is not None:
                return Outcome.refuse(table, "bot.refuse.already_seated")
            free = table.free_seat()
            if free is None:
                return Outcome.refuse(table, "bot.refuse.table_full", players=table.size)
            await self._write_seats(table, _person_seat(free, person))
            return self._publish(Outcome(table, private=[Text.of("bot.done.joined")], board=True))

    async def leave(self, table_id: int, person: Person) -> Outcome:
        """Leave the lobby (the host's role passes on), or forfeit one's seat to the computer mid-game.

        Mid-game the leaver forfeits (the hooks settle what that costs, e.g. the
        Check game premium, in the same transaction) and may still take the seat
        back with `join`; when nobody present is left, the table pauses.
        """
        async with self._locked(table_id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            seat = table.seat_of(person.user_id)
            if seat is None:
                return Outcome.refuse(table, "bot.refuse.not_seated")
            if table.status == "playing":
                if computer_plays(table.seats[seat]):
                    return Outcome.refuse(table, "bot.refuse.already_away")
                player = table.seats[seat].player_id
                paused = await self._write_seats(
                    table,
                    replace(table.seats[seat], away_strikes=AWAY_AFTER),
                    forfeit=(seat, player),
                )
                self._schedule(table)
                return self._publish(
                    Outcome(
                        table,
                        private=[Text.of("bot.done.left_game")],
                        public=[
                            Text.of("bot.line.left_game", who=Who(seat)),
                            *self._pause_lines(paused),
                        ],
                        board=True,
                    )
                )
            others = [
                s.user_id
                for n, s in sorted(table.seats.items())
                if n != seat and s.user_id is not None
            ]
            host_leaves = person.user_id == table.host_id
            async with self.store.transaction() as tx:
                await remove_seat(tx, table.id, seat)
                if host_leaves and others:
                    await update_table(tx, table.id, host_id=others[0])
                elif host_leaves:
                    await update_table(tx, table.id, status="cancelled")
            del table.seats[seat]
            if host_leaves and others:
                table.host_id = others[0]
            elif host_leaves:
                table.status = "cancelled"
                self._forget(table)
            return self._publish(Outcome(table, private=[Text.of("bot.done.left")], board=True))

    async def add_computer(
        self, table_id: int, person: Person, level: str = DEFAULT_LEVEL, seat: int | None = None
    ) -> Outcome:
        """Seat a computer player in the lobby, in `seat` or the first free one (any seated person may)."""
        async with self._locked(table_id) as table:
            refusal = self._lobby_refusal(table, person, host_only=False)
            if refusal:
                return refusal
            free = table.free_seat() if seat is None else seat
            if free is None:
                return Outcome.refuse(table, "bot.refuse.table_full", players=table.size)
            if not 0 <= free < table.size or free in table.seats:
                return Outcome.refuse(table, "bot.refuse.seat_taken", seat=free + 1)
            if level == HARD:
                refusal = hard_seat_refusal(
                    await get_guild_settings(self.store, table.guild_id), table, level
                )
                if refusal:
                    return refusal
            await self._write_seats(table, self._computer_seat(table.seats, free, level))
            return self._publish(
                Outcome(table, private=[Text.of("bot.done.computer_added")], board=True)
            )

    async def kick(self, table_id: int, person: Person, seat: int) -> Outcome:
        """The host empties a seat in the lobby; mid-game a computer takes over an away person's seat.

        Mid-game only a person who is away (the computer already covers the seat)
        may be kicked, and that person forfeits as if they had left: a host cannot
        take away a present player's game, nor spare a losing one.
        """
        async with self._locked(table_id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            if person.user_id != table.host_id:
                return Outcome.refuse(table, "bot.refuse.not_host")
            target = table.seats.get(seat)
            if target is None:
                return Outcome.refuse(table, "bot.refuse.empty_seat", seat=seat + 1)
            if target.user_id == person.user_id:
                return Outcome.refuse(table, "bot.refuse.kick_self")
            if table.status == "playing":
                if target.user_id is None:
                    return Outcome.refuse(table, "bot.refuse.kick_computer", seat=seat + 1)
                if not computer_plays(target):
                    return Outcome.refuse(
                        table, "bot.refuse.kick_present", name=Name(target.display_name)
                    )
                # By name: once a computer holds the seat, Who(seat) would name the computer.
                paused = await self._write_seats(
                    table,
                    self._computer_seat(table.seats, seat, DEFAULT_LEVEL),
                    forfeit=(seat, target.player_id),
                )
                public = [
                    Text.of("bot.line.kicked", name=Name(target.display_name)),
                    *self._pause_lines(paused),
                ]
                self._schedule(table)
            else:
                async with self.store.transaction() as tx:
                    await remove_seat(tx, table.id, seat)
                public = [Text.of("bot.line.kicked_lobby", name=Name(target.display_name))]
                del table.seats[seat]
            return self._publish(
                Outcome(table, private=[Text.of("bot.done.kicked")], public=public, board=True)
            )

    async def start(self, table_id: int, person: Person) -> Outcome:
        """The host starts the game; empty seats get computer players (a person must be seated)."""
        async with self._locked(table_id) as table:
            refusal = self._lobby_refusal(table, person, host_only=True)
            if refusal:
                return refusal
            if not table.humans():
                return Outcome.refuse(table, "bot.refuse.no_person")
            game = new_game(table.variant, seed=table.seed, options=table.options)
            seats = dict(table.seats)
            for free in range(table.size):
                if free not in seats:
                    seats[free] = self._computer_seat(seats, free, DEFAULT_LEVEL)
            turn = self._timed_turn(table, 0, game.to_act, seats)
            async with self.store.transaction() as tx:
                stored = [
                    await self._put_seat(tx, table, seats[n])
                    for n in range(table.size)
                    if n not in table.seats
                ]
                await update_table(tx, table.id, status="playing")
                if turn is not None:
                    await merge_settings(tx, table.id, {"turn": list(turn)})
            for seat in stored:
                table.seats[seat.seat] = seat
            table.status, table.game, table.version, table.turn = "playing", game, 0, turn
            self._schedule(table)
            return self._publish(
                Outcome(
                    table,
                    private=[Text.of("bot.done.started")],
                    public=start_lines(table),
                    board=True,
                )
            )

    async def cancel(self, table_id: int, person: Person, *, manager: bool = False) -> Outcome:
        """The host (or a member who manages the server) closes the table.

        Mid-game the hooks hear a `cancel` event in the same transaction (the ledger
        settles the game premium to the side ahead: cancelling cannot dodge a loss).
        """
        async with self._locked(table_id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            if person.user_id != table.host_id and not manager:
                return Outcome.refuse(table, "bot.refuse.not_host_cancel")
            if table.event is not None and not manager:
                return Outcome.refuse(table, "bot.refuse.event_table")
            async with self.store.transaction() as tx:
                await update_table(tx, table.id, status="cancelled")
                if table.status == "playing":
                    for hook in self._hooks:
                        await hook(tx, table, [{"type": "cancel"}])
            table.status = "cancelled"
            self._forget(table)
            return self._publish(
                Outcome(
                    table,
                    private=[Text.of("bot.done.cancelled")],
                    public=[Text.of("bot.line.cancelled")],
                    board=True,
                )
            )

    async def open_started(
        self,
        tables: Sequence[StartedTable],
        also: Callable[[Tx, list[Table]], Awaitable[None]],
    ) -> list[Table]:
        """Open several tables already playing, their seats given, in one transaction (issue 16).

        For a league event's round: no lobby, no host limits or cooldown (the
        organiser opened the event), `None` seats get computer players. `also`
        stores the caller's own bookkeeping (the event's round) in the same
        transaction, with the new tables; memory changes after it commits.
        """
        made: list[Table] = []
        async with self.store.transaction() as tx:
            for spec in tables:
                people = [(n, p) for n, p in enumerate(spec.seats) if p is not None]
                if not people:
                    raise ValueError("a table needs a person seated")
                seats: dict[int, Seat] = {n: _person_seat(n, p) for n, p in people}
                for n in range(len(spec.seats)):
                    if n not in seats:
                        seats[n] = self._computer_seat(seats, n, spec.level)
                row = await create_table(
                    tx,
                    guild_id=spec.guild_id,
                    channel_id=spec.channel_id,
                    host_id=people[0][1].user_id,
                    variant=spec.variant,
                    options=dict(spec.options),
                    seed=spec.seed,
                    language=spec.language,
                    settings={
                        "turn_seconds": spec.turn_seconds,
                        "home": dict(spec.home),
                        "event": dict(spec.event),
                    },
                )
                table = Table.from_row(row, turn_seconds=spec.turn_seconds)
                for n in range(len(spec.seats)):
                    table.seats[n] = await self._put_seat(tx, table, seats[n])
                await update_table(tx, table.id, status="playing")
                table.status, table.version = "playing", 0
                table.game = new_game(table.variant, seed=table.seed, options=table.options)
                table.turn = self._timed_turn(table, 0, table.game.to_act)
                if table.turn is not None:
                    await merge_settings(tx, table.id, {"turn": list(table.turn)})
                made.append(table)
            await also(tx, made)
        for table in made:
            self._register(table)
            self._schedule(table)
            self._publish(Outcome(table, public=start_lines(table), board=True))
        return made

    async def cover(self, table_id: int, user_id: int) -> bool:
        """The computer plays a person's seat from now on, with no forfeit (issue 16: a no-show,
        a dropped entrant, a round out of time). False if the person is not playing there."""
        async with self._locked(table_id) as table:
            seat = None if table is None else table.seat_of(user_id)
            if table is None or seat is None or table.status != "playing":
                return False
            if computer_plays(table.seats[seat]):
                return True
            await self._write_seats(table, replace(table.seats[seat], away_strikes=AWAY_AFTER))
            self._schedule(table)
            self._publish(
                Outcome(table, public=[Text.of("bot.line.covered", who=Who(seat))], board=True)
            )
            return True

    async def set_board_message(self, table_id: int, message_id: int) -> None:
        """Remember the channel message that shows this table (edited, never re-posted)."""
        table = self._tables.get(table_id)
        if table is None:
            return
        async with self.store.transaction() as tx:
            await update_table(tx, table_id, board_message_id=message_id)
        table.board_message_id = message_id

    # ------------------------------------------------------------ play

    async def act(
        self, table_id: int, person: Person, action: str, *, version: int | None = None
    ) -> Outcome:
        """A person's action (its text, e.g. "play 10♥"); `version` is the state they saw, if any."""
        async with self._locked(table_id) as table:
            refusal = self._turn_refusal(table, person, version=version)
            if refusal is not None or table is None:
                return refusal or Outcome.refuse(None, "bot.refuse.no_table")
            seat = table.seat_of(person.user_id)
            assert seat is not None  # _turn_refusal: the person is seated
            try:
                outcome = await self._apply(table, seat, action, user_id=person.user_id)
            except IllegalAction as error:
                return Outcome.refuse(table, "bot.refuse.illegal", error=error)
            outcome.private.append(Text.of("bot.done.acted", action=Act(outcome.action)))
            return outcome

    async def hint(self, table_id: int, person: Person) -> Outcome:
        """Issue 16 item 4: what the `hard` player would do in the person's seat now, with a reason;
        in a two-hand meld phase, the meld worth the most points.

        Decided from the seat's own view only, outside the table's lock (the person may act
        meanwhile: then the hint is refused as out of date). At most one hint per table is
        worked out at a time, and a hint asked again at the same state is not worked out
        again. The first hint of a seat is stored (`hints_used`) before it is shown.
        """
        async with self._locked(table_id) as table:
            refusal = self._turn_refusal(table, person, hint=True)
            if refusal is not None or table is None:
                return refusal or Outcome.refuse(None, "bot.refuse.no_table")
            seat, version, options = table.to_act, table.version, table.options
            assert seat is not None  # _turn_refusal: it is this person's turn
            view: dict[str, Any] = table.game.view(seat)  # the player's own copy
            cached = table.last_hint
        if cached is not None and cached[:2] == (version, seat):
            choice = cached[2]
        elif (best := best_meld(view, options)) is not None:
            choice = best[0]
        else:
            seed = table.seed ^ (version * 0x9E3779B97F4A7C15 & (2**64 - 1))
            try:  # hints wait under the table's negative id: never in the way of its computers
                choice = await self._thinker.choose(-table_id, "hard", view, view["legal"], seed)
            except ValueError:  # this table has a hint being worked out already
                return Outcome.refuse(table, "records.refuse.hint_busy")
        async with self._locked(table_id) as table:
            if table is None or table.version != version or table.status != "playing":
                return Outcome.refuse(table, "records.refuse.hint_stale")
            if seat not in table.hints_used:
                used = sorted(table.hints_used | {seat})
                async with self.store.transaction() as tx:
                    await merge_settings(tx, table.id, {"hints_used": used})
                table.hints_used.add(seat)
            table.last_hint = (version, seat, choice)
        reason = hint_text(view, choice, options)
        return Outcome(
            table, private=[Text.of("records.hint.answer", action=Act(choice), reason=reason)]
        )

    def _turn_refusal(
        self,
        table: Table | None,
        person: Person,
        *,
        version: int | None = None,
        hint: bool = False,
    ) -> Outcome | None:
        """Why the person may not act now (or, with `hint`, ask for a hint); None if they may.

        `version`: the state the person saw, refused as stale if the table has moved on.
        """
        if table is None:
            return Outcome.refuse(None, "bot.refuse.no_table")
        seat = table.seat_of(person.user_id)
        if seat is None:
            return Outcome.refuse(table, "bot.refuse.not_seated")
        if table.status != "playing":
            return Outcome.refuse(table, "bot.refuse.not_started")
        if version is not None and version != table.version:
            return Outcome.refuse(table, "bot.refuse.stale")
        if hint and not table.hints:
            return Outcome.refuse(table, "records.refuse.hints_off")
        if computer_plays(table.seats[seat]):
            return Outcome.refuse(table, "bot.refuse.covered")
        turn = table.to_act  # a game in play always has a seat to act
        if turn is not None and turn != seat:
            return Outcome.refuse(table, "bot.refuse.not_your_turn", who=Who(turn))
        return None

    # ------------------------------------------------------------ internals

    def _register(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        """Drop a finished or cancelled table: no timers, no driver, free channel."""
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        self._standins.pop(table.id, None)
        for tasks in (self._timers, self._drivers):
            task = tasks.pop(table.id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _locked(self, table_id: int) -> _TableLock:
        return _TableLock(self._tables.get(table_id))

    def _publish(self, outcome: Outcome) -> Outcome:
        if outcome.has_public and outcome.table is not None:
            try:
                self.publisher.publish(outcome.table, outcome)
            except Exception:  # a broken publisher must not undo an accepted action
                log.exception("publisher failed for table %s", outcome.table.id)
        return outcome

    def _lobby_refusal(
        self, table: Table | None, person: Person, *, host_only: bool
    ) -> Outcome | None:
        if table is None:
            return Outcome.refuse(None, "bot.refuse.no_table")
        if table.status != "lobby":
            return Outcome.refuse(table, "bot.refuse.game_started")
        if host_only and person.user_id != table.host_id:
            return Outcome.refuse(table, "bot.refuse.not_host")
        if table.seat_of(person.user_id) is None and person.user_id != table.host_id:
            return Outcome.refuse(table, "bot.refuse.not_seated")
        return None

    def _computer_seat(self, seats: dict[int, Seat], number: int, level: str) -> Seat:
        """A computer for seat `number`, named after the first computer name not seated in `seats`."""
        taken = {s.display_name for s in seats.values()}
        name = next(
            (COMPUTER_PREFIX + n for n in COMPUTER_NAMES if COMPUTER_PREFIX + n not in taken),
            f"{COMPUTER_PREFIX}{number + 1}",
        )
        return Seat(number, name, user_id=None, bot_level=level)

    async def _put_seat(self, tx: Tx, table: Table, seat: Seat) -> Seat:
        """Store a seat; a computer seat is the league player of its level and name ("bot:easy:Ada")."""
        name = seat.display_name.removeprefix(COMPUTER_PREFIX) if seat.user_id is None else None
        return await put_seat(tx, table.id, seat, bot_name=name)

    async def _write_seats(
        self, table: Table, *seats: Seat, forfeit: tuple[int, int | None] | None = None
    ) -> Any:
        """Store seats with what follows from them, in one transaction; memory changes after it commits.

        What follows: the deadline of a person's turn that now starts (say, one
        who came back), the pause when nobody present is left (or its end), and a
        `forfeit` (seat, player id) — noted in the table's settings and handed to
        the hooks. Returns the new `paused_until`, or `_KEEP` when it did not change.
        """
        after = {**table.seats, **{seat.seat: seat for seat in seats}}
        turn = self._new_turn(table, after)
        changes: dict[str, Any] = {} if turn is None else {"turn": list(turn)}
        if forfeit is not None:
            changes["left"] = {str(forfeit[0]): forfeit[1]}
        async with self.store.transaction() as tx:
            stored = [await self._put_seat(tx, table, seat) for seat in seats]
            paused = await self._pause_after(tx, table, after)
            if paused is not _KEEP:
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
        if paused is not _KEEP:
            table.paused_until = paused
        return paused

    async def _pause_after(self, tx: Tx, table: Table, seats: dict[int, Seat]) -> Any:
        """The table's `paused_until` once `seats` hold (`_KEEP`: no change).

        A game with no person present (everyone left or is away) pauses: no
        computer plays on unwatched. It waits the server's `abandon_minutes` for
        someone to take a seat back, then closes as abandoned (`_abandon`).
        """
        if table.status != "playing" or table.event is not None:
            return _KEEP  # an event's round timer bounds its tables: they play on
        if any(s.user_id is not None and not computer_plays(s) for s in seats.values()):
            return None if table.paused else _KEEP
        if table.paused:
            return _KEEP
        minutes = (await get_guild_settings(tx, table.guild_id)).abandon_minutes
        return self.clock() + 60 * minutes

    def _pause_lines(self, paused: Any) -> list[Text]:
        """The channel line that says a table just paused, and for how long."""
        if paused is _KEEP or paused is None:
            return []
        return [Text.of("bot.line.paused", minutes=max(1, round((paused - self.clock()) / 60)))]

    def _timed_turn(
        self, table: Table, version: int, seat: int | None, seats: dict[int, Seat] | None = None
    ) -> tuple[int, float] | None:
        """The turn timer of `seat` acting at `version`: None for a computer, no timer or no turn.

        `seats`: the seating to judge by (default: the table's). A turn that already
        has a deadline keeps it while it lies ahead; one that has passed (the bot was
        down, or the player came back while a computer stood in) starts a whole turn
        from now, since the player could not act meanwhile.
        """
        seats = table.seats if seats is None else seats
        if table.turn_seconds <= 0 or seat is None or computer_plays(seats[seat]):
            return None
        if table.turn is not None and table.turn[0] == version and table.turn[1] > self.clock():
            return table.turn
        return (version, self.clock() + table.turn_seconds)

    def _new_turn(self, table: Table, seats: dict[int, Seat]) -> tuple[int, float] | None:
        """The deadline to store for the turn now, with `seats`, if it is a new one (else None)."""
        turn = self._timed_turn(table, table.version, table.to_act, seats)
        return turn if turn is not None and turn != table.turn else None

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
        over = table.over
        turn = None if over else self._timed_turn(table, seq, table.game.to_act)
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

    # ------------------------------------------------------------ turns, timers, computers

    def _schedule(self, table: Table) -> None:
        """After any change: cancel the turn timer, then start a computer driver, the turn's timer,
        or, while the table is paused, the timer that closes it as abandoned.

        The timers keep their deadlines, so rescheduling the same turn (someone else
        came back, a restart) never gives the player more time, nor a paused table.
        """
        timer = self._timers.pop(table.id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if self._closed or table.status != "playing":
            return
        if table.paused_until is not None:
            self._timers[table.id] = asyncio.create_task(
                self._abandon_timer(table, table.paused_until), name=f"table-{table.id}-abandon"
            )
            return
        if table.to_act is None:
            return
        if self._computer_to_act(table):
            driver = self._drivers.get(table.id)
            if driver is None or driver.done():
                self._drivers[table.id] = asyncio.create_task(
                    self._drive(table), name=f"table-{table.id}-computer"
                )
            return
        turn = self._timed_turn(table, table.version, table.to_act)
        if turn is not None:
            table.turn = turn
            self._timers[table.id] = asyncio.create_task(
                self._turn_timer(table, table.to_act, *turn), name=f"table-{table.id}-timer"
            )

    def _computer_to_act(self, table: Table) -> bool:
        if table.paused:
            return False
        return table.is_computer_turn() or self._standins.get(table.id) == table.version

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
                if not table.is_active:
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
            await asyncio.sleep(delay)
            delay = min(delay * 2, longest)

    async def _drive(self, table: Table) -> None:
        """Play every computer turn of this table until a person is to act."""
        try:
            while not self._closed:
                async with table.lock:
                    if table.status != "playing" or not self._computer_to_act(table):
                        return
                    seat, version = table.to_act, table.version
                    view = table.game.view(seat)  # the player's own copy: it may change it
                    legal = list(view["legal"])
                    level = table.seats[seat].bot_level or DEFAULT_LEVEL
                seed = table.seed ^ (version * 0x9E3779B97F4A7C15 & (2**64 - 1))
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
        self, table: Table, seat: int, version: int, choice: str, legal: list[str]
    ) -> None:
        """Apply a computer's choice if the table still waits for it (the caller holds the lock)."""
        if table.version != version or not self._computer_to_act(table):
            return
        try:
            await self._apply(table, seat, choice, user_id=None)
        except IllegalAction as error:  # a faulty player must not stall the table
            log.error("table %s: computer chose %r: %s", table.id, choice, error)
            await self._apply(table, seat, legal[0], user_id=None)
        self._standins.pop(table.id, None)

    async def _turn_timer(self, table: Table, seat: int, version: int, deadline: float) -> None:
        """Remind the player when half the turn is left; at the deadline a computer plays this turn.

        A timer resumed after the half-way point does not remind again (the reminder
        went out before the restart).
        """
        try:
            remind_in = deadline - table.turn_seconds / 2 - self.clock()
            if remind_in > 0:
                await asyncio.sleep(remind_in)
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
            await asyncio.sleep(max(0.0, deadline - self.clock()))
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
            if paused is not _KEEP:
                await merge_settings(tx, table.id, {"paused_until": paused})
        table.with_seat(seat, away_strikes=strikes)
        if paused is not _KEEP:
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
            await asyncio.sleep(max(0.0, deadline - self.clock()))
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

    # ------------------------------------------------------------ after the game (issue 12 item 6)

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

    async def last_finished(self, guild_id: int, channel_id: int) -> Table | None:
        """The channel's most recently finished table: what score and rules speak of after the end."""
        row = await last_finished_table(self.store, guild_id, channel_id)
        return None if row is None else await self.finished_table(row.id)

    async def review(self, table_id: int) -> tuple[Table, DealReview] | Outcome:
        """The last deal of a table that is over, for anyone to read (refused while none is).

        Only a deal the game has finished is replayed, so the deal in play never shows.
        A review never changes, so the last few are kept (`REVIEWS_KEPT`): pressing the
        button again costs nothing.
        """
        table = self._tables.get(table_id) or await self.finished_table(table_id)
        if table is None:
            return Outcome.refuse(None, "bot.refuse.no_table")
        async with table.lock:  # a deal's last action is in the store once its lock is let go
            ended = table.game.deal_results if table.game is not None else []
            deal = ended[-1]["deal"] if ended else None
        if deal is None:
            return Outcome.refuse(table, "bot.refuse.no_deal_over")
        review = self._reviews.get((table_id, deal))
        if review is None:
            actions = [a.action for a in await load_actions(self.store, table_id)]
            review = self._reviews.put(
                (table_id, deal),
                await asyncio.to_thread(
                    review_deal, table.variant, table.seed, table.options, actions, deal
                ),
            )
        return table, review

    async def rematch(self, table_id: int, person: Person) -> Outcome:
        """A player of a finished table opens its rematch, or takes their seat at the one already open.

        The rematch has the table's variant, options, language and timer; the person
        who opens it hosts it from their old seat, computers sit where computers sat,
        and the other people's seats wait for them (the first free one if theirs is taken).
        """
        old = await self.finished_table(table_id)
        if old is None:
            return Outcome.refuse(None, "bot.refuse.no_table")
        seat = old.seat_of(person.user_id)
        if seat is None:
            return Outcome.refuse(old, "bot.refuse.not_a_player", number=old.id)
        async with self._rematch_lock:
            current = self.table_in(old.channel_id)
            if current is not None and current.id == old.rematch:
                return await self._rematch_seat(current, person, seat)
            opened = await self.open(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                host=person,
                variant=old.variant,
                options=old.options,
                language=old.language,
                turn_seconds=old.turn_seconds,
                home=old.home,
                hints=old.hints,
            )
            if opened.refused:
                return opened
            new = opened.table
            seats = [_person_seat(seat, person)] + [
                replace(s, away_strikes=0, player_id=None)
                for s in old.seats.values()
                if s.user_id is None
            ]
            async with new.lock:
                async with self.store.transaction() as tx:
                    if seat != 0:
                        await remove_seat(tx, new.id, 0)
                    placed = [
                        await put_seat(
                            tx,
                            new.id,
                            s,
                            bot_name=None
                            if s.user_id
                            else s.display_name.removeprefix(COMPUTER_PREFIX),
                        )
                        for s in seats
                    ]
                    await merge_settings(tx, old.id, {"rematch": new.id})
                new.seats = {s.seat: s for s in placed}
            old.rematch = new.id
        self._publish(Outcome(old, board=True))
        return self._publish(
            Outcome(
                new,
                private=[Text.of("bot.done.rematch_opened", table=new.id)],
                public=[Text.of("bot.line.rematch", who=Who(seat), old=old.id)],
                board=True,
            )
        )

    async def _rematch_seat(self, rematch: Table, person: Person, seat: int) -> Outcome:
        """Seat a player of the old table at its rematch: their old seat if free, else the first free one."""
        async with self._locked(rematch.id) as table:
            if table is None:
                return Outcome.refuse(None, "bot.refuse.no_table")
            if table.seat_of(person.user_id) is not None:
                return Outcome.refuse(table, "bot.refuse.already_seated")
            if table.status != "lobby":
                return Outcome.refuse(table, "bot.refuse.game_started")
            free = seat if seat not in table.seats else table.free_seat()
            if free is None:
                return Outcome.refuse(table, "bot.refuse.table_full", players=table.size)
            await self._write_seats(table, _person_seat(free, person))
            return self._publish(
                Outcome(
                    table, private=[Text.of("bot.done.rematch_joined", table=table.id)], board=True
                )
            )

    @functools.cached_property
    def _finished(self) -> Recent[int, Table]:
        """Finished tables replayed lately, by id."""
        return Recent(FINISHED_KEPT)

    @functools.cached_property
    def _reviews(self) -> Recent[tuple[int, int], DealReview]:
        """Reviews made lately, by (table id, deal)."""
        return Recent(REVIEWS_KEPT)

    @functools.cached_property
    def _rematch_lock(self) -> asyncio.Lock:
        """One rematch at a time: two players pressing Rematch at once open one table."""
        return asyncio.Lock()


class _TableLock:
    """`async with service._locked(id) as table`: the active table under its lock, or None.

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
        if self._held:
            self._table.lock.release()


def _person_seat(number: int, person: Person) -> Seat:
    return Seat(number, person.name, user_id=person.user_id, bot_level=DEFAULT_LEVEL)
