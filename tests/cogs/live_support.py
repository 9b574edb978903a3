"""Helpers for the SimCord tests of a table in a live server: the board's place, pings, posts."""

from __future__ import annotations

import discord

from bot.store import set_guild_settings


def home_of(parent):
    """Where a table opened from `parent` lives: its newest thread (tables open in threads of their
    own by default), else the channel itself."""
    threads = parent.threads
    return max(threads, key=lambda thread: thread.id) if threads else parent


def posted(channel) -> list[discord.Message]:
    """Messages in the channel that someone wrote (Discord's own notices, like a new thread's, left out)."""
    return [
        m
        for m in channel.history()
        if m.type in (discord.MessageType.default, discord.MessageType.reply)
    ]


def board_rank(channel) -> int:
    """Where the newest board stands, counted from the bottom of the channel (1: the last message)."""
    history = channel.history()
    board = boards(channel)[-1]
    return len(history) - [m.id for m in history].index(board.id)


def boards(channel) -> list[discord.Message]:
    return [
        m
        for m in channel.history()
        if m.author.bot and m.embeds and "table #" in (m.embeds[0].title or "")
    ]


def ping_requests(env, channel) -> list[dict]:
    """Bodies of the messages the bot sent to the channel, itself or as an interaction's follow-up
    there (`cogs._voices`), that were allowed to mention someone."""
    return [
        request.json
        for request in env.http_requests
        if request.method == "POST"
        and sent_to(env, request.path) == channel.id
        and isinstance(request.json, dict)
        and (request.json.get("allowed_mentions") or {}).get("users")
    ]


def sent_to(env, path: str) -> int | None:
    """The channel a message-creating request posts to: a channel's messages, or an interaction's
    follow-up webhook (the interaction's channel)."""
    parts = path.strip("/").split("/")
    if len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
        return int(parts[1])
    if len(parts) == 3 and parts[0] == "webhooks":
        interaction = env.backend.interaction_tokens.get(parts[2])
        return None if interaction is None else env.backend.interactions[interaction].channel_id
    return None


def turn_pings(channel) -> list[discord.Message]:
    """The turn pings standing in the channel now."""
    return [
        m
        for m in channel.history()
        if m.author.bot and m.content.endswith((", your turn.", "Good luck!"))
    ]


def may_mention(body: dict) -> list[int]:
    """Whom a sent message was allowed to mention: users only (no @everyone, no roles), or it fails."""
    allowed = body["allowed_mentions"]
    assert allowed["parse"] == [] and not allowed.get("replied_user"), allowed
    return sorted(int(user) for user in allowed["users"])


async def without_pictures(room) -> None:
    """The server shows no card pictures: long scripts stay light on a busy machine (pictures are not their subject)."""
    async with room.bot.store.transaction() as tx:
        await set_guild_settings(tx, room.guild.id, images=False)
