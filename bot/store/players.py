"""Players: one row per person (guild, user id) or computer player per guild.

A computer player is keyed 'bot:<level>:<name>' when it has a name of its own (each
computer seat of a table is its own league player: a game of one person and three
computers is rated, and chips between computer seats move), or 'bot:<level>' for an
unnamed computer of that level.

The last known display name is kept, so a member who left the server still shows
by name in history, standings and the ledger (issue 6).
"""

from __future__ import annotations

from dataclasses import dataclass

from .db import Reader, Row, Tx


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


def player_key(user_id: int | None, bot_level: str | None, bot_name: str | None = None) -> str:
    """The stable key: str(user_id) for a person, 'bot:<level>[:<name>]' for a computer player."""
    if user_id is not None:
        return str(user_id)
    if not bot_level:
        raise ValueError("a computer player needs a bot level, a person a user id")
    if bot_name is not None and not bot_name.strip():
        raise ValueError("a computer player's name cannot be blank")
    return f"bot:{bot_level}" if bot_name is None else f"bot:{bot_level}:{bot_name.strip()}"


def _player(row: Row) -> Player:
    return Player(row["id"], row["guild_id"], row["key"], row["user_id"], row["display_name"])


async def ensure_player(
    tx: Tx,
    guild_id: int,
    *,
    display_name: str,
    user_id: int | None = None,
    bot_level: str | None = None,
    bot_name: str | None = None,
) -> Player:
    """The player for this person or computer (level, and name if it has one), created or
    renamed to `display_name`."""
    if not display_name.strip():
        raise ValueError("a player needs a display name")
    row = await tx.fetchone(
        "INSERT INTO players (guild_id, key, user_id, is_bot, display_name, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, key) DO UPDATE SET display_name = excluded.display_name,"
        " updated_at = excluded.updated_at"
        " RETURNING *",
        (
            guild_id,
            player_key(user_id, bot_level, bot_name),
            user_id,
            int(user_id is None),
            display_name,
            tx.now,
            tx.now,
        ),
    )
    assert row is not None  # an upsert with RETURNING always yields the row
    return _player(row)


async def get_player(db: Reader, player_id: int) -> Player | None:
    row = await db.fetchone("SELECT * FROM players WHERE id = ?", (player_id,))
    return None if row is None else _player(row)


async def find_player(
    db: Reader,
    guild_id: int,
    *,
    user_id: int | None = None,
    bot_level: str | None = None,
    bot_name: str | None = None,
) -> Player | None:
    row = await db.fetchone(
        "SELECT * FROM players WHERE guild_id = ? AND key = ?",
        (guild_id, player_key(user_id, bot_level, bot_name)),
    )
    return None if row is None else _player(row)
