"""Turn pings: whom to mention when a person's turn begins, and which old ping to remove.

Decided from the table's state after each publish, so the table service needs
no Discord knowledge. A person's turn begins when the seat to act is theirs
and no computer covers it (`TableSnapshot.awaits`); someone acting twice in a row
(meld, then play) is still in the same turn and is not pinged again. The
start of a game pings every seated person once, in one message. The service's
half-time reminder (an outcome with `ping`) stands in for the turn's ping, so
the two never pile up. Nobody is mentioned at a quiet table or who turned
pings off (/pinochle notify off); the ping of a turn that ended, or of a
finished table, is removed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.tables import Outcome, TableSnapshot
from bot.tables.outcome import Text, Who


@dataclass(frozen=True)
class Ping:
    """A ping message to post: its lines (catalog texts) and the only people it may mention."""

    lines: tuple[Text, ...]
    users: tuple[int, ...]
    turn: int  # which turn of its table it announces (see `TurnPings.posted`)


@dataclass
class Plan:
    """What one publish means for the table's pings."""

    ended: bool = False  # the turn pinged before is over: its ping, posted or queued, goes
    drop: int | None = None  # the posted ping message to delete
    ping: Ping | None = None  # the new ping to post


@dataclass
class _Turn:
    user: int | None = None  # the person whose turn it is, or None (a computer's turn, the lobby)
    message: int | None = None  # the ping message standing for that turn
    started: bool = False
    number: int = 0  # turns announced so far


class TurnPings:
    """Per active table: whose turn was last announced, and its ping message (forgotten when the table ends)."""

    def __init__(self, muted: Callable[[int], bool]) -> None:
        self._muted = muted
        self._turns: dict[int, _Turn] = {}

    def after(self, table: TableSnapshot, outcome: Outcome) -> Plan:
        """The plan for the table's state after `outcome` was published."""
        if not table.is_active:
            turn = self._turns.pop(table.id, None)
            return Plan(ended=True, drop=turn.message if turn else None)
        turn = self._turns.setdefault(table.id, _Turn())
        waiting = awaited(table)
        if outcome.ping:  # the half-time reminder: it is this turn's ping now
            plan = self._end(turn)
            turn.user = waiting
            plan.ping = Ping(tuple(outcome.public), self._wanted(table, outcome.ping), turn.number)
            return plan
        if table.status == "playing" and table.version == 0 and not turn.started:
            turn.started, turn.user = True, waiting
            people = self._wanted(table, table.humans())
            players = [Who(_seat(table, user)) for user in people]
            return Plan(
                ping=Ping((Text.of("bot.ping.start", players=players),), people, turn.number)
                if people
                else None
            )
        if waiting == turn.user:
            return Plan()
        plan = self._end(turn)
        turn.user = waiting
        if waiting is not None and (people := self._wanted(table, [waiting])):
            plan.ping = Ping(
                (Text.of("bot.ping.turn", who=Who(_seat(table, waiting))),), people, turn.number
            )
        return plan

    def posted(self, table_id: int, ping: Ping, message_id: int) -> bool:
        """Record a sent ping; False if its turn ended while it was being sent (then delete the message)."""
        turn = self._turns.get(table_id)
        if turn is None or turn.number != ping.turn:
            return False
        turn.message = message_id
        return True

    def current(self, table_id: int, ping: Ping) -> bool:
        """Whether the ping's turn is still on (a ping that could not be sent is then tried again)."""
        turn = self._turns.get(table_id)
        return turn is not None and turn.number == ping.turn and turn.message is None

    def _end(self, turn: _Turn) -> Plan:
        """The turn announced so far is over."""
        plan = Plan(ended=True, drop=turn.message)
        turn.message, turn.number = None, turn.number + 1
        return plan

    def _wanted(self, table: TableSnapshot, users: Sequence[int]) -> tuple[int, ...]:
        """The people among `users` who may be mentioned: none at a quiet table, none who turned pings off."""
        if table.home.quiet:
            return ()
        return tuple(user for user in users if not self._muted(user))


def _seat(table: TableSnapshot, user: int) -> int:
    """The seat of someone seated at `table` (a ping names only players)."""
    seat = table.seat_of(user)
    assert seat is not None, f"user {user} pinged at table {table.id} without a seat"
    return seat


def awaited(table: TableSnapshot) -> int | None:
    """The person the game waits for now (their seat to act, no computer covering it), or None."""
    seat = table.to_act
    if seat is None:
        return None
    user = table.seats[seat].user_id
    return user if user is not None and table.awaits(user) else None
