"""Hundreds of tables on one bot token: the presenter against a fake Discord that enforces the limits.

SimCord plays whole games faithfully but too slowly for a thousand tables on
two cores, so this drives the real presenter (`cogs._presenter`, with its
request budget and voices) from in-memory games (`bot.game`, the real board,
lines and turn pings; no store) over a fake HTTP layer. The fake answers 429
past 50 globally limited requests in any second (message creates, edits,
deletes) or past 5 requests in any 5 seconds in one channel; interaction
follow-ups are outside both, as on Discord. Each request takes `--latency`
seconds. People act 5 to 10 seconds after their turn comes (through an
interaction answered 0.15 s later), computers after 0.5 to 1.5 seconds; a
game that ends starts again (its host clicks Start). Tables mix two-handed (2 people), three-handed
(3 people), partnership (4 people) and partnership with 2 computers.

Printed per number of tables, over `--seconds` of steady play after
`--warmup`: globally limited requests a second, interaction requests a
second, 429s, person actions, globally limited requests per person action,
and the delay from a person's action to the next person's ping and to the
board showing it (p50, p99).

    python benchmarks/budget_scale_bench.py [--tables 100 500 1000] [--seconds 40] [--warmup 10]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import random
import statistics
import sys
import time
from collections import Counter, deque
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.game import new_game
from bot.store import Seat
from bot.tables.announce import event_lines, start_lines
from bot.tables.deallog import DealLog
from bot.tables.model import Table
from bot.tables.outcome import told
from cogs._presenter import ChannelPresenter
from cogs._requests import RequestBudget, process_rate

GLOBAL_LIMIT, CHANNEL_LIMIT, CHANNEL_WINDOW = 50, 5, 5.0
LINEUPS = (("two-handed", 2), ("three-handed", 3), ("partnership", 4), ("partnership", 2))
PERSON_PACE, COMPUTER_PACE, ANSWER_AFTER = (5.0, 10.0), (0.5, 1.5), 0.15


class _TooMany:
    status, reason, headers = 429, "Too Many Requests", {"Retry-After": "1"}


class FakeDiscord:
    """Discord's REST as the presenter meets it, counting what it serves and what it refuses."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.ids = itertools.count(1 << 40)
        self.recent: deque[float] = deque()  # globally limited requests of the last second
        self.by_channel: dict[int, deque[float]] = {}
        self.kinds: Counter[str] = Counter()
        self.too_many = 0
        self.shown: Any = lambda kind, channel_id: None  # told of each ping and board drawn

    async def request(self, kind: str, channel_id: int, *, limited: bool = True) -> int:
        now = time.monotonic()
        if limited:
            while self.recent and self.recent[0] <= now - 1.0:
                self.recent.popleft()
            mine = self.by_channel.setdefault(channel_id, deque())
            while mine and mine[0] <= now - CHANNEL_WINDOW:
                mine.popleft()
            if len(self.recent) >= GLOBAL_LIMIT or len(mine) >= CHANNEL_LIMIT:
                self.too_many += 1
                self.kinds[
                    "429 " + ("global" if len(self.recent) >= GLOBAL_LIMIT else "channel")
                ] += 1
                raise discord.HTTPException(_TooMany(), "You are being rate limited.")  # type: ignore[arg-type]
            self.recent.append(now)
            mine.append(now)
        self.kinds[kind] += 1
        await asyncio.sleep(self.latency)
        return next(self.ids)


class FakeMessage:
    def __init__(self, api: FakeDiscord, channel_id: int, message_id: int) -> None:
        self.api, self.channel_id, self.id = api, channel_id, message_id

    async def edit(self, **fields: Any) -> None:
        await self.api.request("edit", self.channel_id)
        if fields.get("embeds"):
            self.api.shown("board", self.channel_id)

    async def delete(self) -> None:
        await self.api.request("delete", self.channel_id)


