"""A table's settings as typed, frozen fields, and the JSON the store keeps them as.

The store keeps a table's settings as one JSON object (`TableRow.settings`, patched by
`bot.store.tables.merge_settings`); the service reads and writes it only through these types,
so every key has one name and one shape, and rows stored before the types were there load as
they are (the same keys, the same values).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from bot.game import FrozenMap

#: The `TableHome` key naming the channel a thread table was opened from, as the store's query of
#: finished tables reads it (`bot.store.tables.last_finished_table`, its `home_key`).
PARENT_KEY = "parent"


@dataclass(frozen=True)
class TableHome:
    """How the caller shows the table; kept with the table for the caller, never read by the service
    except `as_they_happen` (which decides when melds are told)."""

    #: On Discord, the channel a thread table was opened from (its result is told there).
    parent: int | None = None
    #: A quiet table: no turn pings.
    quiet: bool = False
    #: Lines are read one by one as things happen (the terminal): each meld is told when made.
    as_they_happen: bool = False

    def to_json(self) -> dict[str, Any]:
        """The stored object: only the keys that are set, as they have always been stored."""
        stored: dict[str, Any] = {}
        if self.parent is not None:
            stored[PARENT_KEY] = self.parent
        if self.quiet:
            stored["quiet"] = True
        if self.as_they_happen:
            stored["as_they_happen"] = True
        return stored

    @classmethod
    def from_json(cls, stored: Mapping[str, Any] | None) -> TableHome:
        stored = stored or {}
        parent = stored.get(PARENT_KEY)
        return cls(
            parent=None if parent is None else int(parent),
            quiet=bool(stored.get("quiet")),
            as_they_happen=bool(stored.get("as_they_happen")),
        )


@dataclass(frozen=True)
class EventPlace:
    """A league event's table: which event, round and table it is, and how many deals it plays
    (`Table.over` after them). At a duplicate event every table of a round plays the same deals."""

    id: int
    round: int
    table: int
    deals: int
    duplicate: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "table": self.table,
            "deals": self.deals,
            "duplicate": self.duplicate,
        }

    @classmethod
    def from_json(cls, stored: Mapping[str, Any] | None) -> EventPlace | None:
        if not stored:
            return None
        return cls(
            id=int(stored["id"]),
            round=int(stored["round"]),
            table=int(stored["table"]),
            deals=int(stored["deals"]),
            duplicate=bool(stored.get("duplicate")),
        )


@dataclass(frozen=True)
class TableSettings:
    """The settings of a stored table (`TableRow.settings`) that the service reads back."""

    turn_seconds: float | None = None
    home: TableHome = field(default_factory=TableHome)
    #: The running turn timer: (state version, deadline in the service's clock).
    turn: tuple[int, float] | None = None
    #: Seats whose person left or was kicked mid-game -> that person's player id.
    left: FrozenMap[int, int] = field(default_factory=FrozenMap)
    paused_until: float | None = None
    abandoned: bool = False
    rematch: int | None = None
    event: EventPlace | None = None
    hints: bool = False

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> TableSettings:
        turn = stored.get("turn")
        return cls(
            turn_seconds=stored.get("turn_seconds"),
            home=TableHome.from_json(stored.get("home")),
            turn=(int(turn[0]), float(turn[1])) if turn else None,
            left=FrozenMap(
                (int(seat), int(player)) for seat, player in (stored.get("left") or {}).items()
            ),
            paused_until=stored.get("paused_until"),
            abandoned=bool(stored.get("abandoned")),
            rematch=stored.get("rematch"),
            event=EventPlace.from_json(stored.get("event")),
            hints=bool(stored.get("hints")),
        )


_NAMES = frozenset(f.name for f in fields(TableSettings)) | {"broken"}


def settings_patch(**changes: Any) -> dict[str, Any]:
    """A merge patch of a table's stored settings (`merge_settings`), from typed values of
    `TableSettings` fields (and `broken`, a note on a table that does not load): None removes
    a key, `left` adds its seats to those stored."""
    unknown = set(changes) - _NAMES
    if unknown:
        raise TypeError(f"no table setting {sorted(unknown)}")
    return {name: _stored(value) for name, value in changes.items()}


def settings_json(settings: TableSettings) -> dict[str, Any]:
    """A new table's stored settings: the fields that are set."""
    defaults = TableSettings()
    return {
        f.name: _stored(getattr(settings, f.name))
        for f in fields(TableSettings)
        if getattr(settings, f.name) != getattr(defaults, f.name) or f.name == "home"
    }


def _stored(value: Any) -> Any:
    if isinstance(value, TableHome | EventPlace):
        return value.to_json()
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    return value
