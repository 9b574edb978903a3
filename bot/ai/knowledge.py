"""What one seat knows about the deal in progress, read from its view alone.

Every computer player starts here. Besides the plain facts of the view (hand,
trump, trick, cards not yet seen) this replays the deal's public history to
learn who played which card, and from the strict play rules (RULES §8) which
cards a seat cannot hold: a seat that did not follow suit has none of it
(P-2a), one that did not head the trick has nothing higher (P-2b), and so on.
The engine's own `legal_plays` decides each inference, so the rules are not
re-derived here: card x is ruled out for a seat that played c exactly when c
would be illegal from the two-card hand {c, x} (legality only tightens as a
hand grows, so the same holds for every larger hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bot.game import (
    ALL_CARDS,
    Card,
    Suit,
    card_points,
    legal_plays,
    parse_action,
    resolve_options,
    trick_winner,
)

Play = tuple[int, Card]

#: Card faces of the 48-card pack (the 64-card pack adds 8s and 7s, which never matter for inference).
FACES: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.rank not in ("8", "7"))


def cards(texts) -> list[Card]:
    return [Card.from_text(t) for t in texts]


def suit_of(text: str | None) -> Suit | None:
    return Suit.parse(text) if text else None


@dataclass
class Knowledge:
    """One seat's picture of the deal: the view's facts plus what the history implies."""

    view: Mapping[str, Any]
    seat: int
    players: int
    active: list[int]
    phase: str
    trump: Suit | None
    hand: list[Card]
    own_table: list[Card]
    unseen: list[Card]
    known: dict[int, list[Card]]
    table: dict[int, list[Card]]
    trick: list[Play]
    tricks: list[list[Play]]
    partner: int | None
    options: Mapping[str, Any]
    excluded: dict[int, set[Card]] = field(default_factory=dict)

    # ------------------------------------------------------------------ facts

    @property
    def two_handed_mode(self) -> bool:
        return len(self.active) == 2

    @property
    def strict(self) -> bool:
        """Does §8 bind the trick being played (play-off, or any trick of C, D, E)?"""
        return self.phase in ("play", "playoff")

    @property
    def holding(self) -> list[Card]:
        """Hand plus own face-up melded cards (two-hand stock phase)."""
        return self.hand + self.own_table

    @property
    def led(self) -> Suit | None:
        return self.trick[0][1].suit if self.trick else None

    @property
    def winning(self) -> Play | None:
        """The (seat, card) now winning the trick (G-3), or None before the lead."""
        if not self.trick:
            return None
        return self.trick[trick_winner([c for _, c in self.trick], self.trump)]

    def same_side(self, a: int, b: int) -> bool:
        return a == b or (self.partner is not None and (a - b) % 2 == 0)

    def opponents(self) -> list[int]:
        return [s for s in self.active if not self.same_side(s, self.seat)]

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

    def may_hold(self, seat: int, card: Card) -> bool:
        """Could `seat` hold `card`, as far as this seat knows?"""
        if card in self.known.get(seat, ()) or card in self.table.get(seat, ()):
            return True
        return card in self.unseen and card not in self.excluded.get(seat, ())

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
        """The last trick's points (G-5): 10, or 1 in the one-point count (G-7)."""
        return 1 if self.options["count_scheme"] == "one_point" else 10

    def legal_cards(self) -> list[Card]:
        return [parse_action(a).card for a in self.view["legal"] if a.startswith("play ")]


def read_view(view: Mapping[str, Any]) -> Knowledge:
    """Build the seat's knowledge from its view (and nothing else)."""
    world = view.get("world", {})
    players = view["players"]
    options = resolve_options(world.get("options"), players=players)
    seat = view["seat"]
    table = {int(s): cards(cs) for s, cs in view.get("table", {}).items()}
    k = Knowledge(
        view=view,
        seat=seat,
        players=players,
        active=list(view.get("active", range(players))),
        phase=view["phase"],
        trump=suit_of(view.get("trump")),
        hand=cards(view["hand"]),
        own_table=table.get(seat, []),
        unseen=cards(view["unseen"]),
        known={int(s): cards(cs) for s, cs in view.get("known", {}).items()},
        table=table,
        trick=[(s, Card.from_text(c)) for s, c in view["trick"]],
        tricks=[],
        partner=view.get("partner"),
        options=options,
    )
    _replay(k, view, world)
    return k


def _first_leader(view: Mapping[str, Any], world: Mapping[str, Any]) -> int | None:
    if view.get("bidder") is not None and view["variant"] == "check":
        return view["bidder"]  # E-10: the declarer leads
    order = world.get("order")
    return order[0] if order else None


def _replay(k: Knowledge, view: Mapping[str, Any], world: Mapping[str, Any]) -> None:
    """Attribute the deal's plays to seats, trick by trick, and infer what seats cannot hold."""
    leader = _first_leader(view, world)
    if leader is None or leader not in k.active:
        return
    no_trump_yet = bool(world.get("no_trump_rules")) and k.two_handed_mode
    trump: Suit | None = None if no_trump_yet else k.trump
    n = len(k.active)
    trick: list[Play] = []
    tricks: list[list[Play]] = []
    excluded: dict[int, set[Card]] = {s: set() for s in k.active if s != k.seat}
    infer = not k.two_handed_mode  # two hands: free play in the stock, a known hand in the play-off
    for text in view.get("history", ()):
        act = parse_action(text)
        if (
            act.verb == "meld"
            and trump is None
            and no_trump_yet
            and len(act.cards) == 2
            and {c.rank for c in act.cards} == {"K", "Q"}
            and act.cards[0].suit is act.cards[1].suit
        ):
            trump = act.cards[0].suit  # B-4: the first marriage fixes trump
            continue
        if act.verb != "play":
            continue
        seat = leader if not trick else k.active[(k.active.index(trick[-1][0]) + 1) % n]
        card = act.card
        if infer and trick and seat != k.seat:
            _infer(k, excluded[seat], seat, card, trick, trump)
        trick.append((seat, card))
        if len(trick) == n:
            leader = trick[trick_winner([c for _, c in trick], trump)][0]
            tricks.append(trick)
            trick = []
    if trick != k.trick:
        return  # the replay disagrees with the view (an unforeseen rule): infer nothing
    k.tricks = tricks
    k.excluded = excluded


def _infer(
    k: Knowledge, excluded: set[Card], seat: int, card: Card, trick: list[Play], trump: Suit | None
) -> None:
    cards_so_far = [c for _, c in trick]
    win_seat = trick[trick_winner(cards_so_far, trump)][0]
    partner_winning = k.partner is not None and (win_seat - seat) % 2 == 0
    relevant = {trick[0][1].suit, trump}
    for x in FACES:
        if x.suit not in relevant or x in excluded:
            continue
        allowed = legal_plays([card, x], cards_so_far, trump, k.options, partner_winning)
        if card not in allowed:
            excluded.add(x)
