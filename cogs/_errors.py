"""One place that turns an exception during an interaction into a reply.

A `UserError` or a failed permission check gets its short text, ephemeral.
Anything else is a bug: the user gets an apology with an error id, the log
gets the traceback under the same id, and the bot carries on.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from cogs._common import UserError, lang_of, reply, text_of

log = logging.getLogger(__name__)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user about `error`; log the traceback of anything unexpected."""
    original = getattr(error, "original", error)
    lang = lang_of(interaction)
    if isinstance(original, UserError):
        message = text_of(original.text, lang)
    elif isinstance(original, app_commands.CheckFailure):
        message = t("bot.error.not_allowed", lang)
    else:
        error_id = secrets.token_hex(4)
        where = interaction.command.qualified_name if interaction.command else interaction.data
        log.error(
            "error %s in %s by user %s", error_id, where, interaction.user.id, exc_info=original
        )
        message = t("bot.error.unexpected", lang, error_id=error_id)
    try:
        await reply(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)


class PinochleTree(app_commands.CommandTree):
    """The command tree with the bot's error handler."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


Callback = Callable[..., Awaitable[Any]]


def guarded(callback: Callback) -> Callback:
    """For component callbacks (buttons, selects): errors go to `report_error` too."""

    @functools.wraps(callback)
    async def run(self: Any, interaction: discord.Interaction, *args: Any) -> Any:
        try:
            return await callback(self, interaction, *args)
        except Exception as error:
            await report_error(interaction, error)

    return run
