"""Messages per deal: whole games through the real bot in SimCord, counted where the table lives.

The live table budgets at most 10 messages per deal left standing where the table
lives (two people, two-handed), and nothing in the parent channel between the
opening line and the result when tables live in threads. For every variant this
plays whole games — two people taking their turns by the first (or a random)
legal action in their hand view, computer players in the other seats — and
prints, per variant: deals played, messages left standing per deal in the
table's home (its thread if it has one, else its channel; the most in any one
deal, and the mean), and messages in the parent channel between the opening line and the result.

    python benchmarks/messages_bench.py [--games 1] [--seed 1] [--choice first|random|meld] [--target N]
        [--house "pack64=on"] [--fixed] [--bids 2] [--deals N] [--show]

In an auction a person bids (by the choice) at most `--bids` times a deal, then passes, as a person
who has reached what his hand is worth; `--deals` stops a game after that many deals (the
double deck's deals are long: 20 tricks, and a game to 500 takes many).

`play_game` is also the driver of the budget test (tests/cogs/test_message_budget.py).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS = (
    "two-handed",
    "two-handed-no-trump",
    "three-handed",
    "four-handed",
    "partnership",
    "check",
    "auction",
    "double-deck",
)
#: Virtual seconds between moves: computers play, the presenter's paced sends go out.
STEP = 1.0
#: A game that takes more moves than this is stuck, not long.
MAX_MOVES = 5000
#: The passing's card menu and its button (`GiveSelect`, `GiveButton` in cogs/_hand.py).
GIVE_MENU, GIVE_BUTTON = "pinochle:givepick:", "pinochle:give:"
#: The hand view's menu of bids (`ActionSelect`'s custom id names its verb).
BID_MENU = re.compile(r"pinochle:pick:\d+:\d+:bid:")
#: Bids a person makes in one deal before passing (`--bids`).
BIDS = 2


@dataclass
class GameCount:
    """Messages left standing, and every message posted (pings deleted later included), by the
    deal during which they were posted."""

    per_deal: list[int] = field(default_factory=list)
    posted: list[list[str]] = field(default_factory=list)  # per deal: the first line of each
    #: Messages in the channel the game was opened in, between its opening line and the result, when
    #: the table lives elsewhere (Discord's own notices, like a new thread's, left out).
    parent: int = 0

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    def first(self, deals: int) -> GameCount:
        """The count of the first `deals` deals only (the next one had begun when the game stopped)."""
        return GameCount(self.per_deal[:deals], self.posted[:deals], self.parent)


@dataclass
class People:
    """What the people at the table hold between turns: each one's open hand view, and how many
    bids each made this deal (reset when a deal begins)."""

    bids_a_deal: int = BIDS
    views: dict[int, Any] = field(default_factory=dict)
    bids: Counter[int] = field(default_factory=Counter)


def _components(message: Any) -> list[dict]:
    rows = [row.to_dict() if hasattr(row, "to_dict") else row for row in message.components]
    return [item for row in rows for item in row.get("components", [])]


async def take_turn(
    member: Any,
    channel: Any,
    rng: random.Random | None,
    people: People,
    *,
    greedy: bool = False,
) -> None:
    """Choose the first (or a random) legal action in the member's hand view, by click or menu;
    `greedy`: a meld (or dix) first whenever there is one, for deals with many melds. In the
    passing (F-5) the hand view offers only the card menu: pick, then give. In an auction, once
    the member made `people.bids_a_deal` bids this deal, the other action the view offers (the
    pass) if there is one.

    The member's open view is reused (the bot redraws it in place), as a person
    would; a new one is opened only when the open one offers nothing to do.
    """
    views = people.views
    hand = views.get(member.id)
    items = _actions(hand) if hand is not None else []
    if not items:
        hand = views[member.id] = (await member.slash(channel, "pinochle hand")).response
        items = _actions(hand)
    if not items:
        return  # the turn moved on (a timer, a computer) between the look and the click
    if items[0]["custom_id"].startswith(GIVE_MENU):
        views[member.id] = await _give(member, hand, items[0], rng)
        return
    bids = [i for i in items if BID_MENU.match(i["custom_id"])]
    if bids and people.bids[member.id] >= people.bids_a_deal:
        items = [i for i in items if i not in bids] or items  # pass (a stuck dealer must bid)
    melds = [i for i in items if ":meld:" in i["custom_id"] or _is_meld(i.get("label", ""))]
    item = (melds or items)[0] if greedy else rng.choice(items) if rng else items[0]
    if item in bids:
        people.bids[member.id] += 1
    if item["custom_id"].startswith("pinochle:pick:"):
        option = (rng.choice(item["options"]) if rng else item["options"][0])["value"]
        await member.select(hand, [option], custom_id=item["custom_id"])
    else:
        await member.click(hand, custom_id=item["custom_id"])


async def _give(member: Any, hand: Any, menu: dict, rng: random.Random | None) -> Any:
    """The passing (F-5), as a person gives: pick as many cards as the menu asks (the first, or
    random ones), then press the Give button the redrawn view shows; the view after giving."""
    values = [option["value"] for option in menu["options"]]
    picked = rng.sample(values, menu["min_values"]) if rng else values[: menu["min_values"]]
    shown = (await member.select(hand, picked, custom_id=menu["custom_id"])).response
    give = next(c for c in _components(shown) if c.get("custom_id", "").startswith(GIVE_BUTTON))
    return (await member.click(shown, custom_id=give["custom_id"])).response


def _is_meld(label: str) -> bool:
    """A hand view's meld or dix button, in English (`bot.action.*`)."""
    return label.startswith(("Meld ", "Declare", "Show the dix", "Exchange"))


