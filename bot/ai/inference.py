"""What the melds and the auction say about the hidden hands: how plausible a world is.

`worlds` deals the unseen cards at random within the hard facts (cards shown,
voids). The melds and the bids say more, and `Evidence.weight` scores a dealt
world by them:

- every multi-hand meld is the engine's best meld of the hand (S-4, E-9), so a
  world that gives a seat cards adding to the meld it showed (a marriage it did
  not declare, a pinochle it did not show) cannot be the deal: weight 0;
- in the four-hand cutthroat game (D1), a card played reads as a player of the
  `normal` (or `easy`) kind would have played it (`_habits`): a card that did
  not head the trick was the cheapest the seat could play there, and a lead
  that is no ace, no trump and no master was its cheapest card and shows it
  held no plain ace; the cheaper cards it would have played instead go to other
  seats when a deal allows it (`worlds`);
- each call of the auction is scored by the chance that a bidder of the
  `normal` kind (`bidding.will_bid`, whose estimate is off by about
  `SPREAD` points) would have made it with that hand, so a seat that bid high
  gets strong hands and one that passed gets weaker ones. A bid also shows a
  marriage (E-5).

A seat's hand when it melded or bid is its hand now plus the cards it has
played since (in a four-hand game with `meld_excludes_first_card`, its meld
left out the first card it played, D2-1).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.game import (
    SUITS,
    Card,
    Suit,
    legal_plays,
    meld_points,
    trick_winner,
    winning_play,
)

from .bidding import allowance, best_trump, unit
from .knowledge import FACES, Knowledge

FLUSH = ("A", "10", "K", "Q", "J")
PINOCHLE = (Card("Q", Suit.SPADES), Card("J", Suit.DIAMONDS))
GRAND = (Card("K", Suit.SPADES), *PINOCHLE)

#: Spread (in Hoyle points) of a bidder's estimate around the `normal` one: the fit's residual
#: standard deviation is about 50, and players differ from the rule besides.
SPREAD = 40.0


@dataclass(frozen=True)
class Call:
    """One call of the auction: `seat` was offered `lowest` and bid `amount` (None: passed)."""

    seat: int
    lowest: int
    amount: int | None
    partner_bid: bool
    partner_high: bool


@dataclass
class Evidence:
    """The facts a world's hidden hands must explain; `weight` scores one world by them."""

    trump: Suit | None
    options: Mapping[str, Any]
    played: dict[int, list[Card]]
    shown: dict[int, int]  # non-dix meld each other seat declared, by seat
    first_left_out: dict[int, Card]  # a first card its meld did not include (D2-1)
    calls: list[Call]
    #: Cards each seat would have played instead of what it did, had it held them (`_habits`).
    habits: dict[int, set[Card]] = field(default_factory=dict)
    _bases: dict[int, list[Card]] = field(default_factory=dict)  # each seat's known cards at meld
    draws: int = 0  # deals drawn against this evidence (`worlds.deal_hidden`): work to count

    @property
    def empty(self) -> bool:
        return not self.shown and not self.calls and not self.habits

    def weight(self, hands: Mapping[int, list[Card]]) -> float:
        """How likely these hands are to have produced the melds and calls seen (0 to 1)."""
        for seat, shown in self.shown.items():
            held = self._at_meld(seat, hands[seat])
            if _meld_without_dix(held, self.trump, self.options) != shown:
                return 0.0
        weight = 1.0
        worth: dict[int, float] = {}
        for call in self.calls:
            hand = hands[call.seat] + self.played.get(call.seat, [])
            if call.amount is not None and not _married(hand):
                return 0.0  # E-5: a bid shows a marriage
            if call.seat not in worth:
                worth[call.seat] = best_trump(hand, self.options)[1]
            weight *= _call_chance(call, worth[call.seat], self.options)
        return weight

    def admits(self, seat: int, known: list[Card], dealt: list[Card], card: Card) -> bool:
        """May `seat`, holding `known` and `dealt` now, hold `card` too without more meld than it
        showed? (`known` must be the same list for a seat through one `Evidence`'s life.)

        The seat's hand so far melds what it showed (its shown cards are in
        `known`); a further card adds to that exactly when it completes one
        more set of some meld's cards (`_may_add_meld`). So dealing card by card
        with this check gives every seat exactly the meld it showed.
        """
        if seat not in self.shown:
            return True
        shapes = _shapes(card, self.trump)
        if not shapes:
            return True
        base = self._bases.get(seat)
        if base is None:
            base = self._bases[seat] = self._at_meld(seat, known)
        return not _may_add_meld(base + dealt, card, shapes)

    def _at_meld(self, seat: int, hand: list[Card]) -> list[Card]:
        held = hand + self.played.get(seat, [])
        first = self.first_left_out.get(seat)
        if first is not None and first in held:
            held.remove(first)
        return held


