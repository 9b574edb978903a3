"""Finished games and the league's rating tables: what is stored, not how it is worked out.

Ratings are kept per guild and variant family, twice: all-time (season_id 0) and
for the season that was active when the game finished. The league service
(`bot.services.league.record_game`) checks a game's teams and computes the
openskill ratings; this module writes the game (`store_game`), reads a table's
ratings (`ratings`) and writes the new ones (`put_ratings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.game.variants import VARIANTS

from .db import Tx
from .seasons import LeagueError, active_season

FAMILIES: Final = {name: variant.family for name, variant in VARIANTS.items()}  # the engine's
ALL_TIME: Final = 0  # ratings.season_id of the all-time table


def family_of(variant: str) -> str:
    try:
        return FAMILIES[variant]
    except KeyError:
        raise LeagueError(f"unknown variant {variant!r}; one of {', '.join(FAMILIES)}") from None


@dataclass(frozen=True, slots=True)
class GameSeat:
    """One seat's result. Partners share `team`, `score` and `rank` (1 is the winner; ties share)."""

    seat: int
    player_id: int
    team: int
    score: int
    rank: int
    best_meld: str | None = None
    best_meld_points: int | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's openskill rating in one table (a family in a season, or all time)."""

    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A seat's rating after a game, with what the game adds to its table's counts."""

    player_id: int
    rating: Rating
    won: bool
    points_for: int
    points_against: int


async def store_game(
    tx: Tx,
    *,
    game_id: int,
    guild_id: int,
    table_id: int | None,
    variant: str,
    seats: Sequence[GameSeat],
) -> list[int] | None:
    """Write a finished game and its seats; the rating tables it counts in (`ALL_TIME` and the
    active season's id), or None if it was written before.

    Takes the league lock: the caller reads, rates and writes those tables (`ratings`,
    `put_ratings`) in the same transaction, so a game is rated exactly once.
    """
    ids = [seat.player_id for seat in seats]
    owned = await tx.fetchall(
        f"SELECT id FROM players WHERE guild_id = ? AND id IN ({', '.join('?' * len(ids))})",
        (guild_id, *ids),
    )
    if len(owned) != len(ids):
        raise LeagueError(f"not every player of game {game_id} belongs to guild {guild_id}")
    await tx.lock("league", guild_id)  # ratings are read, recomputed and written back
    season = await active_season(tx, guild_id)
    result = await tx.execute(
        "INSERT INTO games (id, guild_id, table_id, variant, family, season_id, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
        (game_id, guild_id, table_id, variant, family_of(variant), season and season.id, tx.now),
    )
    if result.rowcount == 0:
        return None
    await tx.executemany(
        "INSERT INTO game_players (game_id, seat, player_id, team, score, rank, best_meld,"
        " best_meld_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, s.player_id, s.team, s.score, s.rank, s.best_meld, s.best_meld_points)
            for s in seats
        ],
    )
    return [ALL_TIME, *([season.id] if season else [])]


async def ratings(tx: Tx, guild_id: int, family: str, season_id: int) -> dict[int, Rating]:
    """Every rated player's rating in one table, by player id."""
    rows = await tx.fetchall(
        "SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND family = ? AND season_id = ?",
        (guild_id, family, season_id),
    )
    return {row["player_id"]: Rating(row["mu"], row["sigma"]) for row in rows}


async def put_ratings(
    tx: Tx, game_id: int, guild_id: int, family: str, season_id: int, seats: Sequence[RatedSeat]
) -> None:
    """Write the ratings a game gave (adding a game, a win, points for and against to each count),
    and keep them in `rating_history`: the points of the web pages' rating chart."""
    await tx.executemany(
        "INSERT INTO ratings (guild_id, family, season_id, player_id, mu, sigma, games, wins,"
        " points_for, points_against) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)"
        " ON CONFLICT (guild_id, family, season_id, player_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins,"
        " points_for = ratings.points_for + excluded.points_for,"
        " points_against = ratings.points_against + excluded.points_against",
        [
            (
                guild_id,
                family,
                season_id,
                s.player_id,
                s.rating.mu,
                s.rating.sigma,
                int(s.won),
                s.points_for,
                s.points_against,
            )
            for s in seats
        ],
    )
    await tx.executemany(
        "INSERT INTO rating_history (game_id, season_id, player_id, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?)",
        [(game_id, season_id, s.player_id, s.rating.mu, s.rating.sigma) for s in seats],
    )
