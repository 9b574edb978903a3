"""What a contract is worth to the side that buys it: `hard`'s calls in partnership auction and
double-deck (RULES F-5, H-5), with or without a passing.

`normal` values a hand as dealt (`bidding`: meld plus expected tricks, fitted to self-play). The
side's total holds more: in the games with a passing the declarer's hand after it also holds the
partner's best cards (trumps first, then aces: `passing`), and that is where a flush or a double
run comes from; and the partner melds for the side too. Here a contract in a trump is worth a
linear model of the declaring side's deal total on `normal`'s worth of the hand, the hand's own
meld, the meld the partner's gift adds to it and the partner's own meld in that trump, averaged
over partner hands drawn from the unseen cards, each weighed by the chance that it made the
partner's calls seen (`inference`), each giving what `passing.choose_gift` would give; the same
partner hands serve every trump, so the trumps are compared on equal draws. A fit of the
partner's dealt hand (the double deck's) weighs the partner's meld at the cards' own worth, and
the spread of its predictions over the drawn partners widens the reserve a bid keeps. The
weights are fitted offline on forced-dealer self-play deals, one fit per game and set of table
options (`benchmarks/train_contract.py`), and committed as data (`contract_fits.json`); nothing
is fitted or fetched at run time.

Check has no fit: there a contract made scores what the side would have scored defending (E-12,
E-13), so buying is worth only the trump it names and the set it risks, which a model of the
declaring side's total does not weigh; `hard`'s searched calls beat it (docs/computer-players.md).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from bot.game import PASS, SUITS, Action, Card, Suit, lowest_bid, meld_points
from bot.game.auction import trump_suits

from .bidding import OVERCALL_MARGIN, PARTNER_BID_WORTH, expected_total, unit
from .inference import Evidence, read_evidence
from .knowledge import Knowledge
from .passing import choose_gift

#: The features, in the order of a fit's weights.
FEATURES = ("base", "worth", "pass_meld", "meld", "partner_meld")
#: A partner hand drawn and its gift chosen, for one trump, in playout actions (what it takes on
#: the reference machine at the double deck's rate); without a passing a hand drawn costs only its
#: meld counted (`DRAW_WORK`). A call draws as many as its budget buys.
SAMPLE_WORK, DRAW_WORK = 230, 12
#: Never fewer partner hands a call than `MIN_SAMPLES`, never more than `MAX_GIFTED` with a passing
#: or `MAX_DRAWN` without (a fit of the partner's dealt hand reads its meld off each).
MIN_SAMPLES, MAX_GIFTED, MAX_DRAWN = 4, 48, 96
#: The share of a fit's residual spread kept in reserve below a hand's expected total before
#: bidding (about a 70% chance to make the contract).
SAFETY_SD = 0.5


#: The options a fit's totals depend on: a game whose options differ from the fit's reads none.
FIT_OPTIONS = (
    "count_scheme",
    "pass_count",
    "dd_multiple_values",
    "save_meld_counters",
    "min_counters",
    "min_meld",
    "set_scoring",
    "dd_last_trick",
    "round_card_points",
)
#: An option that moves a fit's totals less: among the fits a game may read, the one trained with
#: the same rule for trump without a marriage (DX-E3) if there is one. (The opening bid moves
#: nothing: a fit predicts the side's points, made or set.)
NEAR_OPTION = "trump_requires_marriage"


@dataclass(frozen=True)
class ContractFit:
    """A game's fitted weights (over `FEATURES`), its residual spread, the options it was trained
    under (`FIT_OPTIONS` and `NEAR_OPTION`) and on how many deals; `name` tells it from the
    game's other fits (the table options it was trained at).

    `partner_dealt`: the partner's features were read off its dealt hand in training, so their
    weights are the cards' own and the partner's calls count through the partner hands a call
    draws; otherwise they were averaged over drawn hands as at the table (their weights shrunk
    to what such an average tells) and a partner's bid adds `PARTNER_BID_WORTH`, as for
    `normal`."""

    name: str
    game: str
    weights: tuple[float, ...]
    sd: float
    deals: int
    options: tuple[tuple[str, Any], ...]
    partner_dealt: bool

    def predict(self, features: Sequence[float]) -> float:
        return sum(w * x for w, x in zip(self.weights, features, strict=True))


@cache
def load_fits() -> tuple[ContractFit, ...]:
    """The committed fits: per game, one per set of table options it was trained at."""
    text = resources.files(__package__).joinpath("contract_fits.json").read_text("utf-8")
    return tuple(
        ContractFit(
            name,
            f["game"],
            tuple(f["weights"]),
            f["sd"],
            f["deals"],
            tuple(f["options"].items()),
            f["partner"] == "dealt",
        )
        for name, f in json.loads(text).items()
    )


def fit_for(game: str, options: Mapping[str, Any]) -> ContractFit | None:
    """The fit of `game` trained under these options (`FIT_OPTIONS` alike, `NEAR_OPTION` too if
    one was), or None (a count, passing or meld table no fit was trained on: the caller keeps its
    other calls)."""
    mine = {key: options[key] for key in FIT_OPTIONS}
    fits = [
        f
        for f in load_fits()
        if f.game == game and all(dict(f.options).get(k) == v for k, v in mine.items())
    ]
    return min(
        fits, key=lambda f: dict(f.options)[NEAR_OPTION] != options[NEAR_OPTION], default=None
    )


def features(
    hand: Sequence[Card],
    partner: Sequence[Card],
    gift: Sequence[Card],
    trump: Suit,
    options: Mapping[str, Any],
) -> list[float]:
    """The side's features in `trump` (`FEATURES`) with `hand` declaring and the `partner` giving
    it `gift` (none without a passing): `normal`'s worth of the hand as dealt
    (`bidding.expected_total`), the meld the gift adds to it, its own meld (which the side scores
    as it is when it makes the contract, where the worth's other terms are estimates) and the
    partner's meld in the cards it keeps."""
    held = list(hand)
    meld = meld_points(held, trump, options)
    added = meld_points(held + list(gift), trump, options) - meld
    kept = list(partner)
    for card in gift:
        kept.remove(card)
    partner_meld = meld_points(kept, trump, options) if kept else 0
    return [
        1.0,
        expected_total(held, trump, options),
        float(added),
        float(meld),
        float(partner_meld),
    ]


def partner_hands(k: Knowledge, rng: random.Random, count: int) -> list[tuple[list[Card], float]]:
    """`count` partner hands drawn from the cards unseen, each with the chance it made the
    partner's calls seen (`inference`'s reading of a call); none without a partner."""
    partner = k.partner
    if partner is None:
        return []
    unseen = list(k.unseen)
    size = len(k.hand)
    calls = [c for c in read_evidence(k).calls if c.seat == partner]
    evidence = Evidence(None, k.options, {}, {}, {}, calls)
    drawn = []
    for _ in range(count):
        hand = rng.sample(unseen, size)
        drawn.append((hand, evidence.weight({partner: hand}) if calls else 1.0))
    return drawn


@dataclass(frozen=True)
class Outlook:
    """A contract's expected side total in a trump, and its spread (see `outlook`)."""

    mean: float
    spread: float


def side_features(
    hand: Sequence[Card], partner: Sequence[Card], trump: Suit, options: Mapping[str, Any]
) -> list[float]:
    """The side's features with this partner, its gift chosen as `passing` would (none without a
    passing)."""
    count = options["pass_count"]
    gift = choose_gift(list(partner), trump, count, "partner", options) if count else []
    return features(hand, partner, gift, trump, options)


def _drawn(
    hand: list[Card],
    trump: Suit,
    partners: Sequence[tuple[list[Card], float]],
    options: Mapping[str, Any],
) -> tuple[list[float], list[list[float]]]:
    """Each partner hand's share (its weight, uniform when every weight is zero) and the side's
    features with it."""
    total = sum(w for _, w in partners)
    shares = [w / total if total > 0 else 1 / len(partners) for _, w in partners]
    return shares, [side_features(hand, p, trump, options) for p, _ in partners]


def expected_features(
    hand: list[Card],
    trump: Suit,
    partners: Sequence[tuple[list[Card], float]],
    options: Mapping[str, Any],
) -> list[float]:
    """The side's features in `trump` averaged over the partner hands drawn, by their shares; with
    no partner hands the hand's own."""
    if not partners:
        return features(hand, [], [], trump, options)
    shares, rows = _drawn(hand, trump, partners, options)
    return _mean(shares, rows)


def _mean(shares: list[float], rows: list[list[float]]) -> list[float]:
    mean = [0.0] * len(FEATURES)
    for share, row in zip(shares, rows, strict=True):
        for i, x in enumerate(row):
            mean[i] += share * x
    return mean


def outlook(
    hand: list[Card],
    trump: Suit,
    partners: Sequence[tuple[list[Card], float]],
    fit: ContractFit,
    options: Mapping[str, Any],
) -> Outlook:
    """The fit's prediction for `hand` declaring in `trump` over the partner hands drawn (the
    model is linear: the prediction of their expected features).

    The spread is the fit's residual; a fit of the partner's dealt hand (`partner_dealt`) adds
    how far the drawn partners move its prediction, since its residual holds none of the
    partner's uncertainty: a run that needs one card of the partner's is a gamble its mean does
    not show."""
    if not partners:
        return Outlook(fit.predict(features(hand, [], [], trump, options)), fit.sd)
    shares, rows = _drawn(hand, trump, partners, options)
    expected = fit.predict(_mean(shares, rows))
    if not fit.partner_dealt:
        return Outlook(expected, fit.sd)
    spread = sum(w * (fit.predict(x) - expected) ** 2 for w, x in zip(shares, rows, strict=True))
    return Outlook(expected, math.sqrt(fit.sd**2 + spread))


def worth_by_trump(
    k: Knowledge, fit: ContractFit, rng: random.Random, samples: int
) -> dict[Suit, Outlook]:
    """The side's outlook if this seat declares in each suit, the pass counted."""
    partners = partner_hands(k, rng, samples)
    return {
        s: outlook(k.hand, s, partners, fit, k.options)
        for s in trump_suits(k.hand, k.options)  # F-4, DX-E3: the suits this hand may name
    }


def samples_for(budget_work: float, options: Mapping[str, Any]) -> int:
    """Partner hands a call may draw for its budget (in playout actions), four trumps each, a
    gift chosen for each if the table passes."""
    cost, most = (SAMPLE_WORK, MAX_GIFTED) if options["pass_count"] else (DRAW_WORK, MAX_DRAWN)
    return max(MIN_SAMPLES, int(min(most, budget_work / (4 * cost))))


def choose_bid(
    k: Knowledge, legal: list[Action], fit: ContractFit, worth: Mapping[Suit, Outlook]
) -> Action:
    """Bid the lowest legal amount while it stays within the best trump's expected total, less a
    reserve against being set (a share of its spread); a partner's bid adds to it where the fit
    does not see it (`ContractFit.partner_dealt`) and overcalling a partner needs a margin, as
    `normal` weighs them (E-5, F-2, H-3: the engine lists the amounts allowed)."""
    lowest = lowest_bid(legal)
    if lowest is None:
        return PASS
    if PASS not in legal:
        return lowest  # F-3, H-4: the stuck dealer bids the minimum
    if not worth:
        return PASS
    bids = k.view.bids
    partner = k.partner
    best = max(worth.values(), key=lambda o: o.mean)
    reach = best.mean - SAFETY_SD * best.spread
    bid = partner is not None and partner < len(bids) and bids[partner] is not None
    if bid and not fit.partner_dealt:
        reach += PARTNER_BID_WORTH * unit(k.options)
    if partner is not None and k.view.bidder == partner:
        reach -= OVERCALL_MARGIN * unit(k.options)
    return lowest if (lowest.amount or 0) <= reach else PASS


def choose_trump(legal: list[Action], worth: Mapping[Suit, Outlook]) -> Action:
    """The suit whose contract is worth most with the partner's pass counted (F-4)."""
    named = {a.suit: a for a in legal if a.suit is not None}
    means = {s: o.mean for s, o in worth.items()}
    suit = max(named, key=lambda s: (means.get(s, -math.inf), -SUITS.index(s)))
    return named[suit]
