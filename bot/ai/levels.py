"""The level names (`/pinochle addbot level:`, the arena's --a/--b) and the factory."""

from __future__ import annotations

from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .player import Player, RandomPlayer

LEVELS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def get_player(level: str, *, seed: int | None = None, budget: float = 1.0) -> Player:
    """A computer player of `level` ("random", "easy", "normal", "hard").

    `seed` makes its choices reproducible; `budget` is the thinking time per
    decision in seconds (only `hard` searches).
    """
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return cls(seed=seed, budget=budget)
