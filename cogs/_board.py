"""The board message: one per table, edited in place, with buttons that survive restarts.

Its buttons are `discord.ui.DynamicItem`s whose custom_id carries the table id
(`pinochle:board:join:12`), so a click after a restart still reaches the
right table. Lobby buttons call the same service methods as the slash commands.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.presentation.record_text import review_lines
from bot.presentation.texts import Namer, board_text, board_title, say
from bot.tables import DEFAULT_LEVEL, TableSnapshot
from cogs._common import (
    dynamic_view,
    is_manager,
    lang_of,
    mention_namer,
    person_of,
    reply,
    service_of,
)
from cogs._errors import guarded
from cogs._hand import send_hand
from cogs._leave import ask_to_leave, must_ask
from cogs._pager import Page, send_pages, split_pages
from cogs._players import bot_of

#: Buttons per table state, in display order.
BUTTONS = {
    "lobby": ("join", "leave", "addbot", "start"),
    "playing": ("hand", "join", "leave", "review"),
    "finished": ("rematch", "review"),
}
STYLES = {
    "join": discord.ButtonStyle.primary,
    "leave": discord.ButtonStyle.secondary,
    "addbot": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.success,
    "hand": discord.ButtonStyle.primary,
    "rematch": discord.ButtonStyle.success,
    "review": discord.ButtonStyle.secondary,
}
COLOURS = {"lobby": 0x3498DB, "playing": 0x2ECC71, "finished": 0xF1C40F, "cancelled": 0x95A5A6}


def board_embed(table: TableSnapshot, name: Namer) -> discord.Embed:
    lang = table.language
    embed = discord.Embed(
        title=board_title(table, lang),
        description=board_text(table, lang, name),
        colour=COLOURS.get(table.status, 0),
    )
    if table.rematch is not None:
        embed.set_footer(text=t("bot.board.rematch", lang, table=table.rematch))
    return embed


def board_view(table: TableSnapshot) -> discord.ui.View | None:
    """The board's buttons for the table's state (a cancelled table has none).

    Review last deal appears once a deal is over: from the second deal on, and on
    the final board beside Rematch.
    """
    actions = [a for a in BUTTONS.get(table.status, ()) if a != "review" or table.deal_results]
    if not actions:
        return None
    view = dynamic_view()
    for action in actions:
        view.add_item(BoardButton(action, table.id, table.language))
    return view


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pinochle:board:(?P<action>join|leave|addbot|start|hand|rematch|review):(?P<table>\d+)",
):
    """Join, Leave, Add computer player, Start, Show my hand, Rematch, Review last deal: a board
    button for one table."""

    def __init__(self, action: str, table_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"bot.button.{action}", lang),
                style=STYLES[action],
                custom_id=f"pinochle:board:{action}:{table_id}",
            )
        )
        self.action, self.table_id = action, table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(match["action"], int(match["table"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "hand":
            await send_hand(interaction, self.table_id)
            return
        if self.action == "review":
            await send_review(interaction, self.table_id)
            return
        await lobby_action(interaction, self.action, self.table_id)


async def lobby_action(
    interaction: discord.Interaction,
    action: str,
    table_id: int,
    *,
    seat: int | None = None,
    level: str = DEFAULT_LEVEL,
) -> None:
    """join / leave / addbot / start / cancel / kick / rematch through the service; the reply is private.

    Leaving a running game asks first (`cogs._leave`): the answer comes later. A refusal
    is raised to the command's error handler (`cogs._errors`). `seat` and `level` are addbot's
    (kick's `seat` is the one to empty).
    """
    if action == "leave" and must_ask(interaction, table_id):
        await ask_to_leave(interaction, table_id)
        return
    service, person = service_of(interaction), person_of(interaction)
    match action:
        case "join":
            outcome = await service.join(table_id, person)
        case "leave":
            outcome = await service.leave(table_id, person)
        case "addbot":
            outcome = await service.add_computer(table_id, person, level, seat)
        case "start":
            outcome = await service.start(table_id, person)
        case "cancel":
            outcome = await service.cancel(table_id, person, manager=is_manager(interaction))
        case "kick" if seat is not None:
            outcome = await service.kick(table_id, person, seat)
        case "rematch":
            outcome = await service.rematch(table_id, person)
        case _:
            raise ValueError(f"no lobby action {action!r} (with seat {seat})")
    bot_of(interaction).presenter.heard(table_id, interaction)  # the start's ping may go through it
    await reply(
        interaction, say(outcome.private, lang_of(interaction), mention_namer(outcome.table))
    )
    bot_of(interaction).presenter.answered(interaction)


async def send_review(interaction: discord.Interaction, table_id: int) -> None:
    """The table's last finished deal, privately, in the asker's language, paged to fit a message
    (anyone may see a deal that is over, so *Show in channel* may post a page of it)."""
    table, review = await service_of(interaction).review(table_id)

    async def page(number: int, lang: str) -> Page:
        pages = split_pages(review_lines(table, review, lang, mention_namer(table)), lang)
        return Page(pages[number], number + 1 < len(pages))

    await send_pages(interaction, page)
