"""The typed records of one deal: its hands, auction, melds and tricks, and the engine's result.

`DealRecord` holds a deal from the deal to its result; its tricks are `TrickRecord`s and its
meld declarations `MeldRecord`s (each of `MeldPart`s). Built from the engine's events
(`build`) or read from text (`reader`), each in local lists, and frozen once built: one record
is shared by every reader (`RECORDS`), so none can change it for the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ..cards import Card, Suit
from ..frozen import FrozenMap
from ..results import DealResult
from ..state import CardPlay, CompletedTrick

#: How a card reached a two-hand holding after a trick (RULES A-6, A-8): drawn face down,
#: the last face-down card shown, or the turn-up taken.
DrawHow = Literal["draw", "show", "take_turnup"]


def read_only(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only copy of `mapping`, its lists and mappings frozen all the way down (tuples,
    read-only mappings): what a record keeps of a mapping."""
    return FrozenMap({key: frozen(value) for key, value in mapping.items()})


def frozen(value: Any) -> Any:
    """`value` with its lists and mappings frozen all the way down (a deal's plain result)."""
    if isinstance(value, Mapping):
        return read_only(value)
    if isinstance(value, list | tuple):
        return tuple(frozen(item) for item in value)
    return value


def _nothing() -> Mapping[Any, Any]:
    return FrozenMap()


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One completed trick: the engine's own (`taken`: its number, leader, plays in order,
    winner and card points); built from the engine, also whether it was the deal's last (G-5),
    the draws after it as (seat, card, `DrawHow`) and what each seat held as it began (hand and
    face-up cards, RULES §0.3)."""

    taken: CompletedTrick
    last: bool = False
    draws: tuple[tuple[int, Card, DrawHow], ...] = ()
    held: Mapping[int, tuple[Card, ...]] = field(default_factory=_nothing)

    @property
    def number(self) -> int:
        return self.taken.number

    @property
    def leader(self) -> int:
        return self.taken.leader

    @property
    def plays(self) -> tuple[CardPlay, ...]:
        return self.taken.plays

    @property
    def winner(self) -> int:
        return self.taken.winner

    @property
    def points(self) -> int:
        return self.taken.points


class MeldPart(NamedTuple):
    """One meld of a declaration: the engine's name, its cards and points."""

    name: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class MeldRecord:
    """A meld declaration (or the dix scored on its own: A-4, A-7, C-3): the seat, its parts,
    its points, after which trick, and whether it counted (C-6, D-5, E-11: a declared meld
    counts once its side wins a trick)."""

    seat: int
    parts: tuple[MeldPart, ...]
    points: int
    after_trick: int = 0
    counted: bool = True
    dix: bool = False


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal from the deal to its result; `results` stays None while it is in play."""

    number: int
    dealer: int
    #: seat -> its cards as dealt (seats sitting out are absent)
    hands: Mapping[int, tuple[Card, ...]]
    turnup: Card | None = None  # two-hand: the card under the stock; 3-4 hands: dealer's last (C-2)
    stock: tuple[Card, ...] | None = None  # two-hand: face down, in the order drawn
    auction: tuple[tuple[int, str], ...] = ()  # (seat, "bid 250" | "pass")
    contract: tuple[int, int] | None = None  # (declarer, amount), auction games (E-7)
    trump: Suit | None = None
    trump_by: int | None = None  # who named trump, auction games (E-8)
    passes: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (giver, cards), F-5
    melds: tuple[MeldRecord, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    #: The engine's deal result (`DealResult`); a record read from text holds its plain form
    #: (frozen: `frozen`).
    results: DealResult | Mapping[str, Any] | None = None
    actions: tuple[str, ...] = ()  # the deal's actions, as stored
    #: A fair deal (bot.game.fair): the players' salt words by seat, and its seed once it is over.
    salts: Mapping[int, str] = field(default_factory=_nothing)
    seed: bytes | None = None
    #: A fair deal's draw (a person's Discord interaction id) and the seats people held as it
    #: was dealt (None: not recorded, a deal dealt before draws existed).
    draw: int | None = None
    people: tuple[int, ...] | None = None
    exchange: tuple[int, Card] | None = None  # three-/four-hand: the dix for the turn-up (C-4)
    declared_out: int | None = None  # the seat that claimed to be out, ending it early

    #: Thrown in with nothing scored (F-3 all four pass, B-8 no marriage): over, without a result.
    thrown_in: bool = False

    #: No game of the rule book deals a widow; the attribute is part of the shared interface.
    widow: None = None

    @property
    def finished(self) -> bool:
        """Over: scored, or thrown in (then its seed is revealed like any other's)."""
        return self.results is not None or self.thrown_in

    @property
    def result(self) -> DealResult | None:
        """The engine's typed result (a record built from a log; None from text or in play)."""
        return self.results if isinstance(self.results, DealResult) else None

    @property
    def cards_dealt(self) -> list[Card]:
        """Every card dealt: the hands, the turn-up (two-hand: the stock's last card) and the
        face-down stock as it was drawn (the turn-up taken last may be a dix exchanged for it)."""
        drawn = [
            card for trick in self.tricks for _, card, how in trick.draws if how != "take_turnup"
        ]
        turnup = [self.turnup] if self.stock is not None and self.turnup else []
        return [card for hand in self.hands.values() for card in hand] + turnup + drawn
