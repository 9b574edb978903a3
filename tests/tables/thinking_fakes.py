"""Stand-in players for the thinking pool's workers (module level, so a spawned worker can load them).

`alive(pid)` tells whether a worker process still exists.

Each has the signature of `bot.ai.thinking.decide`. A `hard` decision is the
one that goes to a worker; these answer it with the first legal action, and any
other level (the in-process lane, and the easy fallback) with the last one, so a
test can tell who decided.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from bot.game import Action


def slow(level: str, view: dict[str, Any], legal: list[Action], seed: int, budget: float) -> Action:
    """A `hard` decision sleeps `view["think"]` seconds, a stand-in for a search."""
    if level == "hard":
        time.sleep(view.get("think", 0.05))
        return legal[0]
    return legal[-1]


def budget_echo(
    level: str, view: dict[str, Any], legal: list[Action], seed: int, budget: float
) -> Action:
    """Answers with the budget the decision was given, in microseconds, as a bid (`budget_of`)."""
    return Action("bid", amount=round(budget * 1e6))


def budget_of(answer: Action) -> float:
    """The budget in seconds that `budget_echo` answered with."""
    assert answer.amount is not None
    return answer.amount / 1e6


def crashing(
    level: str, view: dict[str, Any], legal: list[Action], seed: int, budget: float
) -> Action:
    """A `hard` decision kills its process: always (`view["crash"] == "always"`), or only the
    first time (`view["crash"] == "once"`, remembered in the file `view["marker"]`)."""
    if level != "hard":
        return legal[-1]
    if view.get("crash") == "always":
        os._exit(3)
    if view.get("crash") == "once" and not Path(view["marker"]).exists():
        Path(view["marker"]).touch()
        os._exit(3)
    return legal[0]


def raising(
    level: str, view: dict[str, Any], legal: list[Action], seed: int, budget: float
) -> Action:
    """A `hard` player with a bug."""
    if level == "hard":
        raise ValueError("no idea")
    return legal[-1]


def hanging(
    level: str, view: dict[str, Any], legal: list[Action], seed: int, budget: float
) -> Action:
    """A `hard` player stuck in a loop for `view["hang"]` seconds."""
    if level != "hard":
        return legal[-1]
    time.sleep(view.get("hang", 0))
    return legal[0]


def alive(pid: int) -> bool:
    """Whether process `pid` exists (a reaped worker does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
