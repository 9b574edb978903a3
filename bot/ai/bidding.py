"""Auction and trump for the auction games (RULES §7.2-§7.3, §13, §14), the `normal` way.

A hand is worth what the declaring side can expect from it: a least-squares fit of the side's
deal total (meld plus cards) on the declarer's meld in the best trump (the engine's
`meld_points`), its trumps, aces and tens, fitted to forced-dealer deals of normal self-play, one
fit per kind of game (Check; partnership auction with its passing; the double deck, whose
20-card hands count per 12 cards). The player bids the smallest legal amount while that stays
within the hand's worth less a safety margin, and passes otherwise; the engine lists only the
bids the rules allow (E-5's marriage, F-2's minimum, H-3's ladder), and the forced dealer's
minimum (E-6, F-3) is his only choice. Overcalling a partner needs a clearly better hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.game import (
    PASS,
    SUITS,
    Action,
    Card,
    Suit,
    deal_card_total,
    lowest_bid,
    meld_points,
)
from bot.game.auction import trump_suits

from .knowledge import Knowledge


@dataclass(frozen=True)
class Fit:
    """The declaring side's expected deal total: `base` + `meld` x own meld + the per-card terms
    (per 12 cards held), in points of a deal worth `deal` card points; `sd` its residual."""

    base: float
    meld: float
    per_trump: float
    per_high_trump: float
    per_side_ace: float
    per_side_ten: float
    per_void: float
    sd: float
    deal: int


#: Check: 600 forced-dealer deals (E-6). Partnership auction passing 4 (F-5) and the double deck:
#: 600 deals each (seeds 0..599), every seat passing so the dealer is stuck (F-3), all normal.
CHECK = Fit(117, 1.0, 7.5, 6.3, 7.9, 4.9, 10.8, 50, 250)
AUCTION = Fit(178, 0.6, 20.1, 12.7, 22.6, -2.4, -8.5, 94, 250)
DOUBLE_DECK = Fit(-62.5, 1.0, 29.4, -4.4, 9.0, 0.2, -27.0, 44, 50)
#: The share of `sd` kept in reserve: about a 77% chance to make the bid, where declaring pays
#: better than defending (set costs the bid and the deal's points, E-12).
SAFETY_SD = 0.74
#: A partner who bid (Hoyle points: a 250-point deal); the margin before overcalling a partner.
PARTNER_BID_WORTH, OVERCALL_MARGIN = 20, 50
#: The Hoyle deal (250 card points a deal, G-5) and hand (12 cards) the fits count per.
HOYLE_DEAL, HOYLE_HAND = 250, 12


def fit_of(options: Mapping[str, Any]) -> Fit:
    """The fit of this kind of game: the double deck's count (H-9), a passing (F-5), or Check."""
    if options["count_scheme"] == "double_deck":
        return DOUBLE_DECK
    return AUCTION if options["pass_count"] else CHECK


def unit(options: Mapping[str, Any]) -> float:
    """This game's points per Hoyle point: its deal total (the engine's `deal_card_total`: 250,
    25 in the one-point count, 50 in the double deck) over 250."""
    return deal_card_total(options) / HOYLE_DEAL


def expected_total(hand: list[Card], trump: Suit, options: Mapping[str, Any]) -> float:
    """The declaring side's expected deal total with this trump (see `Fit`)."""
    fit = fit_of(options)
    trumps = [c for c in hand if c.suit is trump]
    side = [c for c in hand if c.suit is not trump]
    voids = sum(1 for s in SUITS if s is not trump and not any(c.suit is s for c in hand))
    per_hand = HOYLE_HAND / max(len(hand), HOYLE_HAND)
    rest = fit.base + fit.per_void * voids
    rest += per_hand * (
        fit.per_trump * len(trumps)
        + fit.per_high_trump * sum(c.rank in ("A", "10") for c in trumps)
        + fit.per_side_ace * sum(c.rank == "A" for c in side)
        + fit.per_side_ten * sum(c.rank == "10" for c in side)
    )
    scale = unit(options) * HOYLE_DEAL / fit.deal  # a count other than the fit's (G-7)
    return fit.meld * meld_points(hand, trump, options) + rest * scale


def best_trump(
    hand: list[Card], options: Mapping[str, Any], suits: Iterable[Suit] | None = None
) -> tuple[Suit, float]:
    """The trump that makes the hand worth most (meld plus expected tricks), among `suits` or the
    suits the engine lets this hand name (F-4, DX-E3); worth minus infinity when it may name none
    (its side would be set unplayed), so no contract is worth buying."""
    named = trump_suits(hand, options) if suits is None else tuple(suits)
    if not named:
        return SUITS[0], -math.inf
    return max(((s, expected_total(hand, s, options)) for s in named), key=lambda sw: sw[1])


def will_bid(
    hand: list[Card],
    options: Mapping[str, Any],
    lowest: int,
    partner_bid: bool,
    partner_high: bool,
) -> bool:
    """Bid `lowest` (rather than pass) with this hand? Partners' bids count (E-5: a marriage)."""
    _, worth = best_trump(hand, options)
    return lowest <= worth + allowance(options, partner_bid, partner_high)


def allowance(options: Mapping[str, Any], partner_bid: bool, partner_high: bool) -> float:
    """What `normal` adds to a hand's worth before weighing it against a bid, in this game's
    points: a reserve against being set, a partner's bid, the margin before overcalling a partner.
    The search reads other seats' calls with it too (`inference`)."""
    fit = fit_of(options)
    extra = -SAFETY_SD * fit.sd * unit(options) * HOYLE_DEAL / fit.deal
    if partner_bid:
        extra += PARTNER_BID_WORTH * unit(options)
    if partner_high:
        extra -= OVERCALL_MARGIN * unit(options)
    return extra


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
