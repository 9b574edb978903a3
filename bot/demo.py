"""`python -m bot demo`: a sample server in a file, and its web pages served, to look at in a minute.

The sample is played, not written: six people with ordinary names sit at tables of every
variant through the real table service (`TableService`, with the bot's own hooks, so the
league ratings, deal figures, replays and Check chips are what a Discord server would hold),
their moves chosen by an `easy` computer player and the empty seats filled by computers;
then a league night of two rounds (`NightRunner`) and a prize from the house on the chip
ledger. Games go to the shortest target, so the whole build takes seconds. The sample is
the server `DEMO_GUILD`; an existing file is served as it is (delete it to build afresh).
Without `WEB_SECRET` the pages get a secret of this run, so the printed links work while
the demo serves them (with `--no-serve` none are printed: they could never open).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from bot.ai.table_players import LevelPlayer, ai_players
from bot.config import DEFAULT_WEB_HOST, config_for_a_process
from bot.i18n import t
from bot.nights.runner import EventBoard, NightRunner
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
from bot.stopping import run_until_stopped
from bot.store import (
    Store,
    StoreOpenError,
    find_player,
    get_guild_settings,
    grant,
    set_guild_settings,
)
from bot.store.nights import EventRow
from bot.store.sql import is_postgres_url
from bot.store.urls import safe_url
from bot.tables import Person, Refusal, TableHome, TableService, Text
from bot.web.server import WebStartError, base_url
from bot.web.tokens import server_link

#: The sample server's id (the terminal's own server is 0: `bot.terminal.LOCAL_GUILD`).
DEMO_GUILD = 1
DEFAULT_DATABASE = "data/demo.db"
PEOPLE = ("Ann", "Boris", "Chloé", "Dmitri", "Emma", "Farid")
#: How each person plays (their moves are a computer player's of this level): a mixed field.
STYLES = ("normal", "easy", "random", "normal", "easy", "random")
#: Each game: its variant, how many people sit (computers take the other seats), their level.
GAMES: tuple[tuple[str, int, str], ...] = (
    ("two-handed", 2, "easy"),
    ("three-handed", 2, "normal"),
    ("four-handed", 3, "easy"),
    ("partnership", 4, "easy"),
    ("check", 4, "easy"),
    ("check", 3, "normal"),
    ("two-handed-no-trump", 2, "easy"),
    ("auction", 4, "easy"),
    ("double-deck", 3, "easy"),
)
#: The fewest points a game may go to: every game ends within a few deals.
SHORT = {"target": 300}
#: The chips each account opens with, and the league night's prize from the house.
STARTING_CHIPS = 100
PRIZE = 50


class QuietNotices:
    """Where the league night shows itself: nowhere (the web pages show it afterwards)."""

    def __init__(self) -> None:
        self._homes = itertools.count(1000)

    async def place(
        self, event: EventRow, round_no: int, table_no: int, people: Sequence[int]
    ) -> tuple[int, TableHome]:
        return next(self._homes), TableHome()

    async def forget(self, event: EventRow, channel_id: int) -> None:
        return None

    async def standings(self, event: EventRow, board: EventBoard) -> list[int]:
        return []

    async def say(self, event: EventRow, text: Text) -> None:
        return None

    async def alert(self, event: EventRow, text: Text | Refusal) -> None:
        return None


async def build(database: str, *, seed: int = 1) -> None:
    """Write the sample server into `database` (a new SQLite file or an empty PostgreSQL one)."""
    store = await Store.open(database)
    try:
        async with store.transaction() as tx:
            await set_guild_settings(
                tx,
                DEMO_GUILD,
                web=True,
                starting_balance=STARTING_CHIPS,
                new_cooldown=0,
                max_tables_member=20,
            )
        runner = NightRunner(QuietNotices(), seed=seed)
        service = TableService(
            store,
            players=ai_players(),
            seed=seed,
            turn_seconds=0,
            hooks=[ledger_hook, records_hook, runner.hook],
            owns=lambda guild_id: guild_id == DEMO_GUILD,
        )
        await runner.attach(service)
        people = [Person(n + 1, name) for n, name in enumerate(PEOPLE)]
        try:
            for number, (variant, seated, level) in enumerate(GAMES):
                sitting = [people[(number + i) % len(people)] for i in range(seated)]
                await _game(service, variant, sitting, level, channel=number + 1)
            await _drive(service, runner, random.Random(seed))
            await _league_night(service, runner, people, random.Random(seed))
            await _prize(store, people[0])
        finally:
            await runner.close()
            await service.close()
    finally:
        await store.close()


async def _game(
    service: TableService, variant: str, people: list[Person], level: str, *, channel: int
) -> None:
    """Open a table, seat the people and computers, and start it."""
    host, *guests = people
    opened = await service.open(
        guild_id=DEMO_GUILD, channel_id=channel, host=host, variant=variant, options=SHORT
    )
    table = opened.table
    assert table is not None  # an opened table
    table_id = table.id
    for guest in guests:
        table = (await service.join(table_id, guest)).table or table
    while table.free_seat() is not None:
        table = (await service.add_computer(table_id, host, level)).table or table
    await service.start(table_id, host)


async def _drive(service: TableService, runner: NightRunner, rng: random.Random) -> None:
    """The people's turns at every table, each chosen by a computer player of the person's
    style (`STYLES`), until none waits."""
    choosers = {n + 1: LevelPlayer(style, 0.0) for n, style in enumerate(STYLES)}
    while True:
        await service.settle()
        await runner.settle()
        moved = False
        for table in service.tables(DEMO_GUILD):
            seat = table.to_act
            if table.status != "playing" or seat is None:
                continue
            user = table.seats[seat].user_id
            if user is None or not table.awaits(user) or (table.event is not None and table.over):
                continue
            try:
                hand = await service.hand(table.id, user)
                if hand.legal:
                    action = choosers[user].choose(hand.view, list(hand.legal), rng)
                    person = Person(user, table.seats[seat].display_name)
                    await service.act(table.id, person, action, version=hand.version)
                    moved = True
            except Refusal:
                continue  # the round's clock moved the table on meanwhile
        if not moved:
            return


async def _league_night(
    service: TableService, runner: NightRunner, people: list[Person], rng: random.Random
) -> None:
    """A two-round league night of every person, played to its final table."""
    event = await runner.create(
        guild_id=DEMO_GUILD,
        channel_id=999,
        organiser=people[0],
        name="Friday league night",
        variant="two-handed",
        rounds=2,
        deals_per_round=2,
    )
    for person in people:
        await runner.join(event.id, person)
    await runner.start(event.id, people[0])
    await _drive(service, runner, rng)


async def _prize(store: Store, winner: Person) -> None:
    """The house pays a prize: a ledger line besides the games' settlements."""
    async with store.transaction() as tx:
        player = await find_player(tx, DEMO_GUILD, user_id=winner.user_id)
        if player is not None:
            await grant(tx, DEMO_GUILD, player.id, PRIZE, "league night prize")


