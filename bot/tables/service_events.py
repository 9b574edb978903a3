"""The table service's own events, beside the engine's (`bot.game.events`): what the action hooks
hear that is no move of the game. Each is an `Event`, so a hook matches every event by class."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.game.events import Event, SeatEvent


@dataclass(frozen=True, slots=True, eq=False)
class Forfeited(SeatEvent):
    """A person left, or was kicked, mid-game: their seat forfeits (the ledger settles it).
    `player_id` is the stored player who held the seat (a computer plays it on); the seat's
    record allows none, which a person's seat never has."""

    type: ClassVar[str] = "forfeit"
    player_id: int | None


class Cancelled(Event):
    """A game in play was cancelled (after a completed deal, the ledger rates it)."""

    __slots__ = ()
    type: ClassVar[str] = "cancel"
