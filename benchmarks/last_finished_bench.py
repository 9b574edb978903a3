"""`/pinochle score` after the end: how long finding a channel's last finished table takes.

    python benchmarks/last_finished_bench.py --tables 20000

Fills a temporary SQLite file with `--tables` finished tables of one server, each in a thread of
its own opened from one of 50 channels (`Table.home`'s parent), then times the store's query
(`last_finished_table`) for a channel that has such a table and for one that has none (every
finished table of the server is read then), with and without looking into the threads.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.store import Store, create_table, update_table
from bot.store.tables import last_finished_table

GUILD, CHANNELS, REPEAT = 1, 50, 30


async def main(tables: int) -> None:
    with tempfile.TemporaryDirectory(prefix="pinochle-bench-") as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            async with store.transaction() as tx:
                for n in range(tables):
                    table = await create_table(
                        tx,
                        guild_id=GUILD,
                        channel_id=10_000 + n,
                        host_id=5,
                        variant="check",
                        settings={"home": {"parent": 1 + n % CHANNELS}},
                    )
                    await update_table(tx, table.id, status="finished")
            for channel, what in (
                (1, "a channel with thread tables"),
                (999, "a channel with none"),
            ):
                for key in (None, "parent"):
                    times = []
                    for _ in range(REPEAT):
                        start = time.perf_counter()
                        await last_finished_table(store, GUILD, channel, home_key=key)
                        times.append(time.perf_counter() - start)
                    looks = "and its threads" if key else "alone"
                    print(
                        f"{what}, the channel {looks}: median {statistics.median(times) * 1000:.2f}"
                        f" ms over {REPEAT} calls ({tables:,} finished tables in the server)"
                    )
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20_000, help="finished tables in the server")
    asyncio.run(main(parser.parse_args().tables))
