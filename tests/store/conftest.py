"""A fresh store on a real SQLite file per test, with a clock the test can move."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import Store


class FakeClock:
    """Starts at 2026-11-29 12:00 UTC and moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path) -> str:
    """Where the test's store lives: a new SQLite file, or a new database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "db" / "pinochle.db")
    return await request.getfixturevalue("postgres_server").new_database()


@pytest.fixture
async def store(database, clock) -> AsyncIterator[Store]:
    store = await Store.open(database, clock=clock)
    try:
        yield store
    finally:
        await store.close()


async def make_players(store: Store, guild_id: int, *names: str) -> list[int]:
    """Player ids for people named `names` (user ids 1, 2, 3, … in order) in one guild."""
    from bot.store import ensure_player

    async with store.transaction() as tx:
        return [
            (await ensure_player(tx, guild_id, display_name=name, user_id=index)).id
            for index, name in enumerate(names, start=1)
        ]