def _actions(hand: Any) -> list[dict]:
    return [
        c
        for c in _components(hand)
        if c.get("custom_id", "").startswith(("pinochle:act:", "pinochle:pick:", GIVE_MENU))
    ]


def _home(guild: Any, table: Any, channel: Any) -> Any:
    """The table's home as SimCord holds it: the channel it was opened in, or a thread or channel of its own."""
    if table.channel_id == channel.id:
        return channel
    candidates = [*channel.threads, *guild.channels]
    return next((c for c in candidates if c.id == table.channel_id), channel)


async def play_game(
    env: Any,
    guild: Any,
    channel: Any,
    people: list[Any],
    variant: str,
    *,
    rng: random.Random | None = None,
    target: int | None = None,
    house: str | None = None,
    greedy: bool = False,
    bids: int = BIDS,
    until: Callable[[Any], bool] | None = None,
) -> GameCount:
    """Open a table (with `house` rules, say "pack64=on"), seat the people (computers fill the
    rest), play it to the end, or until `until(table)` holds after a move (the game goes on while
    the last messages settle); count what stands, and what was posted, per deal begun."""
    opener, *others = people
    options: dict[str, Any] = {"target": target} if target else {}
    if house:
        options["options"] = house
    first_id = _newest(channel)
    await opener.slash(channel, "pinochle new", variant=variant, **options)
    tables = env.bot.tables
    table = tables.table_in(channel.id) or next(
        t for t in tables.tables(guild.id) if t.variant == variant
    )
    home = _home(guild, table, channel)  # the table's own thread, by default: the lobby is there
    for member in people:
        await member.slash(
            home, "pinochle images", state="off"
        )  # text only: the count is the same, faster
    for member in others:
        await member.slash(home, "pinochle join")
    posted: list[tuple[int, str]] = []  # (message id, first line) of each message in the home

    async def note(message: discord.Message) -> None:
        if message.channel.id == home.id:
            posted.append((message.id, _first_line(message)))

    env.bot.add_listener(note, "on_message")
    await opener.slash(home, "pinochle start")
    by_user = {m.id: m for m in people}
    seated = People(bids)
    starts = [first_id if home is channel else 0]  # the newest message id when each deal began
    for _ in range(MAX_MOVES):
        table = tables.known_table(table.id) or table  # as it is now
        if table.view is None or table.status != "playing":
            break
        while len(starts) < table.deal_no:
            starts.append(_newest(home))
            seated.bids.clear()
        if until and until(table):
            break
        seat = table.to_act
        member = by_user.get(table.seats[seat].user_id) if seat is not None else None
        if member is not None and table.awaits(member.id):
            await take_turn(member, home, rng, seated, greedy=greedy)
        await env.advance_time(STEP)
    else:
        raise RuntimeError(f"{variant}: no end after {MAX_MOVES} moves")
    from cogs._presenter import SAME_TURN

    # The last lines and board edits go out (in steps: each must settle in time): a board waits at
    # most SAME_TURN, and twice that is still short of a waiting person's reminder (half a turn).
    for _ in range(int(2 * SAME_TURN)):
        await env.advance_time(1)
    env.bot.remove_listener(note, "on_message")
    standing = [m.id for m in home.history()]
    bounds = starts[1:] + [max([*standing, *(m for m, _ in posted)], default=0)]
    deals = list(zip(starts, bounds, strict=False))
    count = GameCount(
        per_deal=[sum(lo < m <= hi for m in standing) for lo, hi in deals],
        posted=[[said for m, said in posted if lo < m <= hi] for lo, hi in deals],
    )
    if home is not channel:
        written = [
            m
            for m in channel.history()
            if m.id > first_id and m.type is discord.MessageType.default
        ]
        count.parent = max(
            0, len(written) - 2
        )  # the opening line and the result are the two allowed
    return count


