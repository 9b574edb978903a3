"""A real store (a temporary SQLite file, or a PostgreSQL database; helpers: `tests.ledger_hook.helpers`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store

GUILD = 1
NAMES = ("North", "East", "South", "West")


@pytest.fixture
async def store(database) -> AsyncIterator[Store]:
    store = await Store.open(database)
    try:
        yield store
    finally:
        await store.close()
