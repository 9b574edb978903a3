"""Typed records that also read as the plain mappings of text and numbers they replace.

Views and events are frozen dataclasses with typed fields (cards, suits,
actions, phases). Readers written for the earlier plain dicts still work:
`record["key"]` and `record.get("key")` give the same plain values as before
(cards and actions as their texts, suits as symbols, plays as `[seat, card]`),
built once on first use.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from .actions import Action
from .cards import Card


def plain(value: Any) -> Any:
    """`value` as JSON-like text and numbers, the form the earlier dicts used."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, str):
        return value
    if isinstance(value, Card | Action):
        return str(value)
    if isinstance(value, Mapping) and not isinstance(value, PlainMapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [plain(v) for v in items]
    if isinstance(value, PlainMapping):
        return value.as_dict()
    if is_dataclass(value) and not isinstance(value, type) and getattr(value, "plain", True):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return value  # an object the plain form keeps as it is (the search snapshot)


class PlainMapping(Mapping[str, Any]):
    """Read-only mapping access to a frozen dataclass, in the plain form (see the module doc).

    Subclasses say which keys they have (`plain_keys`) and may give a key a
    value of its own form (`plain_value`); by default a key reads its field.
    """

    __slots__ = ()

    def plain_keys(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self) if not f.name.startswith("_"))  # type: ignore[arg-type]

    def plain_value(self, key: str) -> Any:
        return plain(getattr(self, key))

    def as_dict(self) -> dict[str, Any]:
        """The whole record in the plain form (computed once)."""
        cached: dict[str, Any] | None = getattr(self, "_plain", None)
        if cached is None:
            cached = {key: self.plain_value(key) for key in self.plain_keys()}
            object.__setattr__(self, "_plain", cached)
        return cached

    def __getitem__(self, key: str) -> Any:
        return self.as_dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.as_dict())

    def __len__(self) -> int:
        return len(self.as_dict())
