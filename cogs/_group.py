"""The `/pinochle` command group, shared by several extensions.

discord.py gives a `GroupCog` its own group, but the lobby (cogs.tables) and
play (cogs.play) live in separate extensions under one `/pinochle`. A
`PinochleCog` moves its slash commands into its bot's `/pinochle` group when it
loads (creating the group with the first cog) and takes them out when it
unloads (dropping the group with the last). Discord allows a group 25
subcommands; tests/cogs/test_command_limits.py counts them.
"""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import t
from cogs._house import House

GROUP = "pinochle"


def describe(path: str) -> str:
    """English description of a `/pinochle` command or option from the "commands" catalog."""
    return t(f"commands.{GROUP}.{path}.description", "en")


def choices(*values: str) -> list[Choice[str]]:
    """Choices with their English names from the "commands" catalog (the translator adds Russian)."""
    return [Choice(name=t(f"commands.choice.{v}", "en"), value=v) for v in values]


class PinochleCog(commands.Cog):
    """A cog whose slash commands are subcommands of `/pinochle`."""

    bot: House

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command(GROUP)
        if not isinstance(group, app_commands.Group):
            group = app_commands.Group(
                name=GROUP, description=t(f"commands.{GROUP}.description", "en"), guild_only=True
            )
            self.bot.tree.add_command(group)
        self._moved = list(self.__cog_app_commands__)
        for command in self._moved:
            group.add_command(command)
        self.__cog_app_commands__ = []

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command(GROUP)
        if isinstance(group, app_commands.Group):
            for command in self._moved:
                group.remove_command(command.name)
            if not group.commands:
                self.bot.tree.remove_command(GROUP)
