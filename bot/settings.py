"""The bot's settings, read from the environment (and `.env`) in one place.

Every setting is documented in `.env.example`. `Settings.from_env` never
touches the process environment itself; `load_settings` reads `.env` first
(python-dotenv, without overriding variables already set) and then the
environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_PATH = Path("data/pinochle.db")
DEFAULT_TURN_SECONDS = 120
#: Seconds the `hard` computer player thinks per decision (1 s on the reference machine).
DEFAULT_AI_BUDGET = 1.0
#: Longer than this and a table would wait too long for each computer move.
MAX_AI_BUDGET = 10.0
#: More worker processes than this would only fight over the cores (and memory).
MAX_AI_WORKERS = 64


def default_ai_workers() -> int:
    """One `hard` thinking process per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class SettingsError(ValueError):
    """A setting whose value cannot be used; the text names the variable."""


@dataclass(frozen=True)
class Settings:
    """What the bot needs to start. `token` may be missing: local play needs none."""

    database_path: Path = DEFAULT_DATABASE_PATH
    token: str | None = None
    dev_guild_id: int | None = None
    turn_seconds: int = DEFAULT_TURN_SECONDS
    log_level: str = "INFO"
    ai_budget: float = DEFAULT_AI_BUDGET
    ai_workers: int = field(default_factory=default_ai_workers)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Build settings from a mapping such as `os.environ`; empty values count as unset."""

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        return cls(
            database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            token=get("DISCORD_TOKEN"),
            dev_guild_id=_int_or_none("DEV_GUILD_ID", get("DEV_GUILD_ID")),
            turn_seconds=_turn_seconds(get("TURN_SECONDS")),
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            ai_budget=_ai_budget(get("AI_BUDGET")),
            ai_workers=_ai_workers(get("AI_WORKERS")),
        )

    @property
    def data_dir(self) -> Path:
        """Where files beside the database live (the command-tree hash, for one)."""
        return self.database_path.parent


def _int_or_none(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise SettingsError(f"{name} must be a number (a Discord id), not {value!r}") from None


def _turn_seconds(value: str | None) -> int:
    seconds = _int_or_none("TURN_SECONDS", value)
    if seconds is None:
        return DEFAULT_TURN_SECONDS
    if seconds < 0:
        raise SettingsError(f"TURN_SECONDS must be 0 (no timer) or more, not {seconds}")
    return seconds


def _ai_budget(value: str | None) -> float:
    if value is None:
        return DEFAULT_AI_BUDGET
    try:
        seconds = float(value)
    except ValueError:
        raise SettingsError(f"AI_BUDGET must be a number of seconds, not {value!r}") from None
    if not 0 < seconds <= MAX_AI_BUDGET:
        raise SettingsError(
            f"AI_BUDGET must be more than 0 and at most {MAX_AI_BUDGET:g} seconds, not {value}"
        )
    return seconds


def _ai_workers(value: str | None) -> int:
    if value is None:
        return default_ai_workers()
    try:
        workers = int(value)
    except ValueError:
        raise SettingsError(
            f"AI_WORKERS must be a whole number of processes, not {value!r}"
        ) from None
    if not 1 <= workers <= MAX_AI_WORKERS:
        raise SettingsError(
            f"AI_WORKERS must be at least 1 and at most {MAX_AI_WORKERS}, not {workers}"
        )
    return workers


def load_settings(dotenv_path: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read `.env` (if present) into the environment, then build the settings from it."""
    if dotenv_path is not None:
        from dotenv import load_dotenv

        load_dotenv(dotenv_path, override=False)
    return Settings.from_env(os.environ)
