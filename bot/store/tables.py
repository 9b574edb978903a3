"""Table persistence: a table row, its seats, and the game's action log.

A game is stored as its seed, options and action log (plus an optional JSON
snapshot), and `append_action` is meant to run in the same transaction that
accepts the action, so the stored state is always the announced state. Sequence
numbers start at 1 and must be consecutive: a duplicate is how a double click
or a stale button is caught (`DuplicateAction`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NoReturn

from .db import Reader, Row, Tx
from .errors import (
    ActionSequenceError,
    AlreadySeated,
    ChannelBusy,
    DuplicateAction,
    IntegrityError,
    TableNotFound,
)
from .players import ensure_player
from .sql import per_dialect

STATUSES: Final = ("lobby", "playing", "finished", "cancelled")
ACTIVE: Final = ("lobby", "playing")
SEED_LIMIT: Final = 2**63  # SQLite INTEGER is signed 64-bit


@dataclass(frozen=True, slots=True)
class Seat:
    """One filled seat. `user_id` None means a computer player of `bot_level`.

    A person's seat may also carry a `bot_level`: the computer that covers the
    seat after turn-timer expiries (`away_strikes`). `player_id` is set by the store.
    """

    seat: int
    display_name: str
    user_id: int | None = None
    bot_level: str | None = None
    away_strikes: int = 0
    player_id: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    options: dict[str, Any]
    seed: int | None
    status: str
    language: str
    board_message_id: int | None
    settings: dict[str, Any]
    snapshot: str | None
    snapshot_seq: int | None
    created_at: str
    updated_at: str
    seats: tuple[Seat, ...] = field(default=())
    #: The fair dealing's secret key (bot.game.fair); None: dealt from `seed` (an older table).
    deal_key: bytes | None = field(default=None, repr=False)
    #: The seats that asked for a hint (`mark_hinted`), in order.
    hints_used: tuple[int, ...] = ()

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE


@dataclass(frozen=True, slots=True)
class ActionRow:
    table_id: int
    seq: int
    seat: int | None
    user_id: int | None
    action: str
    created_at: str


# One statement per read, so a table and its seats come from the same snapshot.
_SEATS = "s.seat, s.display_name, s.user_id, s.bot_level, s.away_strikes, s.player_id"
_SELECT_TABLE_SQLITE = f"""
SELECT t.*, (
    SELECT json_group_array(json_array({_SEATS}))
    FROM (SELECT * FROM seats WHERE table_id = t.id ORDER BY seat) AS s
) AS seats_json
FROM tables AS t
"""
_SELECT_TABLE_POSTGRES = f"""
SELECT t.*, (
    SELECT COALESCE(json_agg(json_build_array({_SEATS}) ORDER BY s.seat), '[]')::text
    FROM seats AS s WHERE s.table_id = t.id
) AS seats_json
FROM tables AS t
"""


def _select_table(db: Reader) -> str:
    return per_dialect(db, sqlite=_SELECT_TABLE_SQLITE, postgres=_SELECT_TABLE_POSTGRES)


def _table(row: Row) -> TableRow:
    seats = tuple(Seat(*values) for values in json.loads(row["seats_json"]))
    return TableRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        variant=row["variant"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        language=row["language"],
        board_message_id=row["board_message_id"],
        settings=json.loads(row["settings"]),
        snapshot=row["snapshot"],
        snapshot_seq=row["snapshot_seq"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        seats=seats,
        deal_key=_deal_key(row),
        hints_used=_hinted(row),
    )


def _hinted(row: Row) -> tuple[int, ...]:
    """The seats that asked for a hint, stored as bits (seat s is 1 << s); none before migration
    10 added the column (older-schema tests)."""
    try:
        bits = int(row["hint_seats"])
    except (IndexError, KeyError):
        return ()
    return tuple(seat for seat in range(bits.bit_length()) if bits >> seat & 1)


def _deal_key(row: Row) -> bytes | None:
    """The row's fair-dealing key; None before migration 9 added the column (older-schema tests)."""
    try:
        key = row["deal_key"]
    except (IndexError, KeyError):
        return None
    return bytes.fromhex(key) if key else None


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"table status {status!r} is not one of {', '.join(STATUSES)}")


def _check_seed(seed: int | None) -> None:
    if seed is not None and not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise ValueError(f"seed {seed} does not fit in a signed 64-bit integer")


