"""Web pages under load: pages and API calls per second and p99 on loopback.

A server with 10,000 recorded games (each with its table's whole action log, so
any of them can be replayed), 100,000 ledger lines and 200 finished league
nights of 16 entrants is written once (kept at --database and reused), then the web app serves it in this process exactly as
beside the bot (`bot.web.server.start_web`), while a ticker on the event loop
measures its longest stalls: the bot would feel those. A separate process sends
the requests (--clients at once, for --seconds), so the load generator does not
share this process's GIL.

    python benchmarks/web_bench.py --seconds 30 --clients 8
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.game import new_game
from bot.services.league import record_game
from bot.store import (
    GameSeat,
    Store,
    Tx,
    ensure_player,
    grant,
    set_guild_settings,
    start_season,
)
from bot.store.nights import add_entrant, create_event, save_results, update_event
from bot.web.ratelimit import RateLimit
from bot.web.server import start_web
from bot.web.tokens import page_token

GUILD = 1
SECRET = "bench-secret-0123456789abcdef"
PLAYERS = 200
GAMES = 10_000
LEDGER_LINES = 100_000
#: Distinct engine games whose logs the 10,000 tables repeat (each replays like any other).
DISTINCT = 50
#: Finished league nights, and the entrants of each (drawn from the players).
EVENTS = 200
ENTRANTS = 16


def played(seed: int) -> tuple[list[str], list[int]]:
    game = new_game("two-handed", seed=seed)
    actions = []
    while game.to_act is not None:
        action = random.Random(seed * 7919 + len(actions)).choice(game.legal_actions())
        actions.append(str(action))
        game.apply(action)
    return actions, list(game.scores)


async def build(path: Path) -> None:
    """Write the benchmark's server: players, a season, 10,000 games with logs, 100,000 lines."""
    started = time.perf_counter()
    logs = [played(seed) for seed in range(1, DISTINCT + 1)]
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            players = [
                (await ensure_player(tx, GUILD, display_name=f"Player {n}", user_id=1000 + n)).id
                for n in range(PLAYERS)
            ]
            await start_season(tx, GUILD, "Bench")
            await set_guild_settings(tx, GUILD, web=True)
            for player in players:  # opens each account (and the house's) the store's way
                await grant(tx, GUILD, player, 100, "welcome")
            await bulk_grants(tx, players, LEDGER_LINES // 2 - PLAYERS)
        rng = random.Random(1)
        for batch in range(0, GAMES, 500):
            async with store.transaction() as tx:
                for number in range(batch, batch + 500):
                    seed = 1 + number % DISTINCT
                    actions, scores = logs[seed - 1]
                    table = await tx.execute(
                        "INSERT INTO tables (guild_id, channel_id, host_id, variant, seed, status,"
                        " created_at, updated_at) VALUES (?, ?, 1, 'two-handed', ?, 'finished', ?, ?)",
                        (GUILD, number, seed, tx.now, tx.now),
                    )
                    table_id = table.lastrowid
                    await tx.executemany(
                        "INSERT INTO actions (table_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                        [(table_id, i, a, tx.now) for i, a in enumerate(actions, 1)],
                    )
                    a, b = rng.sample(players, 2)
                    ranks = [1 + (scores[1] > scores[0]), 1 + (scores[0] > scores[1])]
                    await record_game(
                        tx,
                        game_id=table_id,
                        guild_id=GUILD,
                        table_id=table_id,
                        variant="two-handed",
                        seats=[
                            GameSeat(0, a, 0, scores[0], ranks[0]),
                            GameSeat(1, b, 1, scores[1], ranks[1]),
                        ],
                    )
            print(f"  {batch + 500} games", flush=True)
        async with store.transaction() as tx:
            await league_nights(tx, rng)
        print(f"  {EVENTS} league nights", flush=True)
    finally:
        await store.close()
    print(f"built {path} in {time.perf_counter() - started:.0f} s")


async def league_nights(tx: Tx, rng: random.Random) -> None:
    """`EVENTS` finished league nights with their final tables, as the event runner leaves them."""
    for number in range(EVENTS):
        event = await create_event(
            tx,
            guild_id=GUILD,
            channel_id=1,
            organiser_id=1000,
            name=f"Friday night {number + 1}",
            variant="partnership" if number % 2 else "two-handed",
            rounds=3,
            deals_per_round=4,
            duplicate=bool(number % 3 == 0),
            language="en",
            seed=number,
            round_seconds=2400.0,
            turn_seconds=120.0,
        )
        places = []
        for place, n in enumerate(rng.sample(range(PLAYERS), ENTRANTS), 1):
            entrant = await add_entrant(tx, event.id, GUILD, 1000 + n, f"Player {n}", 0.0)
            places.append((1000 + n, entrant.player_id, place, 100 * (ENTRANTS - place)))
        await save_results(tx, event.id, places, ENTRANTS)
        await update_event(tx, event.id, status="finished", round=3)


async def bulk_grants(tx: Tx, players: list[int], count: int) -> None:
    """`count` more grants, two ledger lines each, written in bulk (the store's `grant` would take
    minutes for 50,000); balanced like any other, and the cached balances set from the lines."""
    accounts = {
        row[1]: row[0]
        for row in await tx.fetchall(
            "SELECT id, player_id FROM accounts WHERE guild_id = ?", (GUILD,)
        )
    }
    house = accounts[None]
    first = (await tx.fetchone("SELECT COALESCE(MAX(id), 0) FROM ledger_tx"))[0] + 1
    await tx.executemany(
        "INSERT INTO ledger_tx (id, guild_id, reason, memo, created_at) VALUES (?, ?, 'grant', ?, ?)",
        [(first + n, GUILD, f"bench {n}", tx.now) for n in range(count)],
    )
    lines = []
    for n in range(count):
        amount = 1 + n % 50
        lines += [
            (first + n, accounts[players[n % len(players)]], amount),
            (first + n, house, -amount),
        ]
    await tx.executemany(
        "INSERT INTO ledger_lines (tx_id, account_id, amount) VALUES (?, ?, ?)", lines
    )
    await tx.execute(
        "UPDATE accounts SET balance = (SELECT SUM(amount) FROM ledger_lines"
        " WHERE account_id = accounts.id) WHERE guild_id = ?",
        (GUILD,),
    )


def paths(token: str, rng: random.Random) -> dict[str, str]:
    """One address of each kind, chosen at random."""
    player = 1 + rng.randrange(PLAYERS)
    game = 1 + rng.randrange(GAMES)
    event = 1 + rng.randrange(EVENTS)
    page = 1 + rng.randrange(8)
    return {
        "standings": f"/s/{token}/?page={1 + rng.randrange(8)}",
        "player": f"/s/{token}/players/{player}",
        "leaderboard": f"/s/{token}/chips?page={page}",
        "ledger": f"/s/{token}/chips/{player}?page={1 + rng.randrange(10)}",
        "games": f"/s/{token}/games?page={1 + rng.randrange(400)}",
        "replay": f"/s/{token}/games/{game}",
        "api standings": f"/api/s/{token}/standings",
        "api player": f"/api/s/{token}/players/{player}",
        "api ledger": f"/api/s/{token}/chips/{player}",
        "api replay": f"/api/s/{token}/games/{game}",
        "events": f"/s/{token}/events?page={1 + rng.randrange(8)}",
        "event": f"/s/{token}/events/{event}",
        "api event": f"/api/s/{token}/events/{event}",
    }


def load(base: str, token: str, clients: int, seconds: float, out: multiprocessing.Queue) -> None:
    """The load generator (its own process): `clients` loops of requests, each kind in turn."""
    import aiohttp

    async def run() -> dict[str, list[float]]:
        timings: dict[str, list[float]] = {}
        deadline = time.perf_counter() + seconds

        async def client(number: int, session: aiohttp.ClientSession) -> None:
            rng = random.Random(number)
            while time.perf_counter() < deadline:
                for kind, path in paths(token, rng).items():
                    began = time.perf_counter()
                    async with session.get(base + path) as response:
                        await response.read()
                        assert response.status == 200, (path, response.status)
                    timings.setdefault(kind, []).append(time.perf_counter() - began)

        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(client(n, session) for n in range(clients)))
        return timings

    out.put(asyncio.run(run()))


