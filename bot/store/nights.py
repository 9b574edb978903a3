"""League nights: events, their entrants, tables, deal results and final tables.

An event row holds what the runner (`bot.nights.runner`) needs to carry on
after a restart: its status, the round in play and that round's deadline (or
the time left while paused). Each round's tables are ordinary tables linked in
`event_tables`; every finished deal adds one result per seat to `event_scores`
in the transaction of the action that ended the deal; a person the computer
played for all round long is noted in `event_absences`. When the event is over
its final table goes to `event_results`, which `player_event_results` reads for
`/league player` and the web pages. A name an open event has is refused (`EventNameTaken`, a
refusal a member is told); other misuse raises EventError (a ValueError).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .db import Reader, Row, Tx
from .errors import IntegrityError, StoreError, StoreRefusal
from .players import ensure_player

OPEN: Final = ("signup", "running", "paused")
STATUSES: Final = (*OPEN, "finished", "cancelled")
_UNSET: Any = object()


class EventError(StoreError, ValueError):
    """An event request the store refuses; the message says why."""


class EventNameTaken(EventError, StoreRefusal):
    """An open event of the server already has this name (`events.refuse.name_taken`)."""

    def __init__(self, name: str) -> None:
        StoreRefusal.__init__(self, "events.refuse.name_taken", name=name)


@dataclass(frozen=True, slots=True)
class EventRow:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    variant: str
    rounds: int
    deals_per_round: int
    duplicate: bool
    language: str
    seed: int
    round_seconds: float
    turn_seconds: float
    status: str
    round: int
    deadline: float | None
    time_left: float | None
    starts_at: float | None
    standings_messages: tuple[int, ...]  # the standings' messages, in order (none yet: empty)
    created_at: str

    @property
    def is_open(self) -> bool:
        return self.status in OPEN


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    player_id: int
    display_name: str
    rating: float
    dropped: int | None  # the round from which the entrant is out

    def plays_in(self, round_no: int) -> bool:
        return self.dropped is None or round_no < self.dropped


@dataclass(frozen=True, slots=True)
class EventTable:
    event_id: int
    round: int
    table_no: int
    table_id: int
    done: bool


@dataclass(frozen=True, slots=True)
class ScoreRow:
    round: int
    table_no: int
    deal: int
    seat: int
    user_id: int | None
    score: int


@dataclass(frozen=True, slots=True)
class PlayerEventResult:
    """One finished event of a player: for `/league player` and the web pages."""

    event_id: int
    name: str
    variant: str
    duplicate: bool
    place: int
    entrants: int
    total: int
    finished_at: str


def name_key(name: str) -> str:
    """What makes two event names the same: Unicode compatibility forms, case folding (not
    just ASCII: "ÉTÉ" is "été", "Турнир" is "турнир"), runs of spaces, and no invisible
    format characters (a zero-width space would make a twin no one can tell apart). Every
    match of a name (the store's, the commands') compares these keys; an empty key is no name."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join("".join(c for c in folded if unicodedata.category(c) != "Cf").split())


def _event(row: Row) -> EventRow:
    return EventRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        organiser_id=row["organiser_id"],
        name=row["name"],
        variant=row["variant"],
        rounds=row["rounds"],
        deals_per_round=row["deals_per_round"],
        duplicate=bool(row["duplicate"]),
        language=row["language"],
        seed=row["seed"],
        round_seconds=row["round_seconds"],
        turn_seconds=row["turn_seconds"],
        status=row["status"],
        round=row["round"],
        deadline=row["deadline"],
        time_left=row["time_left"],
        starts_at=row["starts_at"],
        standings_messages=tuple(int(n) for n in row["standings_messages"].split()),
        created_at=row["created_at"],
    )


