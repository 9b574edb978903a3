"""Computer players for every variant at four levels (issue 5).

`get_player(level, seed=..., budget=...)` returns a `Player` whose
`choose(view)` picks one of `view["legal"]` from `Game.view(seat)` alone.
`python -m bot.ai arena ...` measures one level against another.
"""

from .levels import LEVELS, get_player
from .player import Player

__all__ = ["LEVELS", "Player", "get_player"]
