"""Where a table lives: its own public thread off the channel, or the channel itself.

In thread mode `/pinochle new` posts one opening line in the channel and
starts a public thread from it, so the thread hangs under that line; the
table's channel is the thread, and the channel it was opened from (`TableHome.parent`)
is kept in `TableSnapshot.home`. That channel then gets nothing but the opening line
and the final result. Without the permission to create threads, or in a
channel that cannot have them, the host is told and the table opens in the
channel. The table service never learns any of this: it knows "the channel
where the table lives".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final

import discord

from bot.i18n import t, variant_name
from bot.tables import TableService, TableSnapshot, Text
from cogs._players import channel_of

log = logging.getLogger(__name__)

#: Channel types that can have public threads.
THREAD_PARENTS = (discord.ChannelType.text, discord.ChannelType.news)
#: Minutes of silence after which Discord hides the thread from the channel list (a day).
ARCHIVE_MINUTES: Final = 1440


@dataclass
class Home:
    """Where a new table will live: `channel_id`; in thread mode also the opening line (its id is the thread's)."""

    channel_id: int
    opening: discord.Message | None = None
    thread: discord.Thread | None = None
    note: Text | None = None  # why the table plays in the channel after all, for the host

    @property
    def parent_id(self) -> int | None:
        return self.opening.channel.id if self.opening is not None else None


def thread_refusal(interaction: discord.Interaction) -> str | None:
    """Why no thread can be made here (a `bot.home` key), or None if one can."""
    channel = interaction.channel
    if channel is None or getattr(channel, "type", None) not in THREAD_PARENTS:
        return "bot.home.no_threads"
    allowed = interaction.app_permissions
    if not (
        allowed.create_public_threads and allowed.send_messages_in_threads and allowed.send_messages
    ):
        return "bot.home.no_permission"
    return None


async def make_home(
    interaction: discord.Interaction, place: str, lang: str, host: str, variant: str
) -> Home:
    """The thread for a new table (posting its opening line), or the interaction's channel.

    A channel that is a thread already keeps the table; `place` "channel" asks for the channel.
    `host` is the host's mention: their name in the line, never a ping.
    """
    channel, channel_id = interaction.channel, channel_of(interaction)
    if place != "thread" or isinstance(channel, discord.Thread):
        return Home(channel_id)
    refusal = thread_refusal(interaction)
    if refusal is not None:
        return Home(channel_id, note=Text.of(refusal))
    assert isinstance(channel, discord.TextChannel), "thread_refusal let only text and news through"
    name = variant_name(variant, lang)
    opening = None
    try:
        opening = await channel.send(
            t("bot.home.opening", lang, variant=name, host=host),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        title = t("bot.home.thread_name", lang, variant=name, host=interaction.user.display_name)
        thread = await opening.create_thread(
            name=title[:100], auto_archive_duration=ARCHIVE_MINUTES
        )
    except discord.HTTPException as error:  # Forbidden above all: permissions changed meanwhile
        log.warning(
            "channel %s: no thread for a new table (%s); it opens in the channel", channel.id, error
        )
        if opening is not None:
            await forget_opening(opening)
        return Home(channel_id, note=Text.of("bot.home.no_permission"))
    return Home(thread.id, opening=opening, thread=thread)


async def settle_home(
    home: Home, table: TableSnapshot | None, lang: str, host: str, variant: str
) -> None:
    """After the service answered: link the opening line to the new table's thread, or undo it all."""
    if home.opening is None:
        return
    if table is None or table.channel_id != home.channel_id:  # refused: no table lives there
        await forget_opening(home.thread, home.opening)
        return
    try:
        await home.opening.edit(
            content=t(
                "bot.home.opened",
                lang,
                variant=variant_name(variant, lang),
                host=host,
                thread=f"<#{home.channel_id}>",
            )
        )
    except discord.HTTPException:
        log.warning("table %s: could not link the opening line to its thread", table.id)


async def forget_opening(
    *gone: discord.Message | discord.PartialMessage | discord.Thread | None,
) -> None:
    """Take back what no table came of: an opening line, its thread (None: nothing there)."""
    for remove in gone:
        if remove is None:
            continue
        try:
            await remove.delete()
        except discord.HTTPException:
            log.warning("could not remove %s after a refused table", remove)


def opened_from(
    service: TableService, guild_id: int | None, channel_id: int | None
) -> list[TableSnapshot]:
    """Active tables that live in threads opened from this channel, oldest first."""
    return [table for table in service.tables(guild_id) if table.home.parent == channel_id]


def parent_of(table: TableSnapshot) -> int | None:
    """The channel a thread table was opened from (where its result goes), or None."""
    return table.home.parent
