"""League seasons: at most one active season per guild; a game counts in the active one."""

from __future__ import annotations

from dataclasses import dataclass

from .db import Reader, Row, Tx
from .errors import StoreError, StoreRefusal


class LeagueError(StoreError, ValueError):
    """A league request that is refused; the message says why."""


class LeagueRefusal(LeagueError, StoreRefusal):
    """A season request a member can meet (a name taken): said in their language."""


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: str
    ended_at: str | None

    @property
    def is_active(self) -> bool:
        return self.ended_at is None


def _season(row: Row) -> Season:
    return Season(row["id"], row["guild_id"], row["name"], row["started_at"], row["ended_at"])


async def active_season(db: Reader, guild_id: int) -> Season | None:
    row = await db.fetchone(
        "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    )
    return None if row is None else _season(row)


async def list_seasons(db: Reader, guild_id: int) -> list[Season]:
    """The guild's seasons, newest first."""
    rows = await db.fetchall(
        "SELECT * FROM seasons WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
    )
    return [_season(row) for row in rows]


async def start_season(tx: Tx, guild_id: int, name: str) -> Season:
    """Open a season called `name` (the league service checks it first: `bot.services.league`).

    A name the guild used before, in any case, is refused by a unique index: `IntegrityError`.
    """
    async with tx.savepoint():
        row = await tx.fetchone(
            "INSERT INTO seasons (guild_id, name, started_at) VALUES (?, ?, ?) RETURNING *",
            (guild_id, name, tx.now),
        )
    assert row is not None
    return _season(row)


async def end_season(tx: Tx, guild_id: int) -> Season | None:
    """Close the active season; None when none is running."""
    row = await tx.fetchone(
        "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND ended_at IS NULL RETURNING *",
        (tx.now, guild_id),
    )
    return None if row is None else _season(row)
