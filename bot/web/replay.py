"""A finished game, deal by deal and trick by trick, for the replay viewer and the API.

The game is replayed from its action log by the shared record model
(`bot.game.record.GameRecord`, no replay of our own); only recorded games
reach here (`web_reads.finished_game` lets none through while another open
table holds its cards, `bot.store.visibility`), so every hand may be shown.
Deals the game did not finish (a table cancelled mid-deal is still rated by
the standings of that moment) are left out (`visibility.played`): their cards
were never all played. Replaying costs engine
time, so it runs in a worker thread, a few at once, and each result is
kept in a bounded cache (a finished game never changes).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import asdict
from enum import Enum
from typing import Any, Final

from bot.game.record import DealRecord, GameRecord
from bot.store.records import GameLog
from bot.store.visibility import played
from bot.store.web_reads import FinishedGame

from .threads import in_web_thread

#: The per-seat figures of a deal's result the viewer tabulates, in order (those the variant has).
RESULT_COLUMNS: Final = ("meld", "cards", "points", "scores", "tricks", "chips")
#: Replays kept in memory, and built at the same time.
CACHE_SIZE: Final = 64
MAX_BUILDING: Final = 2


def plain(value: Any) -> Any:
    """Engine values (cards, suits, tuples, seat-keyed dicts) as JSON-ready ones."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, Sequence):
        return [plain(item) for item in value]
    return str(value)


def _deal(deal: DealRecord) -> dict[str, Any]:
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "hands": [
            {"seat": seat, "cards": [str(card) for card in cards]}
            for seat, cards in sorted(deal.hands.items())
        ],
        "turnup": plain(deal.turnup),
        "widow": plain(deal.widow),
        "stock": plain(deal.stock),
        "auction": [{"seat": seat, "call": call} for seat, call in deal.auction],
        "contract": plain(deal.contract),
        "trump": plain(deal.trump),
        "melds": [
            {"seat": seat, "cards": [str(card) for card in cards], "points": points}
            for seat, cards, points in deal.melds
        ],
        "tricks": [
            {
                "leader": trick.leader,
                "plays": [{"seat": seat, "card": str(card)} for seat, card in trick.plays],
                "winner": trick.winner,
                "points": trick.points,
            }
            for trick in deal.tricks
        ],
        "results": plain(deal.results),
    }


def replay_view(game: FinishedGame, log: GameLog) -> dict[str, Any]:
    """Everything the viewer shows of one recorded game (ValueError if its log no longer replays)."""
    record = GameRecord.from_log(log.variant, log.options, log.seed, log.actions)
    return {
        "game": asdict(game),
        "names": [seat.display_name for seat in sorted(game.seats, key=lambda s: s.seat)],
        "options": plain(log.options),
        "final_scores": plain(record.final_scores),
        "deals": [_deal(deal) for deal in played(record.deals)],
    }


class ReplayError(RuntimeError):
    """A recorded game whose log no longer replays (a rules change since, say): no replay to show."""


class ReplayCache:
    """The last `size` replays built, keyed by (guild id, game id); at most `building` built at once."""

    def __init__(self, size: int = CACHE_SIZE, building: int = MAX_BUILDING) -> None:
        self.size = size
        self._views: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._building = asyncio.Semaphore(building)

    def __len__(self) -> int:
        return len(self._views)

    async def view(
        self,
        guild_id: int,
        game_id: int,
        load: Callable[[], Awaitable[tuple[FinishedGame, GameLog] | None]],
    ) -> dict[str, Any] | None:
        """The replay of a game, from the cache or built from `load()`'s log (None: no such game)."""
        key = (guild_id, game_id)
        if key in self._views:
            self._views.move_to_end(key)
            return self._views[key]
        found = await load()
        if found is None:
            return None
        async with self._building:
            try:
                view = await in_web_thread(replay_view, *found)
            except ValueError as error:  # the engine refused an action of the log
                raise ReplayError(f"game {game_id} does not replay: {error}") from error
        self._views[key] = view
        while len(self._views) > self.size:
            self._views.popitem(last=False)
        return view
