"""Russian slash commands: a discord.py `app_commands.Translator` over the "commands" domain.

Install it before syncing: `await bot.tree.set_translator(PinochleTranslator())`.
discord.py wraps every command, option and choice string in `locale_str`, so
cogs may pass plain English strings; each is looked up by where it sits:

- group or command:  `commands.<group>.<command>.name` / `.description`
  (`commands.pinochle.new.name`; a top-level group is `commands.pinochle.name`);
- option:            `commands.<group>.<command>.options.<option>.name` / `.description`;
- choice:            `commands.choice.<value>` (by the choice's value, so "two-handed"
  reads the same in every command that offers it).

A `locale_str(..., key="commands.some.key")` names its catalog key outright and
wins over the position (use it for context menus and other free-standing text).
The catalog's English entries (`locales/en/commands.json`) are the English
names and descriptions for the cogs to use, so both languages live in files.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from .catalog import Catalog, catalog
from .languages import pick_language

log = logging.getLogger(__name__)


class PinochleTranslator(app_commands.Translator):
    """Russian names and descriptions for `discord.Locale.russian`; None (English) for every other locale.

    `missing` collects the keys asked for in Russian that the catalog lacks:
    after a sync, a test can assert it is empty to prove every command is translated.
    """

    def __init__(self, messages: Catalog | None = None):
        self._catalog = messages or catalog()
        self.missing: set[str] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = pick_language(locale.value)
        if lang == "en":
            return None
        key = string.extras.get("key") or command_key(context)
        if key is None:
            return None
        text = self._catalog.lookup(key, lang)
        if text is None and key not in self.missing:
            self.missing.add(key)
            log.warning(
                "no %s translation for %r (%r); Discord will show English",
                lang,
                key,
                string.message,
            )
        return text


# Which part of a command, group or option a location names.
_PART = {
    Where.command_name: "name",
    Where.group_name: "name",
    Where.parameter_name: "name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_description: "description",
}


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog key for a string at this place in the command tree (None for `other`)."""
    where, data = context.location, context.data
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        return f"commands.choice.{data.value}"
    part = _PART.get(where)
    if part is None:
        return None
    if isinstance(data, app_commands.Parameter):
        return f"commands.{_path(data.command)}.options.{data.display_name}.{part}"
    if isinstance(data, (app_commands.Command, app_commands.Group, app_commands.ContextMenu)):
        return f"commands.{_path(data)}.{part}"
    return None


def _path(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> str:
    return command.qualified_name.replace(" ", ".")
