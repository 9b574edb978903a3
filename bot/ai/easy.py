"""The `easy` level: quick rules of thumb, always legal and never absurd.

It leads an ace when it has one, takes a trick with points on it as cheaply as
it can, and otherwise gets rid of its cheapest card, so it never throws an
ace on a trick it cannot win when a low card will do. It bids only with plenty
of meld and names its longest suit trump.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import SUITS, Card, Suit, meld_points, parse_action

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
    partner_winning = bool(k.trick) and k.same_side(k.winning[0], k.seat)
    return easy_card(legal, [c for _, c in k.trick], k.trump, k.value, partner_winning)


def easy_bid(k: Knowledge, legal: list[str]) -> str:
    bids = sorted(parse_action(a).amount for a in legal if a.startswith("bid "))
    if "pass" not in legal or not bids:
        return legal[0] if not bids else f"bid {bids[0]}"
    best = max(meld_points(k.hand, s, k.options) for s in SUITS)
    allowance = BID_ALLOWANCE // (10 if k.options["count_scheme"] == "one_point" else 1)
    return f"bid {bids[0]}" if best >= bids[0] - allowance and best > 0 else "pass"


def easy_trump(k: Knowledge, legal: list[str]) -> str:
    suits = [parse_action(a).suit for a in legal]
    suit = max(
        suits,
        key=lambda s: (sum(1 for c in k.hand if c.suit is s), meld_points(k.hand, s, k.options)),
    )
    return f"trump {suit.value}"


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: Mapping[str, Any], legal: list[str]) -> str:
        legal = [a for a in legal if a != "declare out"] or legal
        if len(legal) == 1:
            return legal[0]
        k = read_view(view)
        if k.phase == "auction":
            return easy_bid(k, legal)
        if k.phase == "trump":
            return easy_trump(k, legal)
        if k.phase == "exchange":
            return "exchange"
        if k.phase == "meld":
            return choose_meld(k, legal, plan=False)
        if k.phase == "draw":
            return "draw"
        return f"play {easy_play(k, k.legal_cards())}"
