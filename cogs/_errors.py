"""One place that turns an exception during an interaction into a reply.

A refusal — the one `Refusal` type, whichever layer raised it (the engine, the table service,
the store) — or a failed permission check gets its text, privately, in the member's language.
Anything else is a bug: the user gets an apology with an error id, the log gets the traceback
under the same id, and the bot carries on. Every surface comes here: the command tree's
`on_error`, `PinochleView.on_error` for the buttons and selects of a view (the pager, the leave
question), and `guarded` for the persistent (dynamic) buttons and menus of boards, hands and
replays, which discord.py dispatches by custom id, never through a view, and whose exceptions it
would only log.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n import t
from bot.presentation.texts import say
from bot.tables import Refusal
from cogs._common import lang_of, mention_namer, reply, say_refusal
from cogs._voices import answerable

log = logging.getLogger(__name__)


def refusal_text(
    error: BaseException, lang: str, interaction: discord.Interaction | None = None
) -> str | None:
    """What to tell a member about a refusal, in `lang`; None if `error` is no refusal (a bug).
    Players are named as Discord shows them at the table the refusal names (`interaction`'s)."""
    if isinstance(error, Refusal):
        if interaction is None:
            return say(error, lang, mention_namer(None))
        return say_refusal(interaction, error, lang)
    if isinstance(error, app_commands.CheckFailure):
        return t("bot.error.not_allowed", lang)
    return None


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user about `error`; log the traceback of anything unexpected."""
    original = getattr(error, "original", error)
    lang = lang_of(interaction)
    message = refusal_text(original, lang, interaction)
    if message is None:
        error_id = secrets.token_hex(4)
        where = interaction.command.qualified_name if interaction.command else interaction.data
        log.error(
            "error %s in %s by user %s", error_id, where, interaction.user.id, exc_info=original
        )
        message = t("bot.error.unexpected", lang, error_id=error_id)
    await tell(interaction, message)


async def tell(interaction: discord.Interaction, message: str) -> None:
    """The answer about an error, privately; a failure to send it is only logged, and so is an
    answer Discord would no longer take (a handler that outlived the interaction's deadline)."""
    if not answerable(interaction):
        log.warning(
            "could not tell user %s about an error: too late to answer", interaction.user.id
        )
        return
    try:
        await reply(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)


class PinochleTree(app_commands.CommandTree):
    """The command tree with the bot's error handler: a command's refusal and its bugs end here."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


class PinochleView(discord.ui.View):
    """The base of every view of the bot: a refusal or a bug in a button, select or modal of it
    is answered by `report_error`, like a command's."""

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await report_error(interaction, error)


#: The component (button, select) whose callback `guarded` wraps.
ItemT = TypeVar("ItemT")


def guarded(
    callback: Callable[[ItemT, discord.Interaction], Awaitable[None]],
) -> Callable[[ItemT, discord.Interaction], Coroutine[Any, Any, None]]:
    """For the callbacks of persistent (dynamic) items, whose errors discord.py logs without
    calling any `on_error`: they go to `report_error` too."""

    @functools.wraps(callback)
    async def run(self: ItemT, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:
            await report_error(interaction, error)

    return run
