"""The public events `Game.apply` returns: what everyone at the table sees happen.

Each event is a frozen dataclass; `event.type` names its kind, and
`event["type"]`, `event["seat"]`, ... read it as the plain dict it used to be
(`bot.game.plain`), and it equals that dict. Nothing hidden is in an event: a drawn card is an event
without the card (`Draw`), a card shown is one with it (`Show`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import Card, Suit
from .plain import PlainMapping
from .state import Play


@dataclass(slots=True, eq=False)
class Event(PlainMapping):
    """Base of the events; `type` is the kind's name (the plain form's "type")."""

    type: ClassVar[str] = ""
    _plain: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def plain_keys(self) -> tuple[str, ...]:
        return ("type", *PlainMapping.plain_keys(self))

    def plain_value(self, key: str) -> Any:
        return self.type if key == "type" else PlainMapping.plain_value(self, key)


@dataclass(frozen=True, slots=True)
class ShownMeld:
    """One meld as announced: its name, cards (as people see them) and points."""

    name: str
    cards: tuple[Card, ...]
    points: int


@dataclass(slots=True, eq=False)
class DealStarted(Event):
    type: ClassVar[str] = "deal"
    deal: int
    dealer: int
    turnup: Card | None
    trump: Suit | None


@dataclass(slots=True, eq=False)
class DealThrownIn(Event):
    """B-8 with `b_no_trump_fallback=redeal`: no marriage in the stock phase, nothing scores."""

    type: ClassVar[str] = "thrown_in"
    deal: int
    dealer: int


@dataclass(slots=True, eq=False)
class DealerDix(Event):
    type: ClassVar[str] = "dealer_dix"
    seat: int
    points: int


@dataclass(slots=True, eq=False)
class CardPlayed(Event):
    type: ClassVar[str] = "play"
    seat: int
    card: Card


@dataclass(slots=True, eq=False)
class TrickTaken(Event):
    type: ClassVar[str] = "trick"
    number: int
    winner: int
    cards: tuple[Play, ...]
    points: int
    last: bool


@dataclass(slots=True, eq=False)
class TurnupTaken(Event):
    type: ClassVar[str] = "take_turnup"
    seat: int
    card: Card


@dataclass(slots=True, eq=False)
class Show(Event):
    """A drawn card everyone sees (A-8: the last face-down card while the turn-up remains)."""

    type: ClassVar[str] = "show"
    seat: int
    card: Card


@dataclass(slots=True, eq=False)
class Draw(Event):
    type: ClassVar[str] = "draw"
    seat: int


@dataclass(slots=True, eq=False)
class StockExhausted(Event):
    type: ClassVar[str] = "stock_exhausted"


@dataclass(slots=True, eq=False)
class Melded(Event):
    type: ClassVar[str] = "meld"
    seat: int
    pending: bool  # shown, but counts only once the seat (or side) takes a trick
    points: int
    melds: tuple[ShownMeld, ...]


@dataclass(slots=True, eq=False)
class TrumpFixed(Event):
    type: ClassVar[str] = "trump"
    seat: int
    suit: Suit


@dataclass(slots=True, eq=False)
class DixDeclared(Event):
    type: ClassVar[str] = "dix"
    seat: int
    points: int
    exchanged: bool
    card: Card | None  # the turn-up taken in exchange


@dataclass(slots=True, eq=False)
class MeldCredited(Event):
    type: ClassVar[str] = "meld_credited"
    seats: tuple[int, ...]
    points: int


@dataclass(slots=True, eq=False)
class Passed(Event):
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(slots=True, eq=False)
class Bid(Event):
    type: ClassVar[str] = "bid"
    seat: int
    amount: int
    forced: bool


@dataclass(slots=True, eq=False)
class Contract(Event):
    type: ClassVar[str] = "contract"
    seat: int
    amount: int


@dataclass(slots=True, eq=False)
class DealEnded(Event):
    type: ClassVar[str] = "deal_end"
    deal: int
    result: dict[str, Any]  # the entry of `Game.deal_results`


@dataclass(slots=True, eq=False)
class TargetRaised(Event):
    type: ClassVar[str] = "target_raised"
    target: int


@dataclass(slots=True, eq=False)
class PlayerOut(Event):
    type: ClassVar[str] = "player_out"
    seat: int
    place: int


@dataclass(slots=True, eq=False)
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


@dataclass(slots=True, eq=False)
class DeclaredOut(Event):
    type: ClassVar[str] = "declare_out"
    seat: int
