"""Lists and balances, privately, in pages behind ◀ / ▶, with a *Show in channel* button.

One visibility rule for `/chips balance|history|leaderboard` and `/league
standings|player`, empty or not: the answer is private to the
member who asked, and *Show in channel* posts the page shown, once, for
everyone, in the channel's language (the server's setting, else its locale).
A `PageSource` renders page n (from 0) in a language when asked, so each
click shows the data as it is now. The buttons belong to a view with a
timeout rather than to persistent custom ids: a list is looked at for a minute, not kept for days,
and an ephemeral message cannot be edited after 15 minutes anyway. When the
view times out its buttons are greyed out; running the command again gives a
fresh list.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.i18n import t
from cogs._common import guild_lang, lang_of
from cogs._errors import PinochleView

#: Seconds a page view answers clicks (ephemeral messages are editable for 15 minutes).
TIMEOUT = 600
#: Nobody is pinged by a list, whoever it names.
NO_PINGS = discord.AllowedMentions.none()


@dataclass(frozen=True)
class Page:
    content: str
    has_next: bool


#: Page n (from 0) of a list in a language.
PageSource = Callable[[int, str], Awaitable[Page]]


class Pager(PinochleView):
    """Back and Next buttons (for more than one page) and Show in channel, on the asker's private reply."""

    def __init__(self, source: PageSource, *, lang: str, page: int, has_next: bool) -> None:
        super().__init__(timeout=TIMEOUT)
        self.source = source
        self.page = page
        self.message: discord.InteractionMessage | None = None
        self.back.label = t("chips.page.previous", lang)
        self.forward.label = t("chips.page.next", lang)
        self.share.label = t("chips.page.share", lang)
        if page == 0 and not has_next:
            self.remove_item(self.back)
            self.remove_item(self.forward)
        self._enable(has_next)

    def _enable(self, has_next: bool) -> None:
        self.back.disabled = self.page == 0
        self.forward.disabled = not has_next

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def back(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, self.page - 1)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def forward(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, self.page + 1)

    @discord.ui.button(style=discord.ButtonStyle.primary)
    async def share(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        """Post the page shown for everyone, in the channel's language; the button then goes grey."""
        shown = await self.source(self.page, await guild_lang(interaction))
        button.disabled = True
        await interaction.response.edit_message(view=self)
        await interaction.followup.send(shown.content, allowed_mentions=NO_PINGS)

    async def _turn(self, interaction: discord.Interaction, page: int) -> None:
        shown = await self.source(page, lang_of(interaction))
        self.page = page
        self._enable(shown.has_next)
        await interaction.response.edit_message(
            content=shown.content, view=self, allowed_mentions=NO_PINGS
        )

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException:
                pass  # the message is gone or too old to edit: nothing left to grey out


async def send_pages(
    interaction: discord.Interaction, source: PageSource, *, page: int = 0
) -> None:
    """Answer privately with page `page` of `source`, with page buttons when there is more than one page."""
    lang = lang_of(interaction)
    shown = await source(page, lang)
    view = Pager(source, lang=lang, page=page, has_next=shown.has_next)
    await interaction.response.send_message(
        shown.content, view=view, ephemeral=True, allowed_mentions=NO_PINGS
    )
    view.message = await interaction.original_response()


#: Characters kept free on each page for its "Page 2 of 3" footer.
FOOTER_ROOM = 40


def split_pages(lines: Sequence[str], lang: str, limit: int = 2000) -> list[str]:
    """Lines packed into as few messages of at most `limit` characters as they fit, a line never split
    (one longer than a page is cut); with more than one page, each ends with "Page n of m"."""
    room = limit - FOOTER_ROOM
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line[:room]
        if pages[-1] and size + 1 + len(line) > room:
            pages.append([])
            size = 0
        size += len(line) + (1 if pages[-1] else 0)
        pages[-1].append(line)
    if len(pages) == 1:
        return ["\n".join(pages[0])]
    return [
        "\n".join([*page, t("chips.page.footer_of", lang, page=number, pages=len(pages))])
        for number, page in enumerate(pages, start=1)
    ]