def read_evidence(k: Knowledge) -> Evidence:
    """The melds and calls of the other seats in this seat's view (none in the two-hand games)."""
    view = k.view
    played: dict[int, list[Card]] = {}
    for plays in [t.plays for t in k.tricks] + [tuple(k.trick)]:
        for seat, card in plays:
            played.setdefault(seat, []).append(card)
    shown: dict[int, int] = {}
    first_left_out: dict[int, Card] = {}
    if not k.two_handed_mode and k.trump is not None:
        world = view.world
        for seat in k.active:
            if not world.declared[seat]:
                continue
            shown[seat] = sum(m.points for m in view.melds if m.seat == seat and m.name != "dix")
            first = world.first_cards.get(seat)
            if first is not None and _first_card_left_out(k):
                first_left_out[seat] = first
    habits = _habits(k) if len(k.active) == 4 and not k.variant.partnership else {}
    evidence = Evidence(k.trump, k.options, played, shown, first_left_out, _calls(k), habits)
    own = shown.pop(k.seat, None)
    if own is not None and own != _meld_without_dix(
        evidence._at_meld(k.seat, k.hand), k.trump, k.options
    ):
        shown.clear()  # melds here are not the ones `meld_points` counts: read none of them
    return evidence


def _habits(k: Knowledge) -> dict[int, set[Card]]:
    """The cards each other seat would have played instead, had it held them, if it plays as
    `normal` and `easy` do in cutthroat (`cardplay.follow`, `cardplay.lead`).

    A card that did not head the trick was the seat's cheapest legal card there
    (fewest points, not a trump, lowest rank: `cardplay.cheapest`), so it held no
    cheaper card the rules (§8, asked of the engine) would have let it play
    instead; the last to play to a trick with points on it took them with its
    cheapest winner (not a trump, lowest rank: `cardplay.cheapest_winner`). A lead
    that is no ace, no trump and, as we hold a higher card of its suit, no master
    to its leader was its cheapest card (`cardplay.lead` leads masters, long
    trumps and aces first), so it held no plain ace and no cheaper card. These
    stay apart from the facts voids and failures to head prove (`knowledge`): a
    player of another kind breaks them, and `worlds` lets them go first.
    """
    habits: dict[int, set[Card]] = {s: set() for s in k.active if s != k.seat}

    def cheap(c: Card) -> tuple[int, bool, int]:
        return k.value[c], c.suit is k.trump, c.strength

    def winner(c: Card) -> tuple[bool, int, int]:
        return c.suit is k.trump, c.strength, k.value[c]

    for plays in [t.plays for t in k.tricks] + [tuple(k.trick)]:
        for i, (seat, card) in enumerate(plays):
            if seat not in habits:
                continue
            if i == 0:
                if card.rank == "A" or card.suit is k.trump or not _below_ours(k, card):
                    continue
                habits[seat] |= {
                    x
                    for x in FACES
                    if cheap(x) < cheap(card) or (x.rank == "A" and x.suit is not k.trump)
                }
                continue
            so_far = [c for _, c in plays[:i]]
            heads = winning_play(plays[: i + 1], k.trump)[0] == seat
            key: Callable[[Card], tuple[int, ...]] = cheap
            if heads:
                if i < len(k.active) - 1 or not sum(k.value[c] for c in so_far):
                    continue
                key = winner  # the last to play takes points with its cheapest winner
            for x in FACES:
                if heads and trick_winner([*so_far, x], k.trump) != i:
                    continue
                if key(x) < key(card) and x not in habits[seat]:
                    allowed = legal_plays([card, x], so_far, k.trump, k.options, False)
                    if card in allowed and x in allowed:
                        habits[seat].add(x)
    return {s: cards for s, cards in habits.items() if cards}


