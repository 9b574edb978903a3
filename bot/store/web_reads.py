"""Read queries of the web pages that the league and ledger modules do not already have.

A player's rating after each game (the chart), the finished games of a
server with their seats (a replay reads its log with `records.game_log`),
and the row counts that page the standings, the chip leaderboard and the
games. Written
with the store's `Reader`, like every other read, so they run on a `Store`,
a `Tx` or a read-only `Snapshot`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .db import Reader
from .league import ALL_TIME
from .sql import per_dialect
from .standings import ORDINAL_Z


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating (mu - 3 sigma, as the standings show it) just after one game."""

    game_id: int
    finished_at: str
    rating: float


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    player_id: int
    display_name: str
    is_bot: bool
    team: int
    score: int
    rank: int


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A recorded game with every seat's result; `table_id` None when its table is gone."""

    game_id: int
    variant: str
    finished_at: str
    table_id: int | None
    seats: tuple[SeatResult, ...]


async def rating_history(
    db: Reader,
    guild_id: int,
    player_id: int,
    family: str,
    *,
    season_id: int | None = None,
    limit: int = 200,
) -> list[RatingPoint]:
    """The player's last `limit` ratings in a family (all-time when `season_id` is None), oldest first."""
    rows = await db.fetchall(
        f"SELECT h.game_id, g.finished_at, h.mu - {ORDINAL_Z} * h.sigma"
        " FROM rating_history AS h JOIN games AS g ON g.id = h.game_id"
        " WHERE h.player_id = :player AND h.season_id = :season AND g.guild_id = :guild"
        " AND g.family = :family ORDER BY g.finished_at DESC, g.id DESC LIMIT :limit",
        {
            "player": player_id,
            "season": season_id or ALL_TIME,
            "guild": guild_id,
            "family": family,
            "limit": limit,
        },
    )
    return [RatingPoint(int(r[0]), r[1], float(r[2])) for r in reversed(rows)]


#: Each game's seats in seat order, as one JSON array per game (the dialects spell it apart).
_SEATS = {
    "sqlite": "SELECT json_group_array(json_array(s.seat, s.player_id, s.display_name, s.is_bot,"
    " s.team, s.score, s.rank)) FROM (SELECT gp.*, p.display_name, p.is_bot FROM game_players"
    " AS gp JOIN players AS p ON p.id = gp.player_id WHERE gp.game_id = g.id ORDER BY gp.seat)"
    " AS s",
    "postgres": "SELECT json_agg(json_build_array(gp.seat, gp.player_id, p.display_name,"
    " p.is_bot, gp.team, gp.score, gp.rank) ORDER BY gp.seat) FROM game_players AS gp"
    " JOIN players AS p ON p.id = gp.player_id WHERE gp.game_id = g.id",
}


def _games(db: Reader) -> str:
    seats = per_dialect(db, sqlite=_SEATS["sqlite"], postgres=_SEATS["postgres"])
    return f"SELECT g.id, g.variant, g.finished_at, g.table_id, ({seats}) AS seats FROM games AS g"


def _game(row: Any) -> FinishedGame:
    game_id, variant, finished_at, table_id, seats = row
    return FinishedGame(
        int(game_id),
        variant,
        finished_at,
        table_id,
        tuple(
            SeatResult(seat, player, name, bool(bot), team, score, rank)
            for seat, player, name, bot, team, score, rank in json.loads(seats)
        ),
    )


async def finished_games(
    db: Reader, guild_id: int, *, limit: int = 25, offset: int = 0
) -> list[FinishedGame]:
    """The server's recorded games, newest first, one page."""
    rows = await db.fetchall(
        _games(db)
        + " WHERE g.guild_id = ? ORDER BY g.finished_at DESC, g.id DESC LIMIT ? OFFSET ?",
        (guild_id, limit, offset),
    )
    return [_game(row) for row in rows]


async def count_games(db: Reader, guild_id: int) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM games WHERE guild_id = ?", (guild_id,))
    return 0 if row is None else int(row[0])


async def finished_game(db: Reader, guild_id: int, game_id: int) -> FinishedGame | None:
    """A recorded game of this server; None for another server's or one never recorded.

    Only a finished game has a record (`record_game` runs when the game ends), so
    a replay read through it (`bot.store.records.game_log` of its table) never
    shows a game still in play.
    """
    row = await db.fetchone(_games(db) + " WHERE g.guild_id = ? AND g.id = ?", (guild_id, game_id))
    return None if row is None else _game(row)


async def count_standings(
    db: Reader, guild_id: int, family: str, *, season_id: int | None = None, include_bots: bool
) -> int:
    """How many rows `standings(...)` has in all, for paging."""
    row = await db.fetchone(
        "SELECT COUNT(*) FROM ratings AS r JOIN players AS p ON p.id = r.player_id"
        " WHERE r.guild_id = ? AND r.family = ? AND r.season_id = ? AND (? = 1 OR p.is_bot = 0)",
        (guild_id, family, season_id or ALL_TIME, int(include_bots)),
    )
    return 0 if row is None else int(row[0])


async def count_accounts(db: Reader, guild_id: int, *, include_bots: bool) -> int:
    """How many players `leaderboard(...)` lists in all, for paging."""
    row = await db.fetchone(
        "SELECT COUNT(*) FROM accounts AS a JOIN players AS p ON p.id = a.player_id"
        " WHERE a.guild_id = ? AND (? = 1 OR p.is_bot = 0)",
        (guild_id, int(include_bots)),
    )
    return 0 if row is None else int(row[0])
