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
partner hands serve every trump, so the trumps are compared on equal draws. The weights are
fitted offline on forced-dealer self-play deals, one fit per game and set of table options
(`benchmarks/train_contract.py`), and committed as data (`contract_fits.json`); nothing is
fitted or fetched at run time.

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
#: the reference machine at the double deck's rate); a call draws as many as its budget buys.
SAMPLE_WORK = 230
#: Never fewer, never more partner hands a call than these.
MIN_SAMPLES, MAX_SAMPLES = 4, 48
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
    game's other fits (the table options it was trained at)."""

    name: str
    game: str
    weights: tuple[float, ...]
    sd: float
    deals: int
    options: tuple[tuple[str, Any], ...]

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


def expected_features(
    hand: list[Card],
    trump: Suit,
    partners: Sequence[tuple[list[Card], float]],
    options: Mapping[str, Any],
) -> list[float]:
    """The features of `hand` with each partner (and its gift, if the table passes) in `trump`,
    weighed by the partners' weights (uniform when every weight is zero); with no partner hands
    the hand's own."""
    if not partners:
        return features(hand, [], [], trump, options)
    total = sum(w for _, w in partners)
    count = options["pass_count"]
    mean = [0.0] * len(FEATURES)
    for partner, weight in partners:
        share = weight / total if total > 0 else 1 / len(partners)
        gift = choose_gift(partner, trump, count, "partner", options) if count else []
        for i, x in enumerate(features(hand, partner, gift, trump, options)):
            mean[i] += share * x
    return mean


def worth_by_trump(
    k: Knowledge, fit: ContractFit, rng: random.Random, samples: int
) -> dict[Suit, float]:
    """The side's expected deal total if this seat declares in each suit, the pass counted."""
    partners = partner_hands(k, rng, samples)
    return {
        s: fit.predict(expected_features(k.hand, s, partners, k.options))
        for s in trump_suits(k.hand, k.options)  # F-4, DX-E3: the suits this hand may name
    }


def samples_for(budget_work: float) -> int:
    """Partner hands a call may draw for its budget (in playout actions), four trumps each."""
    return max(MIN_SAMPLES, int(min(MAX_SAMPLES, budget_work / (4 * SAMPLE_WORK))))


def choose_bid(
    k: Knowledge, legal: list[Action], fit: ContractFit, worth: Mapping[Suit, float]
) -> Action:
    """Bid the lowest legal amount while it stays within the best trump's worth, less a reserve
    against being set; a partner's bid adds to it and overcalling a partner needs a margin, as
    `normal` weighs them (E-5, F-2, H-3: the engine lists the amounts allowed)."""
    lowest = lowest_bid(legal)
    if lowest is None:
        return PASS
    if PASS not in legal:
        return lowest  # F-3, H-4: the stuck dealer bids the minimum
    bids = k.view.bids
    partner = k.partner
    reach = max(worth.values(), default=-math.inf) - SAFETY_SD * fit.sd
    if partner is not None and partner < len(bids) and bids[partner] is not None:
        reach += PARTNER_BID_WORTH * unit(k.options)
    if partner is not None and k.view.bidder == partner:
        reach -= OVERCALL_MARGIN * unit(k.options)
    return lowest if (lowest.amount or 0) <= reach else PASS


def choose_trump(legal: list[Action], worth: Mapping[Suit, float]) -> Action:
    """The suit whose contract is worth most with the partner's pass counted (F-4)."""
    named = {a.suit: a for a in legal if a.suit is not None}
    suit = max(named, key=lambda s: (worth.get(s, -math.inf), -SUITS.index(s)))
    return named[suit]
