"""Discord's global request budget: whole games through the real bot in SimCord, every request counted.

Discord lets a bot token make about 50 requests a second across all its
processes; interaction responses and their webhook follow-ups do not count.
For each variant this plays whole games with people only and with people
beside computers, each person acting 5 to 10 (virtual) seconds after their
turn comes, and sorts every request the bot made from the start to the end
of the game: globally limited (message creates, edits, deletes, thread
creations, other) and interaction (responses, follow-ups, their edits and
deletes). It prints, per game, the globally limited requests per person
action and per deal, and how many such tables one token carries at 50
requests a second (the game's requests spread over its own duration).

    python benchmarks/budget_bench.py [--games 1] [--seed 1] [--target N] [--variant V]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.messages_bench import VARIANTS, _home, close_bot, take_turn

#: Requests a second Discord allows one bot token (all processes, all shards).
GLOBAL_RATE = 50
#: Seconds a person takes to act once their turn comes (drawn evenly between the two).
PACE = (5.0, 10.0)
#: A game that takes more steps than this is stuck, not long.
MAX_STEPS = 20000
#: Seats of each variant.
SEATS = {
    "two-handed": 2,
    "two-handed-no-trump": 2,
    "three-handed": 3,
    "four-handed": 4,
    "partnership": 4,
    "check": 4,
}
NAMES = ("alice", "bob", "carol", "dave")
KINDS = ("create", "edit", "delete", "thread", "other")

_CHANNEL_MESSAGE = re.compile(r"^/channels/\d+/messages(/\d+)?$")


def kind_of(method: str, path: str) -> str:
    """What a request is, for the budget: "interaction" (not globally limited) or one of `KINDS`."""
    if path.startswith(("/interactions/", "/webhooks/")):
        return "interaction"
    if _CHANNEL_MESSAGE.match(path):
        return {"POST": "create", "PATCH": "edit", "DELETE": "delete"}.get(method, "other")
    if path.endswith("/threads"):
        return "thread"
    return "other"


@dataclass
class GameBudget:
    """The requests of one game, by kind, and what they served."""

    label: str
    kinds: Counter[str] = field(default_factory=Counter)
    actions: int = 0  # person actions (clicks and menu choices in hand views)
    deals: int = 0
    seconds: float = 0.0  # virtual seconds from the start to the end of the game

    @property
    def limited(self) -> int:
        return sum(self.kinds[k] for k in KINDS)

    @property
    def tables_per_token(self) -> float:
        per_second = self.limited / self.seconds if self.seconds else 0.0
        return GLOBAL_RATE / per_second if per_second else float("inf")


async def play_paced(
    env: Any,
    guild: Any,
    channel: Any,
    people: list[Any],
    variant: str,
    rng: random.Random,
    target: int | None,
    label: str,
) -> GameBudget:
    """Open, seat, start and play a game to its end, each person acting after a human pause."""
    opener, *others = people
    options = {"target": target} if target else {}
    await opener.slash(channel, "pinochle new", variant=variant, **options)
    table = env.bot.tables.table_in(channel.id) or next(
        t for t in env.bot.tables.tables(guild.id) if t.variant == variant
    )
    home = _home(guild, table, channel)
    for member in people:
        await member.slash(home, "pinochle images", state="off")
    for member in others:
        await member.slash(home, "pinochle join")
    budget = GameBudget(label)
    first = len(env.http_requests)
    started = env.now().timestamp()
    await opener.slash(home, "pinochle start")
    by_user = {m.id: m for m in people}
    views: dict[int, Any] = {}
    due: tuple[int, float] | None = None  # (version, virtual time) when the awaited person acts
    for _ in range(MAX_STEPS):
        table = env.bot.tables.known_table(table.id) or table  # as it is now
        if table.view is None or table.status != "playing":
            break
        seat = table.to_act
        member = by_user.get(table.seats[seat].user_id) if seat is not None else None
        now = env.now().timestamp()
        if member is None or not table.awaits(member.id):
            due = None
        elif due is None or due[0] != table.version:
            due = (table.version, now + rng.uniform(*PACE))
        elif now >= due[1]:
            before = table.version
            await take_turn(member, home, rng, views)
            after = env.bot.tables.known_table(table.id) or table
            budget.actions += after.version != before
            due = None
            continue
        await env.advance_time(0.5)
    else:
        raise RuntimeError(f"{label}: no end after {MAX_STEPS} steps")
    budget.seconds = env.now().timestamp() - started
    for _ in range(30):  # the last lines and board edits go out
        await env.advance_time(1)
    budget.deals = (env.bot.tables.known_table(table.id) or table).deal_no
    for request in env.http_requests[first:]:
        budget.kinds[kind_of(request.method, request.path)] += 1
    return budget


async def measure(variant: str, people: int, seed: int, target: int | None) -> GameBudget:
    import simcord

    from cogs._bot import create_bot

    computers = SEATS[variant] - people
    label = f"{variant}, {people} {'person' if people == 1 else 'people'}" + (
        f" + {computers} computer{'s' if computers > 1 else ''}" if computers else ""
    )
    with tempfile.TemporaryDirectory() as tmp:
        async with simcord.run(create_bot(Path(tmp) / "bench.db")) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("pinochle")
            members = [guild.add_member(env.create_user(name)) for name in NAMES[:people]]
            try:
                return await play_paced(
                    env, guild, channel, members, variant, random.Random(seed), target, label
                )
            finally:
                await close_bot(env.bot)


def print_row(game: GameBudget) -> None:
    per_deal = " / ".join(f"{game.kinds[k] / max(game.deals, 1):.1f}" for k in KINDS)
    print(
        f"| {game.label} | {game.deals} | {game.actions} | {game.limited / max(game.actions, 1):.2f} "
        f"| {per_deal} | {game.kinds['interaction'] / max(game.deals, 1):.1f} "
        f"| {game.tables_per_token:.0f} |",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the people's pace and choices")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="only these variants")
    parser.add_argument(
        "--target", type=int, default=300, help="the game's target (low is quicker)"
    )
    parser.add_argument(
        "--computers", choices=("with", "without", "both"), default="both", help="which line-ups"
    )
    args = parser.parse_args(argv)
    print(
        "| Game | Deals | Person actions | Globally limited per person action "
        "| Per deal: create / edit / delete / thread / other | Interaction requests per deal "
        f"| Tables per token at {GLOBAL_RATE}/s |"
    )
    print("|---|---|---|---|---|---|---|")
    for variant in args.variant or VARIANTS:
        lineups = []
        if args.computers in ("without", "both"):
            lineups.append(SEATS[variant])
        if args.computers in ("with", "both"):
            lineups.append(max(1, SEATS[variant] - 2))
        for people in lineups:
            print_row(asyncio.run(measure(variant, people, args.seed, args.target)))


if __name__ == "__main__":
    main()
