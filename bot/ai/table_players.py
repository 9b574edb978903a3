"""Computer players as the table service sees them: one small interface.

A computer player gets only what its seat may see (`Game.view(seat)`) and the
legal actions, plus a seeded random generator, and returns one of those
actions. The service asks through a `Thinker` (`bot.ai.thinking`): in a
worker thread, or for the bot in worker processes, so a slow player never
blocks the bot. The computer players of bot.ai plug in through
`ai_players`; `SimplePlayer` is the service's own default, quick and
dependency-free, for its tests and benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

import bot.ai
from bot.game import PASS, Action, SeatView


class ComputerPlayer(Protocol):
    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action:
        """One of `legal`, decided from `view` alone."""


#: Makes the player for a level name (the `bot_level` of a seat).
PlayerFactory = Callable[[str], ComputerPlayer]


class SimplePlayer:
    """A legal player with two rules of thumb, otherwise a seeded random choice.

    It passes in an auction whenever it may (and bids the least when forced),
    and names as trump the suit it holds most of. Without them, a forced Check contract is set so often that
    both sides drift below zero and the game never reaches its target. In the passing (F-5) it
    gives the cards of its hand at random, one at a time.
    """

    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action:
        bids = [action for action in legal if action.verb == "bid"]
        if bids:
            return PASS if PASS in legal else min(bids, key=lambda action: action.amount or 0)
        trumps = [action for action in legal if action.verb == "trump"]
        if trumps:
            held = [card.suit for card in view.hand]
            return max(trumps, key=lambda action: sum(suit == action.suit for suit in held))
        return rng.choice(legal)


def simple_players(level: str) -> ComputerPlayer:
    """The service's default factory (its own tests and benchmarks): every level plays as `SimplePlayer`."""
    return SimplePlayer()


class LevelPlayer:
    """A bot.ai player of one level, seeded per decision from the service's generator."""

    def __init__(self, level: str, budget: float) -> None:
        self.level, self.budget = level, budget

    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action:
        player = bot.ai.get_player(self.level, seed=rng.randrange(2**31), budget=self.budget)
        return player.choose(view)


def ai_players(budget: float = 1.0) -> PlayerFactory:
    """The factory of bot.ai players; `budget` is the thinking time per decision of `hard`."""

    def make(level: str) -> ComputerPlayer:
        return LevelPlayer(level if level in bot.ai.LEVELS else "easy", budget)

    return make
