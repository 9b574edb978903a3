"""Random legal play: what `python -m bot.game simulate` and the property tests play."""

from __future__ import annotations

import random

from .actions import Action, give
from .game import Game
from .phases import AUCTION, PASSING


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random legal action, except that auctions bid the minimum or pass evenly
    (uniform bids up to 1500 would set every contract and no Check game would ever end)."""
    acts = game.offered()
    phase = game.state.phase
    if phase is PASSING:  # F-5: any cards of the hand
        hand, count = game.state.hands[game._actor], acts[0].amount or 0
        return give(rng.sample(hand, count))
    if phase is AUCTION:  # the bids (lowest first), then the pass unless the seat is forced
        if acts[0].verb == "bid" and (acts[-1].verb == "bid" or rng.random() < 0.5):
            return acts[0]
        return acts[-1]
    return acts[int(rng.random() * len(acts))]  # rng.choice, without its per-call overhead
