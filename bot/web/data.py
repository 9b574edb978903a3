"""What each page shows, as plain JSON-ready data: the HTML templates and the JSON API read the same.

Each function reads the store through a `Reader` and returns dicts and
lists of numbers and strings (no texts in a language: the templates
translate). Bad query values raise the bot's one `Refusal` (a `web.error.*` catalog key); a
player or game the server does not have raises `NotFound`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, Final

from bot.game.errors import Refusal
from bot.store import (
    FAMILIES,
    GuildSettings,
    Player,
    Reader,
    Season,
    balance,
    get_player,
    history,
    leaderboard,
    list_seasons,
    player_profile,
    standings,
)
from bot.store.nights import player_event_results
from bot.store.web_reads import (
    count_accounts,
    count_events,
    count_games,
    count_standings,
    event_places,
    finished_event,
    finished_events,
    finished_games,
    rating_history,
)

#: Families in the order their tables are offered (Check shares the partnership table).
FAMILY_ORDER: Final = tuple(dict.fromkeys(FAMILIES.values()))
#: Rows per page.
PAGE_SIZE: Final = 25
#: The highest page number a request may ask for (a bound on OFFSET).
MAX_PAGE: Final = 10_000
#: The `season` value meaning all time.
ALL_TIME: Final = "all"
#: Games a player page lists, opponents and melds it shows, points its chart draws, events it lists.
RECENT_GAMES: Final = 10
OPPONENTS: Final = 10
BEST_MELDS: Final = 5
CHART_POINTS: Final = 200
PLAYER_EVENTS: Final = 10


class NotFound(LookupError):
    """No such player or game in this server (answered like any unknown address)."""


def page_number(text: str | None) -> int:
    """`?page=` as typed: 1 when absent; a `Refusal` for anything but 1 … MAX_PAGE."""
    if text is None:
        return 1
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_PAGE:
        raise Refusal("web.error.bad_page", max=MAX_PAGE)
    return int(text)


def paging(page: int, total: int, size: int = PAGE_SIZE) -> dict[str, int]:
    return {"page": page, "pages": max(1, -(-total // size)), "total": total}


def _season(season: Season) -> dict[str, Any]:
    return {"id": season.id, "name": season.name, "active": season.is_active}


async def pick_season(
    db: Reader, guild_id: int, text: str | None
) -> tuple[Season | None, list[Season]]:
    """`?season=`: a season id, `all`, or absent (the running season, else all time)."""
    seasons = await list_seasons(db, guild_id)
    if text == ALL_TIME:
        return None, seasons
    if text is None:
        return next((s for s in seasons if s.is_active), None), seasons
    chosen = next((s for s in seasons if str(s.id) == text), None)
    if chosen is None:
        raise Refusal("web.error.bad_season", value=text[:50])
    return chosen, seasons


def _player(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.display_name, "is_bot": player.is_bot}


def _scope(season: Season | None, seasons: list[Season]) -> dict[str, Any]:
    return {
        "season": None if season is None else _season(season),
        "seasons": [_season(s) for s in seasons],
    }


async def standings_data(
    db: Reader, guild: GuildSettings, query: Mapping[str, str]
) -> dict[str, Any]:
    """One family's table in one season (or all time), one page, best rating first."""
    family = query.get("family", FAMILY_ORDER[0])
    if family not in FAMILY_ORDER:
        raise Refusal("web.error.bad_family", value=family[:50], values=", ".join(FAMILY_ORDER))
    page = page_number(query.get("page"))
    season, seasons = await pick_season(db, guild.guild_id, query.get("season"))
    season_id = None if season is None else season.id
    bots = not guild.hide_bots
    rows = await standings(
        db,
        guild.guild_id,
        family,
        season_id=season_id,
        include_bots=bots,
        limit=PAGE_SIZE,
        offset=(page - 1) * PAGE_SIZE,
    )
    total = await count_standings(
        db, guild.guild_id, family, season_id=season_id, include_bots=bots
    )
    return {
        "family": family,
        "families": list(FAMILY_ORDER),
        **_scope(season, seasons),
        "rows": [asdict(row) for row in rows],
        **paging(page, total),
    }


