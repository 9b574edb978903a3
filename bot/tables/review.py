"""Who may see a finished deal: the one gate of *Review last deal* and `/pinochle replay`.

A deal is told again from the game's record (`bot.game.record`, built once and kept in
`RECORDS`); only a deal whose `deal_end` event has happened is ever reviewed, so no card
still in play can show. And no deal is reviewed while another open table holds its cards
(a duplicate league night's round, until it has ended everywhere): `guard_shown` refuses,
saying when it opens (`bot.store.visibility`, the one rule for every way of looking at a
deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.game.errors import Refusal
from bot.store import Reader
from bot.store.visibility import hidden

if TYPE_CHECKING:
    from bot.tables.model import Table


async def guard_shown(db: Reader, table_id: int, table: Table | None = None) -> None:
    """Refuse while the deals of table `table_id` are hidden (`bot.store.visibility`: another
    open table holds their cards), saying why and when they open: an event's table at the end
    of its round everywhere."""
    why = await hidden(db, table_id)
    if why is None:
        return
    if why.round is not None:
        raise Refusal("bot.refuse.deal_hidden_event", table, name=why.event, round=why.round)
    raise Refusal("bot.refuse.deal_hidden", table)
