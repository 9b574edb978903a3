"""The query layer both backends share: one SQL text, written for SQLite, run on either.

Queries are written once with SQLite's placeholders (`?` in order, or `:name`
with a dict) in SQL both dialects accept. PostgreSQL (asyncpg) numbers its
placeholders (`$1`, `$2`, …), so `to_numbered` rewrites a query and its
parameters for it. Where the dialects really differ (JSON aggregation, say), a
query names both texts with `per_dialect(db, sqlite=..., postgres=...)`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final, Literal, Protocol

from .errors import StoreOpenError
from .urls import safe_url

Dialect = Literal["sqlite", "postgres"]
Params = Sequence[Any] | Mapping[str, Any]

SQLITE: Final = "sqlite"
POSTGRES: Final = "postgres"

# Quoted text and identifiers are copied as they are; `::` (a PostgreSQL cast) is not a name.
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|::|\?|:[A-Za-z_]\w*")


class HasDialect(Protocol):
    dialect: Dialect


@lru_cache(maxsize=2048)
def _numbered(sql: str) -> tuple[str, tuple[str | int, ...]]:
    """The query with `$n` placeholders, and for each n the name (or position) it stands for."""
    order: list[str | int] = []
    names: dict[str, int] = {}

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "?":
            order.append(len(order))
            return f"${len(order)}"
        if token.startswith(":") and token != "::":
            name = token[1:]
            if name not in names:
                order.append(name)
                names[name] = len(order)
            return f"${names[name]}"
        return token

    return _TOKEN.sub(replace, sql), tuple(order)


def to_numbered(sql: str, params: Params = ()) -> tuple[str, list[Any]]:
    """`sql` and `params` rewritten from `?` / `:name` to PostgreSQL's `$1`, `$2`, …"""
    text, order = _numbered(sql)
    if isinstance(params, Mapping):
        return text, [params[str(name)] for name in order]
    values = list(params)
    if len(values) != len(order):
        raise ValueError(f"the query takes {len(order)} parameters, {len(values)} were given")
    return text, values


def per_dialect(db: HasDialect, *, sqlite: str, postgres: str) -> str:
    """The text of a query for the backend `db` runs on."""
    return postgres if db.dialect == POSTGRES else sqlite


def is_postgres_url(database: object) -> bool:
    """Whether `database` names a PostgreSQL server (a `postgresql://` or `postgres://` URL).

    Any other URL (`mysql://…`, `sqlite:///…`) is refused with StoreOpenError
    rather than taken for a file name (which would create folders named after it).
    """
    if not isinstance(database, str):
        return False
    if database.startswith(("postgresql://", "postgres://")):
        return True
    if _OTHER_URL.match(database):
        raise StoreOpenError(
            f"{safe_url(database)} is not a database this bot reads:"
            " give a SQLite file path or a postgresql:// URL"
        )
    return False


_OTHER_URL: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
