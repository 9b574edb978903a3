"""How much meld a holding is worth, now and as a promise (RULES §2.1).

In the two-hand stock phase a card kept may complete a meld later, so a
player weighs each card by the meld it helps toward. `potential` credits every
meld shape in proportion to the square of the share of its cards held: a
complete meld counts fully, four cards of a flush most of it, one card little.
The shape values come from the engine's own meld table under the game's
options (`meld_points`), so house rules such as a 400 double pinochle count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from bot.game import SUITS, Card, Suit, meld_points

Shape = tuple[int, tuple[Card, ...]]


def _cards(spec: str, suit: Suit) -> tuple[Card, ...]:
    return tuple(Card(r, suit) for r in spec.split())


@lru_cache(maxsize=256)
def _shapes(trump: Suit | None, options_key: tuple[tuple[str, Any], ...]) -> tuple[Shape, ...]:
    options = dict(options_key)
    out: list[tuple[tuple[Card, ...], Suit | None]] = []
    for suit in SUITS:
        out.append((_cards("K Q", suit), trump))
    if trump is not None:
        out.append((_cards("A 10 K Q J", trump), trump))
    for rank in ("A", "K", "Q", "J"):
        out.append((tuple(Card(rank, s) for s in SUITS), trump))
    out.append(((Card("Q", Suit.SPADES), Card("J", Suit.DIAMONDS)), trump))
    shapes = []
    for cards, t in out:
        # Before trump exists (Variant B) the first marriage will be a royal one (B-4).
        value = meld_points(cards, t if t is not None else cards[0].suit, options)
        shapes.append((value, cards))
    return tuple(shapes)


def shapes(trump: Suit | None, options: Mapping[str, Any]) -> tuple[Shape, ...]:
    return _shapes(trump, tuple(sorted(getattr(options, "given", options).items())))


def potential(holding: Iterable[Card], trump: Suit | None, options: Mapping[str, Any]) -> float:
    """Meld held or within reach, in meld points (complete melds count fully)."""
    counts = Counter(holding)
    total = 0.0
    for value, cards in shapes(trump, options):
        held = sum(1 for c in cards if counts[c])
        if held:
            total += value * (held / len(cards)) ** 2
    return total


def meld_loss(
    holding: list[Card], card: Card, trump: Suit | None, options: Mapping[str, Any]
) -> float:
    """How much meld promise the holding loses by giving up one copy of `card`."""
    rest = list(holding)
    rest.remove(card)
    return potential(holding, trump, options) - potential(rest, trump, options)


def complete_melds(
    hand: Iterable[Card], table: Iterable[Card], trump: Suit | None, options: Mapping[str, Any]
) -> float:
    """The best single meld the holding could declare now that uses a card from hand (M-3)."""
    hand_c, all_c = Counter(hand), Counter(hand) + Counter(table)
    best = 0.0
    for value, cards in shapes(trump, options):
        if all(all_c[c] for c in cards) and any(hand_c[c] for c in cards):
            best = max(best, value)
    return best
