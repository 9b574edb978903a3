"""A fast yes for the common case: a body the spec accepts.

`jsonschema` is the authority (JSON Schema 2020-12, and its errors name the field), but it
interprets the schema anew for every value, too slowly for the tens of thousands of bodies the
suite sends (docs/discord-budget.md has the figures). This compiles one schema into nested Python functions that
answer only "valid or not", for exactly the keywords Discord's description uses. A body they
accept is valid; anything else goes to `jsonschema`, which says what is wrong (or, if these
functions were wrong, that nothing is). A keyword not listed here compiles to "not valid", so an
unknown keyword can only cost time, never let a bad body through.

Annotations (`title`, `description`, `format`, `contentEncoding`, `x-…`) assert nothing in
2020-12, as `jsonschema` treats them by default.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]
ANNOTATIONS = frozenset({"title", "description", "format", "contentEncoding", "default"})
JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda value: value is None,
    "boolean": lambda value: isinstance(value, bool),
    "string": lambda value: isinstance(value, str),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
    "number": lambda value: isinstance(value, int | float) and not isinstance(value, bool),
    "integer": lambda value: (
        (isinstance(value, int) and not isinstance(value, bool))
        or (isinstance(value, float) and value.is_integer())
    ),
}


def same(one: Any, other: Any) -> bool:
    """JSON equality: `true` is not `1`, `1` is `1.0`."""
    if isinstance(one, bool) or isinstance(other, bool):
        return type(one) is type(other) and one == other
    if isinstance(one, list) and isinstance(other, list):
        return len(one) == len(other) and all(map(same, one, other))
    if isinstance(one, dict) and isinstance(other, dict):
        return one.keys() == other.keys() and all(same(one[key], other[key]) for key in one)
    if isinstance(one, list | dict) or isinstance(other, list | dict):
        return False
    return bool(one == other)


class Compiler:
    """Compiles the schemas of one document, each once (`$ref` cycles included)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.compiled: dict[int, Check] = {}

    def resolve(self, reference: str) -> Any:
        """A reference within the document (`#/components/schemas/...`, all the spec has)."""
        address, _, fragment = reference.partition("#")
        if address:
            raise ValueError(f"a reference outside the document: {reference}")
        node: Any = self.document
        for part in [p for p in fragment.split("/") if p]:
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False or not isinstance(schema, dict):
            return lambda value: False
        known = self.compiled.get(id(schema))
        if known is not None:
            return known
        checks: list[Check] = []

        def check(value: Any) -> bool:
            for one in checks:
                if not one(value):
                    return False
            return True

        self.compiled[id(schema)] = check  # before the children: a `$ref` may lead back here
        # The JSON type first: most values of the wrong alternative of a union fail it at once.
        keys = sorted(schema, key=lambda key: key != "type")
        checks += [
            self.keyword(schema, key, schema[key])
            for key in keys
            if key not in ANNOTATIONS and not key.startswith("x-")
        ]
        return check

    def keyword(self, schema: dict[str, Any], key: str, bound: Any) -> Check:
        method = getattr(self, "k_" + key.lstrip("$"), None)
        if method is None:
            return lambda value: False
        check: Check = method(bound, schema)
        return check

    def kinds(self, schema: Any) -> frozenset[Any] | None:
        """The values of `type` an object alternative requires (a component's or an option's
        kind), if it requires one: a value of another kind cannot be valid under it."""
        while isinstance(schema, dict) and set(schema) - ANNOTATIONS == {"$ref"}:
            schema = self.resolve(schema["$ref"])
        if not isinstance(schema, dict) or "type" not in schema.get("required", ()):
            return None
        kind = schema.get("properties", {}).get("type", {})
        values = kind.get("enum", [kind["const"]] if "const" in kind else None)
        if not values or not all(
            isinstance(v, int | str) and not isinstance(v, bool) for v in values
        ):
            return None
        return frozenset(values)

    def union(self, bound: list[Any]) -> Callable[[Any], list[Check]]:
        """The alternatives a value could satisfy: for an object with a `type`, only those whose
        required kind it is (and those that require none)."""
        subs = [self.compile(sub) for sub in bound]
        kinds = [self.kinds(sub) for sub in bound]
        if any(kind is None for kind in kinds):
            return lambda value: subs
        table: dict[Any, list[Check]] = {}
        for sub, kind in zip(subs, kinds, strict=True):
            for value in kind or ():
                table.setdefault(value, []).append(sub)

        def candidates(value: Any) -> list[Check]:
            kind = value.get("type") if isinstance(value, dict) else None
            if isinstance(kind, int | str) and not isinstance(kind, bool):
                return table.get(kind, [])
            return subs

        return candidates

    def k_ref(self, bound: str, schema: dict[str, Any]) -> Check:
        target: dict[int, Check] = {}

        def check(value: Any) -> bool:
            if not target:
                target[0] = self.compile(self.resolve(bound))
            return target[0](value)

        return check

    def k_type(self, bound: str | list[str], schema: dict[str, Any]) -> Check:
        kinds = [JSON_TYPES[kind] for kind in ([bound] if isinstance(bound, str) else bound)]
        return lambda value: any(kind(value) for kind in kinds)

    def k_enum(self, bound: list[Any], schema: dict[str, Any]) -> Check:
        if all(isinstance(choice, int | str) and not isinstance(choice, bool) for choice in bound):
            choices = frozenset(bound)
            return lambda value: (
                (isinstance(value, int | str) and not isinstance(value, bool) and value in choices)
                or any(same(value, choice) for choice in bound)
            )
        return lambda value: any(same(value, choice) for choice in bound)

    def k_const(self, bound: Any, schema: dict[str, Any]) -> Check:
        return lambda value: same(value, bound)

    def k_properties(self, bound: dict[str, Any], schema: dict[str, Any]) -> Check:
        checks = {name: self.compile(sub) for name, sub in bound.items()}
        return lambda value: (
            not isinstance(value, dict)
            or all(checks[name](item) for name, item in value.items() if name in checks)
        )

    def k_additionalProperties(self, bound: Any, schema: dict[str, Any]) -> Check:
        named = set(schema.get("properties", {}))
        sub = self.compile(bound)
        return lambda value: (
            not isinstance(value, dict)
            or all(sub(item) for name, item in value.items() if name not in named)
        )

    def k_required(self, bound: list[str], schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, dict) or all(name in value for name in bound)

    def k_items(self, bound: Any, schema: dict[str, Any]) -> Check:
        sub = self.compile(bound)
        return lambda value: not isinstance(value, list) or all(map(sub, value))

    def k_uniqueItems(self, bound: bool, schema: dict[str, Any]) -> Check:
        def unique(value: Any) -> bool:
            if not bound or not isinstance(value, list):
                return True
            return not any(same(a, b) for i, a in enumerate(value) for b in value[i + 1 :])

        return unique

    def k_oneOf(self, bound: list[Any], schema: dict[str, Any]) -> Check:
        candidates = self.union(bound)
        return lambda value: sum(1 for sub in candidates(value) if sub(value)) == 1

    def k_anyOf(self, bound: list[Any], schema: dict[str, Any]) -> Check:
        candidates = self.union(bound)
        return lambda value: any(sub(value) for sub in candidates(value))

    def k_allOf(self, bound: list[Any], schema: dict[str, Any]) -> Check:
        subs = [self.compile(sub) for sub in bound]
        return lambda value: all(sub(value) for sub in subs)

    def k_pattern(self, bound: str, schema: dict[str, Any]) -> Check:
        pattern = re.compile(bound)
        return lambda value: not isinstance(value, str) or pattern.search(value) is not None

    def k_minLength(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, str) or len(value) >= bound

    def k_maxLength(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, str) or len(value) <= bound

    def k_minItems(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, list) or len(value) >= bound

    def k_maxItems(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, list) or len(value) <= bound

    def k_minProperties(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, dict) or len(value) >= bound

    def k_maxProperties(self, bound: int, schema: dict[str, Any]) -> Check:
        return lambda value: not isinstance(value, dict) or len(value) <= bound

    def k_minimum(self, bound: float, schema: dict[str, Any]) -> Check:
        return lambda value: not JSON_TYPES["number"](value) or value >= bound

    def k_maximum(self, bound: float, schema: dict[str, Any]) -> Check:
        return lambda value: not JSON_TYPES["number"](value) or value <= bound
