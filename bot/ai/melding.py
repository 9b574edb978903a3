"""Melding in the two-hand stock phase (RULES §2.2, A-7, B-4): which one meld to lay down.

The dix is always worth showing, and exchanging it for the turn-up gains a
trump card that may join this very meld (A-7b). Among melds the most points
win, with two refinements from the rule book: a royal marriage goes down
before its flush while tricks remain, since both then score (MX-1, M-4);
and in Variant B the first marriage names trump (B-4), so it should be the
suit the hand is longest in.
"""

from __future__ import annotations

from bot.game import DIX, EXCHANGE, PASS, Action, Card, sequential_meld_value

from .knowledge import Knowledge


def meld_worth(k: Knowledge, cards: tuple[Card, ...]) -> float:
    """The points the engine credits for this meld now (§2.1; B-4's first marriage)."""
    names_trump = k.view.world.no_trump_rules and k.trump is None
    named = sequential_meld_value(cards, k.trump, k.options, names_trump=names_trump)
    return named[1] if named is not None else 0.0


def choose_meld(k: Knowledge, legal: list[Action], *, plan: bool = True) -> Action:
    """Exchange, then the dix, then the best meld; `plan` adds the ordering refinements."""
    for dix in (EXCHANGE, DIX):
        if dix in legal:
            return dix
    melds = [a for a in legal if a.verb == "meld"]
    if not melds:
        return PASS
    return max(
        melds, key=lambda m: meld_worth(k, m.cards) + (_plan_bonus(k, m.cards) if plan else 0)
    )


def _plan_bonus(k: Knowledge, cards: tuple[Card, ...]) -> float:
    stock = k.view.stock
    is_marriage = (
        len(cards) == 2 and {c.rank for c in cards} == {"K", "Q"} and cards[0].suit is cards[1].suit
    )
    if k.trump is None and is_marriage:
        length = sum(1 for c in k.holding if c.suit is cards[0].suit)
        return 20 + 6 * length  # B-4: name our long suit before the opponent names his
    if k.trump is not None and is_marriage and cards[0].suit is k.trump and stock > 4:
        flush_cards = [Card(r, k.trump) for r in ("A", "10", "J")]
        if all(c in k.holding for c in flush_cards):
            return 150  # MX-1: royal marriage now, flush on a later trick (190 in all)
    return 0.0
