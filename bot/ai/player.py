"""The computer-player interface and the floor of the scale, the uniformly random player.

A player is given `Game.view(seat)` for the seat to act and returns one of
`view.legal`. It never sees the game itself, so it cannot cheat: it knows
only what a person in that seat would know. Randomness comes from a generator seeded by the player's seed
and the position in the deal, so a decision does not depend on which earlier
decisions the same object was asked for: the same view and seed always give
the same answer.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from bot.game import Action, Phase, SeatView

from . import passing
from .knowledge import read_view


class Player(ABC):
    """A computer player of one level. `choose` is safe to call from a worker thread."""

    level: str = ""

    def __init__(self, *, seed: int | None = None, budget: float = 1.0):
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        self.budget = float(budget)

    def choose(self, view: SeatView) -> Action:
        """One of `view.legal`, decided from the view alone; in the passing (F-5), the next card
        of the pass `give` decides."""
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        action = self.give(view) if view.phase is Phase.PASSING else self.decide(view, legal)
        if action not in legal:  # a bug in a player must never become an illegal move
            raise AssertionError(f"{self.level} player chose {action}, not one of {legal}")
        return action

    def give(self, view: SeatView) -> Action:
        """The next card to pass to the partner (F-5): of the pass `bot.ai.passing` chooses."""
        return passing.give(read_view(view))

    @abstractmethod
    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        """Choose among two or more legal actions."""

    def rng(self, view: SeatView) -> random.Random:
        """A generator for this decision: a function of the seed and the public position only
        (the same for every card of a pass: it joins the history once whole)."""
        key = f"{self.seed}:{view.deal}:{view.seat}:{view.phase}:{len(view.history)}"
        return random.Random(key)


class RandomPlayer(Player):
    """Uniformly random among the legal actions (and any cards to pass): the floor every level
    must beat."""

    level = "random"

    def give(self, view: SeatView) -> Action:
        """The next card of a random pass, the same set drawn for each of its cards."""
        gift = self.rng(view).sample(list(view.hand), view.give_count)
        return Action.give(passing.still_due(gift, view.giving)[:1])

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        return self.rng(view).choice(legal)


def fallback(view: SeatView) -> Action:
    """A legal action without thought, for a player that failed: the first listed."""
    return view.legal[0]
