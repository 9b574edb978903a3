"""League seasons: at most one active season per guild; a game counts in the active one."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game.errors import Typed

from .db import Reader, Row, Tx
from .errors import IntegrityError, StoreError, StoreRefusal

#: The longest season name.
SEASON_NAME = 100


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
    """Open a season; refused while another is active or if the name was used before."""
    name = name.strip()
    if not name:
        raise LeagueRefusal("a season needs a name", key="chips.league.refuse.name_required")
    if len(name) > SEASON_NAME:
        raise LeagueRefusal(
            f"a season needs a name of 1 to {SEASON_NAME} characters",
            key="chips.league.refuse.name_long",
            limit=SEASON_NAME,
        )
    current = await active_season(tx, guild_id)
    if current is not None:
        raise LeagueRefusal(
            f"season {current.name!r} is still running; end it first",
            key="chips.league.refuse.season_running",
            name=Typed(current.name),
        )
    if any(s.name.casefold() == name.casefold() for s in await list_seasons(tx, guild_id)):
        raise LeagueRefusal(
            f"there already was a season named {name!r}",
            key="chips.league.refuse.season_exists",
            name=Typed(name),
        )
    try:
        async with tx.savepoint():
            row = await tx.fetchone(
                "INSERT INTO seasons (guild_id, name, started_at) VALUES (?, ?, ?) RETURNING *",
                (guild_id, name, tx.now),
            )
    except IntegrityError as error:
        raise LeagueRefusal(
            f"there already was a season named {name!r}",
            key="chips.league.refuse.season_exists",
            name=Typed(name),
        ) from error
    assert row is not None
    return _season(row)


async def end_season(tx: Tx, guild_id: int) -> Season:
    """Close the active season; refused when none is running."""
    row = await tx.fetchone(
        "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND ended_at IS NULL RETURNING *",
        (tx.now, guild_id),
    )
    if row is None:
        raise LeagueRefusal(
            f"guild {guild_id} has no season running", key="chips.league.refuse.no_running"
        )
    return _season(row)
