"""A table as callers outside the service see it: frozen, built by the service, never the live one.

The live `Table` is the service's to change, under its lock; anything that leaves the service (a
read, an outcome, a hand, a queued board) carries a `TableSnapshot` instead, so a caller can keep
it for as long as it likes (a board waiting for its slot) without seeing later changes or making
any. It holds the engine's public view, never a game: no hand, no stock, no seed, no fair-dealing
key reaches a caller through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.game import FrozenMap, PublicView
from bot.game.events import TrickTaken
from bot.game.results import DealResult
from bot.store import Seat
from bot.tables.model import Table, awaits, humans, present, seat_of
from bot.tables.row_settings import EventPlace, TableHome


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """One table at one state version (`version`), as drawn and told."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    #: The options the host chose (read-only).
    options: Mapping[str, Any]
    language: str
    turn_seconds: float
    status: str
    #: Seat number -> who sits there (read-only; store seats are frozen).
    seats: Mapping[int, Seat]
    version: int
    board_message_id: int | None
    home: TableHome
    paused_until: float | None
    abandoned: bool
    rematch: int | None
    event: EventPlace | None
    hints: bool
    #: This process's lease on the table is in doubt or gone: nothing is done here until it is back.
    moving: bool
    #: How many seats the variant has.
    size: int
    #: The seat the game waits for, or None (no game, or not playing).
    to_act: int | None
    #: The board's view of the game (`Game.public_view`); None before the host starts it.
    view: PublicView | None
    #: The game is over (all its deals), or an event's table has played its deals.
    over: bool
    #: The game itself is over (the others may play on after a seat is out: not yet).
    game_over: bool
    #: The deal in play (0 before the first).
    deal_no: int
    #: Every deal scored so far.
    deal_results: tuple[DealResult, ...]
    #: Seats out of a game the others play on (C-10, D1-2) -> their place (0: a wrong claim, A-12).
    finished_places: Mapping[int, int]
    #: The latest completed tricks the board shows, newest first (`DealLog.tricks`), and whether
    #: they hold the previous deal's last trick.
    recent_tricks: tuple[TrickTaken, ...]
    tricks_carried: bool
    #: The points the deal's last trick adds (G-5, G-7): 0 before the game.
    last_trick_bonus: int
    #: Whether its deals are dealt fairly (bot.game.fair): a secret key, committed to before each deal.
    fair: bool
    #: The fingerprints of the deal in play and the next (the lobby: both the first's), if fair.
    fingerprints: tuple[str, str] | None
    #: Salt words given for the next deal so far.
    salts_ahead: int

    @property
    def is_active(self) -> bool:
        return self.status in ("lobby", "playing")

    @property
    def paused(self) -> bool:
        """A game with nobody present waits (no computer plays) until someone comes back."""
        return self.paused_until is not None

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person holds here, or None."""
        return seat_of(self.seats, user_id)

    def free_seat(self) -> int | None:
        return next((n for n in range(self.size) if n not in self.seats), None)

    def awaits(self, user_id: int) -> bool:
        """Whether the game waits for this person now (their turn, no computer covering their seat)."""
        return awaits(self.seats, self.to_act, user_id)

    def humans(self) -> list[int]:
        return humans(self.seats)

    def present(self) -> list[int]:
        """Seats whose person plays them now: not left, not covered after three timer expiries."""
        return present(self.seats)


def snapshot_of(table: Table) -> TableSnapshot:
    """The table as it is now (the caller holds its lock, or changes nothing meanwhile)."""
    game = table.game
    deal = 0 if game is None else game.deal_no
    now, ahead = table.fingerprint(max(deal, 1)), table.fingerprint(deal + 1)
    return TableSnapshot(
        id=table.id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        host_id=table.host_id,
        variant=table.variant,
        options=FrozenMap(table.options),
        language=table.language,
        turn_seconds=table.turn_seconds,
        status=table.status,
        seats=FrozenMap(table.seats),
        version=table.version,
        board_message_id=table.board_message_id,
        home=table.home,
        paused_until=table.paused_until,
        abandoned=table.abandoned,
        rematch=table.rematch,
        event=table.event,
        hints=table.hints,
        moving=table.moving,
        size=table.size,
        to_act=table.to_act,
        view=None if game is None else table.public_view(),
        over=game is not None and table.over,
        game_over=game is not None and game.is_over,
        deal_no=deal,
        deal_results=() if game is None else tuple(game.deal_results),
        finished_places=FrozenMap(_finished_places(table)),
        recent_tricks=tuple(table.deal_log.tricks),
        tricks_carried=table.deal_log.carried,
        last_trick_bonus=0 if game is None else game.last_trick_bonus,
        fair=table.deal_key is not None,
        fingerprints=None if now is None or ahead is None else (now, ahead),
        salts_ahead=len(table.salts.get(deal + 1, {})),
    )


def _finished_places(table: Table) -> dict[int, int]:
    """While the others play on (C-10, D1-2): each finished seat's place, 0 if a wrong claim put
    it out (A-12)."""
    game = table.game
    if game is None or game.is_over:
        return {}
    places = {}
    for seat in range(table.size):
        if seat in game.active:
            continue
        party = game.party(seat)
        places[seat] = game.places.index(party) + 1 if party in game.places else 0
    return places
