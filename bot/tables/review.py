"""Who may see a finished deal: the one gate of *Review last deal* and `/pinochle replay`.

A deal is told again from the game's record (`bot.game.record`, built once and kept in
`RECORDS`); only a deal whose `deal_end` event has happened is ever reviewed, so no card
still in play can show. And no deal is reviewed while another open table holds its cards
(a duplicate league night's round, until it has ended everywhere): `guard_shown` refuses,
saying when it opens (`bot.store.visibility`, the one rule for every way of looking at a
deal). `Replays` reads a finished game for `/pinochle replay` through the same gate.
"""

from __future__ import annotations

import asyncio

from bot.game.errors import Refusal
from bot.game.record import GameRecord
from bot.store import Reader, Store, game_log
from bot.store.visibility import hidden, played


async def guard_shown(db: Reader, table_id: int) -> None:
    """Refuse while the deals of table `table_id` are hidden (`bot.store.visibility`: another
    open table holds their cards), saying why and when they open: an event's table at the end
    of its round everywhere."""
    why = await hidden(db, table_id)
    if why is None:
        return
    if why.round is not None:
        raise Refusal("bot.refuse.deal_hidden_event", table_id, name=why.event, round=why.round)
    raise Refusal("bot.refuse.deal_hidden", table_id)


class Replays:
    """Finished games' records for `/pinochle replay`, read from the store through the gate."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._building = asyncio.Lock()  # one replay of a log at a time: bounded work

    async def record(self, guild_id: int, game_id: int) -> GameRecord | None:
        """The record of a finished game of this server with the deals it played, or None; a
        `Refusal` while another open table holds its cards (`bot.store.visibility`)."""
        log = await game_log(self.store, game_id)
        if log is None or log.status != "finished" or log.guild_id != guild_id:
            return None  # another server's game is not even built
        await guard_shown(self.store, game_id)  # its cards are played elsewhere
        async with self._building:
            record = await asyncio.to_thread(GameRecord.from_stored, log)
        record.deals = played(record.deals)  # never a deal dealt but not played
        return record if record.deals else None
