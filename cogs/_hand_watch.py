"""Open hand views kept current: when a player's turn comes or goes, their private view is redrawn.

A hand view is an ephemeral message, which only the interaction that sent it
(or the latest click in it) may edit, and only for 15 minutes (Discord's
token lifetime). The watch remembers, per table and person, that interaction
and whether the view it shows offers actions. When the table moves on
(`table_changed`, called for every published outcome) and the person's turn
has come or gone, the view is redrawn in place after a short pause, so a
burst of computer moves costs one edit. A view older than `LIFETIME` is
forgotten: the turn ping still points to Show my hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.tables import Hand, TableSnapshot

log = logging.getLogger(__name__)

#: Seconds an interaction may edit its message (Discord allows 15 minutes), with a margin.
LIFETIME = 14 * 60
#: Seconds to wait before a redraw, so quick moves in a row cost one edit.
PAUSE = 0.5

#: Redraws the person's open view of the table in place through the interaction.
Redraw = Callable[[discord.Interaction, int], Awaitable[None]]


@dataclass
class _OpenView:
    interaction: discord.Interaction
    opened: float  # the event loop's clock
    acting: bool  # the view offers actions
    task: asyncio.Task[None] | None = None


class HandWatch:
    """The latest open hand view of each person at each table."""

    def __init__(self, redraw: Redraw) -> None:
        self._redraw = redraw
        self._views: dict[int, dict[int, _OpenView]] = {}  # table id -> user id -> view

    def shown(self, interaction: discord.Interaction, hand: Hand) -> None:
        """A hand view was just sent or redrawn through `interaction`."""
        views = self._views.setdefault(hand.table.id, {})
        pending = views.get(interaction.user.id)
        if (
            pending is not None
            and pending.task is not None
            and pending.task is not asyncio.current_task()
        ):
            pending.task.cancel()  # this fresher view replaces a redraw still waiting
        views[interaction.user.id] = _OpenView(
            interaction, asyncio.get_running_loop().time(), bool(hand.legal)
        )

    def table_changed(self, table: TableSnapshot) -> None:
        """Schedule a redraw of each open view of `table` whose person's turn came or went."""
        views = self._views.get(table.id, {})
        now = asyncio.get_running_loop().time()
        for user_id, open_view in list(views.items()):
            if now - open_view.opened > LIFETIME:
                self._forget(table.id, user_id)
            elif (open_view.task is None or open_view.task.done()) and (
                table.awaits(user_id) != open_view.acting or not table.is_active
            ):
                open_view.task = asyncio.create_task(
                    self._refresh(table.id, user_id, open_view), name=f"hand-{table.id}-{user_id}"
                )

    async def close(self) -> None:
        tasks = [
            v.task
            for views in self._views.values()
            for v in views.values()
            if v.task is not None and not v.task.done()
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._views.clear()

    async def _refresh(self, table_id: int, user_id: int, open_view: _OpenView) -> None:
        await asyncio.sleep(PAUSE)
        if self._views.get(table_id, {}).get(user_id) is not open_view:
            return  # a newer view was shown meanwhile
        try:
            await self._redraw(open_view.interaction, table_id)
        except discord.HTTPException as error:  # expired, or the person dismissed the message
            log.info("hand view of %s at table %s not redrawn: %s", user_id, table_id, error)
        if self._views.get(table_id, {}).get(user_id) is open_view:
            self._forget(
                table_id, user_id
            )  # not redrawn as a hand (game over, seat left): nothing to watch

    def _forget(self, table_id: int, user_id: int) -> None:
        """Drop a person's view, and the table's entry with its last view."""
        views = self._views[table_id]
        del views[user_id]
        if not views:
            del self._views[table_id]
