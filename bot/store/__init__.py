"""SQLite store for the bot (tables, action logs, chips, league, settings), over aiosqlite.

Opening and transactions::

    store = await Store.open("data/pinochle.db")   # makes the folder, WAL, foreign keys, migrations
    async with store.transaction() as tx:          # BEGIN IMMEDIATE … COMMIT, ROLLBACK on error
        table = await create_table(tx, guild_id=g, channel_id=c, host_id=u, variant="check")
        await put_seat(tx, table.id, Seat(0, "Alice", user_id=u))
        await put_seat(tx, table.id, Seat(1, "Computer", bot_level="hard"))
    await store.close()

Every write takes the open `Tx` as its first argument, so one transaction can
accept an action, log it and settle a deal together. Reads take a `Reader`:
the `Store` (committed data only) or a `Tx` (sees its own writes). Concurrent
transactions are serialised; opening one inside another raises StoreError.
Timestamps are ISO 8601 UTC strings to the second (`Store.open(..., clock=...)`).

Tables (bot.store.tables): `create_table(tx, *, guild_id, channel_id, host_id,
variant, options=None, seed=None, language="en", settings=None, seats=()) ->
TableRow` (ChannelBusy if the channel has a lobby/playing table),
`update_table(tx, table_id, *, status=, host_id=, board_message_id=, settings=,
options=, seed=, language=) -> TableRow`, `put_seat(tx, table_id, Seat) -> Seat`
(AlreadySeated), `remove_seat(tx, table_id, seat) -> bool`,
`set_seats(tx, table_id, seats)`, `append_action(tx, table_id, seq, seat,
user_id, text, snapshot_json=None) -> ActionRow` (seq 1, 2, 3, …;
DuplicateAction on a taken seq, ActionSequenceError on a gap), `get_table(db,
table_id)`, `active_table_in_channel(db, channel_id)`, `list_tables(db,
guild_id=None, statuses=("lobby", "playing"))`, `list_unfinished_tables(db)`,
`load_actions(db, table_id, *, after_seq=0)`. A `Seat` with `user_id=None` is a
computer player of `bot_level`; the store fills `Seat.player_id`.

Players (bot.store.players): `ensure_player(tx, guild_id, *, display_name,
user_id=None, bot_level=None) -> Player` (keyed by user id or 'bot:<level>',
keeps the last display name), `get_player(db, id)`, `find_player(db, guild_id,
*, user_id=None, bot_level=None)`.

Chip ledger (bot.store.ledger; double entry, house account per guild):
`settle_deal(tx, guild_id, table_id, game_id, deal_no, transfers) -> bool`
(transfers: {"from": player_id, "to": player_id, "checks": N, "reason":
"meld"|"contract"|"set"|"slam"|"game", "detail": str}; False when that
(game_id, deal_no) was already settled), `is_settled(db, game_id, deal_no)`,
`grant(tx, guild_id, player_id, amount, reason, *, actor_id=None) -> int`,
`adjust(...)` (same; amount of either sign), `balance(db, guild_id, player_id) -> int`,
`leaderboard(db, guild_id, *, limit=10, offset=0, include_bots=True) ->
list[BalanceRow]`, `history(db,
guild_id, player_id=None, *, limit=10, offset=0) -> HistoryPage` (newest first),
`ledger_lines(db, guild_id)`, `ledger_csv(db, guild_id) -> str`. Refusals raise
LedgerError (a ValueError) or its NegativeBalance. `ledger_check(path_or_store)
-> list[str]` (bot.store.audit) lists every unbalanced transaction and wrong
cached balance; `bot.store.cli.main(["ledger", "check", "--database", path])`.

Damaged files and processes: `Store.open` refuses, with
StoreOpenError naming the file and the problem, a read-only file or folder, a
damaged, empty or foreign file and a newer schema, closing every connection it
made; a writer holds `<db>.lock` (bot.store.lock) so a second process on the
same file is refused. `read_database(path, job, *, integrity=None)` runs
`await job(snapshot)` on a read-only connection that writes nothing (not even
-wal/-shm files); `read_in_thread(path, job)` does it in a worker thread, for
exports that must not stall the event loop.

League (bot.store.league, .seasons, .standings): `record_game(tx, *, game_id,
guild_id, table_id, variant, seats: Sequence[GameSeat]) -> bool` (rates with
openskill Plackett-Luce, all-time and in the active season; False if already
recorded), `family_of(variant)`, `start_season(tx, guild_id, name)`,
`end_season(tx, guild_id)`, `active_season(db, guild_id)`, `list_seasons(db,
guild_id)`, `standings(db, guild_id, family, *, season_id=None,
include_bots=True, limit=25, offset=0) -> list[Standing]` (rating = mu - 3
sigma), `player_profile(db, guild_id, player_id, *, season_id=None, recent=5,
melds=5, opponents=5) -> PlayerProfile | None`, `game_results(db, guild_id, *,
season_id=None)`, `league_csv(db, guild_id, *, season_id=None) -> str`.
Refusals raise LeagueError (a ValueError).

Settings (bot.store.ledger for servers, bot.store.settings for people): `get_guild_settings(db, guild_id) -> GuildSettings` (starting_balance,
allow_negative, images, language, hide_bots, table_place, abandon_minutes and the
limits max_tables_member, max_tables_server, max_hard_seats, new_cooldown),
`set_guild_settings(tx, guild_id, **changes)` (a keyword per field; `NUMBER_RANGES`
gives the numbers' ranges), `get_user_settings(db, user_id) -> UserSettings`
(images, language, notify; None = unset), `set_user_settings(tx, user_id, *,
images=, language=, notify=)`, `user_languages(db) -> {user_id: language}` (the
people who chose one), `notify_off(db) -> {user_id}` (turn pings off). Every keyword
defaults to `UNCHANGED`; None unsets what can be unset (a user's images and
language, a server's language). `images_enabled(db, guild_id, user_id=None) ->
bool`: the user's setting if set, else the server's, else True. Refusals raise
SettingsError (a ValueError).
"""

