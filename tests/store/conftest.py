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


@pytest.fixture
async def store(database, clock) -> AsyncIterator[Store]:
    store = await Store.open(database, clock=clock)
    try:
        yield store
    finally:
        await store.close()
