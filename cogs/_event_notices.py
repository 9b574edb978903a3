"""The event runner's notices on Discord: table threads, event lines, the standings messages."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.store.events import EventRow
from bot.tables import Refusal, Text
from bot.tables.events import EventBoard
from cogs._common import text_of
from cogs._events_text import board_texts
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
        """A public thread for the table, hanging under an opening line in the event's channel.
        Discord's errors go up as they are: the runner tries again, then falls back."""
        lang = event.language
        params = {"name": plain(event.name), "round": round_no, "table": table_no + 1}
        channel = await self._channel(event)
        opening = await channel.send(
            t("events.table.opening", lang, **params),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        thread = await opening.create_thread(
            name=t("events.table.thread_name", lang, **{**params, "name": event.name})[:100],
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        return thread.id, {}

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
        await self._send(event, text_of(text, event.language), discord.AllowedMentions.none())

    async def alert(self, event: EventRow, text: Text | Refusal) -> None:
        """The line in the event's channel, naming and pinging the organiser (nobody else)."""
        await self._send(
            event,
            f"<@{event.organiser_id}> {text_of(text, event.language)}",
            discord.AllowedMentions(users=[discord.Object(event.organiser_id)]),
        )

    async def _send(self, event: EventRow, content: str, mentions: discord.AllowedMentions) -> None:
        try:
            channel = await self._channel(event)
            await channel.send(content, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("event %s: could not post a line", event.id)
