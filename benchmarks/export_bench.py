"""A big `/chips export`: how long the event loop stalls, read on the loop or apart in a thread.

    python benchmarks/export_bench.py --lines 200000

Fills a temporary database with `--lines` ledger lines (grants of the house
to 100 players, two lines each), then builds the CSV export twice while a
ticker on the event loop records its longest late wake-up: once with the
store's own reader on the loop (how the export was once built),
once as `/chips export` builds it now, in a worker thread through a read-only
connection of its own (`bot.store.read_in_thread`). Also times `Store.open`
of the full file (it runs `PRAGMA quick_check` at every start).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.store import Store, ledger_csv, read_in_thread

GUILD = 1
PLAYERS = 100
TICK = 0.005


async def fill(store: Store, lines: int) -> None:
    """`lines` ledger lines: house grants to PLAYERS players, balances cached to match."""
    grants = lines // 2
    async with store.transaction() as tx:
        await tx.executemany(
            "INSERT INTO players (id, guild_id, key, user_id, is_bot, display_name, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, 0, ?, 'x', 'x')",
            [(n, GUILD, str(n), n, f"Player {n}") for n in range(1, PLAYERS + 1)],
        )
        await tx.executemany(
            "INSERT INTO accounts (id, guild_id, player_id, balance, created_at) VALUES (?, ?, ?, ?, 'x')",
            [(n, GUILD, n or None, 0) for n in range(PLAYERS + 1)],
        )
        await tx.executemany(
            "INSERT INTO ledger_tx (id, guild_id, reason, memo, created_at) VALUES (?, ?, 'grant', 'bench', 'x')",
            [(n, GUILD) for n in range(1, grants + 1)],
        )
        await tx.executemany(
            "INSERT INTO ledger_lines VALUES (?, ?, ?)",
            [row for n in range(1, grants + 1) for row in ((n, 1 + n % PLAYERS, 1), (n, 0, -1))],
        )
        await tx.execute(
            "UPDATE accounts SET balance ="
            " (SELECT COALESCE(SUM(amount), 0) FROM ledger_lines WHERE account_id = accounts.id)"
        )


async def longest_stall(work) -> tuple[float, float, int]:
    """Run `work()`; returns (seconds it took, the loop's longest late wake-up meanwhile, its result's size)."""
    done = asyncio.Event()
    late = 0.0

    async def ticker() -> None:
        nonlocal late
        while not done.is_set():
            expected = time.perf_counter() + TICK
            await asyncio.sleep(TICK)
            late = max(late, time.perf_counter() - expected)

    tick = asyncio.create_task(ticker())
    started = time.perf_counter()
    text = await work()
    took = time.perf_counter() - started
    done.set()
    await tick
    return took, late, len(text)


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="export-bench-") as folder:
        path = Path(folder) / "bench.db"
        store = await Store.open(path)
        await fill(store, args.lines)
        await store.close()
        started = time.perf_counter()
        store = await Store.open(path)
        opened = time.perf_counter() - started
        try:
            on_loop = await longest_stall(lambda: ledger_csv(store, GUILD))
            apart = await longest_stall(
                lambda: read_in_thread(path, lambda db: ledger_csv(db, GUILD))
            )
        finally:
            await store.close()
    print(f"{args.lines} ledger lines; Store.open with quick_check: {opened:.2f} s")
    for name, (took, late, size) in (
        ("on the loop (before)", on_loop),
        ("in a thread (now)", apart),
    ):
        print(
            f"export {name}: {took:.2f} s, {size / 1e6:.1f} MB of CSV; longest event-loop stall {late * 1000:.0f} ms"
        )


if __name__ == "__main__":
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--lines", type=int, default=200_000)
    asyncio.run(main(parse.parse_args()))
