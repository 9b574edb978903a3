"""League queries: standings, a player's profile, and the games as CSV.

The rating shown is openskill's ordinal, mu - 3·sigma (`PlackettLuceRating.ordinal()`):
a conservative estimate, so a newcomer's lucky first win does not top the table.
Points for: the player's (team's) final scores summed over games; points against:
the best opposing final score of each game, summed (in a two-sided game simply the
opponents' score; in a free-for-all, the score that had to be beaten).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from .csvio import to_csv
from .db import Reader, Row
from .league import ALL_TIME
from .players import Player, get_player
from .sql import per_dialect
from .visibility import SHOWN_GAME

ORDINAL_Z: Final = 3.0


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    family: str
    player_id: int
    display_name: str
    is_bot: bool
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    win_pct: float
    points_for: int
    points_against: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game from one player's point of view."""

    game_id: int
    variant: str
    finished_at: str
    score: int
    rank: int
    teammates: tuple[str, ...]
    opponents: tuple[str, ...]
    hints: bool = False  # someone at the table asked for a hint

    @property
    def won(self) -> bool:
        return self.rank == 1


@dataclass(frozen=True, slots=True)
class BestMeld:
    meld: str
    points: int
    game_id: int
    finished_at: str


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Games against one opponent (on the other side): won means finished above him."""

    player_id: int
    display_name: str
    games: int
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    player: Player
    ratings: dict[str, Standing]
    recent_games: list[GameSummary]
    best_melds: list[BestMeld]
    head_to_head: list[HeadToHead]


@dataclass(frozen=True, slots=True)
class GameResultRow:
    """One seat of one recorded game: the league CSV export's row."""

    game_id: int
    finished_at: str
    variant: str
    family: str
    season_id: int | None
    table_id: int | None
    seat: int
    team: int
    player_id: int
    display_name: str
    score: int
    rank: int
    best_meld: str | None
    best_meld_points: int | None


_RANKED = f"""
WITH ranked AS (
    SELECT ROW_NUMBER() OVER (
               PARTITION BY r.family
               ORDER BY r.mu - {ORDINAL_Z} * r.sigma DESC, r.games DESC, p.display_name, p.id
           ) AS rank,
           r.family, r.player_id, p.display_name, p.is_bot, r.mu - {ORDINAL_Z} * r.sigma AS rating,
           r.mu, r.sigma, r.games, r.wins,
           CAST(r.wins AS DOUBLE PRECISION) * 100 / r.games AS win_pct,
           r.points_for, r.points_against
    FROM ratings AS r JOIN players AS p ON p.id = r.player_id
    WHERE r.guild_id = :guild AND r.season_id = :season AND (:bots = 1 OR p.is_bot = 0)
)
SELECT * FROM ranked
"""


def _standing(row: Row) -> Standing:
    values = list(row)
    values[4] = bool(values[4])
    return Standing(*values)


async def standings(
    db: Reader,
    guild_id: int,
    family: str,
    *,
    season_id: int | None = None,
    include_bots: bool = True,
    limit: int = 25,
    offset: int = 0,
) -> list[Standing]:
    """A family's table, best rating first; `season_id` None is all-time."""
    rows = await db.fetchall(
        _RANKED + " WHERE family = :family ORDER BY rank LIMIT :limit OFFSET :offset",
        {
            "guild": guild_id,
            "season": season_id or ALL_TIME,
            "bots": int(include_bots),
            "family": family,
            "limit": limit,
            "offset": offset,
        },
    )
    return [_standing(row) for row in rows]


