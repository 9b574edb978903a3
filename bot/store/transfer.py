"""`migrate-db`: copy a whole database to another (SQLite file or PostgreSQL), then prove the copy.

The source is only read (`read_database`: a snapshot, never migrated), and
opened first: a source that cannot be read leaves the target as it was. The
target is opened as the bot opens it (created and migrated to the latest
schema) and filled in one transaction, table by table in foreign-key order,
ids kept; PostgreSQL's id sequences then continue after the copied ids. Each
table is read in pages of `BATCH` rows in primary-key order, each page starting
after the last key of the one before (keyset pagination), so the copy holds one
page in memory whatever the size of the database. The
copy is verified: every table's row count, `ledger check` on the target, and
every guild's balances and standings (all-time and per season) read through
the store's own queries on both sides.

A table a later migration adds is copied after those listed in `COPY_ORDER`;
list it there when it refers to another table added later than itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from .audit import ledger_problems
from .db import Reader, Store, Tx
from .errors import StoreError, StoreOpenError
from .league import FAMILIES
from .ledger import leaderboard
from .seasons import list_seasons
from .snapshot import read_database
from .sql import is_postgres_url, per_dialect
from .standings import standings
from .urls import safe_url

#: Tables in an order that satisfies every foreign key.
COPY_ORDER: Final = (
    "players",
    "tables",
    "seats",
    "actions",
    "deal_commits",
    "seat_deals",
    "guild_settings",
    "accounts",
    "settlements",
    "ledger_tx",
    "ledger_lines",
    "seasons",
    "games",
    "game_players",
    "ratings",
    "rating_history",
    "user_settings",
    "events",
    "event_entrants",
    "event_tables",
    "event_scores",
    "event_absences",
    "event_results",
)
#: Rows read, then written, at a time: what the copy holds in memory.
BATCH: Final = 5000
#: Far more than any guild has: the verification reads whole leaderboards and standings.
EVERYONE: Final = 10**9


class TargetNotEmpty(StoreError):
    """The target already holds data and the copy was not told to replace it."""


@dataclass
class Report:
    """What was copied, and every way the copy differs from its source (empty: the same)."""

    rows: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


async def _table_names(db: Reader) -> list[str]:
    rows = await db.fetchall(
        per_dialect(
            db,
            sqlite="SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' AND name <> 'schema_version'",
            postgres="SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_name <> 'schema_version'",
        )
    )
    names = {str(row[0]) for row in rows}
    return [name for name in COPY_ORDER if name in names] + sorted(names - set(COPY_ORDER))


async def _count(db: Reader, table: str) -> int:
    row = await db.fetchone(f'SELECT COUNT(*) FROM "{table}"')
    assert row is not None
    return int(row[0])


async def _columns(db: Reader, table: str) -> list[str]:
    rows = await db.fetchall(
        per_dialect(
            db,
            sqlite=f"SELECT name FROM pragma_table_info('{table}')",
            postgres="SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
        ),
        () if db.dialect == "sqlite" else (table,),
    )
    return [str(row[0]) for row in rows]


async def _primary_key(db: Reader, table: str) -> list[str]:
    """The table's primary-key columns, in key order (what the copy pages by)."""
    rows = await db.fetchall(
        per_dialect(
            db,
            sqlite="SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
            postgres="SELECT k.column_name FROM information_schema.table_constraints AS c"
            " JOIN information_schema.key_column_usage AS k"
            " ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema"
            " AND k.table_name = c.table_name"
            " WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema()"
            " AND c.table_name = ? ORDER BY k.ordinal_position",
        ),
        (table,),
    )
    if not rows:
        raise StoreError(f"table {table} has no primary key: migrate-db copies in its order")
    return [str(row[0]) for row in rows]


async def _empty_target(tx: Tx, tables: list[str], *, force: bool, where: str) -> None:
    filled = [table for table in tables if await _count(tx, table)]
    if filled and not force:
        raise TargetNotEmpty(
            f"{where} already holds data ({', '.join(filled)}); pass --force to replace it"
        )
    for table in reversed(tables):
        await tx.execute(f'DELETE FROM "{table}"')


