"""Read queries of the web pages that the league, ledger and events modules do not already have.

A player's rating after each game (the chart), the finished games of a
server with their seats (a replay reads its log with `records.game_log`),
the server's finished league events with their final tables, and the row
counts that page the standings, the chip leaderboard, the games and the
events. Written with the store's `Reader`, like every other read, so they run
on a `Store`, a `Tx` or a read-only `Snapshot`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .db import Reader
from .league import ALL_TIME
from .sql import per_dialect
from .standings import ORDINAL_Z
from .visibility import SHOWN_GAME


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
    """The player's last `limit` ratings in a family (all-time when `season_id` is None), oldest
    first; a game not yet visible (`visibility`) has no point yet."""
    rows = await db.fetchall(
        f"SELECT h.game_id, g.finished_at, h.mu - {ORDINAL_Z} * h.sigma"
        " FROM rating_history AS h JOIN games AS g ON g.id = h.game_id"
        " WHERE h.player_id = :player AND h.season_id = :season AND g.guild_id = :guild"
        f" AND g.family = :family AND {SHOWN_GAME}"
        " ORDER BY g.finished_at DESC, g.id DESC LIMIT :limit",
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
        _games(db) + f" WHERE g.guild_id = ? AND {SHOWN_GAME}"
        " ORDER BY g.finished_at DESC, g.id DESC LIMIT ? OFFSET ?",
        (guild_id, limit, offset),
    )
    return [_game(row) for row in rows]


async def count_games(db: Reader, guild_id: int) -> int:
    row = await db.fetchone(
        f"SELECT COUNT(*) FROM games AS g WHERE g.guild_id = ? AND {SHOWN_GAME}", (guild_id,)
    )
    return 0 if row is None else int(row[0])


async def finished_game(db: Reader, guild_id: int, game_id: int) -> FinishedGame | None:
    """A recorded game of this server that may be shown; None for another server's, one never
    recorded, or one whose cards another table still plays (`visibility`: a duplicate league
    night's table before its round has ended everywhere).

    Only a finished game has a record (`record_game` runs when the game ends), so
    a replay read through it (`bot.store.records.game_log` of its table) never
    shows a game still in play.
    """
    row = await db.fetchone(
        _games(db) + f" WHERE g.guild_id = ? AND g.id = ? AND {SHOWN_GAME}", (guild_id, game_id)
    )
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


@dataclass(frozen=True, slots=True)
class EventWinner:
    player_id: int
    display_name: str


@dataclass(frozen=True, slots=True)
class FinishedEvent:
    """A league event that is over, with its winners (several when the first place is shared).

    `entrants` counts its final table; `finished_at` is when it ended.
    """

    event_id: int
    name: str
    variant: str
    duplicate: bool
    rounds: int
    deals_per_round: int
    entrants: int
    finished_at: str
    winners: tuple[EventWinner, ...]


@dataclass(frozen=True, slots=True)
class EventPlace:
    """One line of an event's final table: `total` is matchpoints (duplicate) or points."""

    place: int
    player_id: int
    display_name: str
    total: int


#: Only a finished event has a final table; one still running or cancelled is not shown.
_EVENTS = (
    "SELECT e.id, e.name, e.variant, e.duplicate, e.rounds, e.deals_per_round, e.updated_at,"
    " (SELECT COUNT(*) FROM event_results AS r WHERE r.event_id = e.id) AS entrants"
    " FROM events AS e WHERE e.guild_id = ? AND e.status = 'finished'"
)


async def _with_winners(db: Reader, rows: list[Any]) -> list[FinishedEvent]:
    """The events of `rows` with their first places (one query for the lot)."""
    winners: dict[int, list[EventWinner]] = {int(row[0]): [] for row in rows}
    if winners:
        found = await db.fetchall(
            "SELECT r.event_id, r.player_id, p.display_name FROM event_results AS r"
            " JOIN players AS p ON p.id = r.player_id"
            f" WHERE r.place = 1 AND r.event_id IN ({', '.join('?' * len(winners))})"
            " ORDER BY p.display_name, r.player_id",
            list(winners),
        )
        for event_id, player_id, name in found:
            winners[int(event_id)].append(EventWinner(int(player_id), name))
    return [
        FinishedEvent(
            int(event_id),
            name,
            variant,
            bool(duplicate),
            int(rounds),
            int(deals),
            int(entrants),
            finished_at,
            tuple(winners[int(event_id)]),
        )
        for event_id, name, variant, duplicate, rounds, deals, finished_at, entrants in rows
    ]


async def finished_events(
    db: Reader, guild_id: int, *, limit: int = 25, offset: int = 0
) -> list[FinishedEvent]:
    """The server's finished events, newest first, one page."""
    rows = await db.fetchall(
        _EVENTS + " ORDER BY e.updated_at DESC, e.id DESC LIMIT ? OFFSET ?",
        (guild_id, limit, offset),
    )
    return await _with_winners(db, rows)


async def count_events(db: Reader, guild_id: int) -> int:
    """How many events `finished_events(...)` lists in all, for paging."""
    row = await db.fetchone(
        "SELECT COUNT(*) FROM events WHERE guild_id = ? AND status = 'finished'", (guild_id,)
    )
    return 0 if row is None else int(row[0])


async def finished_event(db: Reader, guild_id: int, event_id: int) -> FinishedEvent | None:
    """A finished event of this server; None for another server's, one not over, or none."""
    rows = await db.fetchall(_EVENTS + " AND e.id = ?", (guild_id, event_id))
    found = await _with_winners(db, rows)
    return found[0] if found else None


async def event_places(
    db: Reader, event_id: int, *, limit: int = 25, offset: int = 0
) -> list[EventPlace]:
    """One page of an event's final table, best place first (a shared place by name)."""
    rows = await db.fetchall(
        "SELECT r.place, r.player_id, p.display_name, r.total FROM event_results AS r"
        " JOIN players AS p ON p.id = r.player_id WHERE r.event_id = ?"
        " ORDER BY r.place, p.display_name, r.player_id LIMIT ? OFFSET ?",
        (event_id, limit, offset),
    )
    return [EventPlace(int(r[0]), int(r[1]), r[2], int(r[3])) for r in rows]