async def player_data(
    db: Reader, guild: GuildSettings, player_id: int, query: Mapping[str, str]
) -> dict[str, Any]:
    """A player's ratings with their history, recent games, head-to-head, best melds, chips and events.

    The league events (the newest `PLAYER_EVENTS` the player finished) are not
    scoped by season: an event is not part of one.
    """
    season, seasons = await pick_season(db, guild.guild_id, query.get("season"))
    season_id = None if season is None else season.id
    profile = await player_profile(
        db,
        guild.guild_id,
        player_id,
        season_id=season_id,
        recent=RECENT_GAMES,
        melds=BEST_MELDS,
        opponents=OPPONENTS,
    )
    if profile is None:
        raise NotFound(player_id)
    ratings = [asdict(profile.ratings[f]) for f in FAMILY_ORDER if f in profile.ratings]
    for rating in ratings:
        points = await rating_history(
            db,
            guild.guild_id,
            player_id,
            rating["family"],
            season_id=season_id,
            limit=CHART_POINTS,
        )
        rating["history"] = [asdict(point) for point in points]
    return {
        "player": _player(profile.player),
        **_scope(season, seasons),
        "balance": await balance(db, guild.guild_id, player_id),
        "ratings": ratings,
        "recent_games": [asdict(game) | {"won": game.won} for game in profile.recent_games],
        "head_to_head": [asdict(row) for row in profile.head_to_head],
        "best_melds": [asdict(meld) for meld in profile.best_melds],
        "events": [
            asdict(result)
            for result in await player_event_results(
                db, guild.guild_id, player_id, limit=PLAYER_EVENTS
            )
        ],
    }


async def chips_data(db: Reader, guild: GuildSettings, query: Mapping[str, str]) -> dict[str, Any]:
    """The chip leaderboard, one page, most chips first (the house is not listed)."""
    page = page_number(query.get("page"))
    bots = not guild.hide_bots
    rows = await leaderboard(
        db,
        guild.guild_id,
        limit=PAGE_SIZE,
        offset=(page - 1) * PAGE_SIZE,
        include_bots=bots,
    )
    total = await count_accounts(db, guild.guild_id, include_bots=bots)
    return {"rows": [asdict(row) for row in rows], **paging(page, total)}


async def ledger_data(
    db: Reader, guild: GuildSettings, player_id: int, query: Mapping[str, str]
) -> dict[str, Any]:
    """One player's ledger transactions, newest first, one page, with the balance now."""
    page = page_number(query.get("page"))
    player = await get_player(db, player_id)
    if player is None or player.guild_id != guild.guild_id:
        raise NotFound(player_id)
    found = await history(
        db, guild.guild_id, player_id, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE
    )
    entries = [
        {
            "tx_id": entry.tx_id,
            "created_at": entry.created_at,
            "reason": entry.reason,
            "detail": entry.detail,
            "memo": entry.memo,
            "game_id": entry.game_id,
            "deal_no": entry.deal_no,
            "amount": entry.amount_for(player_id),
            "others": [
                {"player_id": line.player_id, "name": line.display_name}
                for line in entry.lines
                if line.player_id != player_id
            ],
        }
        for entry in found.entries
    ]
    return {
        "player": _player(player),
        "balance": await balance(db, guild.guild_id, player_id),
        "entries": entries,
        **paging(page, found.total),
    }


async def games_data(db: Reader, guild: GuildSettings, query: Mapping[str, str]) -> dict[str, Any]:
    """The server's finished (recorded) games, newest first, one page."""
    page = page_number(query.get("page"))
    games = await finished_games(db, guild.guild_id, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    total = await count_games(db, guild.guild_id)
    return {"games": [asdict(game) for game in games], **paging(page, total)}


async def events_data(db: Reader, guild: GuildSettings, query: Mapping[str, str]) -> dict[str, Any]:
    """The server's finished league events, newest first, one page, each with its winners."""
    page = page_number(query.get("page"))
    events = await finished_events(
        db, guild.guild_id, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE
    )
    total = await count_events(db, guild.guild_id)
    return {"events": [asdict(event) for event in events], **paging(page, total)}


async def event_data(
    db: Reader, guild: GuildSettings, event_id: int, query: Mapping[str, str]
) -> dict[str, Any]:
    """One finished event's final table, one page, best place first."""
    page = page_number(query.get("page"))
    event = await finished_event(db, guild.guild_id, event_id)
    if event is None:
        raise NotFound(event_id)
    places = await event_places(db, event_id, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    return {
        "event": asdict(event),
        "rows": [asdict(place) for place in places],
        **paging(page, event.entrants),
    }
