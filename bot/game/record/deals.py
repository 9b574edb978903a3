"""The typed records of one deal: its hands, auction, melds and tricks, and the engine's result.

`DealRecord` holds a deal from the deal to its result; its tricks are `TrickRecord`s and its
meld declarations `MeldRecord`s (each of `MeldPart`s). Built from the engine's events
(`build`) or read from text (`reader`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ..cards import Card, Suit
from ..results import DealResult

#: How a card reached a two-hand holding after a trick (RULES A-6, A-8): drawn face down,
#: the last face-down card shown, or the turn-up taken.
DrawHow = Literal["draw", "show", "take_turnup"]


@dataclass
class TrickRecord:
    """One completed trick: the plays in order (the leader first), its winner and card points;
    built from the engine, also its number, whether it was the deal's last (G-5), the draws
    after it as (seat, card, `DrawHow`) and what each seat held as it began (hand and
    face-up cards, RULES §0.3)."""

    plays: list[tuple[int, Card]]
    winner: int
    points: int
    number: int = 0
    last: bool = False
    draws: list[tuple[int, Card, DrawHow]] = field(default_factory=list)
    held: dict[int, list[Card]] = field(default_factory=dict)

    @property
    def leader(self) -> int:
        return self.plays[0][0]


class MeldPart(NamedTuple):
    """One meld of a declaration: the engine's name, its cards and points."""

    name: str
    cards: list[Card]
    points: int


@dataclass
class MeldRecord:
    """A meld declaration (or the dix scored on its own: A-4, A-7, C-3): the seat, its parts,
    its points, after which trick, and whether it counted (C-6, D-5, E-11: a declared meld
    counts once its side wins a trick)."""

    seat: int
    parts: list[MeldPart]
    points: int
    after_trick: int = 0
    counted: bool = True
    dix: bool = False


@dataclass
class DealRecord:
    """One deal from the deal to its result; `results` stays None while it is in play."""

    number: int
    dealer: int
    hands: dict[int, list[Card]]  # seat -> its cards as dealt (seats sitting out are absent)
    turnup: Card | None = None  # two-hand: the card under the stock; 3-4 hands: dealer's last (C-2)
    stock: list[Card] | None = None  # two-hand: face down, in the order drawn
    auction: list[tuple[int, str]] = field(default_factory=list)  # (seat, "bid 250" | "pass")
    contract: tuple[int, int] | None = None  # (declarer, amount), auction games (E-7)
    trump: Suit | None = None
    trump_by: int | None = None  # who named trump, auction games (E-8)
    passes: list[tuple[int, list[Card]]] = field(default_factory=list)  # (giver, cards), F-5
    melds: list[MeldRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    #: The engine's deal result (`DealResult`); a record read from text holds its plain form.
    results: DealResult | Mapping[str, Any] | None = None
    actions: list[str] = field(default_factory=list)  # the deal's actions, as stored
    #: A fair deal (bot.game.fair): the players' salt words by seat, and its seed once it is over.
    salts: dict[int, str] = field(default_factory=dict)
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
