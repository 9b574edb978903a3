"""SimCord helpers: the room (a server with a channel and five members), and ways to read the board.

Tables open in a thread of their own off the room's channel (the default
`table_place`): `room.channel` is the newest such thread once there is one, so
a script reads like one channel; `room.parent` is the channel itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.game.fair import key_maker
from bot.tables import Refusal
from tests.cogs.live_support import home_of
from tests.tables.helpers import live_of


@dataclass
class Room:
    env: Any
    guild: Any
    parent: Any
    alice: Any
    bob: Any
    carol: Any
    dave: Any
    eve: Any

    @property
    def channel(self):
        """Where the table lives (`home_of`)."""
        return home_of(self.parent)

    @property
    def bot(self):
        return self.env.bot  # the current bot (a restart replaces it)

    def table(self):
        """The service's live table here (`live_of`), or None."""
        return live_of(self.bot.tables, self.bot.tables.table_in(self.channel.id))

    def fix_deals(self, seed: int, key: int | None = None) -> None:
        """The service's table seeds and fair-dealing keys fixed: the same deals every run (each
        deal also takes in a person's click, whose Discord id SimCord gives alike every run, so a
        test that adds a request before it gets other cards)."""
        lobby = self.bot.tables._lobby
        lobby._rng.seed(seed)
        lobby._new_key = key_maker(seed if key is None else key)

    def member_at(self, seat: int):
        user_id = self.table().seats[seat].user_id
        return next(
            m for m in (self.alice, self.bob, self.carol, self.dave, self.eve) if m.id == user_id
        )


def bugs(errors: tuple[BaseException, ...]) -> list[BaseException]:
    """The errors SimCord captured that are bugs: not a refusal (or a failed permission check)
    the bot's one handler answered."""
    return [
        error
        for error in errors
        if not isinstance(getattr(error, "original", error), (Refusal, app_commands.CheckFailure))
    ]


async def close_store(bot) -> None:
    """What a stopped process would do: let go of the database (SimCord never closes a bot)."""
    await bot.nights.close()
    await bot.tables.close()
    await bot.store.close()


def board_message(channel) -> discord.Message:
    """The newest board (a bot message whose embed title names a table)."""
    return next(
        m
        for m in reversed(channel.history())
        if m.embeds and "table #" in (m.embeds[0].title or "")
    )


def board_body(channel) -> str:
    return board_message(channel).embeds[0].description


def channel_lines(channel) -> list[str]:
    """Every public line the bot wrote in the channel (board messages excluded)."""
    return [
        line
        for m in channel.history()
        if m.author.bot and not m.embeds and m.content
        for line in m.content.splitlines()
    ]


def components(message) -> list[dict]:
    rows = [row.to_dict() if hasattr(row, "to_dict") else row for row in message.components]
    return [item for row in rows for item in row.get("components", [])]


def labels(message) -> list[str]:
    return [c["label"] for c in components(message) if c.get("label")]


async def take_turn(member, channel, *, last: bool = False):
    """Open the hand view and choose the first (or last) legal action in it, by click or menu."""
    return await act_in(member, (await member.slash(channel, "pinochle hand")).response, last=last)


async def act_in(member, hand, *, last: bool = False):
    """Choose the first (or last) legal action in an open hand view, by click or menu."""
    items = [
        c
        for c in components(hand)
        if c.get("custom_id", "").startswith(("pinochle:act:", "pinochle:pick:"))
    ]
    assert items, hand.content
    item = items[-1] if last else items[0]
    if item["custom_id"].startswith("pinochle:pick:"):
        option = item["options"][-1 if last else 0]["value"]
        return await member.select(hand, [option], custom_id=item["custom_id"])
    return await member.click(hand, custom_id=item["custom_id"])
