"""Auction and trump for Check Pinochle (RULES §7.2-§7.3), the `normal` way.

A hand is worth its meld in the best trump (the engine's `meld_points`) plus
what the declaring side can expect from cards and the partner's meld, fitted
to self-play. The player bids the smallest legal amount while that stays
within the hand's worth less a safety margin, and passes otherwise; the engine
lists only bids a marriage allows (E-5), and the forced dealer's 200 (E-6) is
his only choice. Overcalling a partner needs a clearly better hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.game import PASS, SUITS, Action, Card, Suit, lowest_bid, meld_points, scale

from .knowledge import Knowledge

#: Least squares fit of the declaring side's deal total (meld plus cards) on features of the
#: declarer's hand, from 600 forced-dealer deals of normal play (residual sd about 50 points).
BASE, PER_TRUMP, PER_HIGH_TRUMP, PER_SIDE_ACE, PER_VOID, PER_SIDE_TEN = (
    117,
    7.5,
    6.3,
    7.9,
    10.8,
    4.9,
)
#: Points of the estimate kept in reserve: about a 77% chance to make the bid, where declaring
#: pays better than defending (set costs the bid and the deal's points, E-12).
SAFETY = 37
#: A partner who bid has shown a marriage (E-5).
PARTNER_BID_WORTH = 20
#: Margin before taking the contract away from one's partner.
OVERCALL_MARGIN = 50


def unit(options: Mapping[str, Any]) -> float:
    """Points per Hoyle point: the engine's scale divides bids and meld (G-7)."""
    return 1.0 / scale(options)


def expected_total(hand: list[Card], trump: Suit, options: Mapping[str, Any]) -> float:
    """The declaring side's expected deal total with this trump: own meld plus the fitted rest."""
    trumps = [c for c in hand if c.suit is trump]
    side = [c for c in hand if c.suit is not trump]
    voids = sum(1 for s in SUITS if s is not trump and not any(c.suit is s for c in hand))
    rest = (
        BASE
        + PER_TRUMP * len(trumps)
        + PER_HIGH_TRUMP * sum(c.rank in ("A", "10") for c in trumps)
        + PER_SIDE_ACE * sum(c.rank == "A" for c in side)
        + PER_SIDE_TEN * sum(c.rank == "10" for c in side)
        + PER_VOID * voids
    )
    return meld_points(hand, trump, options) + rest * unit(options)


def best_trump(
    hand: list[Card], options: Mapping[str, Any], suits: Iterable[Suit] = SUITS
) -> tuple[Suit, float]:
    """The trump that makes the hand worth most (meld plus expected tricks)."""
    return max(((s, expected_total(hand, s, options)) for s in suits), key=lambda sw: sw[1])


def will_bid(
    hand: list[Card],
    options: Mapping[str, Any],
    lowest: int,
    partner_bid: bool,
    partner_high: bool,
) -> bool:
    """Bid `lowest` (rather than pass) with this hand? Partners' bids count (E-5: a marriage)."""
    _, worth = best_trump(hand, options)
    extra = -SAFETY
    if partner_bid:
        extra += PARTNER_BID_WORTH
    if partner_high:
        extra -= OVERCALL_MARGIN
    return lowest <= worth + extra * unit(options)


def choose_bid(k: Knowledge, legal: list[Action]) -> Action:
    lowest = lowest_bid(legal)
    if lowest is None:
        return PASS
    if PASS not in legal:
        return lowest  # E-6: the forced dealer bids the minimum
    bids_made = k.view.bids
    partner = k.partner
    partner_bid = (
        partner is not None and partner < len(bids_made) and bids_made[partner] is not None
    )
    partner_high = partner is not None and k.view.bidder == partner
    amount = lowest.amount or 0
    return lowest if will_bid(k.hand, k.options, amount, partner_bid, partner_high) else PASS


def bid_levels(k: Knowledge, legal: list[Action], most: int = 4) -> list[Action]:
    """The calls worth searching: passing, the lowest bid, and jumps up to what the hand is worth.

    A jump can buy the contract before the others have bid it up (the `normal`
    players pass once a bid passes their estimate), so the search weighs up to
    `most` bid levels, evenly spread from the lowest to the hand's worth
    (meld plus expected tricks, a partner's bid added: E-5).
    """
    bids = sorted((a for a in legal if a.verb == "bid"), key=lambda a: a.amount or 0)
    if not bids:
        return [a for a in legal if a == PASS]
    partner = k.partner
    _, worth = best_trump(k.hand, k.options)
    if partner is not None and partner < len(k.view.bids) and k.view.bids[partner] is not None:
        worth += PARTNER_BID_WORTH * unit(k.options)
    sensible = [a for a in bids if (a.amount or 0) <= worth] or bids[:1]
    picks = {round(i * (len(sensible) - 1) / max(1, most - 1)) for i in range(most)}
    return [a for a in legal if a == PASS] + [sensible[i] for i in sorted(picks)]


def choose_trump(k: Knowledge, legal: list[Action]) -> Action:
    named = {a.suit: a for a in legal if a.suit is not None}
    suit, _ = best_trump(k.hand, k.options, list(named))
    return named[suit]