async def get_table(db: Reader, table_id: int) -> TableRow | None:
    row = await db.fetchone(_select_table(db) + " WHERE t.id = ?", (table_id,))
    return None if row is None else _table(row)


async def _require_table(tx: Tx, table_id: int) -> TableRow:
    table = await get_table(tx, table_id)
    if table is None:
        raise TableNotFound(f"no table with id {table_id}")
    return table


async def active_table_in_channel(db: Reader, channel_id: int) -> TableRow | None:
    row = await db.fetchone(
        _select_table(db) + " WHERE t.channel_id = ? AND t.status IN ('lobby', 'playing')",
        (channel_id,),
    )
    return None if row is None else _table(row)


async def list_tables(
    db: Reader, guild_id: int | None = None, statuses: Iterable[str] = ACTIVE
) -> list[TableRow]:
    """Tables in `statuses` (default: lobby and playing), oldest first, of one guild or all."""
    wanted = list(statuses)
    for status in wanted:
        _check_status(status)
    where = f"t.status IN ({', '.join('?' * len(wanted))})"
    params: list[Any] = list(wanted)
    if guild_id is not None:
        where += " AND t.guild_id = ?"
        params.append(guild_id)
    rows = await db.fetchall(_select_table(db) + f" WHERE {where} ORDER BY t.id", params)
    return [_table(row) for row in rows]


async def list_unfinished_tables(db: Reader) -> list[TableRow]:
    """Every table in the lobby or playing, across guilds: what a restart must bring back."""
    return await list_tables(db, None, ACTIVE)


async def create_table(
    tx: Tx,
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    variant: str,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    language: str = "en",
    settings: dict[str, Any] | None = None,
    seats: Sequence[Seat] = (),
    deal_key: bytes | None = None,
) -> TableRow:
    """Open a table in the lobby. Raises ChannelBusy if the channel has an active table."""
    _check_seed(seed)
    try:
        async with tx.savepoint():
            keyed = deal_key is not None  # (a table without one fits every schema: older tests)
            table_id = await tx.insert(
                "INSERT INTO tables (guild_id, channel_id, host_id, variant, options, seed, status,"
                " language, settings, created_at, updated_at"
                + (", deal_key" if keyed else "")
                + ")"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?" + (", ?" if keyed else "") + ")",
                (
                    guild_id,
                    channel_id,
                    host_id,
                    variant,
                    json.dumps(options or {}),
                    seed,
                    language,
                    json.dumps(settings or {}),
                    tx.now,
                    tx.now,
                    *([deal_key.hex()] if deal_key is not None else []),
                ),
            )
    except IntegrityError as error:
        await _raise_if_busy(tx, channel_id, error)
        raise
    for seat in seats:
        await put_seat(tx, table_id, seat)
    return await _require_table(tx, table_id)


async def _raise_if_busy(db: Reader, channel_id: int, error: IntegrityError) -> None:
    active = await active_table_in_channel(db, channel_id)
    if active is not None:
        raise ChannelBusy(channel_id, active.id) from error


_UNSET: Any = object()


async def update_table(
    tx: Tx,
    table_id: int,
    *,
    status: str = _UNSET,
    host_id: int = _UNSET,
    board_message_id: int | None = _UNSET,
    settings: dict[str, Any] = _UNSET,
    options: dict[str, Any] = _UNSET,
    seed: int | None = _UNSET,
    language: str = _UNSET,
) -> TableRow:
    """Change the given fields (others stay); returns the updated row.

    LeaseLost if another process has taken the table over (`Tx.fence_table`).
    """
    await tx.fence_table(table_id)
    changes: dict[str, Any] = {}
    if status is not _UNSET:
        _check_status(status)
        changes["status"] = status
    if seed is not _UNSET:
        _check_seed(seed)
        changes["seed"] = seed
    for name, value in (
        ("host_id", host_id),
        ("board_message_id", board_message_id),
        ("language", language),
    ):
        if value is not _UNSET:
            changes[name] = value
    for name, mapping in (("settings", settings), ("options", options)):
        if mapping is not _UNSET:
            changes[name] = json.dumps(mapping)
    table = await _require_table(tx, table_id)
    if changes:
        assignments = ", ".join(f"{name} = ?" for name in changes)
        try:
            async with tx.savepoint():
                await tx.execute(
                    f"UPDATE tables SET {assignments}, updated_at = ? WHERE id = ?",
                    (*changes.values(), tx.now, table_id),
                )
        except IntegrityError as error:
            await _raise_if_busy(tx, table.channel_id, error)
            raise
    return await _require_table(tx, table_id)


