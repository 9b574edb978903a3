"""`ledger_check`: proves the ledger's invariants from the entries themselves (issue 6)."""

from __future__ import annotations

from pathlib import Path

from .db import Reader, Store
from .snapshot import read_database


async def ledger_problems(db: Reader) -> list[str]:
    """Every ledger transaction that does not balance, and every cached balance that is wrong."""
    problems = []
    for tx_id, reason, total, count in await db.fetchall(
        "SELECT t.id, t.reason, COALESCE(SUM(l.amount), 0), COUNT(l.amount) FROM ledger_tx AS t"
        " LEFT JOIN ledger_lines AS l ON l.tx_id = t.id GROUP BY t.id"
        " HAVING COALESCE(SUM(l.amount), 0) <> 0 OR COUNT(l.amount) < 2 ORDER BY t.id"
    ):
        problems.append(
            f"ledger transaction {tx_id} ({reason}) has {count} line(s) summing to {total:+d},"
            " not two or more summing to 0"
        )
    for tx_id, tx_guild, account_id, account_guild in await db.fetchall(
        "SELECT t.id, t.guild_id, a.id, a.guild_id FROM ledger_lines AS l"
        " JOIN ledger_tx AS t ON t.id = l.tx_id JOIN accounts AS a ON a.id = l.account_id"
        " WHERE a.guild_id <> t.guild_id ORDER BY t.id"
    ):
        problems.append(
            f"ledger transaction {tx_id} of guild {tx_guild} moves chips of account {account_id}"
            f" of guild {account_guild}"
        )
    for account_id, guild_id, player_id, name, cached, derived in await db.fetchall(
        "SELECT * FROM (SELECT a.id, a.guild_id, a.player_id, p.display_name, a.balance,"
        " (SELECT COALESCE(SUM(amount), 0) FROM ledger_lines WHERE account_id = a.id) AS derived"
        " FROM accounts AS a LEFT JOIN players AS p ON p.id = a.player_id) AS checked"
        " WHERE balance <> derived ORDER BY id"
    ):
        owner = "the house" if player_id is None else f"player {player_id} ({name})"
        problems.append(
            f"account {account_id} of {owner} in guild {guild_id} caches {cached} chips"
            f" but its entries sum to {derived}"
        )
    return problems


async def ledger_check(path_or_store: str | Path | Store) -> list[str]:
    """`ledger_problems` of an open store, or of the database file at a path, read without writing a byte.

    For a path, StoreOpenError says why the file cannot be checked: missing,
    unreadable, damaged (`PRAGMA integrity_check`), not a Pinochle database, or
    of a newer schema.
    """
    if isinstance(path_or_store, Store):
        return await ledger_problems(path_or_store)
    return await read_database(path_or_store, ledger_problems, integrity="integrity_check")
