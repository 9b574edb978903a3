"""The table service's publisher on Discord: board edits and channel lines, paced per channel.

`publish` only queues (it runs under a table's lock): channel lines are
rendered at once in the table's language, the board is marked for redrawing.
A sender task per channel sends at once while the channel's budget of
`per_window` requests per `window` seconds lasts (well under Discord's 5 per
5 s); what is left waits for the next tick of a `discord.ext.tasks` loop. A
board edit shows the latest state however many actions it covers, with its
pictures (the trick, the melds) redrawn and its attachments replaced, and
queued lines go out joined into as few messages as fit in 2,000 characters,
so fast play coalesces into few requests.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from bot.store import images_enabled
from bot.tables import Outcome, Table
from bot.tables.texts import say
from cogs._board import board_embed, board_view
from cogs._common import mention_namer
from cogs._pictures import as_files, board_pictures, board_scene, with_pictures

if TYPE_CHECKING:
    from cogs._bot import PinochleBot

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000


@dataclass
class _Outbox:
    """What one channel still has to show."""

    boards: dict[int, Table] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    pings: set[int] = field(default_factory=set)
    sent: deque[float] = field(default_factory=deque)  # times of recent requests
    task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return bool(self.boards or self.lines)


class ChannelPresenter:
    """Implements `bot.tables.Publisher` for Discord channels."""

    def __init__(self, bot: "PinochleBot", *, per_window: int = 4, window: float = 5.0) -> None:
        self.bot = bot
        self.per_window, self.window = per_window, window
        self._boxes: dict[int, _Outbox] = {}
        self._tick = tasks.loop(seconds=window / per_window)(self._resume_waiting)

    def start(self) -> None:
        """Start the ticks that send what had to wait (call once the event loop runs)."""
        if not self._tick.is_running():
            self._tick.start()

    def publish(self, table: Table, outcome: Outcome) -> None:
        box = self._boxes.setdefault(table.channel_id, _Outbox())
        name = mention_namer(table)
        box.lines += [say(text, table.language, name) for text in outcome.public]
        box.pings.update(outcome.ping)
        if outcome.board:
            box.boards[table.id] = table
        self._wake(table.channel_id, box)
        self.bot.hand_watch.table_changed(table)

    def redraw(self, table: Table) -> None:
        """Queue a board redraw (after a restart, say)."""
        box = self._boxes.setdefault(table.channel_id, _Outbox())
        box.boards[table.id] = table
        self._wake(table.channel_id, box)

    async def close(self) -> None:
        self._tick.cancel()
        pending = [box.task for box in self._boxes.values() if box.task is not None]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    def _wake(self, channel_id: int, box: _Outbox) -> None:
        if box.task is None or box.task.done():
            box.task = asyncio.create_task(self._send_ready(channel_id, box), name=f"channel-{channel_id}-outbox")

    async def _resume_waiting(self) -> None:
        """Each tick: wake channels with waiting work; forget idle ones whose budget is fresh."""
        stale = time.monotonic() - self.window
        for channel_id, box in list(self._boxes.items()):
            if box.busy:
                self._wake(channel_id, box)
            elif (box.task is None or box.task.done()) and (not box.sent or box.sent[-1] <= stale):
                del self._boxes[channel_id]

    async def _send_ready(self, channel_id: int, box: _Outbox) -> None:
        """Send while the channel's budget allows; the rest waits for a tick."""
        channel = self.bot.get_partial_messageable(channel_id)
        while box.busy and self._spend(box):
            try:
                if box.boards:
                    table_id = next(iter(box.boards))
                    await self._draw_board(channel, box.boards.pop(table_id))
                else:
                    await self._post_lines(channel, box)
            except Exception:  # an HTTP error or a bug: log it, and the channel carries on
                log.exception("channel %s: could not update the table", channel_id)

    def _spend(self, box: _Outbox) -> bool:
        """Take one request from the channel's budget, if one is left in this window."""
        now = time.monotonic()
        while box.sent and box.sent[0] <= now - self.window:
            box.sent.popleft()
        if len(box.sent) >= self.per_window:
            return False
        box.sent.append(now)
        return True

    async def _draw_board(self, channel: discord.PartialMessageable, table: Table) -> None:
        """Edit the board message, its pictures replaced (post it if there is none, or if it was deleted)."""
        async with table.lock:  # never draw an action that is still being stored
            embed, view = board_embed(table, mention_namer(table)), board_view(table)
            scene = board_scene(table)
        pictures: dict[str, bytes] = {}
        if scene is not None and await images_enabled(self.bot.store, table.guild_id):
            pictures = await board_pictures(scene)
        embeds = with_pictures(embed, pictures)
        if table.board_message_id is not None:
            try:
                await channel.get_partial_message(table.board_message_id).edit(
                    embeds=embeds, view=view, attachments=as_files(pictures))
                return
            except discord.NotFound:
                log.info("table %s: board message gone; posting a new one", table.id)
        message = await channel.send(embeds=embeds, files=as_files(pictures), view=view or discord.utils.MISSING,
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.bot.tables.set_board_message(table.id, message.id)
        table.board_message_id = message.id

    async def _post_lines(self, channel: discord.PartialMessageable, box: _Outbox) -> None:
        """As many queued lines as fit in one message; only queued pings may notify."""
        content, taken = "", 0
        for line in box.lines:
            candidate = f"{content}\n{line}" if content else line
            if len(candidate) > MESSAGE_LIMIT:
                break
            content, taken = candidate, taken + 1
        if not taken:  # a single line longer than a message
            content, taken = box.lines[0][:MESSAGE_LIMIT], 1
        del box.lines[:taken]
        pings, box.pings = box.pings, set()
        mentions = discord.AllowedMentions(everyone=False, roles=False,
                                           users=[discord.Object(user) for user in pings])
        await channel.send(content, allowed_mentions=mentions)
