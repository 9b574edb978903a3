"""The SQLite and PostgreSQL schemas, after every migration, agree column by column.

The two migration lists (`bot.store.migrations`, `bot.store.pg_migrations`) are kept by hand;
this reads both databases back and compares every table, column, type (mapped between the two
dialects), nullability, default, and index or unique constraint.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import Store

#: SQLite's declared type -> the PostgreSQL types that stand for it (pg_migrations' docstring).
TYPES = {
    "INTEGER": {"integer", "bigint", "smallint"},
    "TEXT": {"text"},
    "REAL": {"double precision"},
    "BLOB": {"bytea"},
}

#: Keys always written by the caller (a game's id is the ledger's; Discord snowflakes; the one
#: schema_version row): an SQLite `INTEGER PRIMARY KEY` could number them itself, PostgreSQL
#: rightly has no identity for them. Every other such key is numbered by the database on both.
GIVEN_IDS = {
    ("games", "id"),
    ("guild_settings", "guild_id"),
    ("schema_version", "id"),
    ("user_settings", "user_id"),
}

#: (table, column) -> (type, not null, default, identity); a default reads as SQLite writes it.
Columns = dict[tuple[str, str], tuple[str, bool, str | None, bool]]
#: table -> sorted (index name or None for a constraint's, columns, unique, partial).
Indexes = dict[str, list[tuple[str | None, tuple[str, ...], bool, bool]]]


def _sqlite_schema(path: Path) -> tuple[Columns, Indexes]:
    con = sqlite3.connect(path)
    try:
        tables = [
            name
            for (name,) in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        columns: Columns = {}
        indexes: Indexes = {}
        for table in tables:
            info = con.execute(f"PRAGMA table_info({table})").fetchall()
            keys = [row for row in info if row[5]]
            # An INTEGER PRIMARY KEY is the rowid itself: no index in SQLite, a key's in PostgreSQL.
            rowid = keys[0][1] if len(keys) == 1 and keys[0][2].upper() == "INTEGER" else None
            for _, name, kind, notnull, default, _ in info:
                numbered = name == rowid and (table, name) not in GIVEN_IDS
                columns[table, name] = (
                    kind.upper(),
                    bool(notnull) or name == rowid,
                    default,
                    numbered,
                )
            found = [(None, (rowid,), True, False)] if rowid else []
            for _, index, unique, origin, partial in con.execute(f"PRAGMA index_list({table})"):
                cols = tuple(
                    name or "<expression>"
                    for *_, name, _, _, key in con.execute(f"PRAGMA index_xinfo({index})")
                    if key
                )
                found.append((index if origin == "c" else None, cols, bool(unique), bool(partial)))
            indexes[table] = sorted(found, key=repr)
        return columns, indexes
    finally:
        con.close()


_PG_INDEXES = """
SELECT t.relname AS "table", i.relname AS "index", ix.indisunique AS "unique",
       ix.indpred IS NOT NULL AS partial,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid) AS from_constraint,
       ARRAY(SELECT coalesce(a.attname, '<expression>')
             FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
             LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
             ORDER BY k.ord) AS cols
FROM pg_index ix
JOIN pg_class t ON t.oid = ix.indrelid
JOIN pg_class i ON i.oid = ix.indexrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public'
"""


def _pg_default(default: str | None) -> str | None:
    """PostgreSQL's default as SQLite writes it: `'en'::text` -> `'en'`, `'-1'::integer` -> `-1`."""
    if default is None:
        return None
    bare = re.sub(r"::[a-z ]+$", "", default)
    number = re.fullmatch(r"'?\(?(-?\d+(?:\.\d+)?)\)?'?", bare)
    return number.group(1) if number else bare


async def _pg_schema(url: str) -> tuple[dict[str, Any], Indexes]:
    con = await asyncpg.connect(url)
    try:
        rows = await con.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity"
            " FROM information_schema.columns WHERE table_schema = 'public'"
        )
        columns = {
            (r["table_name"], r["column_name"]): (
                r["data_type"],
                r["is_nullable"] == "NO",
                _pg_default(r["column_default"]),
                r["is_identity"] == "YES",
            )
            for r in rows
        }
        indexes: Indexes = {}
        for r in await con.fetch(_PG_INDEXES):
            entry = (
                None if r["from_constraint"] else r["index"],
                tuple(r["cols"]),
                r["unique"],
                r["partial"],
            )
            indexes.setdefault(r["table"], []).append(entry)
        return columns, {table: sorted(found, key=repr) for table, found in indexes.items()}
    finally:
        await con.close()


async def test_sqlite_and_postgresql_schemas_agree_column_by_column(tmp_path, postgres_url):
    path = tmp_path / "pinochle.db"
    for where in (str(path), postgres_url):
        await (await Store.open(where)).close()  # every migration, on each backend
    lite_columns, lite_indexes = _sqlite_schema(path)
    pg_columns, pg_indexes = await _pg_schema(postgres_url)

    assert sorted({t for t, _ in lite_columns}) == sorted({t for t, _ in pg_columns})
    assert sorted(lite_columns) == sorted(pg_columns)  # the same columns in every table
    differ = {
        key: (lite, pg_columns[key])
        for key, lite in lite_columns.items()
        if pg_columns[key][0] not in TYPES[lite[0]] or lite[1:] != pg_columns[key][1:]
    }
    assert differ == {}
    assert {t: i for t, i in lite_indexes.items() if i} == pg_indexes
