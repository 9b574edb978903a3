"""League nights: the pure rules of an organised event, with no I/O.

Who sits where each round (`bot.events.seating`): round 1 by rating, later rounds
by Swiss pairing in two-handed, rotating seats in three- and four-handed, changing
partners in partnership and Check; computer fillers (`None`) take the seats left
over. Which deals each table plays (`bot.events.duplicate`): in a duplicate event
every table of a round plays the same seed, its seats rotated across tables. How
an event is ranked (`bot.events.scoring`): matchpoints among everyone who held
the same cards (2 per player beaten, 1 per tie), or total points when duplicate
is off; a no-show's round scores zero. The runner that plays an event through the
table service is `bot.nights.runner`.
"""

from bot.events.duplicate import rotate_for_table, round_seed
from bot.events.scoring import DealScore, Standing, matchpoints, round_scores, standings
from bot.events.seating import Seating, seat_round

__all__ = [
    "DealScore",
    "Seating",
    "Standing",
    "matchpoints",
    "rotate_for_table",
    "round_scores",
    "round_seed",
    "seat_round",
    "standings",
]
