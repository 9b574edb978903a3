"""The table service hands out frozen values only: no caller holds its live `Table`.

Every public method's return annotation names only frozen dataclasses, tuples, enums, read-only
mappings and plain values; and what a small game's calls return, walked to the bottom
(`tests.frozen_walk`), holds no list, dict or set, no thawed dataclass and no `Table`: the views
(a seat's search state included) and a text's parameters too. A refusal is an exception carrying
a catalog key, its parameters and a table id. A card is the engine's interned value.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any

from bot.game import Card, FrozenMap
from bot.game.errors import Refusal
from bot.tables import TableService, TableSnapshot
from tests.frozen_walk import PLAIN, frozen_class, thawed_in_value
from tests.tables.helpers import ALICE, BOB, open_table

#: Read-only interfaces (a snapshot's seats and options are read-only proxies behind them).
READ_ONLY = (Mapping, Sequence)


def thawed_in_annotation(hint: Any, seen: set[type] | None = None) -> list[str]:
    """The mutable types an annotation names, following frozen dataclasses' fields (the engine's
    views and results included)."""
    seen = set() if seen is None else seen
    origin = typing.get_origin(hint)
    if (
        hint is Any
        or hint in (*PLAIN, Card)
        or (isinstance(hint, type) and issubclass(hint, enum.Enum))
    ):
        return []
    if origin in (typing.Union, types.UnionType, tuple, Awaitable, typing.Literal, typing.ClassVar):
        if origin is typing.Literal or origin is typing.ClassVar:  # a value, or the class's own
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
    if isinstance(hint, type) and (frozen_class(hint) or _named_tuple(hint)):
        if hint in seen:
            return []
        seen.add(hint)
        fields = typing.get_type_hints(hint)
        return [
            f"{hint.__name__}.{name}: {bad}"
            for name, field in fields.items()
            for bad in thawed_in_annotation(field, seen)
        ]
    return [repr(hint)]


def _named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


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
    assert isinstance(before.seats, FrozenMap)
    try:
        before.seats[5] = before.seats[0]  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("a snapshot's seats took a write")
