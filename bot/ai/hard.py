"""The `hard` level: search over the hidden cards (perfect-information Monte Carlo, PIMC).

For each decision it deals the cards it has not seen into worlds consistent
with everything its seat has seen (`worlds`), plays every candidate move out
to the end of the deal in each world (`rollout`), and keeps the move with the
best total deal margin over the worlds (each world scores every candidate, so
luck cancels between them). Ties go to the `normal` player's choice, which is
listed first. The two-hand play-off, where nothing is hidden, is solved
exactly instead (`solver`), from its first trick: a solved play-off replaces
the whole search, so the solver may visit up to `SOLVER_BUDGETS` budgets' worth of
positions (the median 12-card play-off takes far less than one).

The two-hand stock phase (and its melds and draws) is searched only in its
last tricks (`STOCK_SEARCH`); before that it is left to the `normal` rules:
what a card is worth there is mostly the meld it may still complete, which
rough playouts cannot see, and the arena showed it (searched from its first
trick, the search lost 48 points a deal to `normal` there).

In partnership auction and double-deck (RULES F-5, the games with a passing) the bidding and the
naming of trump are `normal`'s too, whose bids are fitted to those games: searched, they lost to
`normal` (auction, 40 duplicate deals at 0.1 s: −14.8 a deal searched, +15.2 with `normal`'s
bidding; double-deck, 100 deals: −23.1 searched). In the double deck the search plays only the
last 8 of its 20 tricks: with 80 cards hidden in 60 places, a decision's budget buys too few
worlds early on, and searching every trick lost to `normal` (100 deals at 0.1 s: −4.1, −6.8 ..
−1.4), while the last 8 alone gained (40 deals: +1.2, +0.4 .. +1.9).

Thinking time: the search stops after a number of playout actions worth
`budget` seconds, at a rate measured once per process and variant
(`work_rate`), so within a process the same view and seed always give the
same move; a wall-clock guard stops it anyway at `GUARD` times the budget on
a busy machine.
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time

from bot.game import (
    DECLARE_OUT,
    PASS,
    VARIANTS,
    Action,
    Card,
    Phase,
    SeatView,
    lowest_bid,
    new_game,
    world_from_view,
)

from .knowledge import Knowledge, read_view
from .normal import decide_normal
from .player import Player
from .rollout import Playout
from .solver import PlayoffSolver, TooDeep, nodes_per_second
from .worlds import WorldError, deal_hidden, slots

#: Share of the budget the counted work aims at, so the median decision stays within budget.
TARGET = 0.8
#: Hard stop, as a multiple of the budget, whatever the count of actions.
GUARD = 3.0
#: The double deck's first trick the search plays (0-based: the last 8 of 20); before it, normal's.
DOUBLE_DECK_SEARCH_FROM = 12
#: The two-hand stock phase is searched once the stock holds this many cards or fewer (the
#: turn-up included, A-3); earlier the `normal` rules decide (see the module docstring).
STOCK_SEARCH = 6
#: The solver may visit this many budgets' worth of positions (see the module docstring).
SOLVER_BUDGETS = 3.0
#: Never fewer worlds than this when there is any time at all.
MIN_WORLDS = 2
#: The calibration deal (a fixed seed), the worlds searched at each of its positions, and the
#: seconds it should take at least.
CALIBRATION_SEED, CALIBRATION_WORLDS, CALIBRATION_SECONDS = 20261129, 2, 0.25

_rates: dict[str, float] = {}
_rates_lock = threading.Lock()


def work_rate(variant: str) -> float:
    """Playout actions per second in this variant on this machine, measured once per process.

    The measure runs the search itself over the card-play positions of fixed
    deals played by the normal level, so it includes world building and
    cloning, early and late in a deal. Budgets are then counted in actions, not seconds, which
    keeps every decision a function of the view and the seed alone.
    """
    with _rates_lock:
        if variant not in _rates:
            _rates[variant] = _measure(variant)
        return _rates[variant]


def warm_up() -> float:
    """Measure every work rate now (seconds taken), so no player's first decision pays for it.

    The bot calls it once at start-up; otherwise the first `hard` decision of
    each variant in a process takes about a quarter of a second longer.
    """
    start = time.perf_counter()
    nodes_per_second()
    for variant in VARIANTS:
        work_rate(variant)
    return time.perf_counter() - start


def _measure(variant: str) -> float:
    work, seconds, seed = 0, 0.0, CALIBRATION_SEED
    while seconds < CALIBRATION_SECONDS:
        game = new_game(variant, seed=seed)
        while not game.deal_results and seconds < CALIBRATION_SECONDS:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            legal = list(view.legal)
            # Card play makes most decisions (an auction's playouts run slower): measure it.
            if len(legal) > 1 and view.phase.plays_cards:
                start = time.perf_counter()
                _, done = search(
                    read_view(view), legal[:4], random.Random(seed), max_worlds=CALIBRATION_WORLDS
                )
                seconds += time.perf_counter() - start
                work += done
            game.apply(decide_normal(view, legal))
        seed += 1
    return work / seconds


def search(
    k: Knowledge,
    candidates: list[Action],
    rng: random.Random,
    *,
    max_work: float = math.inf,
    max_worlds: int = 10**9,
    deadline: float = math.inf,
) -> tuple[list[float], int]:
    """Total deal margin of each candidate over sampled worlds, and the playout actions it took."""
    _, hidden, stock = slots(k)
    if sum(1 for n in list(hidden.values()) + [stock] if n) <= 1:
        max_worlds = 1  # only one world fits the view (the two-hand play-off, say)
    totals = [0.0] * len(candidates)
    work = worlds = 0
    while worlds < max_worlds and (
        worlds < MIN_WORLDS or (work < max_work and time.perf_counter() < deadline)
    ):
        hands, stock_cards = deal_hidden(k, rng)
        world = world_from_view(k.view, hands, stock_cards)
        all_hands = dict(hands)
        all_hands[k.seat] = k.hand
        for i, action in enumerate(candidates):
            playout = Playout(
                hands=all_hands,
                trick=list(k.trick),
                trump=k.trump,
                variant=k.variant,
                options=k.options,
                value=k.value,
                free_play=k.phase.stock_round,
            )
            totals[i] += _margin(k, playout.run(world.clone(), action))
            work += playout.actions
        worlds += 1
    return totals, work


def _margin(k: Knowledge, points: list[int]) -> float:
    """Our deal points against the opponents' mean (the arena's measure)."""
    others = [points[s] for s in k.active if not k.variant.same_side(s, k.seat)]
    return points[k.seat] - (statistics.fmean(others) if others else 0.0)


class HardPlayer(Player):
    """Determinized playouts over worlds consistent with the view; see the module docstring."""

    level = "hard"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        fallback = decide_normal(view, legal)
        if DECLARE_OUT in legal:
            return fallback  # the engine says whether a claim wins; nothing to search
        if VARIANTS[view.variant].two_handed and view.phase != Phase.PLAYOFF:
            if view.stock > STOCK_SEARCH:
                return fallback  # the two-hand stock phase: see the module docstring
        k = read_view(view)
        if k.options["pass_count"] and view.phase in (Phase.AUCTION, Phase.TRUMP):
            return fallback  # the passing games' bidding and trump: see the module docstring
        if k.variant.double_deck and view.tricks_played < DOUBLE_DECK_SEARCH_FROM:
            return fallback  # the double deck's early tricks: see the module docstring
        candidates = [fallback] + [a for a in self._candidates(view, legal) if a != fallback]
        if len(candidates) == 1:
            return fallback
        if k.two_handed_mode and k.phase == Phase.PLAYOFF and candidates[0].verb == "play":
            try:
                return Action.play(self._solve(k, candidates[0]))
            except TooDeep:
                pass
        start = time.perf_counter()
        try:
            totals, _ = search(
                k,
                candidates,
                self.rng(view),
                max_work=self.budget * TARGET * work_rate(view.variant),
                deadline=start + GUARD * self.budget,
            )
        except WorldError:
            return fallback
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _solve(self, k: Knowledge, first: Action) -> Card:
        """The two-hand play-off is a game of perfect information: play it exactly."""
        solver = PlayoffSolver(
            k.trump, k.value, k.options, k.last_bonus, SOLVER_BUDGETS * self.budget
        )
        return solver.best_card(k, first.card)

    @staticmethod
    def _candidates(view: SeatView, legal: list[Action]) -> list[Action]:
        """The moves worth searching: in an auction only passing or the lowest bid (never a jump)."""
        if view.phase == Phase.AUCTION:
            lowest = lowest_bid(legal)
            return [a for a in legal if a == PASS or a == lowest]
        return legal
