"""The public events `Game.apply` returns: what everyone at the table sees happen.

Each kind of event is a frozen dataclass of its own (readers `match` on the class); `event.type`
names the kind in the plain form (`bot.game.plain`, the "type" key). Nothing hidden is in an
event: a drawn card is an event without the card (`Draw`), a card shown is one with it (`Show`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from .cards import Card, Suit
from .plain import Plain, plain
from .results import DealResult
from .state import CompletedTrick


@dataclass(frozen=True, slots=True)
class Event(Plain):
    """Base of the events; `type` is the kind's name (the plain form's "type")."""

    type: ClassVar[str] = ""

    def plain_keys(self) -> tuple[str, ...]:
        return ("type", *Plain.plain_keys(self))

    def plain_value(self, key: str) -> Any:
        return self.type if key == "type" else Plain.plain_value(self, key)


@dataclass(frozen=True, slots=True)
class ShownMeld:
    """One meld as announced: its name, cards (as people see them) and points."""

    name: str
    cards: tuple[Card, ...]
    points: int


@lru_cache(maxsize=4096)
def shown_meld(name: str, cards: tuple[Card, ...], points: int) -> ShownMeld:
    """The (shared) `ShownMeld`: a value, and a deal's melds are the same few, so each is made
    once rather than at every declaration (a frozen dataclass is slow to build)."""
    return ShownMeld(name, cards, points)


@dataclass(frozen=True, slots=True)
class SeatEvent(Event):
    """An event about one seat."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardEvent(SeatEvent):
    """A card everyone sees a seat play, take or draw."""

    card: Card


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    type: ClassVar[str] = "deal"
    deal: int
    dealer: int
    turnup: Card | None
    trump: Suit | None


@dataclass(frozen=True, slots=True)
class DealThrownIn(Event):
    """B-8 with `b_no_trump_fallback=redeal`: no marriage in the stock phase, nothing scores."""

    type: ClassVar[str] = "thrown_in"
    deal: int
    dealer: int


class CardPlayed(CardEvent):
    __slots__ = ()
    type: ClassVar[str] = "play"


class TurnupTaken(CardEvent):
    __slots__ = ()
    type: ClassVar[str] = "take_turnup"


class Show(CardEvent):
    """A drawn card everyone sees (A-8: the last face-down card while the turn-up remains)."""

    __slots__ = ()
    type: ClassVar[str] = "show"


class Draw(SeatEvent):
    """A face-down card drawn: who drew, not what."""

    __slots__ = ()
    type: ClassVar[str] = "draw"


class Passed(SeatEvent):
    __slots__ = ()
    type: ClassVar[str] = "pass"


class DeclaredOut(SeatEvent):
    __slots__ = ()
    type: ClassVar[str] = "declare_out"


class StockExhausted(Event):
    __slots__ = ()
    type: ClassVar[str] = "stock_exhausted"


@dataclass(frozen=True, slots=True)
class DealerDix(SeatEvent):
    type: ClassVar[str] = "dealer_dix"
    points: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """A trick taken: the engine's own record of it (the game record's trick too), and whether it
    was the deal's last (G-5, G-7). Its plain form keeps the flat keys the replays were hashed by."""

    type: ClassVar[str] = "trick"
    trick: CompletedTrick
    last: bool

    def plain_keys(self) -> tuple[str, ...]:
        return ("type", "number", "winner", "cards", "points", "last")

    def plain_value(self, key: str) -> Any:
        trick = self.trick
        match key:
            case "number" | "winner" | "points":
                return getattr(trick, key)
            case "cards":
                return plain(trick.plays)
        return Event.plain_value(self, key)


@dataclass(frozen=True, slots=True)
class Melded(SeatEvent):
    type: ClassVar[str] = "meld"
    pending: bool  # shown, but counts only once the seat (or side) takes a trick
    points: int
    melds: tuple[ShownMeld, ...]


@dataclass(frozen=True, slots=True)
class TrumpFixed(SeatEvent):
    type: ClassVar[str] = "trump"
    suit: Suit


@dataclass(frozen=True, slots=True)
class DixDeclared(SeatEvent):
    type: ClassVar[str] = "dix"
    points: int
    exchanged: bool
    card: Card | None  # the turn-up taken in exchange


@dataclass(frozen=True, slots=True)
class MeldCredited(Event):
    type: ClassVar[str] = "meld_credited"
    seats: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Bid(SeatEvent):
    type: ClassVar[str] = "bid"
    amount: int
    forced: bool


@dataclass(frozen=True, slots=True)
class Contract(SeatEvent):
    type: ClassVar[str] = "contract"
    amount: int


@dataclass(frozen=True, slots=True)
class SetUnplayed(SeatEvent):
    """F-4, DX-E3, H-13: the declarer's side is set without play, and why: `no_marriage` (no suit
    it may name trump in) or `little_meld` (less meld than the table's `min_meld`)."""

    type: ClassVar[str] = "set_unplayed"
    reason: str


@dataclass(frozen=True, slots=True)
class CardsGiven(SeatEvent):
    """F-5, H-5: a seat passed `count` cards to its partner `to`; which cards, only the two of
    them know (their views' `gave` and `received`)."""

    type: ClassVar[str] = "give"
    to: int
    count: int


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    type: ClassVar[str] = "deal_end"
    deal: int
    result: DealResult  # the entry of `Game.deal_results`


@dataclass(frozen=True, slots=True)
class TargetRaised(Event):
    type: ClassVar[str] = "target_raised"
    target: int


@dataclass(frozen=True, slots=True)
class PlayerOut(SeatEvent):
    type: ClassVar[str] = "player_out"
    place: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
