"""The `easy` level: quick rules of thumb, always legal and never absurd.

It leads an ace when it has one, takes a trick with points on it as cheaply as
it can, and otherwise gets rid of its cheapest card, so it never throws an
ace on a trick it cannot win when a low card will do. It bids only with plenty
of meld and names its longest suit trump.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.game import (
    DECLARE_OUT,
    DRAW,
    EXCHANGE,
    PASS,
    SUITS,
    Action,
    Card,
    Phase,
    SeatView,
    Suit,
    lowest_bid,
    meld_points,
)

from .bidding import unit
from .cardplay import cheapest, cheapest_winner, wins_now
from .knowledge import Knowledge, read_view
from .melding import choose_meld
from .player import Player

#: Easy bids while the bid is within its best meld plus this many points.
BID_ALLOWANCE = 150


def easy_card(
    legal: list[Card],
    trick_cards: list[Card],
    trump: Suit | None,
    value: Mapping[Card, int],
    partner_winning: bool,
) -> Card:
    """Lead an ace, take points with the cheapest winner unless the partner has the trick, else shed.

    A pure function of what is on the table, so the search's playouts use it too.
    """
    if not trick_cards:
        aces = [c for c in legal if c.rank == "A" and c.suit is not trump]
        return aces[0] if aces else cheapest(legal, value, trump)
    winners = [c for c in legal if wins_now(c, trick_cards, trump)]
    if winners and not partner_winning and sum(value[c] for c in trick_cards) > 0:
        return cheapest_winner(winners, value, trump)
    return cheapest(legal, value, trump)


def easy_play(k: Knowledge, legal: list[Card]) -> Card:
    winning = k.winning
    partner_winning = winning is not None and k.variant.same_side(winning[0], k.seat)
    return easy_card(legal, [c for _, c in k.trick], k.trump, k.value, partner_winning)


def easy_bid(k: Knowledge, legal: list[Action]) -> Action:
    lowest = lowest_bid(legal)
    if PASS not in legal or lowest is None:
        return lowest if lowest is not None else legal[0]
    best = max(meld_points(k.hand, s, k.options) for s in SUITS)
    allowance = BID_ALLOWANCE * unit(k.options)
    return lowest if best >= (lowest.amount or 0) - allowance and best > 0 else PASS


def easy_trump(k: Knowledge, legal: list[Action]) -> Action:
    def longest(a: Action) -> tuple[int, int]:
        suit = a.suit
        return (sum(1 for c in k.hand if c.suit is suit), meld_points(k.hand, suit, k.options))

    return max((a for a in legal if a.verb == "trump"), key=longest)


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        legal = [a for a in legal if a != DECLARE_OUT] or legal
        if len(legal) == 1:
            return legal[0]
        k = read_view(view)
        if k.phase == Phase.AUCTION:
            return easy_bid(k, legal)
        if k.phase == Phase.TRUMP:
            return easy_trump(k, legal)
        if k.phase == Phase.EXCHANGE:
            return EXCHANGE
        if k.phase == Phase.MELD:
            return choose_meld(k, legal, plan=False)
        if k.phase == Phase.DRAW:
            return DRAW
        return Action.play(easy_play(k, k.legal_cards()))
