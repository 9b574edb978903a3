"""Background writes (a computer's move, a timer's expiry) that must get through a store fault.

No person waits on them to retry, so the service retries them itself, with
backoff, while the table is open.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.tables.core import TableCore
from bot.tables.model import Table

log = logging.getLogger(__name__)


class Persisting(TableCore):
    """Retries a failed background write until it gets through (or the table closes)."""

    async def _persist(
        self, table: Table, what: str, attempt: Callable[[], Awaitable[None]]
    ) -> None:
        """Run `attempt` under the table's lock until it gets through, however long the store is down.

        A failed write (a database locked past its busy timeout, any store error)
        is retried with backoff (`retry`: 0.5 s doubling to 30 s by default) while
        the table is open, so a short fault never freezes a table until a restart.
        A failed attempt changed nothing in memory (`TableCore._apply`), so it is
        simply tried again.
        """
        delay, longest = self._retry
        while not self._closed:
            async with table.lock:
                if not table.is_active or table.moving:
                    return
                try:
                    await attempt()
                    return
                except Exception as error:
                    log.warning(
                        "table %s: %s failed (%s); trying again in %.1f s",
                        table.id,
                        what,
                        error,
                        delay,
                    )
            await self._sleep(delay)
            delay = min(delay * 2, longest)