def p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] if values else 0.0


async def serve(database: Path, clients: int, seconds: float) -> None:
    limit = RateLimit(burst=10**9, per_second=1e9)  # the bench is one address asking very often
    server = await start_web(database, host="127.0.0.1", port=0, secret=SECRET, limit=limit)
    stalls: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            began = time.perf_counter()
            await asyncio.sleep(0.01)
            stalls.append(time.perf_counter() - began - 0.01)

    ticking = asyncio.create_task(ticker())
    out: multiprocessing.Queue = multiprocessing.get_context("spawn").Queue()
    worker = multiprocessing.get_context("spawn").Process(
        target=load,
        args=(
            f"http://127.0.0.1:{server.port}",
            page_token(SECRET, GUILD, 0),
            clients,
            seconds,
            out,
        ),
    )
    cpu = time.process_time()
    worker.start()
    timings = await asyncio.to_thread(out.get)
    cpu = time.process_time() - cpu
    await asyncio.to_thread(worker.join)
    stop.set()
    await ticking
    await server.close()
    total = sum(len(v) for v in timings.values())
    print(f"{clients} clients for {seconds:g} s: {total} requests, {total / seconds:.0f}/s")
    print(f"{'kind':<15} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in timings.items():
        print(
            f"{kind:<15} {len(values) / seconds:>7.1f} {1000 * statistics.median(values):>8.1f}"
            f" {1000 * p(values, 99):>8.1f} {1000 * max(values):>8.1f}"
        )
    everything = [v for values in timings.values() for v in values]
    print(
        f"{'all':<15} {total / seconds:>7.1f} {1000 * statistics.median(everything):>8.1f}"
        f" {1000 * p(everything, 99):>8.1f} {1000 * max(everything):>8.1f}"
    )
    print(f"server process CPU: {cpu:.1f} s, {total / cpu:.0f} requests per CPU second")
    print(
        f"event-loop stalls: p50 {1000 * statistics.median(stalls):.1f} ms,"
        f" p99 {1000 * p(stalls, 99):.1f} ms, max {1000 * max(stalls):.1f} ms"
    )


def main() -> None:
    parse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parse.add_argument("--database", type=Path, default=Path("/tmp/web_bench.db"))
    parse.add_argument("--seconds", type=float, default=30.0)
    parse.add_argument("--clients", type=int, default=8)
    args = parse.parse_args()
    if not args.database.exists():
        asyncio.run(build(args.database))
    asyncio.run(serve(args.database, args.clients, args.seconds))


if __name__ == "__main__":
    main()
