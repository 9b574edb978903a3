"""Playing tables to a deal's end or the game's end through the service, for the after-game tests."""

from __future__ import annotations

import random

from bot.game import PASS
from bot.tables import Person, TableService
from bot.tables.model import Table


async def play_until(
    service: TableService, table: Table, people: list[Person], done, *, seed: int = 1
) -> None:
    """People choose random legal actions (bidding low and passing soon); computers play their seats."""
    rng = random.Random(seed)
    by_id = {p.user_id: p for p in people}
    for _ in range(5000):
        await service.settle()
        if done():
            return
        seat = table.to_act
        person = by_id[table.seats[seat].user_id]
        legal = (await service.hand(table.id, person.user_id)).legal
        bids = [a for a in legal if a.verb == "bid"]
        if bids:
            choice = PASS if PASS in legal and rng.random() < 0.7 else bids[0]
        else:
            choice = rng.choice(legal)
        await service.act(table.id, person, choice)
    raise AssertionError("the table never got there")
