"""The table service: seats, hosts, turns, timers and computer seats, without Discord.

The cogs and the terminal mode both drive tables through `TableService`; what
they say comes back as `Outcome`s of catalog `Text`s, put into words by
`bot.presentation.texts`, and a refused call raises a `Refusal` (a catalog key too).
The live table is the service's alone: callers read `TableSnapshot`s, and the
action hooks hear `TableFacts`.
"""

from bot.ai.table_players import ComputerPlayer, PlayerFactory, SimplePlayer, simple_players
from bot.game.errors import Refusal
from bot.tables.facts import Forfeit, GameFacts, TableFacts
from bot.tables.model import (
    AWAY_AFTER,
    COMPUTER_MARK,
    DEFAULT_LEVEL,
    computer_plays,
    person_name,
    shown_name,
)
from bot.tables.outcome import Act, Cards, Name, Outcome, Side, Text, Who
from bot.tables.row_settings import PARENT_KEY, EventPlace, TableHome
from bot.tables.service import (
    ActionHook,
    Hand,
    Person,
    Pressed,
    Publisher,
    StartedTable,
    TableService,
)
from bot.tables.snapshot import TableSnapshot

__all__ = [
    "AWAY_AFTER",
    "COMPUTER_MARK",
    "DEFAULT_LEVEL",
    "PARENT_KEY",
    "Act",
    "ActionHook",
    "Cards",
    "ComputerPlayer",
    "EventPlace",
    "Forfeit",
    "GameFacts",
    "Hand",
    "Name",
    "Outcome",
    "Person",
    "PlayerFactory",
    "Pressed",
    "Publisher",
    "Refusal",
    "Side",
    "SimplePlayer",
    "StartedTable",
    "TableFacts",
    "TableHome",
    "TableService",
    "TableSnapshot",
    "Text",
    "Who",
    "computer_plays",
    "person_name",
    "shown_name",
    "simple_players",
]