async def put_seat(tx: Tx, table_id: int, seat: Seat, *, bot_name: str | None = None) -> Seat:
    """Fill or replace one seat; the seat's player is created or renamed in the table's guild.

    `bot_name` gives a computer seat a player of its own ('bot:<level>:<name>');
    without it every computer of a level is the one player 'bot:<level>'.
    """
    table = await _require_table(tx, table_id)
    if seat.seat < 0 or seat.away_strikes < 0:
        raise ValueError(f"seat {seat.seat} with {seat.away_strikes} strikes is not valid")
    player = await ensure_player(
        tx,
        table.guild_id,
        display_name=seat.display_name,
        user_id=seat.user_id,
        bot_level=seat.bot_level,
        bot_name=bot_name if seat.user_id is None else None,
    )
    try:
        async with tx.savepoint():
            await tx.execute(
                "INSERT INTO seats (table_id, seat, user_id, player_id, display_name, is_bot,"
                " bot_level, away_strikes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,"
                " player_id = excluded.player_id, display_name = excluded.display_name,"
                " is_bot = excluded.is_bot, bot_level = excluded.bot_level,"
                " away_strikes = excluded.away_strikes",
                (
                    table_id,
                    seat.seat,
                    seat.user_id,
                    player.id,
                    seat.display_name,
                    int(seat.is_bot),
                    seat.bot_level,
                    seat.away_strikes,
                ),
            )
    except IntegrityError as error:
        if "seats.user_id" not in error.columns:
            raise
        raise AlreadySeated(
            f"user {seat.user_id} already holds another seat at table {table_id}"
        ) from error
    await _touch(tx, table_id)
    return Seat(
        seat.seat, seat.display_name, seat.user_id, seat.bot_level, seat.away_strikes, player.id
    )


async def set_away_strikes(tx: Tx, table_id: int, seat: int, strikes: int) -> None:
    """Only a seat's turn-timer expiries in a row: one UPDATE, for the hot path of play."""
    if strikes < 0:
        raise ValueError(f"seat {seat} cannot have {strikes} strikes")
    result = await tx.execute(
        "UPDATE seats SET away_strikes = ? WHERE table_id = ? AND seat = ?",
        (strikes, table_id, seat),
    )
    if not result.rowcount:
        raise TableNotFound(f"table {table_id} has no seat {seat}")


async def merge_settings(tx: Tx, table_id: int, changes: dict[str, Any]) -> None:
    """Set some keys of the table's settings (a JSON merge patch, RFC 7396: None removes a key).

    One UPDATE on SQLite (its `json_patch`); PostgreSQL has no merge patch, so
    there the row is read under its lock and patched here.
    """
    if tx.dialect == "sqlite":
        result = await tx.execute(
            "UPDATE tables SET settings = json_patch(settings, ?), updated_at = ? WHERE id = ?",
            (json.dumps(changes), tx.now, table_id),
        )
        found = bool(result.rowcount)
    else:
        row = await tx.fetchone("SELECT settings FROM tables WHERE id = ? FOR UPDATE", (table_id,))
        found = row is not None
        if row is not None:
            merged = merge_patch(json.loads(row[0]), changes)
            await tx.execute(
                "UPDATE tables SET settings = ?, updated_at = ? WHERE id = ?",
                (json.dumps(merged), tx.now, table_id),
            )
    if not found:
        raise TableNotFound(f"no table with id {table_id}")


async def mark_hinted(tx: Tx, table_id: int, seat: int) -> None:
    """Note that `seat` asked for a hint at this table (its game's record says so)."""
    result = await tx.execute(
        "UPDATE tables SET hint_seats = hint_seats | ?, updated_at = ? WHERE id = ?",
        (1 << seat, tx.now, table_id),
    )
    if not result.rowcount:
        raise TableNotFound(f"no table with id {table_id}")


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396: `patch`'s keys replace `target`'s, objects merge recursively, None removes a key."""
    if not isinstance(patch, dict):
        return patch
    merged = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = merge_patch(merged.get(key), value)
    return merged


async def remove_seat(tx: Tx, table_id: int, seat: int) -> bool:
    """Empty a seat; False if it was already empty."""
    result = await tx.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
    if result.rowcount:
        await _touch(tx, table_id)
    return bool(result.rowcount)


async def set_seats(tx: Tx, table_id: int, seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Replace all seats at once (e.g. when seating is fixed at the start of a game)."""
    await _require_table(tx, table_id)
    await tx.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    return tuple([await put_seat(tx, table_id, seat) for seat in seats])


