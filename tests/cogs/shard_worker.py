"""One bot process of a two-shard deployment on PostgreSQL, in a SimCord of its own (tests/cogs/test_shards.py).

    python -m tests.cogs.shard_worker URL SHARD DATA_DIR start|resume BEFORE [hold | GO AFTER]

The process builds its server first (the guild's id is fixed, in its shard),
then attaches the real sharded bot with `restart_bot`, so the bot resumes its
tables with their guild already there; the people act as the stored seats say. In `start` it
opens a two-handed table for alice and bob in its guild (owned by its shard).
It reports on stdout, one line each, flushed: `ready <json>` (its guild, the
tables it resumed or opened) and `acted <n>` after each action. It plays
BEFORE actions; then, told `hold`, holds on (its leases with it) until killed;
given GO, waits for that file to appear and plays AFTER more; then it closes cleanly. Its
requests are held to Discord as every test's are (`tests.conformance`): `ready` lists any
violation so far, and a violation after it makes the process end with status 3.
The waits block the process: SimCord's clock is virtual, so a sleep on the
loop would never end, and nothing else is due meanwhile (no turn timers).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path

from bot.config import Config
from bot.tables import Person, SimplePlayer
from cogs._bot import create_bot
from tests.cogs.sim import board_message, close_store
from tests.conformance.plugin import RECORDER, install
from tests.steady_sim import steady_run
from tests.tables.helpers import live_of, lives

SHARDS = 2


def guild_id(shard: int) -> int:
    """A snowflake whose shard ((id >> 22) % SHARDS) is `shard`."""
    return (10**12 + shard) << 22


def say(word: str, value: object) -> None:
    print(word, json.dumps(value), flush=True)


async def act(bot, table_id: int, rng: random.Random) -> None:
    """One person's turn at the table (SimplePlayer's choice), stored before it returns."""
    table = live_of(bot.tables, bot.tables.table(table_id))
    seat = table.seats[table.to_act]
    person = Person(seat.user_id, seat.display_name)
    hand = await bot.tables.hand(table_id, person.user_id)
    choice = SimplePlayer().choose(hand.view, hand.legal, rng)
    await bot.tables.act(table_id, person, choice, version=hand.version)  # a refusal raises


async def main(url: str, shard: int, data_dir: Path, mode: str, plan: list[str]) -> None:
    install()
    placeholder = create_bot(data_dir / f"placeholder-{mode}.db")
    # Only shard 0's process syncs the commands (Discord keeps them for the whole application); in
    # this SimCord of its own, shard 1's process finds them as Discord would have them.
    async with steady_run(placeholder, check_errors=False, strict_sync=False) as env:
        guild = env.create_guild(f"shard {shard}", id=guild_id(shard))
        channel = guild.create_text_channel("pinochle")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        settings = Config(
            database_path=data_dir / f"shard{shard}" / "marker.db",
            shard_count=SHARDS,
            shard_ids=(shard,),
            turn_seconds=0,
            ai_workers=1,
        )
        bot = create_bot(url, config=settings)
        sent = len(env.http_requests)
        await env.restart_bot(bot)
        syncs = sum(
            r.method == "PUT" and r.path.endswith("/commands") for r in env.http_requests[sent:]
        )
        await close_store(placeholder)
        if mode == "start":
            await alice.slash(channel, "pinochle new", variant="two-handed", place="channel")
            await bob.click(board_message(channel), label="Join")
            await alice.click(board_message(channel), label="Start")
        tables = [t.id for t in lives(bot.tables, bot.tables.tables())]
        violations = [str(violation) for violation in RECORDER.take()]
        say(
            "ready",
            {"guild": guild.id, "tables": tables, "synced": syncs, "violations": violations},
        )
        rng, acted = random.Random(shard), 0

        async def play(count: int) -> None:
            nonlocal acted
            for _ in range(count):
                await act(bot, tables[0], rng)
                await env.settle()
                acted += 1
                say("acted", acted)

        await play(int(plan[0]))
        if plan[1:] == ["hold"]:
            _hold()
        if len(plan) == 3:
            _wait_for(Path(plan[1]))
            await play(int(plan[2]))
        await close_store(bot)
    late = RECORDER.take()
    if late:
        say("violations", [str(violation) for violation in late])
        raise SystemExit(3)


def _hold() -> None:
    """Mid-deal, holding its leases, until killed."""
    while True:
        time.sleep(1)


def _wait_for(path: Path) -> None:
    while not path.exists():
        time.sleep(0.05)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4], sys.argv[5:]))
