"""The event runner's notices on Discord: table threads, event lines, the standings messages.

A duplicate round's table plays in a private thread (not invitable) that holds only the people
seated there: every table of the round is dealt the same cards, so a public thread would let
anyone read the deal the slower tables are still to play. Such a thread needs no opening line
in the channel (a private thread cannot hang under a message), so the channel learns nothing
of a table but the round's lines and the standings (sums). A table of an event without
duplicate plays in a public thread under an opening line, as ordinary tables do.

People stay members of their table's thread when they are dropped or leave the event: they
were dealt into that table, and taking them out would need *Manage Threads*, a permission the
bot does not ask for. No one takes a seat at an event table later (its seats are the round's
seating; a person who comes back takes back their own seat, and is a member already).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.i18n import t
from bot.nights.runner import EventBoard, EventRow
from bot.presentation.texts import say
from bot.tables import Refusal, TableHome, Text
from cogs._common import numbered
from cogs._home import ARCHIVE_MINUTES, forget_opening
from cogs._house import House
from cogs._nights_text import board_texts
from cogs._players import plain

log = logging.getLogger(__name__)

#: Discord's error codes for a person no longer in the server (Unknown Member, Unknown User):
#: their seat is the computer's after its strikes, and the table opens without them.
GONE = (10007, 10013)


class DiscordNotices:
    """The event runner's `NightNotices` on Discord: threads, lines and the standings message."""

    def __init__(self, bot: House) -> None:
        self.bot = bot

    async def _channel(self, event: EventRow) -> discord.TextChannel:
        """The event's channel: a text (or news) channel, the only kind `/league event` starts in
        (`cogs._home.thread_refusal`)."""
        channel = self.bot.get_channel(event.channel_id) or await self.bot.fetch_channel(
            event.channel_id
        )
        assert isinstance(channel, discord.TextChannel), "an event lives where threads can be made"
        return channel

    async def place(
        self, event: EventRow, round_no: int, table_no: int, people: Sequence[int]
    ) -> tuple[int, TableHome]:
        """The table's thread: private with `people` its only members for a duplicate event,
        else public under an opening line. Discord's errors go up as they are (the runner tries
        again), with nothing left behind: no opening line without its thread, no thread without
        its members."""
        lang = event.language
        params = {"name": plain(event.name), "round": round_no, "table": table_no + 1}
        name = t("events.table.thread_name", lang, **{**params, "name": event.name})[:100]
        channel = await self._channel(event)
        if event.duplicate:
            return await self._private(channel, name, people), TableHome()
        opening = await channel.send(
            t("events.table.opening", lang, **params),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        try:
            thread = await opening.create_thread(name=name, auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException:
            await forget_opening(opening)
            raise
        return thread.id, TableHome()

    async def _private(self, channel: discord.TextChannel, name: str, people: Sequence[int]) -> int:
        """A private thread that only its members (and the server's moderators) can open, its
        members unable to invite anyone else; `people` added, or the thread deleted again. One
        who left the server is skipped (else one departure would hold every round after it)."""
        thread = await channel.create_thread(
            name=name,
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        try:
            for user_id in people:
                try:
                    await thread.add_user(discord.Object(user_id))
                except discord.NotFound as error:  # Unknown Member/User: left the server
                    if error.code not in GONE:
                        raise
                    log.info("thread %s: entrant %s is no longer here", thread.id, user_id)
        except discord.HTTPException:
            await forget_opening(thread)
            raise
        return int(thread.id)

    async def forget(self, event: EventRow, channel_id: int) -> None:
        """Delete a table's thread that no table came of, and a public one's opening line (the
        line's id is the thread's)."""
        try:
            channel = await self._channel(event)
            thread = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("event %s: the unused thread %s stays", event.id, channel_id)
            return
        await forget_opening(
            thread if isinstance(thread, discord.Thread) else None,
            None if event.duplicate else channel.get_partial_message(channel_id),
        )

    async def standings(self, event: EventRow, board: EventBoard) -> list[int]:
        """Edit the event's standings messages in place, one per part of the table; post a part
        that has no message yet (or whose message was deleted); delete messages left over."""
        channel = await self._channel(event)
        kept = list(event.standings_messages)
        shown: list[int] = []
        for number, text in enumerate(board_texts(board, event.language)):
            if number < len(kept):
                try:
                    await channel.get_partial_message(kept[number]).edit(
                        content=text, allowed_mentions=discord.AllowedMentions.none()
                    )
                    shown.append(kept[number])
                    continue
                except discord.NotFound:
                    pass
            sent = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            shown.append(int(sent.id))
        for extra in kept[len(shown) :]:
            try:
                await channel.get_partial_message(extra).delete()
            except discord.HTTPException:
                log.warning("event %s: an old standings message stays", event.id)
        return shown

    async def say(self, event: EventRow, text: Text) -> None:
        await self._send(event, say(text, event.language, numbered), discord.AllowedMentions.none())

    async def alert(self, event: EventRow, text: Text | Refusal) -> None:
        """The line in the event's channel, naming and pinging the organiser (nobody else)."""
        await self._send(
            event,
            f"<@{event.organiser_id}> {say(text, event.language, numbered)}",
            discord.AllowedMentions(users=[discord.Object(event.organiser_id)]),
        )

    async def _send(self, event: EventRow, content: str, mentions: discord.AllowedMentions) -> None:
        try:
            channel = await self._channel(event)
            await channel.send(content, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("event %s: could not post a line", event.id)
