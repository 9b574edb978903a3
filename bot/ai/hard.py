"""The `hard` level: search over the hidden cards (perfect-information Monte Carlo, PIMC).

For each decision it deals the cards it has not seen into worlds consistent
with everything its seat has seen (`worlds`), plays every candidate move out
to the end of the deal in each world (`rollout`), and keeps the move with the
best total deal margin over the worlds (each world scores every candidate, so
luck cancels between them). Ties go to the `normal` player's choice, which is
listed first. The two-hand play-off, where nothing is hidden, is solved
exactly instead when the budget allows (`solver`).

Thinking time: the search stops after a number of playout actions worth
`budget` seconds on the reference machine (`ACTIONS_PER_SECOND`), so the same
view and seed always give the same move; a wall-clock guard stops it anyway
at `GUARD` times the budget on a slow or busy machine.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Mapping

from bot.game import Card, world_from_view

from .knowledge import Knowledge, read_view
from .normal import decide_normal
from .player import Player
from .rollout import Playout
from .solver import PlayoffSolver, TooDeep
from .worlds import WorldError, deal_hidden, slots

#: Playout actions (engine applies) per second of budget, measured on the reference machine (2 cores,
#: Python 3.11) with world building and cloning included, less a margin so the median decision stays
#: within budget: two hands (stock melding is costlier per action), three or four hands.
ACTIONS_PER_SECOND = {2: 14000, 3: 36000, 4: 36000}
#: Hard stop, as a multiple of the budget, whatever the count of actions.
GUARD = 3.0
#: Never fewer worlds than this when there is any time at all.
MIN_WORLDS = 2


class HardPlayer(Player):
    """Determinized playouts over worlds consistent with the view; see the module docstring."""

    level = "hard"

    def decide(self, view: Mapping[str, Any], legal: list[str]) -> str:
        fallback = decide_normal(view, legal)
        if "declare out" in legal:
            return fallback  # a claim is checked by arithmetic, not by search
        candidates = [fallback] + [a for a in self._candidates(view, legal) if a != fallback]
        if len(candidates) == 1:
            return fallback
        k = read_view(view)
        if k.two_handed_mode and k.phase == "playoff" and candidates[0].startswith("play "):
            try:
                return f"play {self._solve(k, candidates[0])}"
            except TooDeep:
                pass
        try:
            totals = self._search(k, candidates)
        except WorldError:
            return fallback
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _solve(self, k: Knowledge, first: str) -> Card:
        """The two-hand play-off is a game of perfect information: play it exactly."""
        solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, self.budget)
        return solver.best_card(k, Card.from_text(first.split()[1]))

    @staticmethod
    def _candidates(view: Mapping[str, Any], legal: list[str]) -> list[str]:
        """The moves worth searching: in an auction only passing or the lowest bid (never a jump)."""
        if view["phase"] == "auction":
            bids = [a for a in legal if a.startswith("bid ")]
            lowest = min(bids, key=lambda a: int(a.split()[1])) if bids else None
            return [a for a in legal if a == "pass" or a == lowest]
        return legal

    def _search(self, k: Knowledge, candidates: list[str]) -> list[float]:
        start = time.perf_counter()
        rng = self.rng(k.view)
        limit = self.budget * ACTIONS_PER_SECOND[min(4, max(2, len(k.active)))]
        deadline = start + GUARD * self.budget
        _, hidden, stock = slots(k)
        single_world = sum(1 for n in list(hidden.values()) + [stock] if n) <= 1  # e.g. the two-hand play-off
        totals = [0.0] * len(candidates)
        work = 0
        worlds = 0
        while True:
            hands, stock_cards = deal_hidden(k, rng)
            world = world_from_view(k.view, hands, stock_cards)
            all_hands = dict(hands)
            all_hands[k.seat] = k.hand
            for i, action in enumerate(candidates):
                playout = Playout(hands=all_hands, trick=list(k.trick), trump=k.trump,
                                  partnership=k.partner is not None, options=k.options, value=k.value,
                                  free_play=k.phase in ("stock", "meld", "draw"))
                points = playout.run(world.clone(), action)
                work += playout.actions
                totals[i] += self._margin(k, points)
            worlds += 1
            if single_world:
                break
            if worlds >= MIN_WORLDS and (work >= limit or time.perf_counter() > deadline):
                break
        return totals

    @staticmethod
    def _margin(k: Knowledge, points: list[int]) -> float:
        """Our deal points against the opponents' mean (the arena's measure)."""
        others = [points[s] for s in k.active if not k.same_side(s, k.seat)]
        return points[k.seat] - (statistics.fmean(others) if others else 0.0)