async def player_profile(
    db: Reader,
    guild_id: int,
    player_id: int,
    *,
    season_id: int | None = None,
    recent: int = 5,
    melds: int = 5,
    opponents: int = 5,
) -> PlayerProfile | None:
    """Ratings (with rank) per family, recent games, best melds and regular opponents."""
    player = await get_player(db, player_id)
    if player is None or player.guild_id != guild_id:
        return None
    params = {
        "guild": guild_id,
        "season": season_id or ALL_TIME,
        "bots": 1,
        "player": player_id,
        "in_season": int(season_id is not None),
    }
    ratings = {
        standing.family: standing
        for standing in map(
            _standing,
            await db.fetchall(_RANKED + " WHERE player_id = :player ORDER BY family", params),
        )
    }
    games_filter = (
        f"g.guild_id = :guild AND (:in_season = 0 OR g.season_id = :season) AND {SHOWN_GAME}"
    )
    return PlayerProfile(
        player,
        ratings,
        await _recent_games(db, games_filter, params | {"limit": recent}),
        [
            BestMeld(*row)
            for row in await db.fetchall(
                "SELECT me.best_meld, me.best_meld_points, g.id, g.finished_at"
                " FROM game_players AS me JOIN games AS g ON g.id = me.game_id"
                f" WHERE me.player_id = :player AND me.best_meld IS NOT NULL AND {games_filter}"
                " ORDER BY me.best_meld_points DESC, g.finished_at DESC, g.id DESC LIMIT :limit",
                params | {"limit": melds},
            )
        ],
        [
            HeadToHead(*row)
            for row in await db.fetchall(
                "SELECT o.player_id, p.display_name, COUNT(*) AS games,"
                " SUM(CASE WHEN me.rank < o.rank THEN 1 ELSE 0 END) AS wins,"
                " SUM(CASE WHEN me.rank > o.rank THEN 1 ELSE 0 END) AS losses"
                " FROM game_players AS me"
                " JOIN game_players AS o ON o.game_id = me.game_id AND o.team <> me.team"
                " JOIN games AS g ON g.id = me.game_id JOIN players AS p ON p.id = o.player_id"
                f" WHERE me.player_id = :player AND {games_filter}"
                " GROUP BY o.player_id, p.display_name"
                " ORDER BY games DESC, wins DESC, p.display_name LIMIT :limit",
                params | {"limit": opponents},
            )
        ],
    )


async def recent_games(
    db: Reader, guild_id: int, player_id: int, *, limit: int = 10, offset: int = 0
) -> list[GameSummary]:
    """A player's recorded games in the server, newest first (`/pinochle history`)."""
    return await _recent_games(
        db,
        f"g.guild_id = :guild AND {SHOWN_GAME}",
        {"guild": guild_id, "player": player_id, "limit": limit, "offset": offset},
    )


async def _recent_games(db: Reader, games_filter: str, params: dict[str, Any]) -> list[GameSummary]:
    others = per_dialect(
        db,
        sqlite="SELECT json_group_array(json_array(o.team = me.team, p.display_name))"
        "  FROM (SELECT * FROM game_players WHERE game_id = g.id ORDER BY seat) AS o",
        postgres="SELECT COALESCE(json_agg(json_build_array(o.team = me.team, p.display_name)"
        "  ORDER BY o.seat), '[]')::text FROM game_players AS o",
    )
    rows = await db.fetchall(
        "SELECT g.id, g.variant, g.finished_at, me.score, me.rank,"
        f" ({others}  JOIN players AS p ON p.id = o.player_id"
        "  WHERE o.game_id = g.id AND o.player_id <> me.player_id) AS others,"
        " (SELECT CASE WHEN t.hint_seats > 0 THEN 1 ELSE 0 END"
        "  FROM tables AS t WHERE t.id = g.table_id) AS hints"
        " FROM game_players AS me JOIN games AS g ON g.id = me.game_id"
        f" WHERE me.player_id = :player AND {games_filter}"
        " ORDER BY g.finished_at DESC, g.id DESC LIMIT :limit OFFSET :offset",
        {"offset": 0, **params},
    )
    summaries = []
    for game_id, variant, finished_at, score, rank, others, hints in rows:
        seated = json.loads(others)
        summaries.append(
            GameSummary(
                game_id,
                variant,
                finished_at,
                score,
                rank,
                tuple(name for same_team, name in seated if same_team),
                tuple(name for same_team, name in seated if not same_team),
                bool(hints),
            )
        )
    return summaries


async def game_results(
    db: Reader, guild_id: int, *, season_id: int | None = None
) -> list[GameResultRow]:
    """Every seat of every recorded game of the guild (or one season), oldest game first."""
    rows = await db.fetchall(
        "SELECT g.id, g.finished_at, g.variant, g.family, g.season_id, g.table_id, gp.seat,"
        " gp.team, gp.player_id, p.display_name, gp.score, gp.rank, gp.best_meld,"
        " gp.best_meld_points FROM games AS g JOIN game_players AS gp ON gp.game_id = g.id"
        " JOIN players AS p ON p.id = gp.player_id"
        " WHERE g.guild_id = ? AND (CAST(? AS BIGINT) IS NULL OR g.season_id = ?)"
        f" AND {SHOWN_GAME} ORDER BY g.finished_at, g.id,"
        " gp.seat",
        (guild_id, season_id, season_id),
    )
    return [GameResultRow(*row) for row in rows]


async def league_csv(db: Reader, guild_id: int, *, season_id: int | None = None) -> str:
    """The guild's game results as CSV (`read_csv(GameResultRow, text)` reads them back)."""
    return to_csv(GameResultRow, await game_results(db, guild_id, season_id=season_id))
