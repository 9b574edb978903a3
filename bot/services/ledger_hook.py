"""The table service's action hook for the ledger: settle Check deals and record finished games.

`ledger_hook` is an `ActionHook` (`bot.tables.service`): the service calls it,
with the table's frozen facts (`TableFacts`: seats, the engine's scores and
standing, the game's record at its end), inside the transaction that stores an
accepted action, so a deal's chips and a game's league record commit together
with the action that ended them, or not at all. The store keys both by game,
and a table holds one game, so the table id names the game (`settle_deal` and
`record_game` ignore a second call for the same deal or game: a retry never
counts twice).

Seats map to players through `Seat.player_id`: whoever holds the seat when the
deal ends collects or pays (RULES E-15), and the league rates whoever holds it
at the end. Each computer seat is its own player (`bot:<level>:<name>`); should
two seats still be held by one player, they cannot both be right about who won: a transfer between them is a
wash and is dropped (every balance still moves exactly by the engine's net
chips summed over that player's seats), and such a game is not rated (the
store refuses one player on two seats), which is logged.

The forfeit policy: a person who leaves or is kicked mid-game forfeits.
In Check the leaver pays the game premium (E-20, as if the opponents had won with
the scores of that moment) at once, to the opponent E-15 pairs them with, settled
in the leave's transaction (a `forfeit` event; keyed `FORFEIT_DEAL + seat`, so
once). From then on that seat neither collects nor pays: its transfers are left
out of every later deal and of the game premium, so a computer playing for the
person who left never wins or loses chips for anyone, and the partner and the
other opponent settle between themselves as usual. When the game ends the leaver
(in team games, the leaver's side) is ranked last. Cancelling a game after a
completed deal (a `cancel` event) settles the game premium to the side ahead and
rates the game by the standings of that moment; a table closed as abandoned hears
no event: no premium, not rated, earlier deals stay settled. A league event's table
is rated by the event runner when it has played its deals; cancelled
when the organiser ends the event, it settles no premium and is not rated here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.game import VARIANTS, Transfer, place_ranks
from bot.game.events import DealEnded, Event, GameOver
from bot.game.record import GameRecord
from bot.services.league import record_game
from bot.store import GameSeat, Tx, settle_deal
from bot.tables import GameFacts, TableFacts
from bot.tables.service_events import Cancelled, Forfeited

log = logging.getLogger(__name__)

#: The settlement key of seat s's forfeit is deal FORFEIT_DEAL + s: no game has that many deals.
FORFEIT_DEAL = 1_000_000


async def ledger_hook(tx: Tx, table: TableFacts, events: Sequence[Event]) -> None:
    """Settle every Check `deal_end` among `events`, a `forfeit` or a `cancel`, and record a
    `game_over`, in `tx`."""
    for event in events:
        if isinstance(event, DealEnded) and event.result.transfers is not None:  # Check (E-15)
            await settle_deal(
                tx,
                table.guild_id,
                table.id,
                table.id,
                event.deal,
                player_transfers(table, event.result.transfers),
            )
        elif isinstance(event, GameOver):
            await _record(tx, table, event)
        elif isinstance(event, Forfeited) and _chips(table):
            assert event.player_id is not None, "a person's seat has their stored player"
            await _forfeit(tx, table, event.seat, event.player_id)
        elif (
            isinstance(event, Cancelled)
            and table.event is None
            and table.game is not None
            and table.game.deals
        ):
            await _cancel(tx, table, table.game)


def _chips(table: TableFacts) -> bool:
    """Whether the table plays for chips: a game paid in checks, Check Pinochle (RULES §7, E-15)."""
    return VARIANTS[table.variant].checks and table.game is not None


async def _forfeit(tx: Tx, table: TableFacts, seat: int, player_id: int) -> None:
    """The leaver pays the E-20 game premium, as if the opponents had won now, to the opponent E-15
    pairs them with (or the first opponent still playing, when that one left too)."""
    assert table.game is not None, "a forfeit is heard mid-game"
    forfeit = table.game.forfeits[seat]
    if not forfeit.payees:
        return
    await settle_deal(
        tx,
        table.guild_id,
        table.id,
        table.id,
        FORFEIT_DEAL + seat,
        [
            {
                "from": player_id,
                "to": _player(table, forfeit.payees[0]),
                "checks": forfeit.checks,
                "reason": "game",
                "detail": "forfeit",
            }
        ],
    )


async def _cancel(tx: Tx, table: TableFacts, game: GameFacts) -> None:
    """A game cancelled after a completed deal: the side ahead collects the game premium (Check:
    the engine's `premium_now`, none on a tie), and the game is rated by the standings now."""
    if _chips(table) and game.premium_now:
        await settle_deal(
            tx,
            table.guild_id,
            table.id,
            table.id,
            game.deals + 1,
            player_transfers(table, game.premium_now),
        )
    await _record(tx, table, GameOver(ranking=game.standing, scores=game.scores))


def player_transfers(table: TableFacts, transfers: Iterable[Transfer]) -> list[dict[str, Any]]:
    """The engine's seat-to-seat transfers (RULES §7.5) as player-to-player ones.

    Transfers of zero checks, between two seats of one player, and those of a seat
    whose person left (the forfeit policy above) move nothing and are left out.
    """
    moved = []
    for transfer in transfers:
        if transfer.payer in table.left or transfer.payee in table.left:
            continue
        payer = _player(table, transfer.payer)
        payee = _player(table, transfer.payee)
        if transfer.checks and payer != payee:
            moved.append(
                {
                    "from": payer,
                    "to": payee,
                    "checks": transfer.checks,
                    "reason": transfer.reason,
                    "detail": transfer.detail,
                }
            )
    return moved


def game_seats(
    table: TableFacts, game_over: GameOver, best: Mapping[int, tuple[str, int]] | None = None
) -> list[GameSeat]:
    """Every seat's league result from a `game_over` event: partners share team, score and rank.

    Teams: the engine's parties (partners in RULES §6–7, else the seat). Rank: the
    position of the seat's entry in the event's ranking, best first, except that
    sides with a seat whose person left come last (the forfeit); such a seat is
    rated as the person who left. `best`: each seat's best shown meld as
    (engine meld name, points).
    """
    rank = place_ranks(game_over.ranking, behind=table.left)
    variant = VARIANTS[table.variant]
    seats = []
    for seat, score in enumerate(game_over.scores):
        meld, points = (best or {}).get(seat, (None, None))
        seats.append(
            GameSeat(
                seat=seat,
                player_id=table.left.get(seat) or _player(table, seat),
                team=variant.party(seat),
                score=score,
                rank=rank[seat],
                best_meld=meld,
                best_meld_points=points,
            )
        )
    return seats


def best_melds(record: GameRecord) -> dict[int, tuple[str, int]]:
    """Each seat's highest-scoring single meld shown in the game (first shown wins a tie; the
    dix scored on its own is no meld shown), read from the game's record: the engine keeps
    no meld history past a deal, and the record is built once when the game ends, for this
    hook and `records_hook` alike (`GameFacts.record`)."""
    best: dict[int, tuple[str, int]] = {}
    for deal in record.deals:
        for meld in deal.melds:
            for part in meld.parts if not meld.dix else ():
                if part.points > best.get(meld.seat, ("", -1))[1]:
                    best[meld.seat] = (part.name, part.points)
    return best


async def _record(tx: Tx, table: TableFacts, game_over: GameOver) -> None:
    record = None if table.game is None else table.game.record
    assert record is not None, "the facts of an action that ends the game hold its record"
    seats = game_seats(table, game_over, best_melds(record))
    if len({seat.player_id for seat in seats}) < len(seats):
        log.warning(
            "table %s: game not rated, one player holds several seats: %s",
            table.id,
            {seat.seat: seat.player_id for seat in seats},
        )
        return
    await record_game(
        tx,
        game_id=table.id,
        guild_id=table.guild_id,
        table_id=table.id,
        variant=table.variant,
        seats=seats,
    )


def _player(table: TableFacts, seat: int) -> int:
    player_id = table.seats[seat].player_id
    if player_id is None:
        raise ValueError(f"table {table.id} seat {seat} has no stored player")
    return player_id
