"""Auction and trump for Check Pinochle (RULES §7.2-§7.3), the `normal` way.

A hand is worth its meld in the best trump (the engine's `meld_points`) plus
the card points the declaring side can expect to take with that trump, plus
what a partner usually brings. The player bids the smallest legal amount
while that stays within the hand's worth, and passes otherwise; the engine
lists only bids a marriage allows (E-5), and the forced dealer's 200 (E-6) is
his only choice. Overcalling a partner needs a clearly better hand.
"""

from __future__ import annotations

from bot.game import SUITS, Card, Suit, meld_points, parse_action

from .knowledge import Knowledge

#: What a partner's meld and tricks add on average, in points (measured in normal self-play).
PARTNER_WORTH = 40
#: Extra a partner who bid has shown: at least a marriage (E-5).
PARTNER_BID_WORTH = 30
#: Margin before taking the contract away from one's partner.
OVERCALL_MARGIN = 60


def trick_points(hand: list[Card], trump: Suit) -> float:
    """Card points a declaring side takes with this trump, estimated from length and high cards."""
    trumps = [c for c in hand if c.suit is trump]
    est = 60 + 14 * len(trumps)
    est += sum(8 for c in trumps if c.rank in ("A", "10"))
    for suit in SUITS:
        if suit is trump:
            continue
        held = [c for c in hand if c.suit is suit]
        aces = sum(1 for c in held if c.rank == "A")
        est += 10 * aces + (4 if aces == 2 else 0)
        if not held:
            est += 8  # a void lets the declarer ruff
    return min(250.0, est)


def unit(options) -> float:
    """Points per Hoyle point: bids and meld are divided by 10 in the one-point count (G-7)."""
    return 0.1 if options["count_scheme"] == "one_point" else 1.0


def suit_worth(hand: list[Card], trump: Suit, options) -> float:
    return meld_points(hand, trump, options) + trick_points(hand, trump) * unit(options)


def best_trump(hand: list[Card], options, suits=SUITS) -> tuple[Suit, float]:
    """The trump that makes the hand worth most (meld plus expected tricks)."""
    return max(((s, suit_worth(hand, s, options)) for s in suits), key=lambda sw: sw[1])


def choose_bid(k: Knowledge, legal: list[str]) -> str:
    bids = sorted(parse_action(a).amount for a in legal if a.startswith("bid "))
    if not bids:
        return "pass"
    lowest = bids[0]
    if "pass" not in legal:
        return f"bid {lowest}"  # E-6: the forced dealer bids the minimum
    _, worth = best_trump(k.hand, k.options)
    bids_made = k.view.get("bids") or []
    partner = k.partner
    extra = PARTNER_WORTH
    if partner is not None and partner < len(bids_made) and bids_made[partner] is not None:
        extra += PARTNER_BID_WORTH
        if k.view.get("bidder") == partner:
            extra -= OVERCALL_MARGIN
    return f"bid {lowest}" if lowest <= worth + extra * unit(k.options) else "pass"


def choose_trump(k: Knowledge, legal: list[str]) -> str:
    suits = [parse_action(a).suit for a in legal]
    suit, _ = best_trump(k.hand, k.options, suits)
    return f"trump {suit.value}"
