"""What the chips and league cogs share: the services, the server, and who a command is about.

A member is looked up as a stored player of the server; one who left (or a
name changed since) still shows by the name the store kept, and a person who
never played has no player yet (None), which each command answers in its own words.
"""

from __future__ import annotations

import io
from typing import cast

import discord

from bot.services import Player, Services
from cogs._house import House


def bot_of(interaction: discord.Interaction) -> House:
    """The bot an interaction came to: always the `House` (the bot class). discord.py types
    `client` as its base `Client`, and the views' callbacks may not narrow `Interaction[...]` (they
    override a method generic in the client), so this is the one place that says which it is."""
    return cast(House, interaction.client)


def services_of(interaction: discord.Interaction) -> Services:
    """The bot's ledger, league and settings services (`bot.services`)."""
    return bot_of(interaction).services


def channel_of(interaction: discord.Interaction) -> int:
    """The channel's id (every command, button and autocomplete of this bot comes from a channel)."""
    assert interaction.channel_id is not None, "an interaction arrived without a channel"
    return interaction.channel_id


def guild_of(interaction: discord.Interaction) -> int:
    """The server's id (the /chips and /league groups are guild-only: Discord never sends them from a DM)."""
    assert interaction.guild_id is not None, "a guild-only command arrived without a guild"
    return interaction.guild_id


async def player_of(
    interaction: discord.Interaction, member: discord.abc.User | None
) -> tuple[str, Player | None]:
    """The display name and stored player of `member` (default: the caller) in this server."""
    who = member or interaction.user
    player = await services_of(interaction).player(guild_of(interaction), who.id)
    if player is not None and not isinstance(who, discord.Member):
        return plain(player.display_name), player  # no longer a member: the name the store kept
    return plain(who.display_name), player


def plain(name: str) -> str:
    """A name shown as typed: its markdown and masked links do not format the message, its @s do not ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def csv_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=name)
