"""One request held to Discord: its body against the route's request schema in the vendored
OpenAPI description (`tests.conformance.spec`), then against the documented limits the spec
leaves out (`tests.conformance.limits`), then the interaction token's deadlines
(`tests.conformance.timing`). A violation names the route, the JSON pointer and the rule."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tests.conformance import limits, spec
from tests.conformance.limits import Breach, Checker

#: How many distinct bodies' verdicts are kept.
BODIES_KEPT = 4096
#: No route in Discord's description has this path.
UNKNOWN_ROUTE = "a route of Discord's API (the path matches none in the spec)"
UNKNOWN_QUERY = "a query parameter the operation documents"
NO_BODY = "no body: the operation documents none"
BODY_REQUIRED = "a body: the operation requires one"


@dataclass(frozen=True)
class Violation:
    """A request Discord would refuse (or a rule it would hold the bot to)."""

    method: str
    route: str
    pointer: str
    rule: str
    detail: str = ""

    def __str__(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.method} {self.route}: {self.pointer or '/'} breaks {self.rule}{detail}"


def interaction_message(body: Any, base: str, files: int) -> Iterator[Breach]:
    """An interaction response that is a message (sent, deferred or an update) carries it in `data`."""
    if isinstance(body, dict) and body.get("type") in (4, 5, 7):
        yield from limits.message_breaches(body.get("data"), f"{base}/data", files)


def forum_post(body: Any, base: str, files: int) -> Iterator[Breach]:
    if isinstance(body, dict):
        yield from limits.message_breaches(body.get("message"), f"{base}/message", files)


def one_command(body: Any, base: str, files: int) -> Iterator[Breach]:
    yield from limits.command_breaches(body, base)


def bulk_commands(body: Any, base: str, files: int) -> Iterator[Breach]:
    yield from limits.commands_breaches(body, base)


#: The documented limits each operation's body is held to, beyond its schema.
CHECKERS: dict[tuple[str, str], Checker] = {
    ("POST", "/channels/{channel_id}/messages"): limits.message_breaches,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): limits.message_breaches,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): limits.message_breaches,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): limits.message_breaches,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): (
        limits.message_breaches
    ),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): interaction_message,
    ("POST", "/channels/{channel_id}/threads"): forum_post,
    ("PUT", "/applications/{application_id}/commands"): bulk_commands,
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): bulk_commands,
    ("POST", "/applications/{application_id}/commands"): one_command,
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"): one_command,
    ("PATCH", "/applications/{application_id}/commands/{command_id}"): one_command,
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"): (
        one_command
    ),
}


def check_request(
    method: str, path: str, body: Any, files: int = 0, query: dict[str, Any] | None = None
) -> list[Violation]:
    """What in one request (its path, its query, its JSON body or `payload_json`, how many
    files it uploads) Discord's description and documentation refuse."""
    route = spec.find_route(path)
    if route is None:
        return [Violation(method, path, "", UNKNOWN_ROUTE)]
    text = json.dumps(body, sort_keys=True, ensure_ascii=False)
    found = list(query_violations(route.template, method, query or {}))
    return found + list(checked_body(route.template, method, text, files))


def query_violations(template: str, method: str, query: dict[str, Any]) -> Iterator[Violation]:
    """Each query parameter is one the operation documents, with a value its schema takes."""
    documented = spec.query_schemas(template, method)
    for name, value in query.items():
        schema = documented.get(name)
        if schema is None:
            yield Violation(method, template, f"?{name}", UNKNOWN_QUERY)
            continue
        for error in spec.schema_errors(schema, spec.query_value(value, schema)):
            yield Violation(method, template, f"?{name}{error.pointer}", f"the spec's {error.rule}")


@lru_cache(maxsize=BODIES_KEPT)
def checked_body(template: str, method: str, text: str, files: int) -> tuple[Violation, ...]:
    """A body's verdict, kept: a suite sends the same body many times (every test's bot uploads
    the same command tree; the same refusal, the same lobby board)."""
    return tuple(body_violations(template, method, json.loads(text), files))


def body_violations(template: str, method: str, body: Any, files: int) -> Iterator[Violation]:
    media = ("multipart/form-data", "application/json") if files else ("application/json",)
    validator = next(
        (v for m in media if (v := spec.body_validator(template, method, m)) is not None), None
    )
    if validator is None and body not in (None, {}):
        yield Violation(method, template, "", NO_BODY)
        return
    if body is None:
        if spec.body_required(template, method):
            yield Violation(method, template, "", BODY_REQUIRED)
        return
    if validator is not None:
        for error in spec.schema_errors(validator, body):
            yield Violation(method, template, error.pointer, f"the spec's {error.rule}")
    checker = CHECKERS.get((method, template))
    if checker is not None:
        for breach in checker(body, "", files):
            rule = f"{breach.limit.rule} [{breach.limit.page}]"
            yield Violation(method, template, breach.pointer, rule, breach.detail)


def discord_errors(violations: list[Violation]) -> dict[str, Any]:
    """The violations as Discord's own 400 body names them (`errors`, nested by field), so the
    bot reads the refusal as it would read Discord's."""
    errors: dict[str, Any] = {}
    for violation in violations:
        node = errors
        for part in [p for p in violation.pointer.split("/")[1:] if p]:
            node = node.setdefault(part.replace("~1", "/").replace("~0", "~"), {})
        message = {"code": "CONFORMANCE", "message": f"{violation.rule} {violation.detail}".strip()}
        node.setdefault("_errors", []).append(message)
    return errors