async def _touch(tx: Tx, table_id: int) -> None:
    await tx.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (tx.now, table_id))


async def append_action(
    tx: Tx,
    table_id: int,
    seq: int,
    seat: int | None,
    user_id: int | None,
    text: str,
    snapshot_json: str | None = None,
) -> ActionRow:
    """Log action number `seq` (1, 2, 3, …) of the table's game, with an optional snapshot.

    Raises DuplicateAction if `seq` is already stored (the other click won) and
    ActionSequenceError if it skips ahead, so a lost action can never go unnoticed.
    One statement on the way that matters (every action is stored before it is answered): the INSERT itself checks
    that `seq` follows the last stored action, and the table's foreign key that the
    table exists; only a refused insert pays for finding out why. The table row is
    not touched (its `updated_at` tracks changes of the table, not each action).
    LeaseLost if another process has taken the table over (`Tx.fence_table`).
    """
    await tx.fence_table(table_id)
    try:
        inserted = await tx.execute(
            "INSERT INTO actions (table_id, seq, seat, user_id, action, created_at)"
            " SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS BIGINT),"
            " CAST(? AS TEXT), CAST(? AS TEXT)"
            " WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?)"
            " AND (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?) = ?",
            (table_id, seq, seat, user_id, text, tx.now, table_id, table_id, seq - 1),
        )
    except IntegrityError as error:  # another transaction stored `seq` first
        raise DuplicateAction(f"table {table_id} already has action {seq}") from error
    if not inserted.rowcount:
        await _refuse_action(tx, table_id, seq)
    if snapshot_json is not None:
        await tx.execute(
            "UPDATE tables SET snapshot = ?, snapshot_seq = ?, updated_at = ? WHERE id = ?",
            (snapshot_json, seq, tx.now, table_id),
        )
    return ActionRow(table_id, seq, seat, user_id, text, tx.now)


async def _refuse_action(tx: Tx, table_id: int, seq: int) -> NoReturn:
    """Raise why action `seq` cannot follow the table's log: no table, taken, or a gap."""
    row = await tx.fetchone(
        "SELECT (SELECT id FROM tables WHERE id = ?),"
        " (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?)",
        (table_id, table_id),
    )
    assert row is not None
    if row[0] is None:
        raise TableNotFound(f"no table with id {table_id}")
    last = int(row[1])
    if seq <= last:
        raise DuplicateAction(f"table {table_id} already has action {seq} (last is {last})")
    if seq != last + 1:
        raise ActionSequenceError(f"table {table_id} expects action {last + 1}, not {seq}")
    raise ActionSequenceError(f"table {table_id} did not store action {seq}")


async def load_actions(db: Reader, table_id: int, *, after_seq: int = 0) -> list[ActionRow]:
    """The table's actions in order; `after_seq` skips those a snapshot already covers."""
    rows = await db.fetchall(
        "SELECT * FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, after_seq)
    )
    return [
        ActionRow(r["table_id"], r["seq"], r["seat"], r["user_id"], r["action"], r["created_at"])
        for r in rows
    ]


#: A finished table whose `Table.home` names the channel it was opened from (a thread table).
_OPENED_FROM = {
    "sqlite": "CAST(json_extract(t.settings, '$.home.' || ?) AS TEXT) = ?",
    "postgres": "(t.settings::json -> 'home' ->> CAST(? AS TEXT)) = CAST(? AS TEXT)",
}


async def last_finished_table(
    db: Reader, guild_id: int, channel_id: int, *, home_key: str | None = None
) -> TableRow | None:
    """The channel's most recently finished table, if any (what `/pinochle score` shows after the end).

    `home_key`: the `Table.home` key naming the channel a table was opened from, so that a table
    that played in a thread of this channel counts as the channel's too.
    """
    where, params = "t.channel_id = ?", list[int | str]([guild_id, channel_id])
    if home_key is not None:
        opened = per_dialect(db, sqlite=_OPENED_FROM["sqlite"], postgres=_OPENED_FROM["postgres"])
        where = f"({where} OR {opened})"
        params += [home_key, str(channel_id)]
    row = await db.fetchone(
        _select_table(db) + f" WHERE t.guild_id = ? AND t.status = 'finished' AND {where}"
        " ORDER BY t.id DESC LIMIT 1",
        tuple(params),
    )
    return None if row is None else _table(row)
