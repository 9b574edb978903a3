"""Which deals the tables of an event play.

The engine draws the first dealer from a game's seed and deals deal k from its
secret key alone (bot.game.fair), so tables given the same seed and key get the
same cards in the same seats, deal by deal, whatever is played. In a duplicate
round every table gets the round's seed and key, and each table's seating is rotated by its
number, so the strongest player of each table holds a different seat's cards
(every seat's cards are held by players of every table rank, where there are
at least as many tables as seats). Without duplicate each table gets a seed of
its own.
"""

from __future__ import annotations

import random

from bot.nights.seating import Seats

#: Seeds stay below 2**62: every store keeps them as a signed 64-bit integer.
SEED_LIMIT = 2**62


def round_seed(event_seed: int, round_no: int, table_no: int | None = None) -> int:
    """The seed of a round's deals: one for every table (`table_no` None, duplicate) or per table."""
    key = f"{event_seed}:round:{round_no}"
    if table_no is not None:
        key += f":table:{table_no}"
    return random.Random(key).randrange(SEED_LIMIT)


def rotate_for_table(seats: Seats, table_no: int) -> Seats:
    """Table `table_no`'s seating turned by that many seats: seat s moves to seat s + table_no.

    Partners stay opposite each other (a turn by one seat moves both by one).
    """
    k = table_no % len(seats)
    return seats[-k:] + seats[:-k] if k else seats
