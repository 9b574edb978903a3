"""The bot's database: tables and action logs, the chip ledger, the league, settings.

Two backends behind one API: `await Store.open("data/pinochle.db")` (SQLite,
the default: one process per file) or `await Store.open("postgresql://…")`
(PostgreSQL through asyncpg, shared by several bot processes). Writes take the
open `Tx` of `async with store.transaction() as tx:` as their first argument,
so one transaction accepts an action, logs it and settles a deal; reads take a
`Reader` (the store: committed data, or a `Tx`: its own writes too). Refusals
raise `StoreError` subclasses; every row is stamped with the store's clock.

Modules: `tables` (tables, seats, action log), `players`, `ledger` (double
entry, settled once per deal), `league` (games and rating tables), `seasons`, `standings`, `settings`
(servers' and people's), `audit` (`ledger_check`), `snapshot` (read-only
reads beside a running bot), `transfer` (`migrate-db`), `backup`, `cli`,
`records` (`player_stats`, `game_log` for replays, deal figures kept at game end;
`recent_games` is in `standings`), `web_reads` (what the web pages read besides:
ratings after each game, finished games with their seats, counts for paging);
backends: `db` (the API), `sqlite`, `postgres`, `sql` (the query layer).

Writing for both backends:
- A migration is two texts with one number: append the SQLite script to
  `migrations.MIGRATIONS` and its PostgreSQL twin to
  `pg_migrations.PG_MIGRATIONS` (BIGINT ids and Discord ids, `BIGINT GENERATED
  BY DEFAULT AS IDENTITY` for an `INTEGER PRIMARY KEY`, TEXT checked by
  `::json` for JSON, `COLLATE "C"` on names that are sorted). A PostgreSQL store
  refuses to open while the lists differ in length; the store tests run on both.
  A new table goes into `transfer.COPY_ORDER` (what `migrate-db` copies first).
- A query is written once, with `?` or `:name` placeholders (`bot.store.sql`
  numbers them for PostgreSQL), in SQL both accept: no `x IS ?`, no bare
  booleans (`? = 1`), `CAST(? AS BIGINT)` where a parameter's type is not
  otherwise known, `SUM(CASE …)` not `SUM(a < b)`, every selected column grouped,
  no select-list alias in WHERE, `ratings.games + 1` (qualified) in an upsert.
  `tx.insert(sql)` returns a new row's id. Where the dialects differ, name both:
  `per_dialect(db, sqlite=..., postgres=...)`.
- A statement whose constraint error is caught runs in `async with
  tx.savepoint():` (PostgreSQL aborts the transaction otherwise); constraint
  errors are `IntegrityError` on both, `columns` naming what they guard.
- Read-modify-write across processes (chips, ratings) first takes
  `await tx.lock(kind, key)`; `tx.notify(channel, payload)` reaches every
  process's `store.listen(channel, …)` once the transaction commits.
"""

from bot.game.errors import Typed  # a refusal parameter: a member's own words

from . import postgres as postgres  # each backend registers itself with `Store.open`
from . import sqlite as sqlite
from .audit import ledger_check
from .csvio import read_csv, to_csv
from .db import Lease, LeaseWatcher, Reader, Store, Tx, schema_version
from .errors import (
    ActionSequenceError,
    AlreadySeated,
    ChannelBusy,
    DuplicateAction,
    IntegrityError,
    LeaseLost,
    StoreError,
    StoreOpenError,
    StoreRefusal,
    StoreUnreachable,
    TableNotFound,
)
from .league import (
    ALL_TIME,
    FAMILIES,
    GameSeat,
    RatedSeat,
    Rating,
    family_of,
    put_ratings,
    ratings,
    store_game,
)
from .ledger import (
    BalanceRow,
    HistoryEntry,
    HistoryPage,
    LedgerError,
    LedgerLine,
    LedgerRefusal,
    LineView,
    NegativeBalance,
    adjust,
    balance,
    grant,
    history,
    is_settled,
    leaderboard,
    ledger_csv,
    ledger_lines,
    settle_deal,
)
from .players import Player, ensure_player, find_player, get_player
from .records import (
    Companion,
    GameLog,
    PlayerStats,
    SeatDeals,
    VariantRecord,
    game_log,
    player_stats,
    store_deal_stats,
)
from .seasons import (
    LeagueError,
    LeagueRefusal,
    Season,
    active_season,
    end_season,
    list_seasons,
    start_season,
)
from .settings import (
    UNCHANGED,
    GuildSettings,
    SettingsError,
    SettingsRefusal,
    UserSettings,
    get_guild_settings,
    get_user_settings,
    images_enabled,
    notify_off,
    set_guild_settings,
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
    recent_games,
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
    "ALL_TIME",
    "FAMILIES",
    "UNCHANGED",
    "ActionRow",
    "ActionSequenceError",
    "AlreadySeated",
    "BalanceRow",
    "BestMeld",
    "ChannelBusy",
    "Companion",
    "DuplicateAction",
    "GameLog",
    "GameResultRow",
    "GameSeat",
    "GameSummary",
    "GuildSettings",
    "HeadToHead",
    "HistoryEntry",
    "HistoryPage",
    "IntegrityError",
    "LeagueError",
    "LeagueRefusal",
    "Lease",
    "LeaseLost",
    "LeaseWatcher",
    "LedgerError",
    "LedgerLine",
    "LedgerRefusal",
    "LineView",
    "NegativeBalance",
    "Player",
    "PlayerProfile",
    "PlayerStats",
    "RatedSeat",
    "Rating",
    "Reader",
    "Season",
    "Seat",
    "SeatDeals",
    "SettingsError",
    "SettingsRefusal",
    "Snapshot",
    "Standing",
    "Store",
    "StoreError",
    "StoreOpenError",
    "StoreRefusal",
    "StoreUnreachable",
    "TableNotFound",
    "TableRow",
    "Tx",
    "Typed",
    "UserSettings",
    "VariantRecord",
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
    "game_log",
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
    "player_stats",
    "put_ratings",
    "put_seat",
    "ratings",
    "read_csv",
    "read_database",
    "read_in_thread",
    "recent_games",
    "remove_seat",
    "schema_version",
    "set_guild_settings",
    "set_seats",
    "set_user_settings",
    "settle_deal",
    "standings",
    "start_season",
    "store_deal_stats",
    "store_game",
    "to_csv",
    "update_table",
    "user_languages",
]