async def create_event(
    tx: Tx,
    *,
    guild_id: int,
    channel_id: int,
    organiser_id: int,
    name: str,
    variant: str,
    rounds: int,
    deals_per_round: int,
    duplicate: bool,
    language: str,
    seed: int,
    round_seconds: float,
    turn_seconds: float,
    starts_at: float | None = None,
) -> EventRow:
    """A new event signing up; refused while an open event of the server has the same name
    (`name_key`; the unique index on the key holds against a concurrent twin)."""
    if await open_event_named(tx, guild_id, name) is not None:
        raise EventNameTaken(name)
    try:
        row = await tx.fetchone(
            "INSERT INTO events (guild_id, channel_id, organiser_id, name, name_key, variant,"
            " rounds, deals_per_round, duplicate, language, seed, round_seconds, turn_seconds,"
            " status, starts_at, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?) RETURNING *",
            (
                guild_id,
                channel_id,
                organiser_id,
                name,
                name_key(name),
                variant,
                rounds,
                deals_per_round,
                int(duplicate),
                language,
                seed,
                round_seconds,
                turn_seconds,
                starts_at,
                tx.now,
                tx.now,
            ),
        )
    except IntegrityError as error:
        raise EventNameTaken(name) from error
    assert row is not None
    return _event(row)


async def get_event(db: Reader, event_id: int) -> EventRow | None:
    row = await db.fetchone("SELECT * FROM events WHERE id = ?", (event_id,))
    return None if row is None else _event(row)


async def open_event_named(db: Reader, guild_id: int, name: str) -> EventRow | None:
    """The server's open event of this name (as `name_key` compares names), if any. Its names
    are compared here, not in SQL: neither SQLite's nor PostgreSQL's `lower` folds like Python."""
    wanted = name_key(name)
    return next((e for e in await list_events(db, guild_id) if name_key(e.name) == wanted), None)


async def list_events(
    db: Reader,
    guild_id: int | None = None,
    statuses: Iterable[str] = OPEN,
    *,
    limit: int | None = None,
) -> list[EventRow]:
    """Events of one server (or all) with these statuses, oldest first (`limit`: the latest ones)."""
    wanted = list(statuses)
    sql = f"SELECT * FROM events WHERE status IN ({', '.join('?' * len(wanted))})"
    params: list[Any] = wanted
    if guild_id is not None:
        sql += " AND guild_id = ?"
        params.append(guild_id)
    sql += " ORDER BY id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [_event(row) for row in reversed(await db.fetchall(sql, params))]


async def update_event(
    tx: Tx,
    event_id: int,
    *,
    status: str = _UNSET,
    round: int = _UNSET,
    deadline: float | None = _UNSET,
    time_left: float | None = _UNSET,
    starts_at: float | None = _UNSET,
    standings_messages: Sequence[int] = _UNSET,
) -> EventRow:
    """Change some fields of an event (a keyword per field) and return the row as stored."""
    changes = {
        name: value
        for name, value in (
            ("status", status),
            ("round", round),
            ("deadline", deadline),
            ("time_left", time_left),
            ("starts_at", starts_at),
            (
                "standings_messages",
                _UNSET if standings_messages is _UNSET else " ".join(map(str, standings_messages)),
            ),
        )
        if value is not _UNSET
    }
    if "status" in changes and changes["status"] not in STATUSES:
        raise EventError(f"unknown event status {changes['status']!r}")
    sets = ", ".join(f"{name} = ?" for name in changes)
    row = await tx.fetchone(
        f"UPDATE events SET {sets}{', ' if sets else ''}updated_at = ? WHERE id = ? RETURNING *",
        (*changes.values(), tx.now, event_id),
    )
    if row is None:
        raise EventError(f"no event {event_id}")
    return _event(row)


# ------------------------------------------------------------------ entrants


async def add_entrant(
    tx: Tx, event_id: int, guild_id: int, user_id: int, display_name: str, rating: float
) -> Entrant:
    """Sign a person up (refused if they already are)."""
    player = await ensure_player(tx, guild_id, display_name=display_name, user_id=user_id)
    try:
        await tx.execute(
            "INSERT INTO event_entrants (event_id, user_id, player_id, display_name, rating,"
            " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            (event_id, user_id, player.id, display_name, rating, tx.now),
        )
    except IntegrityError as error:
        raise EventError(f"user {user_id} has already joined event {event_id}") from error
    return Entrant(user_id, player.id, display_name, rating, None)


