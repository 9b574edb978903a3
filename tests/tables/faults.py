"""A store that fails on purpose: the Nth write transaction from now is rolled back."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.store import Store, Tx, get_table


class FlakyStore:
    """Wraps a `Store`; `fail(n)` makes the n-th write transaction from now fail just before COMMIT."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.writes = 0
        self.failures = 0
        self._fail_at: int | None = None

    def fail(self, nth: int = 1) -> None:
        self._fail_at = self.writes + nth

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        self.writes += 1
        async with self._store.transaction() as tx:
            yield tx
            if self.writes == self._fail_at:
                self.failures += 1
                raise sqlite3.OperationalError("disk I/O error (injected)")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


async def stored_state(store: Store, table_id: int) -> dict[str, Any]:
    """What the store holds about a table, in the terms memory keeps it."""
    row = await get_table(store, table_id)
    return {
        "status": row.status,
        "host": row.host_id,
        "seats": {s.seat: s for s in row.seats},
        "left": {int(seat): player for seat, player in row.settings.get("left", {}).items()},
        "paused_until": row.settings.get("paused_until"),
    }


def memory_state(table) -> dict[str, Any]:
    return {
        "status": table.status,
        "host": table.host_id,
        "seats": dict(table.seats),
        "left": dict(table.left),
        "paused_until": table.paused_until,
    }
