"""Computer players as the table service sees them: one small interface.

A computer player gets only what its seat may see (`Game.view(seat)`) and the
legal action texts, plus a seeded random generator, and returns one of those
texts. The service runs `choose` in a worker thread, so a slow player never
blocks the bot. The real computer players (bot.ai, issue 5) plug in through a
`PlayerFactory`; until then `SimplePlayer` is the stand-in.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol


class ComputerPlayer(Protocol):
    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        """One of `legal`, decided from `view` alone."""


#: Makes the player for a level name (the `bot_level` of a seat).
PlayerFactory = Callable[[str], ComputerPlayer]


class SimplePlayer:
    """A legal player: passes in an auction when it may, otherwise a seeded random choice.

    Passing keeps its contracts to the forced minimum, so games between simple
    players end in a sensible number of deals.
    """

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if "pass" in legal and any(action.startswith("bid ") for action in legal):
            return "pass"
        return rng.choice(legal)


def simple_players(level: str) -> ComputerPlayer:
    """The factory used until bot.ai exists: every level plays as `SimplePlayer`."""
    return SimplePlayer()
