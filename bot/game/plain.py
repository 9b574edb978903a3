"""The one JSON converter: engine records as plain text and numbers.

Views, events and results are dataclasses with typed fields (cards, suits,
actions, phases); code reads their attributes. `plain` turns any of them into the
JSON-ready form exports, the web replay and stored record texts use: cards and
actions as their texts, suits as symbols, plays as `[seat, card]`. A class may
shape its own form (`Plain`): which keys, and a key's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from .actions import Action
from .cards import Card


def plain(value: Any) -> Any:
    """`value` as JSON-like text and numbers."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card | Action):
        return str(value)
    if isinstance(value, Plain):
        return {key: value.plain_value(key) for key in value.plain_keys()}
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [plain(v) for v in items]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return value  # anything else is kept as it is


class Plain:
    """A dataclass whose plain form is not simply its fields: it names its keys (`plain_keys`)
    and may give a key a value of its own (`plain_value`); by default a key reads its field."""

    __slots__ = ()

    def plain_keys(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self))  # type: ignore[arg-type]

    def plain_value(self, key: str) -> Any:
        return plain(getattr(self, key))