class FakeChannel:
    def __init__(self, api: FakeDiscord, channel_id: int) -> None:
        self.api, self.id = api, channel_id

    async def send(self, content: str | None = None, **fields: Any) -> FakeMessage:
        message = FakeMessage(self.api, self.id, await self.api.request("create", self.id))
        mentions = fields.get("allowed_mentions")
        if mentions is not None and mentions.users:
            self.api.shown("ping", self.id)
        if fields.get("embeds"):
            self.api.shown("board", self.id)
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self.api, self.id, message_id)

    async def history(self, **_: Any):  # pragma: no cover - boards are always watched here
        await self.api.request("other", self.id)
        return
        yield


class FakeFollowup:
    def __init__(self, api: FakeDiscord, channel_id: int) -> None:
        self.api, self.channel_id = api, channel_id

    async def send(self, content: str, *, allowed_mentions: Any, wait: bool) -> FakeMessage:
        message_id = await self.api.request("follow-up", self.channel_id, limited=False)
        if allowed_mentions.users:
            self.api.shown("ping", self.channel_id)
        return FakeMessage(self.api, self.channel_id, message_id)

    async def delete_message(self, message_id: int) -> None:
        await self.api.request("follow-up delete", self.channel_id, limited=False)


class FakeInteraction:
    """A person's click: answered a moment after it came, its follow-ups outside the budget."""

    def __init__(self, api: FakeDiscord, channel_id: int) -> None:
        self.channel_id = channel_id
        self.created_at = discord.utils.utcnow()
        self.followup = FakeFollowup(api, channel_id)
        self.answered = False
        self.response = SimpleNamespace(is_done=lambda: self.answered, type=None)


def fake_bot(api: FakeDiscord) -> Any:
    async def stored(table_id: int, message_id: int) -> None:
        pass

    return SimpleNamespace(
        notify_off=set(),
        hand_watch=SimpleNamespace(table_changed=lambda table: None),
        tables=SimpleNamespace(set_board_message=stored, known_table=lambda table_id: None),
        services=SimpleNamespace(settings=SimpleNamespace(images_enabled=_no_pictures)),
        get_partial_messageable=lambda channel_id: FakeChannel(api, channel_id),
    )


async def _no_pictures(guild_id: int) -> bool:
    """No store here, and pictures are not the subject."""
    return False


def new_table(number: int) -> Table:
    variant, people = LINEUPS[number % len(LINEUPS)]
    size = {"two-handed": 2, "three-handed": 3, "partnership": 4}[variant]
    seats = {
        n: Seat(n, f"p{number}-{n}", user_id=number * 10 + n + 1)
        if n < people
        else Seat(n, f"c{n}", bot_level="easy")
        for n in range(size)
    }
    table = Table(number, 1, 100_000 + number, number * 10 + 1, variant, {}, number, "en", 0.0)
    table.seats = seats
    return table


def deal_again(table: Table) -> None:
    table.status, table.version, table.deal_log = "playing", 0, DealLog()
    table.game = new_game(table.variant, seed=random.randrange(1 << 30))


