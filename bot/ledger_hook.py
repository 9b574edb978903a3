"""The table service's action hook for issue 6: settle Check deals and record finished games.

`ledger_hook` is an `ActionHook` (`bot.tables.service`): the service calls it
inside the transaction that stores an accepted action, so a deal's chips and a
game's league record commit together with the action that ended them, or not
at all. The store keys both by game, and a table holds one game, so the table
id names the game (`settle_deal` and `record_game` ignore a second call for the
same deal or game: a retry never counts twice).

Seats map to players through `Seat.player_id`: whoever holds the seat when the
deal ends collects or pays (RULES E-15), and the league rates whoever holds it
at the end. Each computer seat is its own player (`bot:<level>:<name>`); should
two seats still be held by one player, they cannot both be right about who won: a transfer between them is a
wash and is dropped (every balance still moves exactly by the engine's net
chips summed over that player's seats), and such a game is not rated (the
store refuses one player on two seats), which is logged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from bot.game import VARIANTS, Game
from bot.store import GameSeat, Tx, record_game, settle_deal
from bot.tables import Table

log = logging.getLogger(__name__)


async def ledger_hook(tx: Tx, table: Table, events: list[dict[str, Any]]) -> None:
    """Settle every Check `deal_end` among `events` and record a `game_over`, in `tx`."""
    for event in events:
        if event["type"] == "deal_end" and "transfers" in event["result"]:
            await settle_deal(tx, table.guild_id, table.id, table.id, event["deal"],
                              player_transfers(table, event["result"]["transfers"]))
        elif event["type"] == "game_over":
            await _record(tx, table, event)


def player_transfers(table: Table, transfers: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The engine's seat-to-seat transfers (RULES §7.5) as player-to-player ones.

    Transfers of zero checks, and between two seats of one player, move nothing and are left out.
    """
    moved = []
    for transfer in transfers:
        payer = _player(table, transfer["from"])
        payee = _player(table, transfer["to"])
        if transfer["checks"] and payer != payee:
            moved.append({**transfer, "from": payer, "to": payee})
    return moved


def game_seats(table: Table, game_over: Mapping[str, Any],
               best: Mapping[int, tuple[str, int]] | None = None) -> list[GameSeat]:
    """Every seat's league result from a `game_over` event: partners share team, score and rank.

    Teams: seat % 2 in partnership games (RULES §6–7), else the seat. Rank: the
    position of the seat's entry in the event's ranking, best first. `best`:
    each seat's best shown meld as (engine meld name, points).
    """
    rank = {seat: place for place, side in enumerate(game_over["ranking"], start=1) for seat in side}
    partnership = VARIANTS[table.variant].partnership
    seats = []
    for seat, score in enumerate(game_over["scores"]):
        meld, points = (best or {}).get(seat, (None, None))
        seats.append(GameSeat(seat=seat, player_id=_player(table, seat),
                              team=seat % 2 if partnership else seat, score=score, rank=rank[seat],
                              best_meld=meld, best_meld_points=points))
    return seats


def best_melds(game: Game) -> dict[int, tuple[str, int]]:
    """Each seat's highest-scoring single meld shown in the game (first shown wins a tie).

    The engine keeps no meld history past a deal, so the game is replayed from its
    own record (`Game.to_json`: seed, options, actions) and its `meld` events read.
    """
    record = json.loads(game.to_json())
    replay = Game.from_json(json.dumps({**record, "actions": []}))
    best: dict[int, tuple[str, int]] = {}
    for action in record["actions"]:
        for event in replay.apply(action):
            if event["type"] != "meld":
                continue
            for meld in event["melds"]:
                if meld["points"] > best.get(event["seat"], ("", -1))[1]:
                    best[event["seat"]] = (meld["name"], meld["points"])
    return best


async def _record(tx: Tx, table: Table, game_over: Mapping[str, Any]) -> None:
    seats = game_seats(table, game_over, best_melds(table.game))
    if len({seat.player_id for seat in seats}) < len(seats):
        log.warning("table %s: game not rated, one player holds several seats: %s", table.id,
                    {seat.seat: seat.player_id for seat in seats})
        return
    await record_game(tx, game_id=table.id, guild_id=table.guild_id, table_id=table.id,
                      variant=table.variant, seats=seats)


def _player(table: Table, seat: int) -> int:
    player_id = table.seats[seat].player_id
    if player_id is None:
        raise ValueError(f"table {table.id} seat {seat} has no stored player")
    return player_id
