"""Pinochle for Discord: the engine (`bot.game`), table service, store, computer players and cogs.

`create_bot(database)` builds the Discord bot, ready but not started. It lives
with the Discord layer (`cogs._bot`) and is looked up only when asked for, so
the engine and the table service import without discord.py installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cogs._bot import create_bot

__all__ = ["create_bot"]


def __getattr__(name: str) -> Any:
    """`bot.create_bot`, imported from the Discord layer on first use."""
    if name == "create_bot":
        from cogs._bot import create_bot

        return create_bot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
