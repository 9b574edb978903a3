"""A table's lock, taken only while the table is still open."""

from __future__ import annotations

from bot.tables.model import Table


class TableLock:
    """`async with TableLock(table) as table`: the active table under its lock, or None.

    A table that finished or was cancelled while the caller waited for the lock
    comes out as None, so no call acts on a closed table.
    """

    def __init__(self, table: Table | None) -> None:
        self._table = table
        self._held = False

    async def __aenter__(self) -> Table | None:
        if self._table is None:
            return None
        await self._table.lock.acquire()
        self._held = True
        return self._table if self._table.is_active else None

    async def __aexit__(self, *exc: object) -> None:
        if self._held and self._table is not None:
            self._table.lock.release()
