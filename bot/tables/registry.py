"""Which tables this process holds: the open ones, by id and by channel, and the last few that ended.

Memory only: the registry never writes the store (the core writes first, then tells it). A table
let go here stays reachable for a while (`DROPPED_KEPT`, with the finished tables read back from
the store for their boards, scores, rules and rematches), so what comes after its end — the final
board posted, a rematch, a review — still finds the same table; so does a board still queued for a
table another process took over.
"""

from __future__ import annotations

from bot.tables.lock import TableLock
from bot.tables.model import Table
from bot.tables.recent import Recent

#: Tables let go here (ended, or taken over by another process) or read back finished, kept in
#: memory with their games.
DROPPED_KEPT = 128


class Registry:
    """The tables this process drives now (`get`, `in_channel`, `active`), and the last few let go."""

    def __init__(self, dropped_kept: int = DROPPED_KEPT) -> None:
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._dropped: Recent[int, Table] = Recent(dropped_kept)

    def get(self, table_id: int) -> Table | None:
        """The open table with this id, or None."""
        return self._tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel (one at most)."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def active(self, guild_id: int | None = None) -> list[Table]:
        """Open tables, oldest first, of one guild or all."""
        return [t for t in self._tables.values() if guild_id is None or t.guild_id == guild_id]

    def ended(self, table_id: int) -> Table | None:
        """A table that ended here (finished or cancelled) or was read back finished, if still kept."""
        table = self._dropped.get(table_id)
        return None if table is None or table.is_active else table

    def known(self, table_id: int) -> Table | None:
        """The table, open or let go here lately, or None."""
        return self._tables.get(table_id) or self._dropped.get(table_id)

    def add(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def keep(self, table: Table) -> Table:
        """Keep a finished table read back from the store among the recently let go."""
        return self._dropped.put(table.id, table)

    def drop(self, table: Table) -> None:
        """The table is no longer driven here (it ended, or another process drives it now); it is
        kept among the recently let go."""
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        self._dropped.put(table.id, table)

    def locked(self, table_id: int) -> TableLock:
        """`async with registry.locked(id) as table`: the open table under its lock, or None."""
        return TableLock(self._tables.get(table_id))
