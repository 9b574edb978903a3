"""Helpers shared by the /chips and /league SimCord tests."""

from __future__ import annotations

import discord

from bot.store import Store, ensure_player
from tests.cogs.live_support import home_of
from tests.cogs.sim import bugs


class Server:
    """A guild with a channel, an admin (Manage Server) and members by name."""

    def __init__(self, env, *names: str) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.parent = self.guild.create_text_channel("casino")
        managers = self.guild.create_role(
            "managers", permissions=discord.Permissions(manage_guild=True)
        )
        self.admin = self.guild.add_member(env.create_user("boss"), roles=[managers])
        self.members = {}
        self.join(*names)

    def join(self, *names: str) -> None:
        """New members, each a user of that name."""
        self.members |= {name: self.guild.add_member(self.env.create_user(name)) for name in names}

    @property
    def channel(self):
        """Where the table lives (`home_of`)."""
        return home_of(self.parent)

    @property
    def store(self) -> Store:
        return self.env.bot.store

    def __getitem__(self, name: str):
        return self.members[name]

    async def players(self, *names: str) -> dict[str, int]:
        """Stored player ids of these members (as the bot would create them on first play)."""
        async with self.store.transaction() as tx:
            return {
                name: (
                    await ensure_player(
                        tx, self.guild.id, display_name=name, user_id=self.members[name].id
                    )
                ).id
                for name in names
            }


async def refused(env, command) -> str:
    """Run `command` (an awaitable slash or click); it must answer privately, and nothing it raised
    may be a bug (a refusal reaches the one handler, which answers it)."""
    cursor = env.error_cursor
    result = await command
    assert bugs(env.errors_since(cursor)) == [], env.errors_since(cursor)
    assert result.ephemeral, result
    return result.response.content


def code_lines(content: str) -> list[str]:
    """The lines of the first code block in a message."""
    return content.split("```")[1].strip("\n").splitlines()


def current(env, message) -> str:
    """A message's content now (after the edits that page buttons make)."""
    return env.backend.get_message(message.channel_id, message.id).content


def buttons(env, message) -> list[tuple[str, bool]]:
    """A message's buttons now, as (label, disabled)."""
    stored = env.backend.get_message(message.channel_id, message.id)
    return [
        (item["label"], bool(item.get("disabled")))
        for row in stored.components
        for item in row["components"]
    ]
