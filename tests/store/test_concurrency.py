"""Many deals settling at once across tables: nothing lost, nothing doubled."""

import asyncio
import random
from collections import Counter

import pytest

from bot.store import Store, balance, history, is_settled, ledger_check, settle_deal

from .helpers import make_players

GUILD = 1
TABLES, DEALS = 10, 5


def deal_transfers(seats: list[int], game: int, deal: int) -> list[dict]:
    """A side award of `game + deal` checks to N–S, and 1 meld check to E–W (E-15 pairing)."""
    north, east, south, west = seats
    n = game + deal
    return [
        {"from": east, "to": north, "checks": n, "reason": "contract", "detail": str(deal)},
        {"from": west, "to": south, "checks": n, "reason": "contract", "detail": str(deal)},
        {"from": north, "to": east, "checks": 1, "reason": "meld", "detail": "80 kings"},
        {"from": south, "to": west, "checks": 1, "reason": "meld", "detail": "80 kings"},
    ]


@pytest.mark.parametrize("connections", [1, 2])
async def test_concurrent_settlements_with_duplicates(tmp_path, connections):
    path = tmp_path / "bot.db"
    stores = [await Store.open(path) for _ in range(connections)]
    try:
        players = await make_players(stores[0], GUILD, *(f"P{i}" for i in range(TABLES * 4)))
        seating = {game: players[game * 4 : game * 4 + 4] for game in range(TABLES)}
        calls = [(game, deal) for game in range(TABLES) for deal in range(1, DEALS + 1)]
        rng = random.Random(2026)
        calls += rng.sample(calls, 15)  # retries and replays of deals already in flight
        rng.shuffle(calls)

        async def settle(index: int, game: int, deal: int) -> bool:
            store = stores[index % connections]
            async with store.transaction() as tx:
                return await settle_deal(
                    tx, GUILD, None, game, deal, deal_transfers(seating[game], game, deal)
                )

        results = await asyncio.gather(*(settle(i, g, d) for i, (g, d) in enumerate(calls)))
        assert Counter(results) == {True: TABLES * DEALS, False: 15}
        store = stores[0]
        assert all(
            [await is_settled(store, g, d) for g in range(TABLES) for d in range(1, DEALS + 1)]
        )
        assert (await history(store, GUILD)).total == TABLES * DEALS * 4
        for game, (north, east, south, west) in seating.items():
            won = sum(game + deal - 1 for deal in range(1, DEALS + 1))
            assert [await balance(store, GUILD, p) for p in (north, east, south, west)] == [
                won,
                -won,
                won,
                -won,
            ]
        assert await ledger_check(store) == []
    finally:
        for store in stores:
            await store.close()
