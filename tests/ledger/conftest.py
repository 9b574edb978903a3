"""A real store (a temporary SQLite file, or a PostgreSQL database), tables seated in it, and engine games played through the hook."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.game import new_game
from bot.ledger_hook import ledger_hook
from bot.store import Seat, Store, create_table, update_table
from bot.tables import Table
from tests.ledger.auctions import choose

GUILD = 1
NAMES = ("North", "East", "South", "West")


@pytest.fixture
async def store(database) -> AsyncIterator[Store]:
    store = await Store.open(database)
    try:
        yield store
    finally:
        await store.close()


async def seat_table(
    store: Store, variant: str, players: int, *, channel: int = 10, computers: tuple[int, ...] = ()
) -> Table:
    """A playing table whose people have user ids 1, 2, … by seat; `computers` seats are easy bots."""
    seats = [
        Seat(n, f"Computer {n}", bot_level="easy")
        if n in computers
        else Seat(n, NAMES[n], user_id=n + 1)
        for n in range(players)
    ]
    async with store.transaction() as tx:
        row = await create_table(
            tx, guild_id=GUILD, channel_id=channel, host_id=1, variant=variant, seats=seats
        )
        row = await update_table(tx, row.id, status="playing")
    return Table.from_row(row, turn_seconds=0)


Hook = Callable[[Any, Table, list[dict[str, Any]]], Awaitable[None]]


async def play(
    store: Store, table: Table, seed: int, *, hook: Hook = ledger_hook, runs: int = 1
) -> list[list[dict[str, Any]]]:
    """Play the table's whole game, one transaction per action calling `hook` `runs` times.

    Returns every action's events, in order.
    """
    table.game = new_game(table.variant, seed=seed)
    rng = random.Random(seed)
    played = []
    while not table.game.is_over:
        events = table.game.apply(choose(table.game, rng))
        async with store.transaction() as tx:
            for _ in range(runs):
                await hook(tx, table, events)
        played.append(events)
    return played
