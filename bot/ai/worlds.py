"""Deals consistent with what one seat has seen: the "worlds" the search plays out.

The cards a seat has not seen (`view.unseen`) lie in the other hands and
the face-down stock. A world deals them out again at random, keeping every
fact the seat knows: cards shown stay with their holders, every hand gets its
exact size, and a card the history rules out for a seat (a void, a failure to
head the trick, `Knowledge.excluded`) never goes to that seat. The engine's
`world_from_view` then builds a complete game from the deal.

Given the `Evidence` of the melds and the auction (`inference`), a deal is
kept with the chance it explains them (rejection sampling), so an opponent who
bid high gets strong hands and none gets a meld it did not show; after
`PLAUSIBLE_TRIES` deals the most plausible one seen is kept (a card that
alone would add to a seat's shown meld is never dealt to it).
"""

from __future__ import annotations

import random

from bot.game import Card

from .inference import Evidence
from .knowledge import Knowledge

#: Attempts at a deal that honours every inference before some are let go.
TRIES = 30
#: Deals weighed against the melds and the auction before the most plausible is kept.
PLAUSIBLE_TRIES = 40
#: Deals tried at most for one that contradicts no shown meld (rarely more than 100 needed).
CONSISTENT_TRIES = 250


class WorldError(ValueError):
    """The view's counts do not add up to a deal (a view of a kind this module does not know)."""


def slots(k: Knowledge) -> tuple[dict[int, list[Card]], dict[int, int], int]:
    """Cards each other seat surely holds, how many hidden cards each holds, and the hidden stock size."""
    view = k.view
    sizes = view.hand_sizes
    fixed: dict[int, list[Card]] = {}
    hidden: dict[int, int] = {}
    turnup = view.turnup
    for s in k.active:
        if s == k.seat:
            continue
        fixed[s] = list(k.known.get(s, []))
        if (
            turnup is not None
            and not k.two_handed_mode
            and s == view.dealer
            and turnup not in fixed[s]
        ):
            fixed[s].append(turnup)  # C-2: the turn-up is the dealer's own card
        hidden[s] = sizes[s] - len(fixed[s])
    stock = 0
    if k.two_handed_mode:  # the stock count includes the face-up turn-up
        stock = view.stock - (1 if turnup is not None else 0)
    if any(n < 0 for n in hidden.values()) or sum(hidden.values()) + stock != len(k.unseen):
        raise WorldError(
            f"hidden places {sum(hidden.values()) + stock} != unseen cards {len(k.unseen)}"
        )
    return fixed, hidden, stock


def deal_hidden(
    k: Knowledge, rng: random.Random, evidence: Evidence | None = None
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Hands for the other seats and a face-down stock, at random among those `k` allows,
    each kept with the chance it explains `evidence`."""
    if evidence is None or evidence.empty:
        return _deal(k, rng, k.excluded)
    excluded = {s: k.excluded.get(s, set()) | evidence.excluded.get(s, set()) for s in k.excluded}
    best, best_weight = _deal(k, rng, excluded), -1.0
    for tries in range(CONSISTENT_TRIES):
        if tries >= PLAUSIBLE_TRIES and best_weight > 0:
            break
        dealt = _deal(k, rng, excluded) if best_weight >= 0 else best
        weight = evidence.weight(dealt[0])
        if rng.random() < weight:
            return dealt
        if weight > best_weight:
            best, best_weight = dealt, weight
    return best


def _deal(
    k: Knowledge, rng: random.Random, exclusions: dict[int, set[Card]]
) -> tuple[dict[int, list[Card]], list[Card]]:
    fixed, hidden, stock_size = slots(k)
    for excluded in (exclusions, {}):
        for _ in range(TRIES if excluded else 1):
            dealt = _try_deal(k.unseen, hidden, stock_size, excluded, rng)
            if dealt is not None:
                hands = {s: fixed[s] + dealt[s] for s in hidden}
                return hands, dealt[-1]
    raise WorldError("no deal fits the view")


def _try_deal(
    pool: list[Card],
    hidden: dict[int, int],
    stock_size: int,
    excluded: dict[int, set[Card]],
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    """Most constrained cards first, each to a random place with room that may hold it."""
    room = dict(hidden)
    room[-1] = stock_size  # the stock: any card may lie there
    out: dict[int, list[Card]] = {s: [] for s in room}
    cards = list(pool)
    rng.shuffle(cards)
    places = {c: [s for s in room if s == -1 or c not in excluded.get(s, ())] for c in set(cards)}
    cards.sort(key=lambda c: len(places[c]))
    for card in cards:
        options = [s for s in places[card] if room[s] > 0]
        if not options:
            return None
        seat = rng.choices(options, weights=[room[s] for s in options])[0]
        room[seat] -= 1
        out[seat].append(card)
    return out
