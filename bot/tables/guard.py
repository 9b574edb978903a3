"""The one guard every table-service call passes before it acts: a `Refusal` says why not.

Each check runs before anything is written, so a refused call changes nothing.
"""

from __future__ import annotations

from bot.game.errors import Refusal
from bot.tables.model import Table, computer_plays
from bot.tables.outcome import Who


def guard(
    table: Table | None, user_id: int | None = None, *, lobby: bool = False, host: bool = False
) -> Table:
    """The table, if it is open and this call may act on it; else raise the `Refusal` that says why.

    `lobby`: only before the game starts; `host`: only its host (`user_id`).
    """
    if table is None:
        raise Refusal("bot.refuse.no_table")
    if table.moving:
        raise Refusal("bot.refuse.moving", table.id)
    if lobby and table.status != "lobby":
        raise Refusal("bot.refuse.game_started", table.id)
    if host and user_id != table.host_id:
        raise Refusal("bot.refuse.not_host", table.id)
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
        raise Refusal("bot.refuse.not_seated", table.id)
    if playing and (table.status != "playing" or table.game is None):
        raise Refusal("bot.refuse.not_started", table.id)
    if version is not None and version != table.version:
        raise Refusal("bot.refuse.stale", table.id)
    if hints and not table.hints:
        raise Refusal("records.refuse.hints_off", table.id)
    if turn and computer_plays(table.seats[seat]):
        raise Refusal("bot.refuse.covered", table.id)
    to_act = table.to_act
    if turn and to_act is not None and to_act != seat:
        raise Refusal("bot.refuse.not_your_turn", table.id, who=Who(to_act))
    return table, seat
