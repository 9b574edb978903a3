"""Limits that keep one member from tying up the bot: open tables per member and per
server, `hard` computer seats per table, and a short cooldown between two `/pinochle new`.

The values are the server's settings (`GuildSettings`, shown in `/pinochle settings`); the
service checks them here so the terminal and the cogs share them. A refusal names the limit,
its value and how to free it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from bot.game.errors import Refusal
from bot.store import GuildSettings
from bot.tables.model import Table

#: The computer level whose seats are limited per table: it thinks for a second each turn.
HARD = "hard"
#: Members whose last `/pinochle new` the cooldown remembers at most (the oldest are forgotten).
COOLDOWN_MEMORY = 10_000


class Cooldowns:
    """When each member last opened a table, bounded: at most `size` members, oldest first out."""

    def __init__(self, size: int = COOLDOWN_MEMORY) -> None:
        self._size = size
        self._opened: OrderedDict[tuple[int, int], float] = OrderedDict()

    def wait(self, guild_id: int, user_id: int, cooldown: float, now: float) -> float:
        """Seconds this member must still wait before opening another table (0: none)."""
        last = self._opened.get((guild_id, user_id))
        return 0.0 if last is None else max(0.0, last + cooldown - now)

    def note(self, guild_id: int, user_id: int, now: float) -> None:
        """Remember that the member opened a table at `now`."""
        key = (guild_id, user_id)
        self._opened.pop(key, None)
        self._opened[key] = now
        while len(self._opened) > self._size:
            self._opened.popitem(last=False)

    def __len__(self) -> int:
        return len(self._opened)


def check_open(settings: GuildSettings, tables: Iterable[Table], user_id: int, wait: float) -> None:
    """Refuse (`Refusal`) if this member may not open a table now, given the server's open `tables`."""
    open_tables = [table for table in tables if table.is_active]
    hosted = [table for table in open_tables if table.host_id == user_id]
    if len(hosted) >= settings.max_tables_member:
        raise Refusal(
            "bot.refuse.limit_member",
            limit=settings.max_tables_member,
            tables=", ".join(f"#{table.id}" for table in hosted),
        )
    if len(open_tables) >= settings.max_tables_server:
        raise Refusal("bot.refuse.limit_server", limit=settings.max_tables_server)
    if wait > 0:
        raise Refusal(
            "bot.refuse.cooldown", seconds=max(1, round(wait)), limit=settings.new_cooldown
        )


def check_hard_seat(settings: GuildSettings, table: Table, level: str) -> None:
    """Refuse (`Refusal`) if another computer of `level` may not sit at this table."""
    if level != HARD:
        return
    hard = sum(
        1 for seat in table.seats.values() if seat.user_id is None and seat.bot_level == HARD
    )
    if hard >= settings.max_hard_seats:
        raise Refusal("bot.refuse.limit_hard", table.id, limit=settings.max_hard_seats)
