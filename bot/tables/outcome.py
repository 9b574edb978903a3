"""What a table-service call has to say, before it is put into any language.

A `Text` is a catalog key with parameters; the speaking layer (the cogs, the
terminal) translates it for its audience: the acting user's language for
private texts, the table's language for channel lines. Players appear as
`Who(seat)` parameters so each layer can name them its own way (a mention on
Discord, a plain name in the terminal); a person no longer in a seat appears as
`Name(...)`, which Discord shows escaped (the name is theirs, not markdown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.game import Action, Card, FrozenMap, Phase
from bot.game.events import Event
from bot.tables.model import Table
from bot.tables.snapshot import TableSnapshot, snapshot_of


@dataclass(frozen=True)
class Who:
    """A player, by seat, as a text parameter."""

    seat: int


@dataclass(frozen=True)
class Name:
    """A person's own display name as a text parameter (someone who left a seat): shown as typed."""

    text: str


@dataclass(frozen=True)
class Side:
    """Partners (or a lone player) by seats, named together ("Alice & Carol")."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Cards:
    """Cards, shown in the reader's notation ("10♥", "Д♠")."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Chip:
    """Why chips moved (a `Transfer`'s reason and detail), said as the ledger says it."""

    reason: str
    detail: str


@dataclass(frozen=True)
class Act:
    """An action, shown as its label in the reader's language ("10♥", "Объявить К♥ Д♥"); with the
    phase it was chosen in, a pass is named by what it declines ("No meld"), as its button was."""

    action: Action
    phase: Phase | None = None


@dataclass(frozen=True)
class Text:
    """A catalog key (domain included, e.g. "bot.refuse.not_your_turn") and its parameters.

    Parameters may be plain values, `Who`, `Name`, `Side`, `Cards`, `Act`, `Chip`, another `Text`, or a
    sequence of these (rendered joined by commas). They are frozen (a `FrozenMap`, a list given
    kept as a tuple): a text is handed to every layer that speaks it and queued for later.
    """

    key: str
    params: FrozenMap[str, Any] = field(default_factory=FrozenMap)

    @classmethod
    def of(cls, key: str, **params: Any) -> Text:
        return cls(
            key,
            FrozenMap((name, tuple(v) if isinstance(v, list) else v) for name, v in params.items()),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to one call.

    `table` is the table as the call left it (a snapshot: the caller never holds the live one);
    `private` goes to the acting user only; `public` lines go to the table's channel (already
    handed to the publisher when the call returns); `board` says whether the board must be
    redrawn; `ping` lists users the public lines should notify. A refused call returns no
    `Outcome`: it raises a `Refusal` (`bot.game.errors`).
    """

    table: TableSnapshot | None
    private: Sequence[Text] = ()
    public: Sequence[Text] = ()
    board: bool = False
    ping: Sequence[int] = ()
    action: Action | None = None  # the accepted action (`str()` is its text, as stored)
    events: tuple[Event, ...] = ()  # what the engine said of the accepted action

    def __post_init__(self) -> None:
        for name in ("private", "public", "ping"):  # given as lists by its makers: kept as tuples
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def has_public(self) -> bool:
        return self.board or bool(self.public)


def told(
    table: Table,
    *,
    private: Sequence[Text] = (),
    public: Sequence[Text] = (),
    board: bool = False,
    ping: Sequence[int] = (),
    action: Action | None = None,
    events: tuple[Event, ...] = (),
) -> Outcome:
    """The outcome of a call on `table` (the caller holds its lock), with the table as its parts
    left it: they are worked out before it is taken (telling a trick logs it for the board)."""
    return Outcome(snapshot_of(table), private, public, board, ping, action, events)