async def _copy_table(source: Reader, tx: Tx, table: str, batch: int) -> int:
    """Copy every row of `table`, `batch` rows at a time in primary-key order; how many."""
    columns, key = await _columns(source, table), await _primary_key(source, table)
    names = ", ".join(f'"{c}"' for c in columns)
    order = ", ".join(f'"{c}"' for c in key)
    at = [columns.index(c) for c in key]
    first = f'SELECT {names} FROM "{table}" ORDER BY {order} LIMIT ?'
    after = (
        f'SELECT {names} FROM "{table}" WHERE ({order}) > ({", ".join("?" * len(key))})'
        f" ORDER BY {order} LIMIT ?"
    )
    insert = f'INSERT INTO "{table}" ({names}) VALUES ({", ".join("?" * len(columns))})'
    copied, last = 0, None
    while True:
        if last is None:
            page = await source.fetchall(first, (batch,))
        else:
            page = await source.fetchall(after, (*last, batch))
        if not page:
            return copied
        rows = [tuple(row) for row in page]
        await tx.executemany(insert, rows)
        copied += len(rows)
        last = tuple(rows[-1][i] for i in at)


async def _restart_ids(tx: Tx) -> None:
    """PostgreSQL: each identity column's sequence continues after the highest copied id."""
    if tx.dialect != "postgres":
        return
    for table, column in await tx.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    ):
        await tx.execute(
            f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'),"
            f' COALESCE(MAX("{column}"), 1), MAX("{column}") IS NOT NULL) FROM "{table}"'
        )


async def _league_and_chips(db: Reader) -> dict[str, Any]:
    """Every guild's leaderboard and standings, as the bot shows them."""
    shown: dict[str, Any] = {}
    guilds = await db.fetchall(
        "SELECT guild_id FROM accounts UNION SELECT guild_id FROM ratings ORDER BY 1"
    )
    for (guild,) in guilds:
        shown[f"balances of guild {guild}"] = await leaderboard(db, guild, limit=EVERYONE)
        seasons: list[int | None] = [None, *(s.id for s in await list_seasons(db, guild))]
        for family in sorted(set(FAMILIES.values())):
            for season in seasons:
                shown[
                    f"standings of guild {guild}, {family}, season {season or 'all-time'}"
                ] = await standings(db, guild, family, season_id=season, limit=EVERYONE)
    return shown


def _same_database(source: str, target: str) -> bool:
    """Whether both name one database (`--force` would empty the very rows being copied)."""
    if is_postgres_url(source) or is_postgres_url(target):
        return safe_url(source) == safe_url(target)
    return Path(source).resolve() == Path(target).resolve()


async def migrate_database(
    source: str,
    target: str,
    *,
    force: bool = False,
    progress: Callable[[str], None] = lambda line: None,
    batch: int = BATCH,
) -> Report:
    """Copy `source` (a path or URL) into `target` and verify it; the report lists any difference.

    TargetNotEmpty when the target holds data and `force` is not given;
    StoreOpenError when either database cannot be used, the source checked first
    and the target opened only then. `batch`: rows held at a time.
    """
    if batch < 1:
        raise ValueError(f"a batch of {batch} rows copies nothing")
    if _same_database(source, target):
        raise StoreOpenError(f"{safe_url(target)} is the source itself: copy to another database")
    report = Report()

    async def copy(snapshot: Reader) -> None:
        # The source is open and sound before the target is even opened: a source that
        # cannot be read leaves the target untouched (not created, not migrated).
        store = await Store.open(target)
        try:
            tables = await _table_names(snapshot)
            async with store.transaction() as tx:
                await _empty_target(tx, await _table_names(tx), force=force, where=store.database)
                for table in tables:
                    report.rows[table] = await _copy_table(snapshot, tx, table, batch)
                    progress(f"{table}: {rows(report.rows[table])}")
                await _restart_ids(tx)
            for table, count in report.rows.items():
                copied = await _count(store, table)
                if copied != count:
                    report.problems.append(f"{table}: {rows(count)} in the source, {copied} copied")
            report.problems += [f"ledger: {p}" for p in await ledger_problems(store)]
            before, after = await _league_and_chips(snapshot), await _league_and_chips(store)
        finally:
            await store.close()
        for what in sorted(set(before) | set(after)):
            if before.get(what) != after.get(what):
                report.problems.append(f"{what} differ after the copy")

    await read_database(source, copy, integrity="quick_check")
    return report


def rows(count: int) -> str:
    """ "1 row", "2 rows": a count of rows as the copy's lines say it."""
    return f"{count} row" if count == 1 else f"{count} rows"