class Load:
    """Tables played at a human pace; what people waited for."""

    def __init__(self, api: FakeDiscord, presenter: ChannelPresenter, rng: random.Random) -> None:
        self.api, self.presenter, self.rng = api, presenter, rng
        self.actions = 0
        self.counting = False
        self.ping_delays: list[float] = []
        self.board_delays: list[float] = []
        self.pinged: dict[int, float] = {}  # channel -> when its latest person action came
        self.drawn: dict[int, float] = {}  # channel -> when its first action not on the board came
        api.shown = self.shown

    def start(self, table: Table) -> None:
        """The host clicks Start: a new game begins (its ping goes through that click)."""
        deal_again(table)
        host = FakeInteraction(self.api, table.channel_id)
        self.presenter.heard(table.id, host)
        outcome = told(table, public=start_lines(table), board=True)
        self.presenter.publish(outcome.table, outcome)
        asyncio.get_running_loop().call_later(ANSWER_AFTER, self.answer, host)

    def answer(self, interaction: FakeInteraction) -> None:
        """The bot answers the click (as the cogs do, then telling the presenter)."""
        interaction.answered = True
        self.presenter.answered(interaction)  # type: ignore[arg-type]

    async def play(self, table: Table) -> None:
        self.start(table)
        while True:
            seat = table.to_act
            assert seat is not None
            person = table.seats[seat].user_id
            await asyncio.sleep(self.rng.uniform(*(PERSON_PACE if person else COMPUTER_PACE)))
            action = self.rng.choice(table.game.legal_actions())
            interaction = None
            if person is not None:
                interaction = FakeInteraction(self.api, table.channel_id)
                self.presenter.heard(table.id, interaction)
            events = table.game.apply(action)
            table.version += 1
            if table.game.is_over:
                table.status = "finished"
            acted = time.monotonic()
            outcome = told(table, public=event_lines(table, events), board=True, action=action)
            self.presenter.publish(outcome.table, outcome)
            if interaction is not None:
                asyncio.get_running_loop().call_later(ANSWER_AFTER, self.answer, interaction)
                self.actions += self.counting
                self.pinged[table.channel_id] = acted  # the next ping answers the latest action
                self.drawn.setdefault(table.channel_id, acted)  # the next board shows the first
            if table.status == "finished":  # the next game's start is nobody's action
                self.pinged.pop(table.channel_id, None)
                self.drawn.pop(table.channel_id, None)
                await asyncio.sleep(2.0)
                self.start(table)

    def shown(self, kind: str, channel_id: int) -> None:
        """A ping or a board reached the channel: how long the last person action waited for it."""
        waiting = (self.pinged if kind == "ping" else self.drawn).pop(channel_id, None)
        if waiting is not None and self.counting:
            (self.ping_delays if kind == "ping" else self.board_delays).append(
                time.monotonic() - waiting
            )


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(tables: int, seconds: float, warmup: float, latency: float, seed: int) -> None:
    api = FakeDiscord(latency)
    presenter = ChannelPresenter(fake_bot(api), budget=RequestBudget(process_rate(None, None)))
    presenter.start()
    load = Load(api, presenter, random.Random(seed))
    players = []
    for number in range(1, tables + 1):
        players.append(asyncio.create_task(load.play(new_table(number))))
        await asyncio.sleep(warmup / tables / 2)
    await asyncio.sleep(warmup / 2)
    before, refused_before, started = Counter(api.kinds), api.too_many, time.monotonic()
    load.counting = True
    await asyncio.sleep(seconds)
    load.counting = False
    spent = time.monotonic() - started
    kinds = api.kinds - before
    limited = sum(kinds[k] for k in ("create", "edit", "delete", "other"))
    follow = kinds["follow-up"] + kinds["follow-up delete"]
    await asyncio.sleep(5)  # the last actions' pings and boards arrive
    for player in players:
        player.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    await presenter.close()
    print(
        f"| {tables} | {limited / spent:.1f} | {follow / spent:.1f} | {api.too_many - refused_before} "
        f"| {load.actions} | {limited / max(load.actions, 1):.2f} "
        f"| {statistics.median(load.ping_delays) if load.ping_delays else float('nan'):.2f} / "
        f"{percentile(load.ping_delays, 0.99):.2f} "
        f"| {statistics.median(load.board_delays) if load.board_delays else float('nan'):.2f} / "
        f"{percentile(load.board_delays, 0.99):.2f} |",
        flush=True,
    )
    if os.environ.get("BUDGET_KINDS"):
        print(dict(kinds), presenter.budget.refused, file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds measured per run")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--latency", type=float, default=0.05, help="seconds a request takes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)
    print(
        "| Tables | Globally limited requests/s | Interaction requests/s | 429s | Person actions "
        "| Globally limited per person action | Ping delay p50 / p99 (s) | Board delay p50 / p99 (s) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for tables in args.tables:
        asyncio.run(run(tables, args.seconds, args.warmup, args.latency, args.seed))


if __name__ == "__main__":
    main()
