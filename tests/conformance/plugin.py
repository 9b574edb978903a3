"""Every request a SimCord test makes, held to Discord (`tests.conformance.check`).

SimCord's HTTP client and its webhook adapter (interaction responses and follow-ups) both send
every request through one function, `simcord.http.router.dispatch`; `install` wraps it. A body
Discord would refuse is refused as Discord refuses it (400, code 50035, its `errors` naming the
field), so the bot meets the refusal it would meet in a real server; a missed token deadline
goes on to SimCord, which answers as Discord does (unknown interaction). Either way the
violation is kept for the test that caused it, which then fails (`tests/conftest.py`) unless it
takes the violations it planted (`Recorder.take`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.types import HttpLogEntry

from tests.conformance import spec, timing
from tests.conformance.check import Violation, check_request, discord_errors

#: Discord's code for a body it refuses ("Invalid Form Body").
INVALID_FORM_BODY = 50035


class Recorder:
    """The violations of the running test."""

    def __init__(self) -> None:
        self.violations: list[Violation] = []

    def take(self) -> list[Violation]:
        """The violations so far, which the test has now answered for."""
        taken, self.violations = self.violations, []
        return taken


RECORDER = Recorder()


def deadline_violations(backend: Any, method: str, path: str) -> list[Violation]:
    """The interaction deadline a request through an interaction's token misses, if any."""
    route = spec.find_route(path)
    if route is None:
        return []
    late = timing.token_breach(backend, route.template, route.arguments(path.strip("/").split("/")))
    return [Violation(method, route.template, "", *late)] if late else []


def conforming(dispatch: Callable[..., Any]) -> Callable[..., Any]:
    """SimCord's `dispatch`, with each request checked first and its violations kept."""

    def checked(backend: Any, method: str, path: str, **request: Any) -> Any:
        body, files = request.get("json"), len(request.get("files") or ())
        refused = check_request(method, path, body, files, request.get("params"))
        RECORDER.violations += refused + deadline_violations(backend, method, path)
        if refused:
            params = copy.deepcopy(request.get("params") or {})
            entry = HttpLogEntry(method, path, params, copy.deepcopy(body), request.get("reason"))
            backend.http_requests.append(entry)
            errors = discord_errors(refused)
            raise BackendError(400, INVALID_FORM_BODY, "Invalid Form Body", errors=errors)
        return dispatch(backend, method, path, **request)

    checked.wrapped = dispatch  # type: ignore[attr-defined]
    return checked


def install() -> None:
    """Wrap SimCord's router for the rest of the process (once)."""
    if not hasattr(router.dispatch, "wrapped"):
        router.dispatch = conforming(router.dispatch)
