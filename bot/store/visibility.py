"""When a deal's record may be shown: the one gate for every way of looking at a deal.

A deal's record is its hands as dealt, the auction, the melds, every trick and
its result (and whatever is revealed with it, such as the deal's seed). It may
be shown, to anyone, only when both hold:

1. **The deal was played to its end at its table.** A deal dealt but not played
   (the next deal an event table has dealt when it stops, a deal cut off by a
   cancel) is never shown: `played`.
2. **No other open table holds the same cards.** Tables with one seed are dealt
   the same cards, deal by deal (a duplicate league night gives every table of
   a round the round's seed, `bot.nights.duplicate`). While another table with
   that seed is open (lobby or playing, in any server), every deal of the seed
   stays hidden, the one it plays and the later ones alike: `hidden`. A table's
   own later deals are other cards, so its players may look back at the deals
   it has finished. An event table is therefore a visible game only once its
   round has ended everywhere (each table played its deals or was closed).

The rule reads only the store (the `tables` rows; `event_tables` and `events`
to say why), so the bot's table service and a web server in another process
answer alike. Every surface goes through it: *Review last deal* and its *Show
in channel* (`bot.tables.play`), `/pinochle replay` (`cogs._replay`), the web
replay page and its API (`bot.store.web_reads.finished_game`), and every list
of games and what it tells of their deals: `/pinochle stats` and `history`,
the web games list and player pages, `/league export` (`SHOWN_GAME`), and the
chip ledger's history and exports (`bot.store.ledger`: Check's chips name a
deal's melds and its winning bid). Anything
added later that shows a deal asks `hidden` (and `played`) first, or filters
its games with `shown_game`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from .db import Reader

#: Table statuses in which a table may still play cards.
OPEN_STATUSES: Final = ("lobby", "playing")


def _twins(mine: str, other: str) -> str:
    """Join `other` to the open tables that hold the cards of table `mine`: the same seed."""
    statuses = ", ".join(f"'{status}'" for status in OPEN_STATUSES)
    return (
        f"tables AS {other} ON {other}.seed = {mine}.seed AND {other}.id <> {mine}.id"
        f" AND {other}.status IN ({statuses})"
    )


def shown_game(table_id: str) -> str:
    """An SQL condition, true when the deals of the table `table_id` (a column or expression)
    may be shown: no other open table has its seed. Constants only, for either backend; the
    tables hidden are found once per query (from the few open tables), not once per row."""
    hidden_ids = (
        f"SELECT seen_mine.id FROM tables AS seen_mine JOIN {_twins('seen_mine', 'seen_other')}"
    )
    return f"({table_id} IS NULL OR {table_id} NOT IN ({hidden_ids}))"


#: The condition for a game (`games AS g`): whether it is a visible game.
SHOWN_GAME: Final = shown_game("g.table_id")


@dataclass(frozen=True, slots=True)
class Hidden:
    """Why a table's deals are hidden now: another open table holds its cards. `event` and
    `round` name the league night and the round whose end opens them, for an event's table."""

    event: str | None = None
    round: int | None = None


async def hidden(db: Reader, table_id: int) -> Hidden | None:
    """None when the deals table `table_id` has played may be shown now (or there is no such
    table); otherwise why not (rule 2 of the module). The league night and round are named only
    when every table holding the cards is of that round, so its end does open them."""
    row = await db.fetchone(
        "SELECT e.name, et.round, twin_et.event_id FROM tables AS t"
        f" JOIN {_twins('t', 'twin')}"
        " LEFT JOIN event_tables AS et ON et.table_id = t.id"
        " LEFT JOIN events AS e ON e.id = et.event_id"
        " LEFT JOIN event_tables AS twin_et ON twin_et.table_id = twin.id"
        " AND twin_et.event_id = et.event_id AND twin_et.round = et.round"
        " WHERE t.id = ? ORDER BY CASE WHEN twin_et.event_id IS NULL THEN 0 ELSE 1 END LIMIT 1",
        (table_id,),
    )
    if row is None:
        return None
    return Hidden() if row[2] is None else Hidden(row[0], row[1])


class Deal(Protocol):
    """A deal of a record (`bot.game.record.DealRecord`): over once it has its result."""

    @property
    def finished(self) -> bool: ...


D = TypeVar("D", bound=Deal)


def played(deals: Iterable[D]) -> list[D]:
    """The deals played to their end (rule 1 of the module): never a deal dealt but not played."""
    return [deal for deal in deals if deal.finished]
