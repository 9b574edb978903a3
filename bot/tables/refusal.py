"""The one way the table service (and the cogs above it) says no: a `Refusal` is raised.

It is a `KeyedError` (the engine's error family) whose key is a full catalog key
("bot.refuse.not_your_turn") with parameters the speaking layer puts into words
(`Who(seat)`, `Name(...)`, numbers); `table` lets that layer name the players.
A refused call changes nothing: every check runs before anything is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.game.errors import KeyedError
from bot.tables.outcome import Text

if TYPE_CHECKING:
    from bot.tables.model import Table


class Refusal(KeyedError):
    """A request refused: a catalog key, its parameters, and the table it concerns (if any)."""

    def __init__(self, key: str, table: Table | None = None, /, **params: Any) -> None:
        # Not KeyedError.__init__: the key is a catalog key, not one of the engine's templates,
        # and the parameters stay objects (`Who`, `Name`) for the speaking layer to name.
        ValueError.__init__(self, key)
        self.key = key
        self.rule = None
        self.params = params
        self.table = table

    @property
    def said(self) -> Text:
        """What to tell the person refused, for `bot.tables.texts.say`."""
        return Text(self.key, self.params)

    @property
    def text(self) -> str:
        """The catalog key: a refusal is put into words by `bot.tables.texts.say`, in the reader's language."""
        return self.key
