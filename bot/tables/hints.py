"""Hints for learners: what to do now, and a short reason, from one seat's view.

The choice is the `hard` computer player's (asked by the table service), except
in a two-hand meld phase, where the hint is the legal meld worth the most points,
and in the passing, where it is the whole pass the computer players would give.
The reason is built here from the same seat view and nothing else (the hand,
the trick on the table, the trump, the public melds), so a hint can never tell
a player anything the seat may not know: no other hand, no stock card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.knowledge import read_view
from bot.ai.passing import gift_role, still_to_give
from bot.game import (
    Action,
    Card,
    Phase,
    SeatView,
    Suit,
    card_points,
    meld_points,
    winning_play,
)
from bot.tables.outcome import Cards, Text

#: The verbs whose reason is one fixed sentence (RULES A-7, A-8, A-12, C-4).
_PLAIN = {"exchange", "draw", "declare out"}


def whole_pass(view: SeatView) -> Action | None:
    """In the passing (F-5), the cards the computer players would still give, at once (they decide
    the pass whole and give it a card at a time); None outside it."""
    if view.phase is not Phase.PASSING or not view.legal:
        return None
    return Action.give(still_to_give(read_view(view)))


def best_meld(view: SeatView) -> tuple[Action, int] | None:
    """The legal meld worth the most points now (first of equals), with its points; None if none."""
    best: tuple[Action, int] | None = None
    for action in view.legal:
        if action.verb == "meld":
            points = _meld_value(action, view)
            if best is None or points > best[1]:
                best = (action, points)
    return best


def hint_text(view: SeatView, choice: Action, options: Mapping[str, Any]) -> Text:
    """The reason for `choice` (one of the view's legal actions), from the view alone."""
    verb = choice.verb
    if verb == "play":
        return _play_reason(view, choice.card, options)
    if verb == "meld":
        return Text.of(
            "records.hint.meld",
            cards=Cards(choice.cards),
            points=_meld_value(choice, view),
        )
    if verb == "dix":
        return Text.of("records.hint.dix")
    if verb == "bid":
        suit, meld = _best_suit(view, options)
        return Text.of("records.hint.suit_meld", suit=suit.value, meld=meld)
    if verb == "trump" and choice.suit is not None:
        meld = meld_points(_hand(view), choice.suit, options)
        return Text.of("records.hint.suit_meld", suit=choice.suit.value, meld=meld)
    if verb == "pass":
        if view.phase == Phase.AUCTION:
            suit, meld = _best_suit(view, options)
            return Text.of("records.hint.pass_bid", suit=suit.value, meld=meld)
        if view.phase == Phase.EXCHANGE:  # C-4: keep the dix rather than take the turn-up
            return Text.of("records.hint.keep_dix")
        return Text.of("records.hint.pass_meld")
    if verb == "draw turnup" and view.turnup is not None:
        return Text.of("records.hint.draw_turnup", card=_card(view.turnup))
    if verb in _PLAIN:
        return Text.of("records.hint." + verb.replace(" ", "_"))
    if verb == "give":  # F-5: what the giver's side wants from the passing
        return Text.of(f"records.hint.give_{gift_role(view)}")
    raise ValueError(f"no hint for {choice}")


def _card(card: Card) -> Cards:
    return Cards((card,))


def _hand(view: SeatView) -> list[Card]:
    """The seat's holding: its concealed hand and its own face-up cards (RULES §0.3, M-8)."""
    return [*view.hand, *view.table.get(view.seat, ())]


def _meld_value(action: Action, view: SeatView) -> int:
    """The points the engine credits for this meld now (§2.1; B-4's first marriage)."""
    named = view.meld_value(action.cards)
    return named[1] if named is not None else 0


def _best_suit(view: SeatView, options: Mapping[str, Any]) -> tuple[Suit, int]:
    """The trump that gives the hand its biggest meld (E-5: what a bid rests on), and that meld."""
    hand = _hand(view)
    return max(((suit, meld_points(hand, suit, options)) for suit in Suit), key=lambda x: x[1])


def _play_reason(view: SeatView, card: Card, options: Mapping[str, Any]) -> Text:
    """Lead or follow: does the card take the trick as it stands, and for how many points?"""
    trick = view.trick
    if not trick:
        if card.suit == view.trump:
            return Text.of("records.hint.lead_trump", card=_card(card))
        if card.rank == "A":
            return Text.of("records.hint.lead_ace", card=_card(card))
        return Text.of("records.hint.lead", card=_card(card))
    plays = (*trick, (view.seat, card))
    points = card_points([c for _, c in plays], options)
    winner, _ = winning_play(plays, view.trump)  # the engine's G-3
    if winner == view.seat:
        return Text.of("records.hint.take", card=_card(card), points=points)
    if view.partner is not None and winner == view.partner:
        return Text.of("records.hint.partner", card=_card(card), points=points)
    return Text.of("records.hint.duck", card=_card(card))
