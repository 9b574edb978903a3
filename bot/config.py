"""The process configuration, read from the environment (and `.env`) in one place.

Every setting is documented in `.env.example`. `Config.from_env` never
touches the process environment itself; `load_config` reads `.env` first
(python-dotenv, without overriding variables already set) and then the
environment.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from ipaddress import IPv4Network, IPv6Network
from pathlib import Path
from typing import Any

DEFAULT_DATABASE_PATH = Path("data/pinochle.db")
DEFAULT_TURN_SECONDS = 120
#: Seconds the `hard` computer player thinks per decision (1 s on the reference machine).
DEFAULT_AI_BUDGET = 1.0
#: Longer than this and a table would wait too long for each computer move.
MAX_AI_BUDGET = 10.0
#: More worker processes than this would only fight over the cores (and memory).
MAX_AI_WORKERS = 64
DEFAULT_WEB_HOST = "127.0.0.1"
DEFAULT_WEB_BASE_URL = "http://127.0.0.1:8080"
#: A shorter key would make the pages' tokens guessable offline from one known link.
MIN_WEB_SECRET = 16
DEFAULT_POOL_SIZE = 10
#: Connections one process may hold open to PostgreSQL (twice: a writing and a reading pool).
MAX_POOL_SIZE = 100
#: Discord allows far fewer shards than this to a bot that is not enormous.
MAX_SHARDS = 4096


def default_ai_workers() -> int:
    """One `hard` thinking process per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class ConfigError(ValueError):
    """A setting whose value cannot be used; the text names the variable."""


