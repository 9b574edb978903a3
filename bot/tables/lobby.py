"""The lobby and the seats: open, join, leave, computers, kick, start, cancel, rematch.

A league event's tables skip the lobby: `open_started` opens them
already playing, and `cover` hands a no-show's seat to the computer.

Every call checks under the table's lock (`guard`, `guard_seat`), writes what it
accepts in one transaction, and changes the table in memory once that commits.
Mid-game a seat can still change hands: a person who leaves forfeits and the
computer plays on for them; an away person comes back with `join`.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.game import VARIANTS
from bot.game.errors import Refusal
from bot.game.fair import key_maker
from bot.game.options import resolve_options
from bot.store import (
    Seat,
    Tx,
    create_table,
    get_guild_settings,
    remove_seat,
    update_table,
)
from bot.store.deals import commit_deals, drop_salts, record_inputs
from bot.store.nights import get_event, is_dropped
from bot.store.tables import merge_settings
from bot.tables.announce import forfeit_lines, start_lines
from bot.tables.computers import ComputerDriver
from bot.tables.core import Person, TableCore
from bot.tables.guard import guard, guard_seat
from bot.tables.limits import HARD, Cooldowns, check_hard_seat, check_open
from bot.tables.model import AWAY_AFTER, DEFAULT_LEVEL, Table, computer_plays
from bot.tables.outcome import Name, Outcome, Text, Who, told
from bot.tables.row_settings import (
    EventPlace,
    TableHome,
    TableSettings,
    settings_json,
    settings_patch,
)
from bot.tables.seating import Seating, computer_seat, person_seat
from bot.tables.service_events import Cancelled
from bot.tables.snapshot import TableSnapshot, snapshot_of
from bot.tables.turns import timed_turn


@dataclass(frozen=True)
class StartedTable:
    """A table to open already playing (`Lobby.open_started`): `seats` in seat order,
    a person or None for a computer of `level`; `event` as `Table.event`."""

    guild_id: int
    channel_id: int
    variant: str
    options: dict[str, Any]
    seed: int
    language: str
    turn_seconds: float
    seats: tuple[Person | None, ...]
    event: EventPlace
    home: TableHome
    #: The fair dealing's key (bot.game.fair): a duplicate round's tables share one.
    deal_key: bytes = field(repr=False)
    level: str = DEFAULT_LEVEL


class Lobby:
    """Opening tables and changing who sits where."""

    def __init__(
        self,
        core: TableCore,
        seating: Seating,
        computers: ComputerDriver,
        *,
        seed: int | None,
    ) -> None:
        """`seed`: where the tables' seeds and fair-dealing keys come from (None: anywhere)."""
        self._core = core
        self._seating = seating
        self._computers = computers
        self._rng = random.Random(seed)
        self._new_key = key_maker(seed)  # each table's fair-dealing key (bot.game.fair)
        #: When each member last opened a table (bounded).
        self._cooldowns = Cooldowns()
        #: One opening at a time: two quick /pinochle new must not both pass the limits.
        self._opening = asyncio.Lock()
        #: One rematch at a time: two players pressing Rematch at once open one table.
        self._rematch_lock = asyncio.Lock()

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
        """Open a table in the lobby with the host in seat 0, within the server's limits.

        `home` is the caller's own description of where the table is shown (`Table.home`),
        stored with the table in the same transaction. `hints`: players may ask for a hint
        (off unless asked for: every finished game is rated, bot.services.ledger_hook).
        """
        existing = self._core.registry.in_channel(channel_id)
        if existing is not None:
            raise Refusal("bot.refuse.table_exists", existing.id)
        if variant not in VARIANTS:
            raise Refusal("bot.refuse.bad_variant", variant=variant)
        options = dict(options or {})
        resolve_options(options, players=VARIANTS[variant].players, variant=variant)  # OptionError
        seconds = self._core.turn_seconds if turn_seconds is None else turn_seconds
        async with self._opening:
            limits = await get_guild_settings(self._core.store, guild_id)
            wait = self._cooldowns.wait(
                guild_id, host.user_id, limits.new_cooldown, self._core.now()
            )
            check_open(limits, self._core.registry.active(guild_id), host.user_id, wait)
            async with self._core.store.transaction() as tx:  # ChannelBusy if opened meanwhile
                row = await create_table(
                    tx,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host.user_id,
                    variant=variant,
                    options=options,
                    seed=self._rng.randrange(2**63),
                    language=language,
                    settings=settings_json(
                        TableSettings(turn_seconds=seconds, home=home or TableHome(), hints=hints)
                    ),
                    seats=[person_seat(0, host)],
                    deal_key=self._new_key(),
                )
                opened = Table.from_row(row, turn_seconds=seconds)
                await commit_deals(tx, row.id, opened.commitments(1))  # shown in the lobby
            self._cooldowns.note(guild_id, host.user_id, self._core.now())
            await self._core.store.claim_table(row.id)  # a new table: this process drives it
            self._core.registry.add(opened)
            table = opened
        return self._core.publish(told(table, private=[Text.of("bot.done.opened")], board=True))

    async def join(self, table_id: int, person: Person) -> Outcome:
        """Take a free seat in the lobby, or take back one's own seat from the computer.

        Mid-game a person takes back the seat the computer covers for them (after
        timer expiries, or after leaving); a paused table plays on again. At a league
        event's table, not once it is final (`_event_seat_open`).
        """
        async with self._core.registry.locked(table_id) as found:
            table = guard(found)
            seat = table.seat_of(person.user_id)
            if table.status == "playing":
                if seat is None:
                    raise Refusal("bot.refuse.game_started", table.id)
                if table.event is not None:
                    await self._event_seat_open(table, person.user_id)
                if table.seats[seat].away_strikes == 0:
                    raise Refusal("bot.refuse.already_seated", table.id)
                await self._seating.write_seats(table, replace(table.seats[seat], away_strikes=0))
                self._computers.stand_down(table.id)
                self._core.schedule(table)
                return self._core.publish(
                    told(
                        table,
                        private=[Text.of("bot.done.back")],
                        public=[Text.of("bot.line.back", who=Who(seat))],
                        board=True,
                    )
                )
            if seat is not None:
                raise Refusal("bot.refuse.already_seated", table.id)
            return await self._sit(table, person, None, Text.of("bot.done.joined"))

    async def _event_seat_open(self, table: Table, user_id: int) -> None:
        """Refuse taking back a seat at a league event's table when the computer has it for good:
        the person was dropped from the event (or left it), or the round's time is up (else a
        player could come back again and again and hold every table of the next round)."""
        info = table.event
        assert info is not None
        if await is_dropped(self._core.store, info.id, user_id):
            raise Refusal("events.refuse.dropped_out", table.id)
        event = await get_event(self._core.store, info.id)
        if (
            event is not None
            and event.round == info.round
            and event.deadline is not None
            and event.deadline <= self._core.now()
        ):
            raise Refusal("events.refuse.time_up", table.id)

    async def leave(self, table_id: int, person: Person) -> Outcome:
        """Leave the lobby (the host's role passes on), or forfeit one's seat to the computer mid-game.

        Mid-game the leaver forfeits (the hooks settle what that costs, e.g. the
        Check game premium, in the same transaction) and may still take the seat
        back with `join`; when nobody present is left, the table pauses.
        """
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(found, person.user_id)
            if table.status == "playing":
                if computer_plays(table.seats[seat]):
                    raise Refusal("bot.refuse.already_away", table.id)
                player = table.seats[seat].player_id
                forfeit = forfeit_lines(table, seat)
                paused = await self._seating.write_seats(
                    table,
                    replace(table.seats[seat], away_strikes=AWAY_AFTER),
                    forfeit=(seat, player),
                )
                self._core.schedule(table)
                return self._core.publish(
                    told(
                        table,
                        private=[Text.of("bot.done.left_game")],
                        public=[
                            Text.of("bot.line.left_game", who=Who(seat)),
                            *forfeit,
                            *self._seating.pause_lines(paused),
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
            async with self._core.store.transaction() as tx:
                await remove_seat(tx, table.id, seat)
                await drop_salts(tx, table.id, seat, table.undealt())
                if host_leaves and others:
                    await update_table(tx, table.id, host_id=others[0])
                elif host_leaves:
                    await update_table(tx, table.id, status="cancelled")
            del table.seats[seat]
            table.drop_salts(seat)
            if host_leaves and others:
                table.host_id = others[0]
            elif host_leaves:
                table.status = "cancelled"
                self._core.forget(table)
            return self._core.publish(told(table, private=[Text.of("bot.done.left")], board=True))

    async def add_computer(
        self, table_id: int, person: Person, level: str = DEFAULT_LEVEL, seat: int | None = None
    ) -> Outcome:
        """Seat a computer player in the lobby, in `seat` or the first free one (any seated person may)."""
        async with self._core.registry.locked(table_id) as found:
            table, _ = guard_seat(found, person.user_id, lobby=True)
            free = table.free_seat() if seat is None else seat
            if free is None:
                raise Refusal("bot.refuse.table_full", table.id, players=table.size)
            if not 0 <= free < table.size or free in table.seats:
                raise Refusal("bot.refuse.seat_taken", table.id, seat=free + 1)
            if level == HARD:
                check_hard_seat(
                    await get_guild_settings(self._core.store, table.guild_id), table, level
                )
            await self._seating.write_seats(table, computer_seat(table.seats, free, level))
            return self._core.publish(
                told(table, private=[Text.of("bot.done.computer_added")], board=True)
            )

    async def kick(self, table_id: int, person: Person, seat: int) -> Outcome:
        """The host empties a seat in the lobby; mid-game a computer takes over an away person's seat.

        Mid-game only a person who is away (the computer already covers the seat)
        may be kicked, and that person forfeits as if they had left: a host cannot
        take away a present player's game, nor spare a losing one. Never at a league event's
        table: its seats are the event's (the organiser drops an entrant with the event), and a
        kicked seat's deals would count for nobody.
        """
        async with self._core.registry.locked(table_id) as found:
            table = guard(found, person.user_id, host=True)
            if table.event is not None:
                raise Refusal("bot.refuse.event_kick", table.id)
            target = table.seats.get(seat)
            if target is None:
                raise Refusal("bot.refuse.empty_seat", table.id, seat=seat + 1)
            if target.user_id == person.user_id:
                raise Refusal("bot.refuse.kick_self", table.id)
            if table.status == "playing":
                if target.user_id is None:
                    raise Refusal("bot.refuse.kick_computer", table.id, seat=seat + 1)
                if not computer_plays(target):
                    raise Refusal(
                        "bot.refuse.kick_present", table.id, name=Name(target.display_name)
                    )
                # By name: once a computer holds the seat, Who(seat) would name the computer.
                forfeit = forfeit_lines(table, seat, Name(target.display_name))
                paused = await self._seating.write_seats(
                    table,
                    computer_seat(table.seats, seat, DEFAULT_LEVEL),
                    forfeit=(seat, target.player_id),
                )
                public = [
                    Text.of("bot.line.kicked", name=Name(target.display_name)),
                    *forfeit,
                    *self._seating.pause_lines(paused),
                ]
                self._core.schedule(table)
            else:
                async with self._core.store.transaction() as tx:
                    await remove_seat(tx, table.id, seat)
                    await drop_salts(tx, table.id, seat, table.undealt())
                public = [Text.of("bot.line.kicked_lobby", name=Name(target.display_name))]
                del table.seats[seat]
                table.drop_salts(seat)
            return self._core.publish(
                told(table, private=[Text.of("bot.done.kicked")], public=public, board=True)
            )

    async def start(self, table_id: int, person: Person) -> Outcome:
        """The host starts the game; empty seats get computer players (a person must be seated)."""
        async with self._core.registry.locked(table_id) as found:
            table, _ = guard_seat(found, person.user_id, lobby=True, host=True)
            if not table.humans():
                raise Refusal("bot.refuse.no_person", table.id)
            await self._core.load_salts(table)  # the lobby's salts for deal 1, also after a restart
            game = table.new_game(person.click)
            dealing = game.dealing
            first = (
                (dealing.draws[1], dealing.people[1]) if dealing and 1 in dealing.draws else None
            )
            seats = dict(table.seats)
            for free in range(table.size):
                if free not in seats:
                    seats[free] = computer_seat(seats, free, DEFAULT_LEVEL)
            turn = timed_turn(table, 0, game.to_act, self._core.now(), seats)
            async with self._core.store.transaction() as tx:
                stored = [
                    await self._seating.store_seat(tx, table, seats[n])
                    for n in range(table.size)
                    if n not in table.seats
                ]
                await update_table(tx, table.id, status="playing")
                await commit_deals(tx, table.id, table.commitments(2))  # the next deal's
                if first is not None:  # deal 1's draw, the host's Start (bot.game.fair)
                    await record_inputs(tx, table.id, 1, *first)
                if turn is not None:
                    await merge_settings(tx, table.id, settings_patch(turn=turn))
            for seat in stored:
                table.seats[seat.seat] = seat
            if first is not None:
                table.draws[1], table.people[1] = first
            table.status, table.game, table.version, table.turn = "playing", game, 0, turn
            self._core.schedule(table)
            return self._core.publish(
                told(
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
        async with self._core.registry.locked(table_id) as found:
            table = guard(found)
            if person.user_id != table.host_id and not manager:
                raise Refusal("bot.refuse.not_host_cancel", table.id)
            if table.event is not None and not manager:
                raise Refusal("bot.refuse.event_table", table.id)
            async with self._core.store.transaction() as tx:
                await update_table(tx, table.id, status="cancelled")
                if table.status == "playing":
                    await self._core.run_hooks(tx, table, [Cancelled()])
            table.status = "cancelled"
            self._core.forget(table)
            return self._core.publish(
                told(
                    table,
                    private=[Text.of("bot.done.cancelled")],
                    public=[Text.of("bot.line.cancelled")],
                    board=True,
                )
            )

    async def open_started(
        self,
        tables: Sequence[StartedTable],
        also: Callable[[Tx, tuple[TableSnapshot, ...]], Awaitable[None]],
    ) -> tuple[TableSnapshot, ...]:
        """Open several tables already playing, their seats given, in one transaction.

        For a league event's round: no lobby, no host limits or cooldown (the
        organiser opened the event), `None` seats get computer players. `also`
        stores the caller's own bookkeeping (the event's round) in the same
        transaction, with the new tables; memory changes after it commits.
        """
        made: list[Table] = []
        async with self._core.store.transaction() as tx:
            for spec in tables:
                people = [(n, p) for n, p in enumerate(spec.seats) if p is not None]
                if not people:
                    raise ValueError("a table needs a person seated")
                seats: dict[int, Seat] = {n: person_seat(n, p) for n, p in people}
                for n in range(len(spec.seats)):
                    if n not in seats:
                        seats[n] = computer_seat(seats, n, spec.level)
                row = await create_table(
                    tx,
                    guild_id=spec.guild_id,
                    channel_id=spec.channel_id,
                    host_id=people[0][1].user_id,
                    variant=spec.variant,
                    options=dict(spec.options),
                    seed=spec.seed,
                    language=spec.language,
                    settings=settings_json(
                        TableSettings(
                            turn_seconds=spec.turn_seconds, home=spec.home, event=spec.event
                        )
                    ),
                    deal_key=spec.deal_key,
                )
                table = Table.from_row(row, turn_seconds=spec.turn_seconds)
                await commit_deals(tx, table.id, table.commitments(1, 2))
                for n in range(len(spec.seats)):
                    table.seats[n] = await self._seating.store_seat(tx, table, seats[n])
                await update_table(tx, table.id, status="playing")
                table.status, table.version = "playing", 0
                table.game = table.new_game()
                table.turn = timed_turn(table, 0, table.game.to_act, self._core.now())
                if table.turn is not None:
                    await merge_settings(tx, table.id, settings_patch(turn=table.turn))
                made.append(table)
            await also(tx, tuple(snapshot_of(table) for table in made))
        for table in made:
            await self._core.store.claim_table(table.id)  # new tables: this process drives them
            self._core.registry.add(table)
            self._core.schedule(table)
            self._core.publish(told(table, public=start_lines(table), board=True))
        return tuple(snapshot_of(table) for table in made)

    async def cover(self, table_id: int, user_id: int) -> bool:
        """The computer plays a person's seat from now on, with no forfeit (a league event's no-show,
        a dropped entrant, a round out of time). False if the person is not playing there. A table
        being moved (`bot.tables.leases`) covers the seat once it is taken back."""
        async with self._core.registry.locked(table_id) as table:
            seat = None if table is None else table.seat_of(user_id)
            if table is None or seat is None or table.status != "playing":
                return False
            if table.moving:
                table.covers_due.add(user_id)
            else:
                await self._seating.cover_seat(table, seat)
            return True

    async def rematch(self, table_id: int, person: Person) -> Outcome:
        """A player of a finished table opens its rematch, or takes their seat at the one already open.

        The rematch has the table's variant, options, language and timer; the person
        who opens it hosts it from their old seat, computers sit where computers sat,
        and the other people's seats wait for them (the first free one if theirs is taken).
        A league event's table is rematched as an ordinary game: the event's own target (a
        table there ends by its deal count) is left behind for the variant's usual one.
        """
        old = guard(await self._core.finished_table(table_id))
        seat = old.seat_of(person.user_id)
        if seat is None:
            raise Refusal("bot.refuse.not_a_player", old.id, number=old.id)
        async with self._rematch_lock:
            current = self._core.registry.in_channel(old.channel_id)
            if current is not None and current.id == old.rematch:
                async with self._core.registry.locked(current.id) as found:
                    table = guard(found)
                    if table.seat_of(person.user_id) is not None:
                        raise Refusal("bot.refuse.already_seated", table.id)
                    done = Text.of("bot.done.rematch_joined", table=table.id)
                    return await self._sit(guard(table, lobby=True), person, seat, done)
            opened = await self.open(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                host=person,
                variant=old.variant,
                options={
                    k: v for k, v in old.options.items() if old.event is None or k != "target"
                },
                language=old.language,
                turn_seconds=old.turn_seconds,
                home=old.home,
                hints=old.hints,
            )
            assert opened.table is not None  # `open` refuses or opens one
            new = self._core.registry.get(opened.table.id)
            assert new is not None  # just opened, under the rematch lock
            seats = [person_seat(seat, person)] + [
                replace(s, away_strikes=0, player_id=None)
                for s in old.seats.values()
                if s.user_id is None
            ]
            async with new.lock:
                async with self._core.store.transaction() as tx:
                    if seat != 0:
                        await remove_seat(tx, new.id, 0)
                    placed = [await self._seating.store_seat(tx, new, s) for s in seats]
                    await merge_settings(tx, old.id, settings_patch(rematch=new.id))
                new.seats = {s.seat: s for s in placed}
            old.rematch = new.id
        self._core.publish(told(old, board=True))
        return self._core.publish(
            told(
                new,
                private=[Text.of("bot.done.rematch_opened", table=new.id)],
                public=[Text.of("bot.line.rematch", who=Who(seat), old=old.id)],
                board=True,
            )
        )

    async def _sit(self, table: Table, person: Person, seat: int | None, done: Text) -> Outcome:
        """Seat `person` in the lobby (the caller holds the lock and knows they hold no seat):
        in `seat` (their old one, at a rematch) if it is free, else in the first free one."""
        free = seat if seat is not None and seat not in table.seats else table.free_seat()
        if free is None:
            raise Refusal("bot.refuse.table_full", table.id, players=table.size)
        await self._seating.write_seats(table, person_seat(free, person))
        return self._core.publish(told(table, private=[done], board=True))
