"""A finished game, deal by deal and trick by trick, for the replay viewer and the API.

The game is replayed from its action log by the shared record model
(`bot.game.record.GameRecord`, no replay of our own); only recorded games
reach here (`web_reads.finished_game` lets none through while another open
table holds its cards, `bot.store.visibility`), so every hand may be shown.
Deals the game did not finish (a table cancelled mid-deal is still rated by
the standings of that moment) are left out (`visibility.played`): their cards
were never all played. Replaying costs engine
time, so it runs in a worker thread, a few at once, and the record is kept
in the one cache of built records (`bot.game.record.RECORDS`: a finished game
never changes); the page's data is made from it at each request, after the
visibility check of `load`, so no view skips the gate.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import asdict, replace
from typing import Any, Final

from bot.game import DealResult, fingerprint, sort_hand
from bot.game.errors import Refusal
from bot.game.fair import snowflake_time
from bot.game.plain import plain
from bot.game.record import DealRecord, GameRecord
from bot.game.verify import read_fingerprint, read_seed, verify_deal
from bot.store.records import GameLog
from bot.store.visibility import played
from bot.store.web_reads import FinishedGame

from .threads import in_web_thread

#: The per-seat figures of a deal's result the viewer tabulates, in order (those the variant has).
RESULT_COLUMNS: Final = ("meld", "cards", "points", "scores", "tricks", "chips")
#: Replays built at the same time.
MAX_BUILDING: Final = 2


def _deal(deal: DealRecord, table_id: int | None, names: list[str]) -> dict[str, Any]:
    fair = None
    if deal.seed is not None and table_id is not None:  # a fair deal, over: its seed revealed
        fair = {
            "seed": deal.seed.hex(),
            "fingerprint": fingerprint(deal.seed, table_id, deal.number),
            # Keyed as people see seats: "<seat from 1> <name>".
            "salts": {_seat_name(seat, names): word for seat, word in sorted(deal.salts.items())},
            # The outside input: a person's click (its Discord id, a string: it passes 2**53).
            "draw": None if deal.draw is None else str(deal.draw),
            "draw_time": None if deal.draw is None else snowflake_time(deal.draw),
        }
    return {
        "number": deal.number,
        "fair": fair,
        "dealer": deal.dealer,
        "hands": [
            # As its owner held it (trump first, then by suit and rank), as /pinochle replay shows it.
            {"seat": seat, "cards": plain(sort_hand(cards, deal.trump))}
            for seat, cards in sorted(deal.hands.items())
        ],
        "turnup": plain(deal.turnup),
        "widow": plain(deal.widow),
        "stock": plain(deal.stock),
        "auction": [{"seat": seat, "call": call} for seat, call in deal.auction],
        "passes": [{"seat": seat, "cards": plain(cards)} for seat, cards in deal.passes],  # F-5
        "contract": plain(deal.contract),
        "trump": plain(deal.trump),
        "melds": [
            {"seat": meld.seat, "cards": plain(part.cards), "points": part.points}
            for meld in deal.melds
            for part in meld.parts
        ],
        "tricks": [
            {
                "leader": trick.leader,
                "plays": [{"seat": seat, "card": plain(card)} for seat, card in trick.plays],
                "winner": trick.winner,
                "points": trick.points,
            }
            for trick in deal.tricks
        ],
        "results": plain(deal.results),
        "dealt": None if deal.result is None else list(deal.result.dealt),  # C-10, D1-2
        "chips": _chips(deal),
        "thrown_in": deal.thrown_in,
    }


def _seat_name(seat: int, names: list[str]) -> str:
    return f"{seat + 1} {names[seat]}" if seat < len(names) else str(seat + 1)


def _chips(deal: DealRecord) -> list[dict[str, Any]]:
    """Check: each seat's chips of the deal item by item, as the engine awarded them (E-15..E-20);
    empty in the other games."""
    result = deal.results
    if not isinstance(result, DealResult) or result.chips is None:
        return []
    return [
        {"seat": seat, "items": [asdict(item) for item in result.chip_items(seat)]}
        for seat in range(len(result.chips))
    ]


def replay_view(game: FinishedGame, log: GameLog) -> tuple[dict[str, Any], GameRecord]:
    """Everything the viewer shows of one recorded game, and its record (for checking a deal);
    ValueError if its log no longer replays."""
    record = GameRecord.from_stored(log)
    record = replace(record, deals=tuple(played(record.deals)))
    names = [seat.display_name for seat in sorted(game.seats, key=lambda s: s.seat)]
    view = {
        "game": asdict(game),
        "names": names,
        "options": plain(log.options),
        "final_scores": plain(record.final_scores),
        "table_id": record.table_id,
        "deals": [_deal(deal, record.table_id, names) for deal in record.deals],
        # The text `record export` writes, so that anyone with the link checks a deal alone.
        "record": record.to_text() if record.table_id is not None else None,
    }
    return view, record


class ReplayError(RuntimeError):
    """A recorded game whose log no longer replays (a rules change since, say): no replay to show."""


class ReplayBuilder:
    """Replays of recorded games, at most `building` built at once; the records themselves are
    kept in `bot.game.record.RECORDS`, the one cache of built records."""

    def __init__(self, building: int = MAX_BUILDING) -> None:
        self._building = asyncio.Semaphore(building)

    async def built(
        self,
        game_id: int,
        load: Callable[[], Awaitable[tuple[FinishedGame, GameLog] | None]],
    ) -> tuple[dict[str, Any], GameRecord] | None:
        """The replay of a game and its record (the deals played); None: no such game (or none
        this server may see: `load` is the gate)."""
        found = await load()
        if found is None:
            return None
        async with self._building:
            try:
                return await in_web_thread(replay_view, *found)
            except ValueError as error:  # the engine refused an action of the log
                raise ReplayError(f"game {game_id} does not replay: {error}") from error


def verify_view(
    view: Mapping[str, Any], record: GameRecord, query: Mapping[str, str]
) -> dict[str, Any]:
    """The check of one fair deal of a game (bot.game.verify) from `?deal=&seed=&fingerprint=`
    (and `table=`, the record's by default): the form alone until all three are given. `lines`
    are what `python -m bot verify` prints, as catalogue keys ("bot.verify.*") and parameters."""
    asked = {name: query.get(name, "").strip()[:200] for name in ("deal", "seed", "fingerprint")}
    table = query.get("table", "").strip()[:20] or str(record.table_id or "")
    data: dict[str, Any] = {"game": view["game"], "asked": {**asked, "table": table}, "lines": []}
    if record.table_id is None:
        return {**data, "ok": False, "lines": [_line("not_fair")]}
    if not all(asked.values()):
        return {**data, "ok": None}
    if (
        not all(n.isascii() and n.isdigit() for n in (asked["deal"], table))
        or len(asked["deal"]) > 6
    ):
        raise Refusal("web.error.bad_number")
    seed, published = read_seed(asked["seed"]), read_fingerprint(asked["fingerprint"])
    if seed is None or published is None:
        return {
            **data,
            "ok": False,
            "lines": [_line("bad_seed" if seed is None else "bad_fingerprint")],
        }
    verdict = verify_deal(record, int(asked["deal"]), seed, published, int(table))
    lines = [_line(key, **params) for key, params in verdict.lines()]
    return {**data, "ok": verdict.ok, "fingerprint": verdict.fingerprint, "lines": lines}


def _line(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params}
