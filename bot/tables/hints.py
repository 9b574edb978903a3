"""Hints for learners: what to do now, and a short reason, from one seat's view.

The choice is the `hard` computer player's (asked by the table service), except
in a two-hand meld phase, where the hint is the legal meld worth the most points.
The reason is built here from the same seat view and nothing else (the hand,
the trick on the table, the trump, the public melds), so a hint can never tell
a player anything the seat may not know: no other hand, no stock card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import Card, Suit, card_points, meld_points, trick_winner
from bot.game.melds import meld_breakdown
from bot.tables.outcome import Cards, Text

#: The verbs whose reason is one fixed sentence (RULES A-7, A-8, A-12, C-4).
_PLAIN = {"exchange", "draw", "declare out"}


def best_meld(view: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[str, int] | None:
    """The legal meld worth the most points now (first of equals), with its points; None if none."""
    best: tuple[str, int] | None = None
    for action in view["legal"]:
        if action.startswith("meld "):
            points = _meld_value(action, view, options)
            if best is None or points > best[1]:
                best = (action, points)
    return best


def hint_text(view: Mapping[str, Any], choice: str, options: Mapping[str, Any]) -> Text:
    """The reason for `choice` (one of the view's legal actions), from the view alone."""
    verb, _, rest = choice.partition(" ")
    if verb == "play":
        return _play_reason(view, Card.from_text(rest), options)
    if verb == "meld":
        return Text.of(
            "records.hint.meld",
            cards=Cards(tuple(rest.split())),
            points=_meld_value(choice, view, options),
        )
    if verb == "dix":
        return Text.of("records.hint.dix")
    if verb == "bid":
        suit, meld = _best_suit(view, options)
        return Text.of("records.hint.suit_meld", suit=suit.value, meld=meld)
    if verb == "trump":
        meld = meld_points(_hand(view), Suit.parse(rest), options)
        return Text.of("records.hint.suit_meld", suit=rest, meld=meld)
    if verb == "pass":
        if view["phase"] == "auction":
            suit, meld = _best_suit(view, options)
            return Text.of("records.hint.pass_bid", suit=suit.value, meld=meld)
        if view["phase"] == "exchange":  # C-4: keep the dix rather than take the turn-up
            return Text.of("records.hint.keep_dix")
        return Text.of("records.hint.pass_meld")
    if choice == "draw turnup":
        return Text.of("records.hint.draw_turnup", card=Cards((view["turnup"],)))
    if choice in _PLAIN:
        return Text.of("records.hint." + choice.replace(" ", "_"))
    raise ValueError(f"no hint for {choice!r}")


def _hand(view: Mapping[str, Any]) -> list[Card]:
    """The seat's holding: its concealed hand and its own face-up cards (RULES §0.3, M-8)."""
    face_up = view["table"].get(view["seat"], ())
    return [Card.from_text(c) for c in [*view["hand"], *face_up]]


def _meld_value(action: str, view: Mapping[str, Any], options: Mapping[str, Any]) -> int:
    """A meld's points: with no trump yet (RULES B-4) a marriage fixes trump in its own suit."""
    cards = [Card.from_text(c) for c in action.split()[1:]]
    trump = view["trump"] or cards[0].suit.value
    return sum(points for _, _, points in meld_breakdown(cards, trump, options))


def _best_suit(view: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[Suit, int]:
    """The trump that gives the hand its biggest meld (E-5: what a bid rests on), and that meld."""
    hand = _hand(view)
    return max(((suit, meld_points(hand, suit, options)) for suit in Suit), key=lambda x: x[1])


def _play_reason(view: Mapping[str, Any], card: Card, options: Mapping[str, Any]) -> Text:
    """Lead or follow: does the card take the trick as it stands, and for how many points?"""
    trick = [(seat, Card.from_text(c)) for seat, c in view["trick"]]
    if not trick:
        if view["trump"] and card.suit.value == view["trump"]:
            return Text.of("records.hint.lead_trump", card=Cards((str(card),)))
        if card.rank == "A":
            return Text.of("records.hint.lead_ace", card=Cards((str(card),)))
        return Text.of("records.hint.lead", card=Cards((str(card),)))
    cards = [c for _, c in trick] + [card]
    points = card_points(cards, options)
    winner = trick_winner(cards, view["trump"])
    if winner == len(trick):
        return Text.of("records.hint.take", card=Cards((str(card),)), points=points)
    if view.get("partner") is not None and trick[winner][0] == view["partner"]:
        return Text.of("records.hint.partner", card=Cards((str(card),)), points=points)
    return Text.of("records.hint.duck", card=Cards((str(card),)))
