"""Recording finished games and rating them (issue 6 "League tables").

Ratings use openskill's Plackett-Luce model with its default parameters, per
guild and variant family, kept twice: all-time (season_id 0) and for the season
that was active when the game finished. Partnership and Check games rate two
teams of two; every other variant rates one-player teams. Ranks come from the
caller (the engine's final standing), not from the scores: under E-14 the
declaring side may win on fewer points. Computer players are rated like anyone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

from .db import Tx
from .seasons import LeagueError, active_season

FAMILIES: Final = {
    "two-handed": "two-handed",
    "two-handed-no-trump": "two-handed",
    "three-handed": "three-handed",
    "four-handed": "four-handed",
    "partnership": "partnership",
    "check": "partnership",
}
TEAM_FAMILY: Final = "partnership"
ALL_TIME: Final = 0  # ratings.season_id of the all-time table


def family_of(variant: str) -> str:
    try:
        return FAMILIES[variant]
    except KeyError:
        raise LeagueError(f"unknown variant {variant!r}; one of {', '.join(FAMILIES)}") from None


def rating_model() -> PlackettLuce:
    """The one model every rating goes through (openskill defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


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


def _teams(family: str, seats: Sequence[GameSeat]) -> dict[int, list[GameSeat]]:
    """Seats grouped by team, after checking the shape the family needs."""
    teams: dict[int, list[GameSeat]] = defaultdict(list)
    for seat in seats:
        teams[seat.team].append(seat)
    if len(teams) < 2:
        raise LeagueError("a game needs at least two teams")
    if len({s.player_id for s in seats}) != len(seats) or len({s.seat for s in seats}) != len(
        seats
    ):
        raise LeagueError("each seat and each player may appear only once in a game")
    sizes = {len(members) for members in teams.values()}
    wanted = {2} if family == TEAM_FAMILY else {1}
    if sizes != wanted or (family == TEAM_FAMILY and len(teams) != 2):
        raise LeagueError(f"a {family} game has teams of {wanted.pop()}, not {sorted(sizes)}")
    for team, members in teams.items():
        if len({(m.score, m.rank) for m in members}) != 1:
            raise LeagueError(f"the partners of team {team} must share one score and rank")
        if members[0].rank < 1:
            raise LeagueError(f"rank {members[0].rank} of team {team} is not 1 or more")
    return teams


async def record_game(
    tx: Tx,
    *,
    game_id: int,
    guild_id: int,
    table_id: int | None,
    variant: str,
    seats: Sequence[GameSeat],
) -> bool:
    """Record a finished game and update its players' ratings; False if already recorded.

    Call it in the transaction that ends the game (with the last deal's
    `settle_deal`), so a game is rated exactly once. `game_id` is the id the
    ledger's settlements use.
    """
    family = family_of(variant)
    teams = _teams(family, seats)
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
        (game_id, guild_id, table_id, variant, family, season and season.id, tx.now),
    )
    if result.rowcount == 0:
        return False
    await tx.executemany(
        "INSERT INTO game_players (game_id, seat, player_id, team, score, rank, best_meld,"
        " best_meld_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, s.player_id, s.team, s.score, s.rank, s.best_meld, s.best_meld_points)
            for s in seats
        ],
    )
    for scope in (ALL_TIME, *([season.id] if season else [])):
        await _rate(tx, game_id, guild_id, family, scope, list(teams.values()))
    return True


async def _rate(
    tx: Tx, game_id: int, guild_id: int, family: str, season_id: int, teams: list[list[GameSeat]]
) -> None:
    model = rating_model()
    current = {
        row["player_id"]: model.rating(mu=row["mu"], sigma=row["sigma"])
        for row in await tx.fetchall(
            "SELECT player_id, mu, sigma FROM ratings"
            " WHERE guild_id = ? AND family = ? AND season_id = ?",
            (guild_id, family, season_id),
        )
    }
    before: list[list[PlackettLuceRating]] = [
        [current[seat.player_id] if seat.player_id in current else model.rating() for seat in team]
        for team in teams
    ]
    after = model.rate(before, ranks=[team[0].rank for team in teams])
    rows = []
    for team, new_ratings in zip(teams, after, strict=False):
        against = max(other[0].score for other in teams if other is not team)
        for seat, rating in zip(team, new_ratings, strict=False):
            rows.append(
                (
                    guild_id,
                    family,
                    season_id,
                    seat.player_id,
                    rating.mu,
                    rating.sigma,
                    int(seat.rank == 1),
                    seat.score,
                    against,
                )
            )
    await tx.executemany(
        "INSERT INTO ratings (guild_id, family, season_id, player_id, mu, sigma, games, wins,"
        " points_for, points_against) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)"
        " ON CONFLICT (guild_id, family, season_id, player_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins,"
        " points_for = ratings.points_for + excluded.points_for,"
        " points_against = ratings.points_against + excluded.points_against",
        rows,
    )
    # The rating each player has after this game: the points of the web pages' rating chart.
    await tx.executemany(
        "INSERT INTO rating_history (game_id, season_id, player_id, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?)",
        [(game_id, season_id, row[3], row[4], row[5]) for row in rows],
    )
