"""The event runner's notices on Discord: table threads, event lines, the standings message."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.store.events import EventRow
from bot.tables import Text
from bot.tables.events import EventBoard, EventRefused
from cogs._common import text_of
from cogs._events_text import board_text
from cogs._home import ARCHIVE_MINUTES
from cogs._players import plain

if TYPE_CHECKING:
    from cogs._bot import PinochleBot

log = logging.getLogger(__name__)


class DiscordNotices:
    """The event runner's `EventNotices` on Discord: threads, lines and the standings message."""

    def __init__(self, bot: PinochleBot) -> None:
        self.bot = bot

    async def _channel(self, event: EventRow) -> Any:
        return self.bot.get_channel(event.channel_id) or await self.bot.fetch_channel(
            event.channel_id
        )

    async def place(
        self, event: EventRow, round_no: int, table_no: int
    ) -> tuple[int, dict[str, Any]]:
        """A public thread for the table, hanging under an opening line in the event's channel."""
        lang = event.language
        params = {"name": plain(event.name), "round": round_no, "table": table_no + 1}
        try:
            channel = await self._channel(event)
            opening = await channel.send(
                t("events.table.opening", lang, **params),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            thread = await opening.create_thread(
                name=t("events.table.thread_name", lang, **{**params, "name": event.name})[:100],
                auto_archive_duration=ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.warning("event %s: no thread for a table (%s)", event.id, error)
            raise EventRefused("events.refuse.no_threads") from error
        return thread.id, {}

    async def standings(self, event: EventRow, board: EventBoard) -> int | None:
        """Edit the event's standings message, or post it (again, if it was deleted)."""
        text = board_text(board, event.language)
        channel = await self._channel(event)
        if event.standings_message_id is not None:
            try:
                message = channel.get_partial_message(event.standings_message_id)
                await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
                return event.standings_message_id
            except discord.NotFound:
                pass
        sent = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        return int(sent.id)

    async def say(self, event: EventRow, text: Text) -> None:
        try:
            channel = await self._channel(event)
            await channel.send(
                text_of(text, event.language), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.warning("event %s: could not post %s", event.id, text.key)
