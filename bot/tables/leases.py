"""Leases: a table this process may no longer hold is driven by nobody here.

On PostgreSQL several bot processes share the tables, and a per-table lease
(`Store.claim_table`) says which one drives each. When the store loses the
connection holding the leases, it tells the service (`Store.watch_leases`):

- SUSPENDED: the table stops at once: its turn timer and computer driver are
  cancelled, and every call on it is refused ("this table is being moved"),
  since another process may take it over any moment now;
- HELD: the lease is back, but the table may have moved on meanwhile, so it is
  read again from the store, as a restart would, and driven again (with the
  seats a league event asked the computer to cover meanwhile);
- LOST: another process drives it now; it is forgotten here for good.

The store's fencing check (`Tx.fence_table`) covers what this cannot: a
process that has not heard yet stores nothing once another has claimed the table.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.store import Lease, get_table
from bot.tables.clock import TurnClock
from bot.tables.core import TableCore
from bot.tables.model import Table
from bot.tables.outcome import told
from bot.tables.seating import Seating

log = logging.getLogger(__name__)


class Leases:
    """Stops, reloads or forgets a table as the store's word on its lease comes in."""

    def __init__(self, core: TableCore, clock: TurnClock, seating: Seating) -> None:
        self._core = core
        self._clock = clock
        self._seating = seating

    def changed(self, table_id: int, lease: Lease) -> None:
        """The store's word on a lease (`Store.watch_leases`); acts at once, outside any lock."""
        table = self._core.registry.get(table_id)
        if table is None:
            return
        if lease is Lease.SUSPENDED:
            table.moving = True
            self._clock.stop(table_id)
        elif lease is Lease.LOST:
            log.warning("table %s is driven by another process now; forgotten here", table_id)
            table.moving = True
            self._core.forget(table)
        elif table.moving and not self._core.closed:
            # The reload is what the table waits for now: `forget`, `close` and a new loss
            # cancel it as they cancel a turn timer.
            self._clock.wait_for(table_id, self._reload(table), name=f"table-{table_id}-reload")

    async def _reload(self, table: Table) -> None:
        """Read a retaken table again from the store and drive it on; one that ended meanwhile
        (another process finished or closed it) is forgotten. A failed read is tried again
        with the service's backoff (`retry`)."""
        delay, longest = self._core.retry
        while not self._core.closed:
            try:
                async with table.lock:
                    row = await get_table(self._core.store, table.id)
                    if row is None or not row.is_active:
                        table.status = "cancelled" if row is None else row.status
                        self._core.forget(table)
                        return
                    fresh = await self._core.load(row)
                    due = table.covers_due
                    for field in dataclasses.fields(Table):
                        if field.name != "lock":  # callers may be waiting for it
                            setattr(table, field.name, getattr(fresh, field.name))
                    self._core.schedule(table)
                    self._core.publish(told(table, board=True))
                    for user_id in sorted(due):  # asked for while it was being moved
                        seat = table.seat_of(user_id)
                        if seat is not None and table.status == "playing":
                            await self._seating.cover_seat(table, seat)
                    return
            except Exception as error:
                log.warning(
                    "table %s: reading it again failed (%s); trying in %.1f s",
                    table.id,
                    error,
                    delay,
                )
            await self._core.sleep(delay)
            delay = min(delay * 2, longest)