from .audit import ledger_check
from .csvio import read_csv, to_csv
from .db import Reader, Store, Tx, schema_version
from .errors import (
    ActionSequenceError,
    AlreadySeated,
    ChannelBusy,
    DuplicateAction,
    StoreError,
    StoreOpenError,
    TableNotFound,
    Typed,
)
from .league import FAMILIES, GameSeat, family_of, rating_model, record_game
from .ledger import (
    BalanceRow,
    GuildSettings,
    HistoryEntry,
    HistoryPage,
    LedgerError,
    LedgerLine,
    LineView,
    NegativeBalance,
    adjust,
    balance,
    get_guild_settings,
    grant,
    history,
    is_settled,
    leaderboard,
    ledger_csv,
    ledger_lines,
    set_guild_settings,
    settle_deal,
)
from .players import Player, ensure_player, find_player, get_player
from .seasons import (
    LeagueError,
    Season,
    active_season,
    end_season,
    list_seasons,
    start_season,
)
from .settings import (
    UNCHANGED,
    SettingsError,
    UserSettings,
    get_user_settings,
    images_enabled,
    notify_off,
    set_user_settings,
    user_languages,
)
from .snapshot import Snapshot, read_database, read_in_thread
from .standings import (
    BestMeld,
    GameResultRow,
    GameSummary,
    HeadToHead,
    PlayerProfile,
    Standing,
    game_results,
    league_csv,
    player_profile,
    standings,
)
from .tables import (
    ActionRow,
    Seat,
    TableRow,
    active_table_in_channel,
    append_action,
    create_table,
    get_table,
    list_tables,
    list_unfinished_tables,
    load_actions,
    put_seat,
    remove_seat,
    set_seats,
    update_table,
)

__all__ = [
    "FAMILIES",
    "UNCHANGED",
    "ActionRow",
    "ActionSequenceError",
    "AlreadySeated",
    "BalanceRow",
    "BestMeld",
    "ChannelBusy",
    "DuplicateAction",
    "GameResultRow",
    "GameSeat",
    "GameSummary",
    "GuildSettings",
    "HeadToHead",
    "HistoryEntry",
    "HistoryPage",
    "LeagueError",
    "LedgerError",
    "LedgerLine",
    "LineView",
    "NegativeBalance",
    "Player",
    "PlayerProfile",
    "Reader",
    "Season",
    "Seat",
    "SettingsError",
    "Snapshot",
    "Standing",
    "Store",
    "StoreError",
    "StoreOpenError",
    "TableNotFound",
    "TableRow",
    "Tx",
    "Typed",
    "UserSettings",
    "active_season",
    "active_table_in_channel",
    "adjust",
    "append_action",
    "balance",
    "create_table",
    "end_season",
    "ensure_player",
    "family_of",
    "find_player",
    "game_results",
    "get_guild_settings",
    "get_player",
    "get_table",
    "get_user_settings",
    "grant",
    "history",
    "images_enabled",
    "is_settled",
    "leaderboard",
    "league_csv",
    "ledger_check",
    "ledger_csv",
    "ledger_lines",
    "list_seasons",
    "list_tables",
    "list_unfinished_tables",
    "load_actions",
    "notify_off",
    "player_profile",
    "put_seat",
    "rating_model",
    "read_csv",
    "read_database",
    "read_in_thread",
    "record_game",
    "remove_seat",
    "schema_version",
    "set_guild_settings",
    "set_seats",
    "set_user_settings",
    "settle_deal",
    "standings",
    "start_season",
    "to_csv",
    "update_table",
    "user_languages",
]
