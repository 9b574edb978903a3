"""The table service's action hook that keeps a game's deal figures when it ends.

`/pinochle stats` shows meld per deal and contracts bid and made, which the league
tables (`game_players`) do not hold. Rather than replay every game's action log
each time a member asks (a member with 1,000 games would wait seconds), the
game is replayed once, when it ends, into its record (handed to the hooks as
`GameFacts.record`, kept in `bot.game.record.RECORDS`: `ledger_hook` reads the
same record for the best melds), and each seat's totals are stored with the
table (`store_deal_stats`) in the transaction of the action that ended the game;
a game cancelled after a completed deal is rated (bot.services.ledger_hook), so
its deals count too.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game.events import Event, GameOver
from bot.game.record import GameRecord
from bot.store import Tx
from bot.store.records import SeatDeals, store_deal_stats
from bot.tables import TableFacts
from bot.tables.service_events import Cancelled


async def records_hook(tx: Tx, table: TableFacts, events: Sequence[Event]) -> None:
    """On `game_over`, or a `cancel` after a completed deal, store each seat's deal figures."""
    game = table.game
    for event in events:
        ended = isinstance(event, GameOver) or (
            isinstance(event, Cancelled) and game is not None and game.deals
        )
        if ended:
            assert game is not None and game.record is not None, "an ended game has its record"
            await store_deal_stats(tx, table.id, seat_deals(game.record))


def seat_deals(record: GameRecord) -> list[SeatDeals]:
    """Each seat's finished deals, own meld that counted and contracts, from a game record
    built from the log (`GameFacts.record`: its typed deal results).

    A seat's meld is what it declared that counted (`MeldRecord.counted`: C-6, D-5, E-11, a side
    that takes no trick loses its meld); partners' melds are told apart by who declared them.
    """
    seats = []
    for seat in range(record.players):
        deals = meld = bids = made = 0
        for deal in record.deals:
            result = deal.result
            if result is None or seat not in deal.hands:
                continue  # a deal still in play, or one the seat sat out after going out (C-10)
            deals += 1
            meld += sum(
                part.points for m in deal.melds if m.seat == seat and m.counted for part in m.parts
            )
            if deal.contract is not None and deal.contract[0] == seat:
                bids += 1
                made += bool(result.made)
        seats.append(SeatDeals(deals, meld, bids, made))
    return seats
