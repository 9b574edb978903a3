"""Test helpers for the table service: the people, a recording publisher, opening a table,
catching a refusal, a clock the test moves, and playing the people's turns until the game ends."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.tables import Outcome, Person, Refusal, SimplePlayer, Table, TableService

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

    def publish(self, table: Table, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    @property
    def keys(self) -> list[str]:
        return [text.key for outcome in self.outcomes for text in outcome.public]


async def open_table(service: TableService, variant: str = "two-handed", **kwargs: Any) -> Table:
    outcome = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant=variant, **kwargs
    )
    assert outcome.table is not None
    return outcome.table


async def refusal_of(call: Awaitable[object]) -> Refusal:
    """The `Refusal` a service call raises; the test fails if the call is accepted."""
    with pytest.raises(Refusal) as caught:
        await call
    return caught.value


async def play_out(
    service: TableService,
    table: Table,
    *people: Person,
    seed: int = 0,
    until: Callable[[Table], bool] = lambda table: False,
) -> None:
    """Play the game to its end (or `until` holds): the people (SimplePlayer's choices) and the
    computers in turn.

    A table with nobody present pauses (issue 12), so a test that wants a whole game
    keeps its people at the table and lets this helper play for them.
    """
    by_id = {person.user_id: person for person in people}
    rng, player = random.Random(seed), SimplePlayer()
    while True:
        await service.settle()
        if table.game.is_over or not table.is_active or until(table):
            return
        seat = table.to_act
        hand = await service.hand(table.id, table.seats[seat].user_id)
        choice = player.choose(hand.view, hand.legal, rng)
        await service.act(table.id, by_id[table.seats[seat].user_id], choice, version=hand.version)


class Clock:
    """A service clock that moves only when a test moves it (`now`, in seconds)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now
