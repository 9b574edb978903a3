"""Pinochle for Discord: the engine (`bot.game`), table service, store, computer players and cogs.

`create_bot(database)` builds the Discord bot, ready but not started; it
imports discord.py only when called, so the engine and the table service stay
importable without it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.settings import Settings
    from bot.store import Store


def create_bot(
    database: str | os.PathLike[str],
    *,
    settings: Settings | None = None,
    store: Store | None = None,
) -> commands.Bot:
    """The bot on this database (a SQLite file or a `postgresql://` URL): extensions load, tables
    resume and commands sync at login.

    `settings` supplies the rest (development guild, turn timer); by default
    nothing is read from the environment, so tests get the same bot every time.
    `store` is the file already opened (`python -m bot` opens it before it
    connects, so an unusable database stops it at once); else login opens it.
    """
    from dataclasses import replace
    from pathlib import Path

    from bot.settings import Settings
    from bot.store.sql import is_postgres_url
    from cogs._bot import PinochleBot

    settings = settings or Settings()
    if is_postgres_url(str(database)):
        settings = replace(settings, database_url=str(database))
    else:
        settings = replace(settings, database_path=Path(database), database_url=None)
    return PinochleBot(settings, store=store)
