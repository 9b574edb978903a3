"""Turn deadlines and pauses, worked out from a table and the time (no I/O).

A person's turn has a deadline in the service's clock, stored with the action
that started the turn; a table with no person present pauses until a deadline
of its own (see `bot.tables.clock`).
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from bot.store import Seat
from bot.tables.model import Table, computer_plays
from bot.tables.outcome import Text


class _Keep(Enum):
    KEEP = "keep"


#: "The pause does not change" (what `Paused` holds besides a new deadline or None: no pause).
KEEP = _Keep.KEEP
#: A table's new `paused_until` after a change: a deadline, None (not paused), or `KEEP`.
Paused = float | None | Literal[_Keep.KEEP]


def timed_turn(
    table: Table, version: int, seat: int | None, now: float, seats: dict[int, Seat] | None = None
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
    if table.turn is not None and table.turn[0] == version and table.turn[1] > now:
        return table.turn
    return (version, now + table.turn_seconds)


def new_turn(table: Table, seats: dict[int, Seat], now: float) -> tuple[int, float] | None:
    """The deadline to store for the turn now, with `seats`, if it is a new one (else None)."""
    turn = timed_turn(table, table.version, table.to_act, now, seats)
    return turn if turn is not None and turn != table.turn else None


def nobody_present(seats: dict[int, Seat]) -> bool:
    """Whether no person plays any of `seats` now (all computers, left or away)."""
    return not any(s.user_id is not None and not computer_plays(s) for s in seats.values())


def pause_lines(paused: Paused, now: float) -> list[Text]:
    """The channel line that says a table just paused (`paused`: its new deadline), and for how long."""
    if paused is KEEP or paused is None:
        return []
    return [Text.of("bot.line.paused", minutes=max(1, round((paused - now) / 60)))]