async def remove_entrant(tx: Tx, event_id: int, user_id: int) -> bool:
    """Take a person off the list before the event starts; False if they were not on it (or
    were dropped: that stays, so they cannot sign up again)."""
    result = await tx.execute(
        "DELETE FROM event_entrants WHERE event_id = ? AND user_id = ? AND dropped IS NULL",
        (event_id, user_id),
    )
    return result.rowcount > 0


async def drop_entrant(tx: Tx, event_id: int, user_id: int, from_round: int) -> bool:
    """Take a person out of the event from `from_round` on; False if not in it (or already out)."""
    result = await tx.execute(
        "UPDATE event_entrants SET dropped = ?"
        " WHERE event_id = ? AND user_id = ? AND dropped IS NULL",
        (from_round, event_id, user_id),
    )
    return result.rowcount > 0


async def is_dropped(db: Reader, event_id: int, user_id: int) -> bool:
    """Whether a person was dropped from the event (or left it once it had started): final."""
    row = await db.fetchone(
        "SELECT 1 FROM event_entrants WHERE event_id = ? AND user_id = ? AND dropped IS NOT NULL",
        (event_id, user_id),
    )
    return row is not None


async def list_entrants(db: Reader, event_id: int) -> list[Entrant]:
    """Everyone signed up, by rating (best first), then by who joined first."""
    rows = await db.fetchall(
        "SELECT * FROM event_entrants WHERE event_id = ? ORDER BY rating DESC, joined_at, user_id",
        (event_id,),
    )
    return [
        Entrant(r["user_id"], r["player_id"], r["display_name"], r["rating"], r["dropped"])
        for r in rows
    ]


async def league_rating(db: Reader, guild_id: int, family: str, user_id: int) -> float:
    """A person's all-time rating (mu − 3 sigma) in a family of variants; 0 for a newcomer."""
    row = await db.fetchone(
        "SELECT r.mu - 3 * r.sigma AS rating FROM ratings r JOIN players p ON p.id = r.player_id"
        " WHERE r.guild_id = ? AND r.family = ? AND r.season_id = 0 AND p.user_id = ?",
        (guild_id, family, user_id),
    )
    return 0.0 if row is None else float(row["rating"])


# ------------------------------------------------------------------ tables and results


async def add_event_table(
    tx: Tx, event_id: int, round_no: int, table_no: int, table_id: int
) -> None:
    await tx.execute(
        "INSERT INTO event_tables (event_id, round, table_no, table_id) VALUES (?, ?, ?, ?)",
        (event_id, round_no, table_no, table_id),
    )


def _event_table(row: Row) -> EventTable:
    return EventTable(
        row["event_id"], row["round"], row["table_no"], row["table_id"], bool(row["done"])
    )


async def event_tables(db: Reader, event_id: int, round_no: int | None = None) -> list[EventTable]:
    """An event's tables (of one round, or all), in round and table order."""
    sql, params = "SELECT * FROM event_tables WHERE event_id = ?", [event_id]
    if round_no is not None:
        sql += " AND round = ?"
        params.append(round_no)
    rows = await db.fetchall(sql + " ORDER BY round, table_no", params)
    return [_event_table(row) for row in rows]


async def event_table_of(db: Reader, table_id: int) -> EventTable | None:
    row = await db.fetchone("SELECT * FROM event_tables WHERE table_id = ?", (table_id,))
    return None if row is None else _event_table(row)


async def finish_event_table(tx: Tx, table_id: int) -> bool:
    """Note that a table has played its deals; False if it was noted before."""
    result = await tx.execute(
        "UPDATE event_tables SET done = 1 WHERE table_id = ? AND done = 0", (table_id,)
    )
    return result.rowcount > 0


