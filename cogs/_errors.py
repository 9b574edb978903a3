"""One place that turns an exception during an interaction into a reply.

A refusal — the table service's `Refusal`, a store error with a catalog key
(`StoreError.key`), an engine error (`KeyedError`) — or a failed permission
check gets its text, privately, in the member's language. Anything else is a
bug: the user gets an apology with an error id, the log gets the traceback
under the same id, and the bot carries on.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.game.errors import KeyedError
from bot.i18n import number, t
from bot.i18n.game_text import describe_error
from bot.store import StoreError
from bot.tables import Refusal, Text
from cogs._common import lang_of, reply, text_of
from cogs._players import plain

log = logging.getLogger(__name__)


def said(refusal: Refusal, lang: str) -> str:
    """A `Refusal` in the member's language, with players named as Discord shows them."""
    return text_of(refusal.said, lang, refusal.table)


def refusal_text(error: BaseException, lang: str) -> str | None:
    """What to tell a member about a refusal, in `lang`; None if `error` is no refusal (a bug)."""
    if isinstance(error, Refusal):
        return said(error, lang)
    if isinstance(error, StoreError) and error.key is not None:
        return text_of(store_text(error.key, error.params), lang)
    if isinstance(error, KeyedError):
        return describe_error(error, lang, rule=False)
    if isinstance(error, app_commands.CheckFailure):
        return t("bot.error.not_allowed", lang)
    return None


def store_text(key: str, params: dict[str, object]) -> Text:
    """A keyed store error as a `Text`: numbers with the typographic minus, and words (a
    season's name, a setting's) shown as typed, never as markdown or a mention."""
    return Text(
        key, {k: number(v) if isinstance(v, int) else plain(str(v)) for k, v in params.items()}
    )


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user about `error`; log the traceback of anything unexpected."""
    original = getattr(error, "original", error)
    lang = lang_of(interaction)
    message = refusal_text(original, lang)
    if message is None:
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
