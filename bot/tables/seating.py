"""Storing seats, and what follows from a change of seats: a person's turn deadline, a pause.

A game with no person present pauses (no computer plays on unwatched) until
someone takes a seat back or the server's `abandon_minutes` run out (see
`bot.tables.clock`). Memory changes only once the transaction has committed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.store import Seat, Tx, get_guild_settings, put_seat
from bot.store.deals import drop_salts
from bot.store.tables import merge_settings
from bot.tables.core import Person, TableCore
from bot.tables.model import AWAY_AFTER, DEFAULT_LEVEL, Table, computer_name, computer_plays
from bot.tables.outcome import Text, Who, told
from bot.tables.row_settings import settings_patch
from bot.tables.service_events import Forfeited
from bot.tables.turns import KEEP, Paused, new_turn, nobody_present
from bot.tables.turns import pause_lines as _pause_lines


def person_seat(number: int, person: Person) -> Seat:
    """Seat `number` for `person` (the computer that may cover it plays at `DEFAULT_LEVEL`)."""
    return Seat(number, person.name, user_id=person.user_id, bot_level=DEFAULT_LEVEL)


def computer_seat(seats: dict[int, Seat], number: int, level: str) -> Seat:
    """A computer of `level` for seat `number`, named so no two computers in `seats` share a name."""
    name = computer_name({s.display_name for s in seats.values() if s.user_id is None}, number)
    return Seat(number, name, user_id=None, bot_level=level)


class Seating:
    """Writes seats (and the turn and pause that follow) for the lobby, the turn clock and leases."""

    def __init__(self, core: TableCore) -> None:
        self._core = core

    async def cover_seat(self, table: Table, seat: int) -> None:
        """The computer plays `seat` from now on, with no forfeit (`Lobby.cover`); the caller
        holds the table's lock."""
        if computer_plays(table.seats[seat]):
            return
        await self.write_seats(table, replace(table.seats[seat], away_strikes=AWAY_AFTER))
        self._core.schedule(table)
        self._core.publish(
            told(table, public=[Text.of("bot.line.covered", who=Who(seat))], board=True)
        )

    async def store_seat(self, tx: Tx, table: Table, seat: Seat) -> Seat:
        """Store a seat; a computer seat is the league player of its level and name ("bot:easy:Ada")."""
        return await put_seat(
            tx, table.id, seat, bot_name=seat.display_name if seat.user_id is None else None
        )

    async def write_seats(
        self, table: Table, *seats: Seat, forfeit: tuple[int, int | None] | None = None
    ) -> Paused:
        """Store seats with what follows from them, in one transaction; memory changes after it commits.

        What follows: the deadline of a person's turn that now starts (say, one
        who came back), the pause when nobody present is left (or its end), and a
        `forfeit` (seat, player id) — noted in the table's settings and handed to
        the hooks. Returns the new `paused_until`, or `KEEP` when it did not change.
        """
        after = {**table.seats, **{seat.seat: seat for seat in seats}}
        turn = new_turn(table, after, self._core.now())
        changes: dict[str, Any] = {} if turn is None else {"turn": turn}
        if forfeit is not None:
            changes["left"] = {forfeit[0]: forfeit[1]}
        async with self._core.store.transaction() as tx:
            stored = [await self.store_seat(tx, table, seat) for seat in seats]
            paused = await self.pause_after(tx, table, after)
            if paused is not KEEP:
                changes["paused_until"] = paused
            if changes:
                await merge_settings(tx, table.id, settings_patch(**changes))
            if forfeit is not None:
                event = Forfeited(seat=forfeit[0], player_id=forfeit[1])
                await self._core.run_hooks(tx, table, [event])
                await drop_salts(tx, table.id, forfeit[0], table.undealt())
        for seat in stored:
            table.seats[seat.seat] = seat
        if turn is not None:
            table.turn = turn
        if forfeit is not None:
            table.drop_salts(forfeit[0])
        if forfeit is not None and forfeit[1] is not None:
            table.left[forfeit[0]] = forfeit[1]
        if paused is not KEEP:
            table.paused_until = paused
        return paused

    async def pause_after(self, tx: Tx, table: Table, seats: dict[int, Seat]) -> Paused:
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
        return self._core.now() + 60 * minutes

    def pause_lines(self, paused: Paused) -> list[Text]:
        """The channel lines that say a table paused, or plays on (none when `KEEP`)."""
        return _pause_lines(paused, self._core.now())
