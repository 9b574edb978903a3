"""Fixtures for the table service: a real store on a temporary SQLite file, no Discord."""

from __future__ import annotations

import pytest

from bot.store import Store, set_guild_settings
from bot.tables import TableService
from tests.tables.helpers import GUILD, Recorder


@pytest.fixture
async def store(tmp_path):
    """The store, with GUILD's limits loose enough for tests that open table after table
    (the limits themselves are tested in another guild, see test_limits)."""
    store = await Store.open(tmp_path / "tables.db")
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, new_cooldown=0, max_hard_seats=3)
    yield store
    await store.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
async def service(store, recorder):
    service = TableService(store, publisher=recorder, seed=7, turn_seconds=0)
    yield service
    await service.close()
