"""The services the Discord layer calls for chips, the league and settings (beside `bot.tables`).

Each checks what a member typed before anything is written, opens its own
transactions and says no with a `StoreRefusal` (a catalog key and its parameters, said in the
member's language by `cogs._errors`); none knows Discord. The cogs reach the
store only through them (and the table service):

    services = Services(store)
    await services.ledger.grant(guild_id, user_id, "Ann", 100, "welcome", actor_id=7)
    await services.league.start_season(guild_id, "Spring")
    await services.settings.change(guild_id, starting_balance=250)

`ledger` (balances, history, leaderboard, grants and adjustments, the CSV
export), `league` (standings, players, seasons, the export, and the ratings a
finished game gives: `record_game`), `settings` (servers' and people's).
"""

from __future__ import annotations

# The records the services answer with, named here so their callers need not import the store.
from bot.store import (
    GameSummary,
    GuildSettings,
    HistoryEntry,
    Player,
    PlayerProfile,
    PlayerStats,
    Season,
    Standing,
    Store,
    find_player,
)
from bot.store.nights import PlayerEventResult
from bot.store.records import Companion

from .league import LeagueService, record_game
from .ledger import LedgerService
from .settings import SettingsService


class Services:
    """One of each service over one store; the bot keeps it as `bot.services`."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.settings = SettingsService(store)
        self.ledger = LedgerService(store, self.settings)
        self.league = LeagueService(store, self.settings)

    async def player(self, guild_id: int, user_id: int) -> Player | None:
        """A person's player in the server (their chips, ratings and games); None if they never played."""
        return await find_player(self._store, guild_id, user_id=user_id)


__all__ = [
    "Companion",
    "GameSummary",
    "GuildSettings",
    "HistoryEntry",
    "LeagueService",
    "LedgerService",
    "Player",
    "PlayerEventResult",
    "PlayerProfile",
    "PlayerStats",
    "Season",
    "Services",
    "SettingsService",
    "Standing",
    "record_game",
]
