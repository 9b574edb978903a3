"""Random legal play that still ends games: the auction mostly passes (a Check game needs contracts)."""

from __future__ import annotations

import random

from bot.game import Game


def choose(game: Game, rng: random.Random) -> str:
    """A random legal action with a cautious auction (mostly pass, else the lowest bid), so games end."""
    actions = [str(action) for action in game.legal_actions()]
    if "pass" in actions and rng.random() < 0.8:
        return "pass"
    bids = [action for action in actions if action.startswith("bid ")]
    if bids:
        return min(bids, key=lambda bid: int(bid.split()[1]))
    return rng.choice(actions)
