"""A whole game told deal by deal, and its text record.

A game is its variant, options, seed and actions (`Game.to_json`), so a record
is made by replaying the stored action log through the engine: each deal's
hands as dealt (and, in the two-hand games, the turn-up and the stock in the
order it is drawn, RULES A-3), the auction (E-5), the melds as declared, every
trick in order with its winner and card points, and the engine's deal result.
It is the one record of a finished game: the game-end hooks (deal figures,
best melds), *Review last deal*, `/pinochle replay` and the web replay all read
it, built once for each game and log length and kept in `RECORDS`. The
text form (`to_text`) is what `python -m bot record export` writes, and
`GameRecord.parse` reads it back. `check` replays the record's own actions and
lists every line the engine would write differently, so an edited or damaged
record is caught. A record holds every hand: offer it only for finished games.

The parts: `deals` (the typed records of one deal), `build` (a game's deals from the engine's
events), `game_record` (`GameRecord` and the cache `RECORDS`), `writer` and `reader` (the text).
"""

from .deals import DealRecord, DrawHow, MeldPart, MeldRecord, TrickRecord
from .game_record import (
    MAX_PROBLEMS,
    RECORDS,
    RECORDS_KEPT,
    GameRecord,
    RecordCache,
    StoredGame,
)
from .reader import MAX_RECORD_CHARS, RecordError
from .writer import MAGIC

__all__ = [
    "MAGIC",
    "MAX_PROBLEMS",
    "MAX_RECORD_CHARS",
    "RECORDS",
    "RECORDS_KEPT",
    "DealRecord",
    "DrawHow",
    "GameRecord",
    "MeldPart",
    "MeldRecord",
    "RecordCache",
    "RecordError",
    "StoredGame",
    "TrickRecord",
]
