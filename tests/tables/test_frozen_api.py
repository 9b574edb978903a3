"""The table service hands out frozen values only: no caller holds its live `Table`.

Every public method's return annotation names only frozen dataclasses, tuples, enums and plain
values; and what a small game's calls return, walked to the bottom, holds no list, dict or set,
no thawed dataclass and no `Table`. Two parts are the engine's own and checked as far as they go:
its views (`PublicView`, `SeatView`: frozen dataclasses whose face-up cards are kept by seat in a
dict, and a seat's search state), a text's parameters, and a refusal (an exception carrying a
catalog key, its parameters and a table id). A card is the engine's interned value.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import types
import typing
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any

from bot.game import Card, PublicView
from bot.game.errors import Refusal
from bot.tables import TableService, TableSnapshot
from bot.tables.model import Table
from bot.tables.outcome import Text
from tests.tables.helpers import ALICE, BOB, open_table

PLAIN = (type(None), bool, int, float, str, bytes)
#: Read-only interfaces (a snapshot's seats and options are read-only proxies behind them).
READ_ONLY = (Mapping, Sequence)


def _frozen_class(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and params.frozen


def thawed_in_annotation(hint: Any, seen: set[type] | None = None) -> list[str]:
    """The mutable types an annotation names, following frozen dataclasses' fields (not the
    engine's: its views and results are its own)."""
    seen = set() if seen is None else seen
    origin = typing.get_origin(hint)
    if (
        hint is Any
        or hint in (*PLAIN, Card)
        or (isinstance(hint, type) and issubclass(hint, enum.Enum))
    ):
        return []
    if origin in (typing.Union, types.UnionType, tuple, Awaitable, typing.Literal):
        if origin is typing.Literal:
            return []
        return [
            bad
            for arg in typing.get_args(hint)
            if arg is not ...
            for bad in thawed_in_annotation(arg, seen)
        ]
    if origin is not None and isinstance(origin, type) and issubclass(origin, READ_ONLY):
        return [bad for arg in typing.get_args(hint) for bad in thawed_in_annotation(arg, seen)]
    if isinstance(hint, type) and issubclass(hint, Refusal):
        return []
    if isinstance(hint, type) and _frozen_class(hint):
        if hint in seen or hint.__module__.startswith("bot.game"):
            return []
        seen.add(hint)
        fields = typing.get_type_hints(hint)
        return [
            f"{hint.__name__}.{name}: {bad}"
            for name, field in fields.items()
            for bad in thawed_in_annotation(field, seen)
        ]
    return [repr(hint)]


def test_every_public_method_of_the_service_is_annotated_to_return_frozen_types():
    methods = [
        (name, member)
        for name, member in inspect.getmembers(TableService, inspect.isfunction)
        if not name.startswith("_")
    ]
    assert len(methods) > 20
    thawed = {
        name: bad
        for name, method in methods
        if (bad := thawed_in_annotation(typing.get_type_hints(method).get("return")))
    }
    assert thawed == {}


def thawed_in_value(value: Any, path: str = "") -> list[str]:
    """Where in `value` something can be changed, walked to the bottom."""
    if isinstance(value, Table):
        return [f"{path}: the live table"]
    if isinstance(value, (*PLAIN, Card, enum.Enum)):  # a card: the engine's interned value
        return []
    if isinstance(value, Refusal):  # an error value: a key, its parameters, a table id
        return [] if isinstance(value.table_id, int | type(None)) else [f"{path}.table_id"]
    if isinstance(value, tuple | frozenset):
        return [
            bad for i, item in enumerate(value) for bad in thawed_in_value(item, f"{path}[{i}]")
        ]
    if isinstance(value, types.MappingProxyType):
        return [bad for k, item in value.items() for bad in thawed_in_value(item, f"{path}[{k}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not _frozen_class(type(value)):
            return [f"{path}: {type(value).__name__} is not frozen"]
        if isinstance(value, PublicView | Text):  # the engine's view; a text's parameters
            return []
        return [
            bad
            for field in dataclasses.fields(value)
            for bad in thawed_in_value(getattr(value, field.name), f"{path}.{field.name}")
        ]
    return [f"{path}: {type(value).__name__}"]


async def test_what_a_game_through_the_service_returns_is_frozen_to_the_bottom(service):
    table = await open_table(service)
    answers: dict[str, Any] = {
        "join": await service.join(table.id, BOB),
        "start": await service.start(table.id, ALICE),
        "table": service.table(table.id),
        "table_in": service.table_in(table.channel_id),
        "tables": service.tables(),
        "known_table": service.known_table(table.id),
    }
    seat = service.table(table.id).to_act
    person = ALICE if table.seats[seat].user_id == ALICE.user_id else BOB
    hand = await service.hand(table.id, person.user_id)
    answers["hand"] = hand
    answers["legal_for"] = await service.legal_for(table.id, person.user_id)
    answers["press"] = await service.press(table.id, person, 0, hand.version)
    answers["stale_press"] = await service.press(table.id, person, 0, hand.version)
    answers["cancel"] = await service.cancel(table.id, ALICE)
    assert isinstance(answers["table"], TableSnapshot)
    assert answers["stale_press"].refused is not None  # a refusal rides along too
    thawed = {name: bad for name, answer in answers.items() if (bad := thawed_in_value(answer))}
    assert thawed == {}


async def test_a_snapshot_does_not_change_with_the_table_nor_does_a_refusal_carry_it(service):
    table = await open_table(service)
    before = service.table(table.id)
    await service.join(table.id, BOB)
    assert len(before.seats) == 1 and len(service.table(table.id).seats) == 2
    try:
        await service.join(table.id, BOB)
    except Refusal as refusal:
        assert refusal.table_id == table.id and not hasattr(refusal, "table")
    else:
        raise AssertionError("a second seat for Bob")
    assert isinstance(before.seats, types.MappingProxyType)
    try:
        before.seats[5] = before.seats[0]  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("a snapshot's seats took a write")
