"""A real store on a temporary SQLite file (helpers: `tests.ledger_hook.helpers`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store

GUILD = 1
NAMES = ("North", "East", "South", "West")


@pytest.fixture
async def store(tmp_path) -> AsyncIterator[Store]:
    store = await Store.open(tmp_path / "ledger.db")
    try:
        yield store
    finally:
        await store.close()
