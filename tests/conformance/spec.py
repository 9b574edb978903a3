"""Discord's published OpenAPI description (vendored beside this file, see SOURCE.md): which of its
routes a request path is, and whether a request body is one its request schema accepts.

The schemas are JSON Schema 2020-12; every `$ref` resolves over the whole document. A validator
is compiled once per route and method and kept for the session: the suite sends tens of
thousands of requests through a few dozen routes.

One rewrite keeps the meaning and saves most of the time: the spec writes each enumeration as a
`oneOf` of `const` alternatives (a title and description each), which a validator tries one by
one for every value; it becomes the `enum` of those constants.

Where the spec is stricter than Discord, and only there, it is loosened: a snowflake id is a
string in the spec, but discord.py sends some ids as JSON integers (an uploaded file's
`attachments[].id`, say) and Discord takes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.conformance.fast import Check, Compiler

SPEC_PATH = Path(__file__).with_name("openapi.json")
#: The vendored document's base URI: every internal `#/components/...` resolves against it.
SPEC_URI = "urn:discord-openapi"
#: The one place the spec is stricter than Discord: snowflakes may be JSON integers too.
SNOWFLAKE_TOLERANCE = {"type": "integer", "minimum": 0}


@dataclass(frozen=True)
class Route:
    """One path of the spec, with the operations it documents."""

    template: str
    segments: tuple[str, ...]
    operations: dict[str, Any]

    def literals(self) -> int:
        return sum(1 for segment in self.segments if not segment.startswith("{"))

    def matches(self, segments: list[str]) -> bool:
        return len(segments) == len(self.segments) and all(
            mine.startswith("{") or mine == theirs
            for mine, theirs in zip(self.segments, segments, strict=True)
        )

    def arguments(self, segments: list[str]) -> dict[str, str]:
        return {
            mine[1:-1]: theirs
            for mine, theirs in zip(self.segments, segments, strict=True)
            if mine.startswith("{")
        }


@dataclass(frozen=True)
class SchemaError:
    """Where a body breaks its schema: a JSON pointer, and the keyword with its bound."""

    pointer: str
    rule: str


def enumerations(node: Any) -> Any:
    """`node` with every `oneOf` of distinct constants written as an `enum` of them."""
    if isinstance(node, list):
        return [enumerations(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: enumerations(value) for key, value in node.items()}
    alternatives = node.get("oneOf")
    if (
        isinstance(alternatives, list)
        and alternatives
        and all(
            isinstance(one, dict)
            and "const" in one
            and set(one) <= {"const", "title", "description"}
            for one in alternatives
        )
    ):
        constants = [one["const"] for one in alternatives]
        if len({json.dumps(constant) for constant in constants}) == len(constants):
            del node["oneOf"]
            node["enum"] = constants
    return node


@cache
def document() -> dict[str, Any]:
    spec: dict[str, Any] = enumerations(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
    schemas = spec["components"]["schemas"]
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], SNOWFLAKE_TOLERANCE]}
    return spec


@cache
def routes() -> tuple[Route, ...]:
    return tuple(
        Route(template, tuple(template.strip("/").split("/")), operations)
        for template, operations in document()["paths"].items()
    )


@cache
def registry() -> Registry:  # type: ignore[type-arg]
    resource = Resource.from_contents(document(), default_specification=DRAFT202012)
    return Registry().with_resource(SPEC_URI, resource)


@lru_cache(maxsize=4096)
def find_route(path: str) -> Route | None:
    """The spec's route for a concrete path: the one with the most literal segments wins, as
    `/messages/@original` beats `/messages/{message_id}`."""
    segments = path.strip("/").split("/")
    found = [route for route in routes() if route.matches(segments)]
    return max(found, key=Route.literals, default=None)


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer(parts: Any) -> str:
    return "".join(f"/{escape(str(part))}" for part in parts)


@dataclass(frozen=True)
class BodySchema:
    """One operation's request schema, compiled twice: `fast` says only whether a body is
    valid (`tests.conformance.fast`), `full` (jsonschema) is the authority and names the field."""

    fast: Check
    full: Draft202012Validator
    #: A query parameter that is a boolean (its text is read as Discord reads it).
    boolean: bool = False


@cache
def compiler() -> Compiler:
    return Compiler(document())


@cache
def body_validator(template: str, method: str, media: str) -> BodySchema | None:
    """The compiled request schema of one operation, or None if it documents no body."""
    operation = document()["paths"][template].get(method.lower())
    content = operation.get("requestBody", {}).get("content", {}) if operation else {}
    if media not in content:
        return None
    where = pointer(["paths", template, method.lower(), "requestBody", "content", media, "schema"])
    full = Draft202012Validator({"$ref": f"{SPEC_URI}#{where}"}, registry=registry())
    return BodySchema(compiler().compile(content[media]["schema"]), full)


@cache
def query_schemas(template: str, method: str) -> dict[str, BodySchema]:
    """The query parameters an operation documents (its path's and its own), each compiled."""
    path = document()["paths"][template]
    places = [("paths", template), ("paths", template, method.lower())]
    schemas = {}
    for place in places:
        node = path if len(place) == 2 else path.get(method.lower(), {})
        for index, parameter in enumerate(node.get("parameters", ())):
            if parameter.get("in") == "query":
                where = pointer([*place, "parameters", index, "schema"])
                full = Draft202012Validator({"$ref": f"{SPEC_URI}#{where}"}, registry=registry())
                fast = compiler().compile(parameter["schema"])
                boolean = parameter["schema"].get("type") == "boolean"
                schemas[parameter["name"]] = BodySchema(fast, full, boolean)
    return schemas


#: Discord's spellings of a boolean in a query string ("Boolean Query Strings",
#: https://discord.com/developers/docs/reference#boolean-query-strings); discord.py sends 1 and 0.
QUERY_BOOLEANS = {"True": True, "true": True, "1": True, "False": False, "false": False, "0": False}


def query_value(value: Any, schema: BodySchema) -> Any:
    """A query string's value as the JSON its schema describes: a boolean in any of Discord's
    spellings, a whole number as the number."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if schema.boolean:
        return QUERY_BOOLEANS.get(text, text)
    return int(text) if text.lstrip("-").isdigit() else text


def body_required(template: str, method: str) -> bool:
    operation = document()["paths"][template].get(method.lower(), {})
    return bool(operation.get("requestBody", {}).get("required"))


def schema_errors(schema: BodySchema, body: Any) -> list[SchemaError]:
    """The most telling error of the body (the deepest one, through unions), if any."""
    if schema.fast(body):
        return []
    errors = [telling(error) for error in schema.full.iter_errors(body)]
    if not errors:
        return []
    error = max(errors, key=lambda error: len(error.absolute_path))
    return [SchemaError(pointer(error.absolute_path), rule(error))]


def telling(error: ValidationError) -> ValidationError:
    """Under a union (`anyOf`, `oneOf`), the error of the alternative the value meant to be.

    Discord's unions are told apart by a discriminator (an option's or a component's `type`, a
    `null`): an alternative whose discriminator does not match is not the one meant. Of the
    rest, one whose errors are all bounds (not a JSON type deep inside: an integer choice
    against the string alternative) with the fewest errors; in it, the deepest error.
    """
    if not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [subs for subs in branches.values() if not any(map(discriminates, subs))]
    told = [[telling(sub) for sub in subs] for subs in meant or list(branches.values())]
    chosen = min(told, key=lambda subs: (any(sub.validator == "type" for sub in subs), len(subs)))
    return max(chosen, key=lambda sub: len(sub.absolute_path))


def discriminates(error: ValidationError) -> bool:
    """The value is of another kind than this alternative: its `type` field or its JSON type."""
    own_kind = error.validator in ("enum", "const") and len(error.relative_path) == 1
    return own_kind or (error.validator == "type" and not error.relative_path)


def rule(error: ValidationError) -> str:
    """The schema keyword the value broke, with its bound: `maxLength 100`, `maximum 9007199254740991`."""
    bound = error.validator_value
    if isinstance(bound, dict | list) and error.validator in ("anyOf", "oneOf", "allOf"):
        return f"{error.validator} (no alternative accepts it)"
    if error.validator == "$ref":
        return f"$ref {bound}"
    return f"{error.validator} {json.dumps(bound, ensure_ascii=False)}"


@cache
def locales() -> frozenset[str]:
    """Discord's locales, from the spec's own list."""
    return frozenset(document()["components"]["schemas"]["AvailableLocalesEnum"]["enum"])
