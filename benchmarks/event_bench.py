"""A league night of 16 people through the real bot in SimCord.

An organiser opens an event (`/league event new`), sixteen members join and it
starts; every table plays in a thread of its own, and the people's turns are
taken through the table service by a simple computer player (each as soon as
it is theirs), computers filling any seat left over. Prints the wall time of
each round (from its tables opening to the last one finishing, the bot's
presenter pacing its messages on SimCord's virtual clock), the messages left
standing in each table's thread and in the event's channel, and the database's
size at the end.

    python benchmarks/event_bench.py [--variant two-handed] [--people 16] [--rounds 3] [--deals 4]
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
from typing import Any

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: Virtual seconds between sweeps over the tables: computers play, paced sends go out.
STEP = 1.0
#: Sweeps after which an event that has not ended is stuck.
MAX_SWEEPS = 20_000


async def run_event(env: Any, variant: str, people: int, rounds: int, deals: int) -> dict[str, Any]:
    from bot.store.nights import event_tables, list_events
    from bot.tables import Person, SimplePlayer

    guild = env.create_guild()
    channel = guild.create_text_channel("league-night")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("organiser"), roles=[managers])
    members = [guild.add_member(env.create_user(f"player{n:02}")) for n in range(people)]
    await admin.slash(
        channel,
        "league event new",
        name="Bench",
        variant=variant,
        rounds=rounds,
        deals_per_round=deals,
    )
    for member in members:
        await member.slash(channel, "league event join")
    bot = env.bot
    store = bot.store
    started = time.perf_counter()
    await admin.slash(channel, "league event start")
    [event] = await list_events(store, guild.id)
    names = {m.id: f"player{n:02}" for n, m in enumerate(members)}
    rng, player = random.Random(1), SimplePlayer()
    round_times: dict[int, float] = {}
    round_start, current = started, 1
    for _ in range(MAX_SWEEPS):
        [event] = await list_events(store, guild.id, ("running", "paused", "finished"))
        if event.round != current or event.status == "finished":
            now = time.perf_counter()
            round_times[current] = now - round_start
            round_start, current = now, event.round
            if event.status == "finished":
                break
        for table in bot.tables.tables(guild.id):
            seat = table.to_act
            user = None if seat is None else table.seats[seat].user_id
            if table.event is None or user is None or not table.awaits(user):
                continue
            hand = await bot.tables.hand(table.id, user)
            choice = player.choose(hand.view, hand.legal, rng)
            await bot.tables.act(table.id, Person(user, names[user]), choice, version=hand.version)
        await env.advance_time(STEP)
    else:
        raise RuntimeError("the event did not end")
    for _ in range(60):  # the last lines, board edits and the final standings go out
        await env.advance_time(1)
    threads = {t.id: t for t in channel.threads}
    tables = await event_tables(store, event.id)
    homes = {}
    for t in tables:
        row = await store.fetchone("SELECT channel_id FROM tables WHERE id = ?", (t.table_id,))
        homes[t.table_id] = row["channel_id"]
    per_table = [
        sum(m.type is discord.MessageType.default for m in threads[homes[t.table_id]].history())
        for t in tables
    ]
    in_channel = sum(m.type is discord.MessageType.default for m in channel.history())
    return {
        "rounds": round_times,
        "tables": len(tables),
        "per_table": per_table,
        "channel": in_channel,
    }


async def measure(variant: str, people: int, rounds: int, deals: int) -> None:
    import simcord

    from cogs._bot import create_bot

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        bot = create_bot(path)
        async with simcord.run(bot) as env:
            try:
                result = await run_event(env, variant, people, rounds, deals)
            finally:
                await env.bot.nights.close()
                await env.bot.tables.close()
                await env.bot.store.close()
        size = sum(p.stat().st_size for p in Path(tmp).glob("bench.db*"))
    per_table = result["per_table"]
    print(
        f"{variant}: {people} people, {rounds} rounds of {deals} deals, {result['tables']} tables"
    )
    for number, seconds in sorted(result["rounds"].items()):
        print(f"  round {number}: {seconds:.1f} s wall")
    print(
        f"  messages per table (its thread): mean {statistics.mean(per_table):.1f},"
        f" most {max(per_table)}, fewest {min(per_table)}"
    )
    print(f"  messages in the event's channel: {result['channel']}")
    print(f"  database: {size / 1024:.0f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="two-handed")
    parser.add_argument("--people", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=4)
    args = parser.parse_args(argv)
    asyncio.run(measure(args.variant, args.people, args.rounds, args.deals))


if __name__ == "__main__":
    main()