@dataclass(frozen=True)
class Config:
    """What the bot needs to start. `token` may be missing: local play needs none."""

    database_path: Path = DEFAULT_DATABASE_PATH
    token: str | None = None
    dev_guild_id: int | None = None
    turn_seconds: int = DEFAULT_TURN_SECONDS
    log_level: str = "INFO"
    ai_budget: float = DEFAULT_AI_BUDGET
    ai_workers: int = field(default_factory=default_ai_workers)
    #: The web pages: served beside the bot when a port is set.
    web_port: int | None = None
    web_host: str = DEFAULT_WEB_HOST
    #: The key of the pages' link tokens; without it no server can turn its pages on.
    web_secret: str | None = None
    #: Where people reach the pages (the links the bot gives start with it).
    web_base_url: str = DEFAULT_WEB_BASE_URL
    #: Reverse proxies whose X-Forwarded-For the pages' rate limit believes (none: the header is
    #: ignored, as anyone can send it).
    web_trusted_proxies: tuple[IPv4Network | IPv6Network, ...] = ()
    #: A `postgresql://` URL; when set it is the database and `database_path` only locates files
    #: kept beside it (the command-tree hash).
    database_url: str | None = None
    database_pool_size: int = DEFAULT_POOL_SIZE
    #: Shards of the whole bot (None: no sharding, one shard in this process).
    shard_count: int | None = None
    #: The shards this process runs (None: all of them).
    shard_ids: tuple[int, ...] | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Config:
        """Build settings from a mapping such as `os.environ`; empty values count as unset."""

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        return cls(
            database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            token=get("DISCORD_TOKEN"),
            dev_guild_id=_guild_id(get("DEV_GUILD_ID")),
            turn_seconds=_turn_seconds(get("TURN_SECONDS")),
            log_level=_log_level(get("LOG_LEVEL")),
            ai_budget=_ai_budget(get("AI_BUDGET")),
            ai_workers=_ai_workers(get("AI_WORKERS")),
            web_port=_web_port(get("WEB_PORT")),
            web_host=get("WEB_HOST") or DEFAULT_WEB_HOST,
            web_secret=_web_secret(get("WEB_SECRET")),
            web_base_url=_web_base_url(get("WEB_BASE_URL")),
            web_trusted_proxies=_trusted_proxies(get("WEB_TRUSTED_PROXIES")),
            database_url=_database_url(get("DATABASE_URL")),
            database_pool_size=_pool_size(get("DATABASE_POOL_SIZE")),
            **_shards(get("SHARD_COUNT"), get("SHARD_IDS"), get("DATABASE_URL")),
        )

    @property
    def database(self) -> str:
        """What `Store.open` is given: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or str(self.database_path)

    @property
    def syncs_commands(self) -> bool:
        """Only one process of a sharded bot syncs the command tree: the one running shard 0."""
        return self.shard_ids is None or 0 in self.shard_ids

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of `guild_id` (Discord's `(guild_id >> 22) % shards`)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

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
        raise ConfigError(f"{name} must be a whole number, not {value!r}") from None


def _guild_id(value: str | None) -> int | None:
    guild_id = _int_or_none("DEV_GUILD_ID", value)
    if guild_id is not None and guild_id <= 0:
        raise ConfigError(f"DEV_GUILD_ID must be a server id as Discord shows it, not {value!r}")
    return guild_id


#: LOG_LEVEL's values (.env.example names them).
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def _log_level(value: str | None) -> str:
    level = (value or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {value!r}")
    return level


def _turn_seconds(value: str | None) -> int:
    seconds = _int_or_none("TURN_SECONDS", value)
    if seconds is None:
        return DEFAULT_TURN_SECONDS
    if seconds < 0:
        raise ConfigError(f"TURN_SECONDS must be 0 (no timer) or more, not {seconds}")
    return seconds


def _ai_budget(value: str | None) -> float:
    if value is None:
        return DEFAULT_AI_BUDGET
    try:
        seconds = float(value)
    except ValueError:
        raise ConfigError(f"AI_BUDGET must be a number of seconds, not {value!r}") from None
    if not 0 < seconds <= MAX_AI_BUDGET:
        raise ConfigError(
            f"AI_BUDGET must be more than 0 and at most {MAX_AI_BUDGET:g} seconds, not {value}"
        )
    return seconds


def _ai_workers(value: str | None) -> int:
    if value is None:
        return default_ai_workers()
    try:
        workers = int(value)
    except ValueError:
        raise ConfigError(
            f"AI_WORKERS must be a whole number of processes, not {value!r}"
        ) from None
    if not 1 <= workers <= MAX_AI_WORKERS:
        raise ConfigError(
            f"AI_WORKERS must be at least 1 and at most {MAX_AI_WORKERS}, not {workers}"
        )
    return workers


def _web_port(value: str | None) -> int | None:
    if value is None:
        return None
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
        raise ConfigError(f"WEB_PORT must be a port number from 1 to 65535, not {value!r}")
    return int(value)


def _web_secret(value: str | None) -> str | None:
    if value is not None and len(value) < MIN_WEB_SECRET:
        raise ConfigError(
            f"WEB_SECRET must be at least {MIN_WEB_SECRET} characters long (a random string)"
        )
    return value


def _database_url(value: str | None) -> str | None:
    if value is not None and not value.startswith(("postgresql://", "postgres://")):
        # Only the scheme is shown: the rest may hold a password.
        scheme, sep, _ = value.partition("://")
        shown = f"{scheme!r}://…" if sep and "@" not in scheme else "something else"
        raise ConfigError(
            f"DATABASE_URL must be a postgresql:// URL, not {shown}"
            " (for a SQLite file set DATABASE_PATH)"
        )
    return value


def _web_base_url(value: str | None) -> str:
    if value is None:
        return DEFAULT_WEB_BASE_URL
    if not value.startswith(("http://", "https://")):
        raise ConfigError(f"WEB_BASE_URL must start with http:// or https://, not {value!r}")
    return value.rstrip("/")


def _trusted_proxies(value: str | None) -> tuple[IPv4Network | IPv6Network, ...]:
    """`WEB_TRUSTED_PROXIES`: addresses and networks separated by commas.

    A network with host bits set (`10.0.0.1/8`) is refused rather than widened:
    it is as likely a slip as meant, and trust is not to be guessed.
    """
    if value is None:
        return ()
    networks: list[IPv4Network | IPv6Network] = []
    for entry in (part.strip() for part in value.split(",")):
        try:
            networks.append(ipaddress.ip_network(entry))
        except ValueError as error:
            problem = f"{entry!r} is not one ({error})" if entry else "one entry is empty"
            raise ConfigError(
                "WEB_TRUSTED_PROXIES must list addresses or networks separated by commas, such as"
                f" 127.0.0.1, 10.0.0.0/8, ::1; {problem}"
            ) from None
    return tuple(networks)


def _pool_size(value: str | None) -> int:
    size = _int_or_none("DATABASE_POOL_SIZE", value)
    if size is None:
        return DEFAULT_POOL_SIZE
    if not 1 <= size <= MAX_POOL_SIZE:
        raise ConfigError(f"DATABASE_POOL_SIZE must be from 1 to {MAX_POOL_SIZE}, not {size}")
    return size


def _shards(count: str | None, ids: str | None, url: str | None) -> dict[str, Any]:
    """`SHARD_COUNT` and `SHARD_IDS` ("0,1" or "0-3"), checked together."""
    if count is None:
        if ids is not None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the shards of the whole bot)")
        return {}
    total = _int_or_none("SHARD_COUNT", count)
    assert total is not None
    if not 1 <= total <= MAX_SHARDS:
        raise ConfigError(f"SHARD_COUNT must be from 1 to {MAX_SHARDS}, not {total}")
    if ids is None:
        return {"shard_count": total}
    try:
        chosen: set[int] = set()
        for part in ids.split(","):
            low, _, high = part.strip().partition("-")
            chosen.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must list shard numbers such as 0,1 or 0-3, not {ids!r}"
        ) from None
    if not chosen or not all(0 <= shard < total for shard in chosen):
        raise ConfigError(f"SHARD_IDS must be shards from 0 to {total - 1}, not {ids!r}")
    if len(chosen) < total and url is None:
        raise ConfigError(
            "SHARD_IDS runs only some shards here, so the others need another process, and"
            " several processes need one shared database: set DATABASE_URL (PostgreSQL)"
        )
    return {"shard_count": total, "shard_ids": tuple(sorted(chosen))}


def load_config(dotenv_path: str | os.PathLike[str] | None = ".env") -> Config:
    """Read `.env` (if present) into the environment, then build the settings from it."""
    if dotenv_path is not None:
        from dotenv import load_dotenv

        load_dotenv(dotenv_path, override=False)
    return Config.from_env(os.environ)


def config_for_a_process() -> Config | None:
    """The settings of a long-running command (the bot, the web pages), its logging set up from
    them; None, with the reason printed, when one is malformed (the command then exits with 2)."""
    try:
        settings = load_config()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return None
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    quiet_voice_notices()
    return settings


class _NoVoiceNotice(logging.Filter):
    """Drops discord.py's start-up notices that voice is unsupported (PyNaCl, davey missing):
    the bot never joins a voice channel, so an operator has nothing to act on."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().endswith("voice will NOT be supported")


def quiet_voice_notices() -> None:
    """Filter those two records on the logger that writes them, leaving its other warnings."""
    logger = logging.getLogger("discord.client")
    if not any(isinstance(f, _NoVoiceNotice) for f in logger.filters):
        logger.addFilter(_NoVoiceNotice())
