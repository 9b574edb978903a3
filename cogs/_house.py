"""What the Discord parts know of the bot: the services and shared state it holds, as a type.

The bot class (`cogs._bot.PinochleBot`) sits at the top: it builds the presenter, the hand
watch, the league nights' notices and the error tree, and loads the command extensions. The parts it
composes (hand view, board, presenter, pings, pager, notices) and the extensions reach the bot
only as this base class, whose attributes it fills in, so nothing imports the bot class back
and the Discord layer has no import cycle.
"""

from __future__ import annotations

from typing import Protocol

import discord
from discord.ext import commands

from bot.config import Config
from bot.nights.runner import NightRunner
from bot.services import Services
from bot.tables import TableService
from bot.tables.review import Replays
from cogs._hand_watch import HandWatch


class Listener(Protocol):
    """The presenter as a command or button sees it: told who is acting and who was answered, so
    what waits for a channel (a turn ping, a board) can go through that interaction."""

    def heard(self, table_id: int, interaction: discord.Interaction) -> None: ...

    def answered(self, interaction: discord.Interaction) -> None: ...


class House(commands.Bot):
    """The bot as its parts and extensions use it (`PinochleBot` is the one subclass)."""

    #: The process configuration, from the environment (`bot.config`).
    config: Config
    services: Services
    tables: TableService
    presenter: Listener
    hand_watch: HandWatch
    nights: NightRunner
    #: Finished games' records for replays, with the check of who may see them.
    replays: Replays
    #: Each person's chosen language (/pinochle language), so replies need no query.
    user_languages: dict[int, str]
    #: Who turned turn pings off (/pinochle notify off), so pings are decided without a query.
    notify_off: set[int]
    #: Extensions that failed to load, by name, for the owner's status.
    failed_extensions: dict[str, BaseException]
    #: Why Discord refused the last upload of the slash commands (None: it took them).
    sync_refusal: str | None

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the command tree if it changed since the last sync (or if `force`)."""
        raise NotImplementedError