async def holds(database: str) -> Literal["sample", "nothing", "other"]:
    """What `database` holds: a whole sample server (its league night, built after its games,
    has finished), nothing yet (a new file, an empty PostgreSQL database), or something else
    (another server's games, a build stopped part-way), which the demo leaves alone."""
    store = await Store.open(database)
    try:
        sample = await store.fetchone(
            "SELECT 1 FROM events WHERE guild_id = ? AND status = 'finished'", (DEMO_GUILD,)
        )
        anyone = await store.fetchone("SELECT 1 FROM players LIMIT 1")
    finally:
        await store.close()
    return "sample" if sample is not None else "nothing" if anyone is None else "other"


async def links(database: str, secret: str, base_url: str) -> list[str]:
    """The sample server's pages, one address each (the standings first)."""
    store = await Store.open(database)
    try:
        settings = await get_guild_settings(store, DEMO_GUILD)
        game = await store.fetchone(
            "SELECT id FROM games WHERE guild_id = ? ORDER BY id LIMIT 1", (DEMO_GUILD,)
        )
        player = await find_player(store, DEMO_GUILD, user_id=1)
        event = await store.fetchone(
            "SELECT id FROM events WHERE guild_id = ? ORDER BY id LIMIT 1", (DEMO_GUILD,)
        )
    finally:
        await store.close()
    root = server_link(base_url, secret, DEMO_GUILD, settings.web_generation)
    pages = [root, root + "games", root + "chips", root + "events"]
    if game is not None:
        pages.append(f"{root}games/{game[0]}")
    if player is not None:
        pages += [f"{root}players/{player.id}", f"{root}chips/{player.id}"]
    if event is not None:
        pages.append(f"{root}events/{event[0]}")
    return pages


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="python -m bot demo", description=t("bot.demo.help", "en"))
    parse.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"the sample's SQLite file, built if missing (default: {DEFAULT_DATABASE})",
    )
    parse.add_argument("--host", default=DEFAULT_WEB_HOST, help="address to listen on")
    parse.add_argument("--port", type=int, default=8080, help="port (0: any free port)")
    parse.add_argument(
        "--no-serve", action="store_true", help="build the sample and print its links only"
    )
    return parse


def main(argv: Sequence[str]) -> int:
    """Build the sample if the database holds nothing yet, print its links and serve its pages."""
    args = parser().parse_args(argv)
    settings = config_for_a_process()
    if settings is None:
        return 2
    secret = settings.web_secret or secrets.token_hex(16)
    try:
        if not is_postgres_url(args.database):  # StoreOpenError: a URL of another kind
            Path(args.database).parent.mkdir(parents=True, exist_ok=True)
        return run_until_stopped(_main(args, secret, settings.web_secret is None)) or 0
    except (StoreOpenError, WebStartError, OSError) as error:
        print(t("bot.demo.unusable", "en", problem=error), file=sys.stderr)
        return 2


async def _main(args: argparse.Namespace, secret: str, own_secret: bool) -> int:
    from bot.web.server import start_web

    database = args.database
    held = await holds(database)
    if held == "other":
        print(t("bot.demo.not_sample", "en", database=safe_url(database)), file=sys.stderr)
        return 2
    if held == "sample":
        print(t("bot.demo.reused", "en", database=safe_url(database)))
    else:
        print(t("bot.demo.building", "en", database=safe_url(database)))
        await build(database)
    if args.no_serve and own_secret:  # a link signed with this run's secret would never open
        print(t("bot.demo.no_links", "en"))
        return 0
    if args.no_serve:
        for link in await links(database, secret, base_url(args.host, args.port)):
            print("  " + link)
        return 0
    server = await start_web(database, host=args.host, port=args.port, secret=secret)
    try:
        print(t("bot.demo.serving", "en", address=base_url(args.host, server.port)))
        for link in await links(database, secret, base_url(args.host, server.port)):
            print("  " + link)
        if own_secret:
            print(t("bot.demo.own_secret", "en"))
        sys.stdout.flush()
        await asyncio.Event().wait()
    finally:
        await server.close()
    return 0
