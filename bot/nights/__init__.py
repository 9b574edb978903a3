"""League nights: organised events of rounds of tables, their rules and their runner.

The rules are pure, with no I/O (an import-linter contract holds them to it): who sits where
each round (`seating`): round 1 by rating, later rounds by Swiss pairing in two-handed, rotating
seats in three- and four-handed, changing partners in partnership and Check; computer fillers
(`None`) take the seats left over. Which deals each table plays (`duplicate`): in a duplicate
event every table of a round plays the same seed, its seats rotated across tables. How an event
is ranked (`scoring`): matchpoints among everyone who held the same cards (2 per player beaten,
1 per tie), or total points when duplicate is off; a no-show's round scores zero. When a night
starts (`when`).

The runner (`runner.NightRunner`) plays an event through the table service: it opens each
round's tables, follows them through a table-service hook and closes the round; `results`
stores each deal's scores and rates the games. The Discord side (threads, notices) is `cogs`.
"""

from bot.nights.duplicate import rotate_for_table, round_seed
from bot.nights.scoring import DealScore, Standing, matchpoints, round_scores, standings
from bot.nights.seating import Seating, seat_round

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
