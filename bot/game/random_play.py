"""Random legal play: what `python -m bot.game simulate` and the property tests play."""

from __future__ import annotations

import random
from collections import Counter

from .actions import Action, give
from .game import Game
from .phases import AUCTION, PASSING


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random legal action, except that auctions bid the minimum or pass evenly
    (uniform bids up to 1500 would set every contract and no Check game would ever end), and the
    passing gives a uniformly random set of cards (`_random_gift`)."""
    acts = game.offered()
    phase = game.state.phase
    if phase is PASSING:
        return _random_gift(game, rng) or acts[int(rng.random() * len(acts))]
    if phase is AUCTION:  # the bids (lowest first), then the pass unless the seat is forced
        if acts[0].verb == "bid" and (acts[-1].verb == "bid" or rng.random() < 0.5):
            return acts[0]
        return acts[-1]
    return acts[int(rng.random() * len(acts))]  # rng.choice, without its per-call overhead


def _random_gift(game: Game, rng: random.Random) -> Action | None:
    """F-5: the next card of a random set of the cards due, one legal give a card. The set is
    drawn once a pass (`rng.sample` of the hand, which keeps every chosen card until the pass is
    complete): earlier cards read it from a copy of `rng`, and only the last consumes it, so a
    seed plays the same games as when a pass was one action. None when the cards chosen so far
    are not the set's first (someone else chose them)."""
    st = game.state
    hand, chosen, count = st.hands[game._actor], st.giving, game.give_count()
    draw = rng
    if len(chosen) + 1 < count:
        draw = random.Random()
        draw.setstate(rng.getstate())
    gift = draw.sample(hand, count)
    if Counter(gift[: len(chosen)]) != Counter(chosen):
        return None
    return give([gift[len(chosen)]])
