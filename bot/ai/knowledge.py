"""What one seat knows about the deal in progress, read from its view alone.

Every computer player starts here. Besides the plain facts of the view (hand,
trump, trick, cards not yet seen) it reads the deal's completed tricks, as
the engine records them (who led, who played which card), and learns from the strict play rules (RULES §8) which
cards a seat cannot hold: a seat that did not follow suit has none of it
(P-2a), one that did not head the trick has nothing higher (P-2b), and so on.
The engine's own `legal_plays` decides each inference, so the rules are not
re-derived here: card x is ruled out for a seat that played c exactly when c
would be illegal from the two-card hand {c, x} (legality only tightens as a
hand grows, so the same holds for every larger hand).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bot.game import (
    ALL_CARDS,
    Card,
    CardPlay,
    CompletedTrick,
    Phase,
    SeatView,
    Suit,
    Variant,
    card_points,
    get_variant,
    last_trick_bonus,
    legal_plays,
    resolve_options,
    winning_play,
)

#: Card faces of the 48-card pack (the 64-card pack adds 8s and 7s, which never matter for inference).
FACES: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.rank not in ("8", "7"))


@dataclass
class Knowledge:
    """One seat's picture of the deal: the view's facts plus what the history implies."""

    view: SeatView
    variant: Variant
    seat: int
    players: int
    active: list[int]
    phase: Phase
    trump: Suit | None
    hand: list[Card]
    own_table: list[Card]
    unseen: list[Card]
    known: dict[int, list[Card]]
    table: dict[int, list[Card]]
    trick: list[CardPlay]
    tricks: tuple[CompletedTrick, ...]  # this deal's completed tricks, from the engine
    partner: int | None
    options: Mapping[str, Any]
    excluded: dict[int, set[Card]] = field(default_factory=dict)

    # ------------------------------------------------------------------ facts

    @property
    def two_handed_mode(self) -> bool:
        return len(self.active) == 2

    @property
    def holding(self) -> list[Card]:
        """Hand plus own face-up melded cards (two-hand stock phase)."""
        return self.hand + self.own_table

    @property
    def led(self) -> Suit | None:
        return self.trick[0][1].suit if self.trick else None

    @property
    def winning(self) -> CardPlay | None:
        """The (seat, card) now winning the trick (G-3), or None before the lead."""
        if not self.trick:
            return None
        return winning_play(self.trick, self.trump)

    def opponents(self) -> list[int]:
        return [s for s in self.active if not self.variant.same_side(s, self.seat)]

    def yet_to_play(self) -> list[int]:
        """Seats that will play to the current trick after this seat."""
        order = self.active
        i = order.index(self.seat)
        rest = len(order) - len(self.trick) - 1
        return [order[(i + k) % len(order)] for k in range(1, rest + 1)]

    @cached_property
    def outside(self) -> list[Card]:
        """Cards some other seat may still play this deal: unseen, shown in hands, on their tables."""
        out = list(self.unseen)
        for s, cs in self.known.items():
            if s != self.seat:
                out += cs
        for s, cs in self.table.items():
            if s != self.seat:
                out += cs
        return out

    def may_be_void(self, seat: int, suit: Suit) -> bool:
        """False when `seat` surely still holds a card of `suit` (shown or on its table)."""
        return not any(c.suit is suit for c in self.known.get(seat, []) + self.table.get(seat, []))

    def void_known(self, seat: int, suit: Suit) -> bool:
        """True when the history proves `seat` holds no card of `suit`."""
        ex = self.excluded.get(seat, set())
        return all(c in ex for c in FACES if c.suit is suit) and self.may_be_void(seat, suit)

    @cached_property
    def value(self) -> dict[Card, int]:
        """Card points of each face under the table's count scheme (G-4, G-7)."""
        return {c: card_points([c], self.options) for c in ALL_CARDS}

    @property
    def last_bonus(self) -> int:
        """The last trick's points (G-5), as the engine counts them."""
        return last_trick_bonus(self.options)

    def legal_cards(self) -> list[Card]:
        return [a.card for a in self.view.legal if a.verb == "play"]


def read_view(view: SeatView) -> Knowledge:
    """Build the seat's knowledge from its view (and nothing else)."""
    players = view.players
    options = resolve_options(view.options, players=players, variant=view.variant)
    seat = view.seat
    table = {s: list(cs) for s, cs in view.table.items()}
    k = Knowledge(
        view=view,
        variant=get_variant(view.variant),
        seat=seat,
        players=players,
        active=list(view.active),
        phase=view.phase,
        trump=view.trump,
        hand=list(view.hand),
        own_table=table.get(seat, []),
        unseen=list(view.unseen),
        known={s: list(cs) for s, cs in view.known.items()},
        table=table,
        trick=list(view.trick),
        tricks=view.tricks,
        partner=view.partner,
        options=options,
    )
    passed = _passed_held(view)
    if passed and view.partner is not None:  # F-5: what this seat gave, its partner still holds
        shown = Counter(k.known.get(view.partner, []))
        k.known[view.partner] = list((shown | passed).elements())
        seen = Counter(k.unseen) - ((shown | passed) - shown)  # no longer unseen: known where
        k.unseen = sorted(seen.elements(), key=lambda c: c.code)
    if not k.two_handed_mode:  # two hands: free play in the stock, a known hand in the play-off
        k.excluded = _exclusions(k)
    return k


def _passed_held(view: SeatView) -> Counter[Card]:
    """The cards this seat passed to its partner (F-5) that the partner still holds: less what the
    partner played since and, where the partner gave back after (the bid winner did), what came
    back (the same cards by value: two copies of a card are one `Card`)."""
    if not view.gave or view.partner is None:
        return Counter()
    held = Counter(view.gave)
    if view.bidder == view.partner:  # the partner gave back after receiving these
        held -= Counter(view.received)
    played = [c for t in view.tricks for s, c in t.plays if s == view.partner]
    played += [c for s, c in view.trick if s == view.partner]
    return held - Counter(played)


def _exclusions(k: Knowledge) -> dict[int, set[Card]]:
    """What each other seat cannot hold, from every card it played after the lead (§8)."""
    excluded: dict[int, set[Card]] = {s: set() for s in k.active if s != k.seat}
    for plays in [t.plays for t in k.tricks] + [tuple(k.trick)]:
        for i in range(1, len(plays)):
            seat, card = plays[i]
            if seat in excluded:
                _infer(k, excluded[seat], seat, card, list(plays[:i]), k.trump)
    return excluded


def _infer(
    k: Knowledge,
    excluded: set[Card],
    seat: int,
    card: Card,
    trick: list[CardPlay],
    trump: Suit | None,
) -> None:
    cards_so_far = [c for _, c in trick]
    win_seat = winning_play(trick, trump)[0]
    partner_winning = k.variant.partner(seat) == win_seat
    relevant = {trick[0][1].suit, trump}
    for x in FACES:
        if x.suit not in relevant or x in excluded:
            continue
        allowed = legal_plays([card, x], cards_so_far, trump, k.options, partner_winning)
        if card not in allowed:
            excluded.add(x)
