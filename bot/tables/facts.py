"""What the action hooks hear of a table: frozen facts, never the live table.

The hooks (the ledger's chips, the league's ratings and deal figures, a league night's results) run
inside the transaction that stores an action, while the service holds the table's lock and has not
yet changed it in memory. Handed the live `Table`, a hook could keep it past that transaction or
change it behind the lock; handed `TableFacts`, it reads the table as the action leaves it and can
do neither. Every figure about the game is the engine's answer (scores, standing, parties, the
forfeit and cancel premiums, the game's record), asked here once, so no hook works a rule out for
itself. The game's record, a replay of the whole log, is built only for an action that ends the
game (a `game_over`, or a `cancel` after a completed deal), and shared by every hook through the
record cache.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.game import FrozenMap, Game, Transfer
from bot.game.events import Event, GameOver
from bot.game.record import GameRecord
from bot.store import Seat
from bot.tables.model import Table
from bot.tables.row_settings import EventPlace
from bot.tables.service_events import Cancelled, Forfeited


@dataclass(frozen=True, slots=True)
class Forfeit:
    """What the engine makes a Check seat's leaver pay (the E-20 premium as if the opponents won
    now) and who may collect it, first choice first (the opponent E-15 pairs the seat with, else
    the opponents still playing; none when every opponent has left)."""

    checks: int
    payees: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The engine's word on a table's game once the action the hooks hear of is applied."""

    #: Each seat's score (partners share their side's).
    scores: tuple[int, ...]
    #: The sides ranked by score now, best first, equal scores sharing a place (`Game.standing`):
    #: the ranking of a game stopped short of its end (a cancel, an event's last deal).
    standing: tuple[tuple[int, ...], ...]
    #: Each seat's scoring unit: its side in partnership games, else the seat.
    parties: tuple[int, ...]
    #: How many deals are scored so far.
    deals: int
    #: The forfeit of each seat a `forfeit` among the events names, in a game paid in checks.
    forfeits: Mapping[int, Forfeit]
    #: In a game paid in checks that a `cancel` among the events stops after a completed deal:
    #: the E-20 premium as if it ended now, to the side ahead (`Game.premium_now`); else none.
    premium_now: tuple[Transfer, ...]
    #: The game's record (bot.game.record) when the events end the game: a `game_over`, or a
    #: `cancel` after a completed deal; None otherwise.
    record: GameRecord | None


@dataclass(frozen=True, slots=True)
class TableFacts:
    """A table as the action hooks see it, after the action they hear of."""

    id: int
    guild_id: int
    variant: str
    #: The state version once the action is applied (the actions stored so far).
    version: int
    #: How many seats the variant has.
    size: int
    #: Seat number -> who sits there (read-only; store seats are frozen).
    seats: Mapping[int, Seat]
    #: Seats whose person left mid-game -> that person's player id (the forfeit policy).
    left: Mapping[int, int]
    #: The league event's table this is, or None.
    event: EventPlace | None
    #: The game is over, or an event's table has played its deals.
    over: bool
    #: None before the host starts the game.
    game: GameFacts | None


def facts_of(table: Table, events: Sequence[Event]) -> TableFacts:
    """What the hooks hear of `table` along with `events` (the caller holds its lock)."""
    game = table.game
    return TableFacts(
        id=table.id,
        guild_id=table.guild_id,
        variant=table.variant,
        version=table.version,
        size=table.size,
        seats=FrozenMap(table.seats),
        left=FrozenMap(table.left),
        event=table.event,
        over=game is not None and table.over,
        game=None if game is None else _game_facts(table, game, events),
    )


def _game_facts(table: Table, game: Game, events: Sequence[Event]) -> GameFacts:
    checks = game.variant.checks
    cancelled = bool(game.deal_results) and any(isinstance(e, Cancelled) for e in events)
    ends = cancelled or any(isinstance(event, GameOver) for event in events)
    forfeits = {
        event.seat: Forfeit(
            game.forfeit_checks(event.seat), tuple(table.forfeit_payees(event.seat))
        )
        for event in events
        if isinstance(event, Forfeited) and checks
    }
    return GameFacts(
        scores=tuple(game.seat_scores()),
        standing=tuple(tuple(place) for place in game.standing()),
        parties=tuple(game.party(seat) for seat in range(table.size)),
        deals=len(game.deal_results),
        forfeits=FrozenMap(forfeits),
        premium_now=game.premium_now() if cancelled and checks else (),
        record=table.record() if ends else None,
    )
