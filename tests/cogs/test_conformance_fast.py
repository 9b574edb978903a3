"""The fast yes (`tests.conformance.fast`) never says valid where jsonschema, the authority, says
not: on every body a short game sends, and on each of those bodies broken one field at a time
(a text too long, a number too large, a list too long, a value of the wrong kind)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from tests.cogs.sim import board_message
from tests.conformance import spec


def leaves(body: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, body
    if isinstance(body, dict):
        for key, value in body.items():
            yield from leaves(value, (*path, key))
    elif isinstance(body, list):
        for index, value in enumerate(body):
            yield from leaves(value, (*path, index))


def broken(value: Any) -> list[Any]:
    """Ways to break one value: too long, too large, too many, another kind."""
    if isinstance(value, str):
        return ["x" * 6001, 5]
    if isinstance(value, bool):
        return ["yes"]
    if isinstance(value, int):
        return [2**62, -(2**62), "five"]
    if isinstance(value, list):
        return [value * 40 if value else [None], "list"]
    if isinstance(value, dict):
        return [[value], {**value, "type": 999}]
    return [{}]


def mutants(body: Any, seen: set[tuple[Any, ...]]) -> Iterator[Any]:
    """`body` broken at each field once per field of its kind (every button's label is one
    field: jsonschema takes a while over each)."""
    for path, value in leaves(body):
        kind = tuple("*" if isinstance(step, int) else step for step in path)
        if kind in seen:
            continue
        seen.add(kind)
        for replacement in broken(value):
            if not path:
                yield replacement
                continue
            mutant = copy.deepcopy(body)
            node = mutant
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = replacement
            yield mutant


async def test_the_fast_yes_agrees_with_jsonschema_on_what_the_bot_sends(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.click(board_message(room.channel), label="Start")
    await room.bob.slash(room.channel, "pinochle hand")

    compared: set[str] = set()
    seen: dict[str, set[tuple[Any, ...]]] = {}
    for request in room.env.http_requests:
        route = spec.find_route(request.path)
        schema = route and spec.body_validator(route.template, request.method, "application/json")
        if schema is None or request.json is None or request.path.endswith("/commands"):
            continue
        compared.add(route.template)
        assert schema.fast(request.json) and schema.full.is_valid(request.json)
        for mutant in mutants(request.json, seen.setdefault(route.template, set())):
            assert schema.fast(mutant) == schema.full.is_valid(mutant), (route.template, mutant)
    assert len(compared) >= 3, compared