async def seating_history(
    db: Reader, event_id: int, before_round: int
) -> list[list[tuple[int | None, ...]]]:
    """Each earlier round's tables as seat tuples (a person's user id, None for a computer)."""
    rows = await db.fetchall(
        "SELECT et.round, et.table_no, s.seat, s.user_id FROM event_tables et"
        " JOIN seats s ON s.table_id = et.table_id"
        " WHERE et.event_id = ? AND et.round < ? ORDER BY et.round, et.table_no, s.seat",
        (event_id, before_round),
    )
    rounds: dict[int, dict[int, list[int | None]]] = {}
    for row in rows:
        rounds.setdefault(row["round"], {}).setdefault(row["table_no"], []).append(row["user_id"])
    return [
        [tuple(seats) for _, seats in sorted(tables.items())]
        for _, tables in sorted(rounds.items())
    ]


async def add_scores(tx: Tx, event_id: int, rows: Sequence[ScoreRow]) -> None:
    """One deal's results per seat (a retry of the same deal changes nothing)."""
    await tx.executemany(
        "INSERT INTO event_scores (event_id, round, table_no, deal, seat, user_id, score)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(event_id, r.round, r.table_no, r.deal, r.seat, r.user_id, r.score) for r in rows],
    )


async def event_scores(db: Reader, event_id: int) -> list[ScoreRow]:
    rows = await db.fetchall(
        "SELECT * FROM event_scores WHERE event_id = ? ORDER BY round, table_no, deal, seat",
        (event_id,),
    )
    return [
        ScoreRow(r["round"], r["table_no"], r["deal"], r["seat"], r["user_id"], r["score"])
        for r in rows
    ]


async def acting_users(db: Reader, table_id: int) -> set[int]:
    """The people who took at least one action at a table themselves (not the computer for them)."""
    rows = await db.fetchall(
        "SELECT DISTINCT user_id FROM actions WHERE table_id = ? AND user_id IS NOT NULL",
        (table_id,),
    )
    return {row["user_id"] for row in rows}


async def add_absences(tx: Tx, event_id: int, round_no: int, user_ids: Iterable[int]) -> None:
    await tx.executemany(
        "INSERT INTO event_absences (event_id, round, user_id) VALUES (?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        [(event_id, round_no, user_id) for user_id in user_ids],
    )


async def absences(db: Reader, event_id: int) -> list[tuple[int, int]]:
    """(user id, round) of every no-show."""
    rows = await db.fetchall(
        "SELECT user_id, round FROM event_absences WHERE event_id = ?", (event_id,)
    )
    return [(row["user_id"], row["round"]) for row in rows]


async def save_results(
    tx: Tx, event_id: int, results: Sequence[tuple[int, int, int, int]], entrants: int
) -> None:
    """The final table: (user id, player id, place, total) per entrant."""
    await tx.executemany(
        "INSERT INTO event_results (event_id, user_id, player_id, place, total, entrants)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(event_id, *result, entrants) for result in results],
    )


async def player_event_results(
    db: Reader, guild_id: int, player_id: int, *, limit: int = 5
) -> list[PlayerEventResult]:
    """A player's finished events in a server, newest first (at most `limit`)."""
    rows = await db.fetchall(
        "SELECT e.id, e.name, e.variant, e.duplicate, e.updated_at, r.place, r.total, r.entrants"
        " FROM event_results r JOIN events e ON e.id = r.event_id"
        " WHERE e.guild_id = ? AND r.player_id = ? ORDER BY e.updated_at DESC, e.id DESC LIMIT ?",
        (guild_id, player_id, limit),
    )
    return [
        PlayerEventResult(
            r["id"],
            r["name"],
            r["variant"],
            bool(r["duplicate"]),
            r["place"],
            r["entrants"],
            r["total"],
            r["updated_at"],
        )
        for r in rows
    ]
