"""Players: one row per person (guild, user id) or computer level (guild, 'bot:<level>') per guild.

The last known display name is kept, so a member who left the server still shows
by name in history, standings and the ledger (issue 6).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from .db import Reader, Tx


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    guild_id: int
    key: str
    user_id: int | None
    display_name: str

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


def player_key(user_id: int | None, bot_level: str | None) -> str:
    """The stable key: str(user_id) for a person, 'bot:<level>' for a computer player."""
    if user_id is not None:
        return str(user_id)
    if not bot_level:
        raise ValueError("a computer player needs a bot level, a person a user id")
    return f"bot:{bot_level}"


def _player(row: sqlite3.Row) -> Player:
    return Player(row["id"], row["guild_id"], row["key"], row["user_id"], row["display_name"])


async def ensure_player(
    tx: Tx,
    guild_id: int,
    *,
    display_name: str,
    user_id: int | None = None,
    bot_level: str | None = None,
) -> Player:
    """The player for this person or computer level, created or renamed to `display_name`."""
    if not display_name.strip():
        raise ValueError("a player needs a display name")
    row = await tx.fetchone(
        "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, key) DO UPDATE SET display_name = excluded.display_name,"
        " updated_at = excluded.updated_at"
        " RETURNING *",
        (guild_id, player_key(user_id, bot_level), user_id, int(user_id is None), display_name,
         tx.now, tx.now),
    )
    assert row is not None  # an upsert with RETURNING always yields the row
    return _player(row)


async def get_player(db: Reader, player_id: int) -> Player | None:
    row = await db.fetchone("SELECT * FROM players WHERE id = ?", (player_id,))
    return None if row is None else _player(row)


async def find_player(
    db: Reader, guild_id: int, *, user_id: int | None = None, bot_level: str | None = None
) -> Player | None:
    row = await db.fetchone(
        "SELECT * FROM players WHERE guild_id = ? AND key = ?",
        (guild_id, player_key(user_id, bot_level)),
    )
    return None if row is None else _player(row)
