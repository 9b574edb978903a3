"""Computer players for every variant at four levels, each deciding from its seat's view alone.

`get_player(level, seed=..., budget=...)` returns a `Player` whose
`choose(view)` picks one of `view.legal` (an `Action`) from `Game.view(seat)` alone.
`warm_up()` builds the search's tables up front (the bot calls it at start-up).
`python -m bot.ai arena ...` measures one level against another.
"""

from .hard import warm_up
from .levels import LEVELS, get_player
from .player import Player

__all__ = ["LEVELS", "Player", "get_player", "warm_up"]