def _first_line(message: discord.Message) -> str:
    """What a message says, shortly: its text's first line, or its embed's title (the board)."""
    if message.content:
        return message.content.splitlines()[0][:80]
    return f"[board] {message.embeds[0].title}" if message.embeds else "[empty]"


def _is_ping(said: str) -> bool:
    """A turn ping, as the bench's English table says it (`bot.ping.*`)."""
    return said.endswith(", your turn.")


def _newest(channel: Any) -> int:
    history = channel.history()
    return history[-1].id if history else 0


async def close_bot(bot: Any) -> None:
    """What a stopped process would do: stop the table service, let go of the database."""
    await bot.tables.close()
    await bot.store.close()


async def measure(
    variant: str,
    games: int,
    seed: int,
    choice: str,
    target: int | None,
    house: str | None = None,
    fixed: bool = False,
    bids: int = BIDS,
    deals: int | None = None,
) -> list[GameCount]:
    import simcord

    from bot.game.fair import key_maker
    from cogs._bot import create_bot

    counts = []
    for game in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            bot = create_bot(Path(tmp) / "bench.db")
            async with simcord.run(bot) as env:
                if fixed:  # the same deals every run (the table's seed and fair-dealing key)
                    env.bot.tables._lobby._rng.seed(seed + game)
                    env.bot.tables._lobby._new_key = key_maker(seed + game)
                guild = env.create_guild()
                channel = guild.create_text_channel("pinochle")
                people = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
                rng = random.Random(seed + game) if choice == "random" else None
                until = (lambda table: table.deal_no > deals) if deals else None
                try:
                    count = await play_game(
                        env,
                        guild,
                        channel,
                        people,
                        variant,
                        rng=rng,
                        target=target,
                        house=house,
                        greedy=choice == "meld",
                        bids=bids,
                        until=until,
                    )
                    counts.append(count.first(deals) if deals else count)
                finally:
                    await close_bot(env.bot)
    return counts


def _most_and_mean(numbers: list[int]) -> str:
    return f"{max(numbers)}, {sum(numbers) / len(numbers):.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per variant")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument(
        "--choice",
        choices=("first", "random", "meld"),
        default="first",
        help="people take the first legal action, a random one, or a meld whenever they can",
    )
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="only these variants")
    parser.add_argument(
        "--target", type=int, help="the game's target (default: the variant's); low is quicker"
    )
    parser.add_argument("--house", help='house rules of the tables, as typed ("pack64=on")')
    parser.add_argument(
        "--fixed", action="store_true", help="deal the same cards every run (from --seed)"
    )
    parser.add_argument(
        "--bids", type=int, default=BIDS, help="bids a person makes in a deal before passing"
    )
    parser.add_argument("--deals", type=int, help="stop each game after this many deals")
    parser.add_argument(
        "--show", action="store_true", help="list what the deal that posted most said"
    )
    args = parser.parse_args(argv)
    if args.bids < 0 or (args.deals is not None and args.deals < 1):
        parser.error("--bids is 0 or more, --deals 1 or more")
    print(
        "| Variant | Games | Deals | Messages per deal where the table lives: most, mean "
        "| Posted per deal (deleted pings included): most, mean "
        "| Posted per deal but turn pings: most, mean "
        "| In the parent channel between opening and result |"
    )
    print("|---|---|---|---|---|---|---|")
    for variant in args.variant or VARIANTS:
        counts = asyncio.run(
            measure(
                variant,
                args.games,
                args.seed,
                args.choice,
                args.target,
                args.house,
                args.fixed,
                args.bids,
                args.deals,
            )
        )
        per_deal = [n for c in counts for n in c.per_deal]
        posted = [said for c in counts for said in c.posted]
        print(
            f"| {variant} | {len(counts)} | {len(per_deal)} | {_most_and_mean(per_deal)} "
            f"| {_most_and_mean([len(p) for p in posted])} "
            f"| {_most_and_mean([sum(not _is_ping(said) for said in p) for p in posted])} "
            f"| {sum(c.parent for c in counts)} |",
            flush=True,
        )
        if args.show:
            for said in max(posted, key=len):
                print(f"    {said}")


if __name__ == "__main__":
    main()
