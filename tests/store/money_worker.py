"""One OS process moving chips on a shared PostgreSQL database (tests/store/test_postgres.py).

    python -m tests.store.money_worker URL SEED

Settles every deal of `GAMES` games (in its own shuffled order, so two processes
race for the same deals) and grants a chip to each player between deals; prints
how many settlements this process wrote, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot.store import Store, find_player, grant, settle_deal

GUILD = 1
GAMES, DEALS, PLAYERS = 6, 5, 8


def transfers(players: list[int], game: int, deal: int) -> list[dict]:
    """Game `game` seats players game..game+3 (mod 8): N–S win `game + deal`, E–W a meld check."""
    north, east, south, west = (players[(game + k) % PLAYERS] for k in range(4))
    n = game + deal
    return [
        {"from": east, "to": north, "checks": n, "reason": "contract", "detail": str(deal)},
        {"from": west, "to": south, "checks": n, "reason": "contract", "detail": str(deal)},
        {"from": north, "to": east, "checks": 1, "reason": "meld", "detail": "80 kings"},
    ]


async def main(url: str, seed: int) -> None:
    store = await Store.open(url)
    try:
        players = [(await find_player(store, GUILD, user_id=u)).id for u in range(1, PLAYERS + 1)]
        calls = [(game, deal) for game in range(GAMES) for deal in range(1, DEALS + 1)]
        random.Random(seed).shuffle(calls)
        settled = 0
        for game, deal in calls:
            async with store.transaction() as tx:
                settled += await settle_deal(
                    tx, GUILD, None, game, deal, transfers(players, game, deal)
                )
            async with store.transaction() as tx:
                await grant(tx, GUILD, players[deal % PLAYERS], 1, f"process {seed}")
        print(json.dumps(settled), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
