"""Where a value handed out can still be changed, walked to the bottom (`thawed_in_value`).

Shared by the engine's views test and the table service's API test: both hold that what they
hand out is frozen all the way down, so a reader (a cog, a computer player, a worker process)
can never change what another reader sees.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from bot.game import Card, FrozenMap
from bot.game.errors import Refusal

PLAIN = (type(None), bool, int, float, str, bytes)
#: Read-only mappings: a snapshot's seats (a proxy nothing outside holds the dict behind) and the
#: engine's own frozen mapping.
READ_ONLY_MAPS = (FrozenMap,)


def frozen_class(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and params.frozen


def thawed_in_value(value: Any, path: str = "") -> list[str]:
    """Where in `value` something can be changed, walked to the bottom."""
    if isinstance(value, (*PLAIN, Card, enum.Enum)):  # a card: the engine's interned value
        return []
    if isinstance(value, Refusal):  # an error value: a key, its parameters, a table id
        return [] if isinstance(value.table_id, int | type(None)) else [f"{path}.table_id"]
    if isinstance(value, tuple | frozenset):
        return [
            bad for i, item in enumerate(value) for bad in thawed_in_value(item, f"{path}[{i}]")
        ]
    if isinstance(value, READ_ONLY_MAPS):
        return _walk_map(value, path)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not frozen_class(type(value)):
            return [f"{path}: {type(value).__name__} is not frozen"]
        return [
            bad
            for field in dataclasses.fields(value)
            for bad in thawed_in_value(getattr(value, field.name), f"{path}.{field.name}")
        ]
    return [f"{path}: {type(value).__name__}"]


def _walk_map(value: Mapping[Any, Any], path: str) -> list[str]:
    return [
        bad
        for key, item in value.items()
        for bad in thawed_in_value(key, f"{path} key {key!r}")
        + thawed_in_value(item, f"{path}[{key!r}]")
    ]
