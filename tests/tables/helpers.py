"""Test helpers for the table service: play the people's turns until the game ends."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.tables import Person, SimplePlayer, Table, TableService


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
        done = await service.act(
            table.id, by_id[table.seats[seat].user_id], choice, version=hand.version
        )
        assert done.ok, done.private


class Clock:
    """A service clock that moves only when a test moves it (`now`, in seconds)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now
