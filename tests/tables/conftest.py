"""Fixtures for the table service: a real store on a temporary SQLite file, no Discord."""

from __future__ import annotations

import pytest

from bot.store import Store, set_guild_settings
from bot.tables import Outcome, Person, TableService

ALICE = Person(101, "Alice")
BOB = Person(102, "Bob")
CAROL = Person(103, "Carol")
DAVE = Person(104, "Dave")
EVE = Person(105, "Eve")
GUILD, CHANNEL = 1, 10


class Recorder:
    """A publisher that keeps every public outcome, in order."""

    def __init__(self) -> None:
        self.outcomes: list[Outcome] = []

    def publish(self, table, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    @property
    def keys(self) -> list[str]:
        return [text.key for outcome in self.outcomes for text in outcome.public]


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


async def open_table(service: TableService, variant: str = "two-handed", **kwargs):
    outcome = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant=variant, **kwargs
    )
    assert outcome.ok, outcome.private
    return outcome.table
