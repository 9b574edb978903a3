"""Deals consistent with what one seat has seen: the "worlds" the search plays out.

The cards a seat has not seen (`view.unseen`) lie in the other hands and
the face-down stock. A world deals them out again at random, keeping every
fact the seat knows: cards shown stay with their holders, every hand gets its
exact size, and a card the history rules out for a seat (a void, a failure to
head the trick, `Knowledge.excluded`) never goes to that seat. The engine's
`world_from_view` then builds a complete game from the deal.

Given the `Evidence` of the melds and the auction (`inference`), no card is
dealt to a seat whose shown meld it would add to, and among several deals one
is kept in proportion to how well it explains the calls, so an opponent who
bid high gets strong hands. In four-hand cutthroat the cheaper cards a seat's
play says it did not hold (`Evidence.habits`) go elsewhere while a deal allows it.
"""

from __future__ import annotations

import random

from bot.game import Card, Phase

from .inference import Evidence
from .knowledge import Knowledge

#: Attempts at a deal that honours every inference before some are let go.
TRIES = 30
#: Deals drawn per world, one kept in proportion to how well it explains the calls
#: (sampling-importance-resampling): more in the auction, where the calls are all there is.
DRAWS, AUCTION_DRAWS = 2, 16
#: Deals tried at most for one that contradicts no shown meld (dealt card by card, the first
#: almost always fits).
CONSISTENT_TRIES = 20


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
    drawn in proportion to how well they explain `evidence`."""
    if evidence is None or evidence.empty:
        return _deal(k, rng)
    wanted = (AUCTION_DRAWS if k.phase == Phase.AUCTION else DRAWS) if evidence.calls else 1
    kept: list[tuple[dict[int, list[Card]], list[Card]]] = []
    weights: list[float] = []
    dealt = _deal(k, rng, evidence)
    evidence.draws += 1
    for _ in range(CONSISTENT_TRIES):
        weight = evidence.weight(dealt[0])
        if weight > 0:
            kept.append(dealt)
            weights.append(weight)
        if len(kept) >= wanted:
            break
        dealt = _deal(k, rng, evidence)
        evidence.draws += 1
    if not kept:
        return dealt  # nothing found that fits every meld: the last deal, most facts kept
    return rng.choices(kept, weights)[0]


def _deal(
    k: Knowledge, rng: random.Random, evidence: Evidence | None = None
) -> tuple[dict[int, list[Card]], list[Card]]:
    fixed, hidden, stock_size = slots(k)
    tiers: list[tuple[dict[int, set[Card]], Evidence | None]] = [(k.excluded, evidence), ({}, None)]
    if evidence is not None and evidence.habits:  # the habits first, then the proven facts
        habits = {s: k.excluded.get(s, set()) | evidence.habits.get(s, set()) for s in k.excluded}
        tiers.insert(0, (habits, evidence))
    for excluded, ev in tiers:  # the last never fails
        for _ in range(TRIES):
            dealt = _try_deal(k.unseen, fixed, hidden, stock_size, excluded, ev, rng)
            if dealt is not None:
                hands = {s: fixed[s] + dealt[s] for s in hidden}
                return hands, dealt[-1]
    raise WorldError("no deal fits the view")


def _try_deal(
    pool: list[Card],
    fixed: dict[int, list[Card]],
    hidden: dict[int, int],
    stock_size: int,
    excluded: dict[int, set[Card]],
    evidence: Evidence | None,
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    """Most constrained cards first, each to a random place with room that may hold it
    (and, given `evidence`, that it adds no meld the seat did not show)."""
    room = dict(hidden)
    room[-1] = stock_size  # the stock: any card may lie there
    out: dict[int, list[Card]] = {s: [] for s in room}
    cards = list(pool)
    rng.shuffle(cards)
    places = {c: [s for s in room if s == -1 or c not in excluded.get(s, ())] for c in set(cards)}
    cards.sort(key=lambda c: len(places[c]))
    for card in cards:
        options = [
            s
            for s in places[card]
            if room[s] > 0
            and (s == -1 or evidence is None or evidence.admits(s, fixed[s], out[s], card))
        ]
        if not options:
            return None
        seat = rng.choices(options, weights=[room[s] for s in options])[0]
        room[seat] -= 1
        out[seat].append(card)
    return out
