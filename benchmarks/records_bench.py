"""How fast a member's records are read, and what a game's record costs when it ends.

    python benchmarks/records_bench.py --games 1000

Fills a temporary SQLite store with `--games` finished games of one member
against three regular opponents (every variant in turn, each game recorded in
the league and with its per-seat deal figures, as `records_hook` stores them),
then times `player_stats` (all variants and one variant) and a page of
`recent_games`: the median of `--repeat` reads. It also times building the
record of one whole random game per variant (`GameRecord.from_log`), which
`records_hook` does once when a game ends and a replay does once per game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.game import VARIANTS, new_game
from bot.game.__main__ import random_action
from bot.game.record import GameRecord
from bot.services.league import record_game
from bot.store import (
    GameSeat,
    Seat,
    Store,
    create_table,
    player_stats,
    recent_games,
    store_deal_stats,
    update_table,
)
from bot.store.records import SeatDeals

GUILD = 1


async def fill(store: Store, games: int, rng: random.Random) -> int:
    """`games` finished games of user 1 (seat 0) against users 2-4; returns user 1's player id."""
    variants = list(VARIANTS)
    async with store.transaction() as tx:
        for number in range(games):
            variant = variants[number % len(variants)]
            n, partnership = VARIANTS[variant].players, VARIANTS[variant].partnership
            table = await create_table(
                tx,
                guild_id=GUILD,
                channel_id=number,
                host_id=1,
                variant=variant,
                seed=number,
                seats=[Seat(s, f"P{s}", user_id=s + 1) for s in range(n)],
            )
            await update_table(tx, table.id, status="finished")
            order = rng.sample(range(2 if partnership else n), 2 if partnership else n)
            await record_game(
                tx,
                game_id=table.id,
                guild_id=GUILD,
                table_id=table.id,
                variant=variant,
                seats=[
                    GameSeat(
                        seat=s.seat,
                        player_id=s.player_id,
                        team=s.seat % 2 if partnership else s.seat,
                        score=1000 - 100 * order[s.seat % 2 if partnership else s.seat],
                        rank=1 + order[s.seat % 2 if partnership else s.seat],
                        best_meld="pinochle",
                        best_meld_points=40,
                    )
                    for s in table.seats
                ],
            )
            await store_deal_stats(
                tx,
                table.id,
                [
                    SeatDeals(5, rng.randrange(300), rng.randrange(2), rng.randrange(2))
                    for _ in range(n)
                ],
            )
        return table.seats[0].player_id  # type: ignore[return-value]


async def timed(repeat: int, read) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await read()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        start = time.perf_counter()
        player = await fill(store, args.games, random.Random(1))
        print(f"stored {args.games} games in {time.perf_counter() - start:.1f} s")
        stats = await player_stats(store, GUILD, player)
        assert stats is not None and stats.games == args.games
        every = await timed(args.repeat, lambda: player_stats(store, GUILD, player))
        one = await timed(args.repeat, lambda: player_stats(store, GUILD, player, variant="check"))
        page = await timed(args.repeat, lambda: recent_games(store, GUILD, player, limit=11))
        print(f"player_stats, {stats.games} games, {stats.deals} deals: {every:.1f} ms (median)")
        print(f"player_stats, one variant: {one:.1f} ms; recent_games page: {page:.1f} ms")
        await store.close()
    for variant in VARIANTS:
        game, rng = new_game(variant, seed=7), random.Random(7)
        while not game.is_over:
            game.apply(random_action(game, rng))
        actions = [str(a) for a in game.history]
        start = time.perf_counter()
        record = GameRecord.from_log(variant, {}, 7, actions)
        elapsed = (time.perf_counter() - start) * 1000
        print(
            f"record of a whole {variant} game ({len(record.deals)} deals,"
            f" {len(actions)} actions): {elapsed:.0f} ms, text {len(record.to_text()) // 1024} kB"
        )


if __name__ == "__main__":
    asyncio.run(main())
