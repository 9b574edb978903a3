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
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.game.errors import KeyedError
from bot.i18n import number, t
from bot.i18n.game_text import describe_error
from bot.store import StoreError, Typed
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
    """A keyed store error as a `Text`: numbers with the typographic minus, a member's own
    words (`Typed`) shown as typed, never as markdown or a mention."""
    return Text(key, {name: _shown(value) for name, value in params.items()})


def _shown(value: object) -> object:
    if isinstance(value, Typed):
        return plain(value.text)
    return number(value) if isinstance(value, int) else value


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
    await tell(interaction, message)


async def tell(interaction: discord.Interaction, message: str) -> None:
    """The answer about an error, privately; a failure to send it is only logged."""
    try:
        await reply(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)


Callback = Callable[..., Awaitable[Any]]


class PinochleTree(app_commands.CommandTree):
    """The command tree with the bot's error handler."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)

    def answer_refusals(self) -> None:
        """Make every command answer its own refusals (`answering`), once, after the cogs load.

        A refusal is an answer, not an error: the tree's `on_error` is for bugs.
        """
        for command in self.walk_commands():
            if isinstance(command, app_commands.Command) and not hasattr(command.callback, ANSWERS):
                # discord.py keeps a command's function in `_callback` (read-only `callback`).
                # A write into discord.py's internals, typed there as a callback of another shape;
                # issue 24 item 4 (one refusal path) removes it.
                command._callback = answering(command.callback)  # type: ignore[assignment]


#: Marks a callback wrapped by `answering`.
ANSWERS = "answers_refusals"


def answering(callback: Callback) -> Callback:
    """For command callbacks: a refusal is answered here, privately and in the member's language;
    any other exception goes on to the tree's handler (`report_error`) as the bug it is."""

    @functools.wraps(callback)
    async def run(*args: Any, **params: Any) -> Any:
        try:
            return await callback(*args, **params)
        except Exception as error:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            message = refusal_text(error, lang_of(interaction))
            if message is None:
                raise
            await tell(interaction, message)

    setattr(run, ANSWERS, True)
    return run


#: The component (button, select) whose callback `guarded` wraps.
ItemT = TypeVar("ItemT")


def guarded(
    callback: Callable[[ItemT, discord.Interaction], Awaitable[None]],
) -> Callable[[ItemT, discord.Interaction], Coroutine[Any, Any, None]]:
    """For component callbacks (buttons, selects): errors go to `report_error` too."""

    @functools.wraps(callback)
    async def run(self: ItemT, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:
            await report_error(interaction, error)

    return run
