"""Card passing in partnership auction and double-deck Pinochle (RULES F, G): which cards to give.

After the bid winner names trump, the partner gives it some cards, then the
bid winner gives as many back. The two givers want different things:

- The partner gives blind (it has not seen the bid winner's hand), so it gives
  what helps any declarer most: trumps, the best first, then aces. Its own meld
  counts for the side too, so a card that breaks it goes only when the help is
  worth more than the meld lost.
- The bid winner keeps trump and meld together and gives back what it can
  spare: plain cards outside its meld, from its shortest suits first (a void
  lets it ruff), and aces last among them, since they still take tricks.

Both are greedy: one card at a time, each time the card whose loss costs least
(the engine's `meld_points` values the meld lost, under the table's options,
so a double-deck meld table or a house rule counts as the game counts it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from bot.game import Action, Card, SeatView, Suit, card_points, meld_points, scale

from .knowledge import Knowledge

Role = Literal["partner", "bidder"]

#: What a card given to a declarer is worth to it, beyond its meld: a trump, and how much more
#: per step of rank; an off-suit ace; a card point (a ten or king may still take a trick).
TRUMP_HELP, TRUMP_STEP, ACE_HELP, HELP_POINT = 30.0, 4.0, 20.0, 0.2
#: What the bid winner gives up by giving back a trump, an ace, a point of card points; and how
#: much each card of the suit it leaves behind keeps it (short suits go first).
KEEP_TRUMP, KEEP_ACE, KEEP_POINT, KEEP_LENGTH = 60.0, 15.0, 0.2, 3.0


def choose_gift(
    hand: list[Card],
    trump: Suit,
    count: int,
    role: Role,
    options: Mapping[str, Any],
) -> list[Card]:
    """The `count` cards of `hand` to give: as the bid winner's partner (`role="partner"`) or as
    the bid winner giving back (`role="bidder"`); see the module docstring."""
    if not 0 <= count <= len(hand):
        raise ValueError(f"cannot give {count} of {len(hand)} cards")
    rest, gift = list(hand), []
    for _ in range(count):
        card = min(set(rest), key=lambda c: (_cost(rest, c, trump, role, options), c.code))
        rest.remove(card)
        gift.append(card)
    return gift


def _cost(
    rest: list[Card], card: Card, trump: Suit, role: Role, options: Mapping[str, Any]
) -> float:
    """What giving `card` out of `rest` costs the side: the meld lost, less the help given
    (partner) or plus what the bid winner gives up (bidder); weights in Hoyle points (G-7)."""
    without = list(rest)
    without.remove(card)
    loss = meld_points(rest, trump, options) - meld_points(without, trump, options)
    unit = 1.0 / scale(options)
    if role == "partner":
        return loss - unit * _help(card, trump, options)
    length = sum(1 for c in rest if c.suit is card.suit)
    return loss + unit * _keep(card, trump, length, options)


def _help(card: Card, trump: Suit, options: Mapping[str, Any]) -> float:
    """What a card is worth to the declarer who receives it (trumps, then aces, then points)."""
    points = HELP_POINT * card_points([card], options) * scale(options)
    if card.suit is trump:
        return TRUMP_HELP + TRUMP_STEP * card.strength + points
    return (ACE_HELP if card.rank == "A" else 0.0) + points


def _keep(card: Card, trump: Suit, suit_length: int, options: Mapping[str, Any]) -> float:
    """What the declarer gives up with a card outside its meld: trumps and aces most, then points;
    a card of a long suit more than one of a short suit (a void lets it ruff)."""
    if card.suit is trump:
        return KEEP_TRUMP + card.strength
    keep = KEEP_LENGTH * suit_length + KEEP_POINT * card_points([card], options) * scale(options)
    return keep + (KEEP_ACE if card.rank == "A" else 0.0)


def gift_role(view: SeatView) -> Role:
    """Who is giving: the bid winner's partner (to the bid winner), or the bid winner giving back."""
    return "partner" if view.give_to == view.bidder else "bidder"


def still_to_give(k: Knowledge) -> list[Card]:
    """The cards the seat has still to give (F-5) of the pass `choose_gift` picks, in its order.
    The pass is decided whole from the hand, where the chosen cards stay until it is complete,
    so card by card it comes to the same set as one give would."""
    assert k.trump is not None  # the passing follows the naming of trump (F-4)
    view = k.view
    gift = choose_gift(k.hand, k.trump, view.give_count, gift_role(view), k.options)
    return still_due(gift, view.giving)


def give(k: Knowledge) -> Action:
    """The seat's next give (F-5): the first card `still_to_give` names."""
    return Action.give(still_to_give(k)[:1])


def still_due(gift: Sequence[Card], chosen: Sequence[Card]) -> list[Card]:
    """The cards of `gift` not among `chosen`, in the gift's order: what is left to give of a pass
    decided whole (if someone else chose cards the gift leaves out, as many as are due are first)."""
    left = list(chosen)
    rest = []
    for card in gift:
        if card in left:
            left.remove(card)
        else:
            rest.append(card)
    return rest[: len(gift) - len(chosen)]