def _below_ours(k: Knowledge, card: Card) -> bool:
    """Do we hold a card of `card`'s suit that ranks above it (so it was no master to its leader)?"""
    return any(c.suit is card.suit and c.strength > card.strength for c in k.hand)


def _first_card_left_out(k: Knowledge) -> bool:
    """D2-1 with DX-D2: the seat melded after its first card, without it."""
    return (
        len(k.active) == 4
        and not k.variant.auction
        and k.options.get("partnership_meld_timing") == "after_first_card"
        and bool(k.options.get("meld_excludes_first_card"))
    )


def _calls(k: Knowledge) -> list[Call]:
    """The other seats' calls, as the engine recorded them (`view.calls`: who was offered which
    least bid, E-4, F-2, H-3; the stuck dealer's forced bid, E-6, tells nothing and is left out).

    Only an auction followed by nothing but trump and card play: a variant that passes cards
    after the auction changes the hands, and this reading does not know how.
    """
    view = k.view
    if not view.auction or any(
        a.verb not in ("bid", "pass", "trump", "play") for a in view.history
    ):
        return []
    calls: list[Call] = []
    bids: set[int] = set()
    high: int | None = None
    for call in view.calls:
        partner = k.variant.partner(call.seat)
        if call.seat != k.seat and not call.forced:
            calls.append(
                Call(
                    call.seat,
                    call.lowest,
                    call.amount,
                    partner in bids,
                    partner is not None and high == partner,
                )
            )
        if call.amount is not None:
            bids.add(call.seat)
            high = call.seat
    return calls


def _call_chance(call: Call, worth: float, options: Mapping[str, Any]) -> float:
    """The chance a `normal`-like bidder with this hand's worth made this call (`will_bid`)."""
    extra = allowance(options, call.partner_bid, call.partner_high)
    amount = call.amount if call.amount is not None else call.lowest
    edge = (worth + extra - amount) / (SPREAD * unit(options))
    bid = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, edge))))
    return bid if call.amount is not None else 1.0 - bid


def _married(hand: list[Card]) -> bool:
    return any(Card("K", s) in hand and Card("Q", s) in hand for s in SUITS)


def _meld_without_dix(hand: list[Card], trump: Suit | None, options: Mapping[str, Any]) -> int:
    """The hand's best meld less its dix (S-5 counts a dix for its first holder, not its holder)."""
    rest = [c for c in hand if not (c.suit is trump and c.rank in ("9", "7"))]
    return meld_points(rest, trump, options)


def _may_add_meld(held: list[Card], card: Card, shapes: tuple[tuple[Card, ...], ...]) -> bool:
    """Does one more `card` complete another set of some meld's cards with `held`?

    Every meld counts complete sets of its cards (§2.1: a double marriage is
    two of each, a flush absorbs a royal marriage but scores more), so a
    further copy of a card adds meld exactly when each other card of one of
    its melds is held at least as often as that card will be.
    """
    copies = held.count(card) + 1
    return any(
        all(held.count(other) >= copies for other in shape if other is not card) for shape in shapes
    )


@lru_cache(maxsize=256)
def _shapes(card: Card, trump: Suit | None) -> tuple[tuple[Card, ...], ...]:
    """The sets of cards that form a meld with `card` (§2.1; the 9 of trumps only the dix)."""
    shapes: list[tuple[Card, ...]] = []
    if card.rank in ("K", "Q"):
        shapes.append((Card("K", card.suit), Card("Q", card.suit)))
    if card.suit is trump and card.rank in FLUSH:
        shapes.append(tuple(Card(r, card.suit) for r in FLUSH))
    if card.rank in ("A", "K", "Q", "J"):
        shapes.append(tuple(Card(card.rank, s) for s in SUITS))
    if card in PINOCHLE:
        shapes.append(PINOCHLE)
    if card in GRAND:
        shapes.append(GRAND)
    return tuple(shapes)
