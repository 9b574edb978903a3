"""The `hard` level: search over the hidden cards (perfect-information Monte Carlo, PIMC).

For each decision it deals the cards it has not seen into worlds consistent
with everything its seat has seen (`worlds`) and weighed by what the melds
and the auction say of each hand (`inference`: a partner's as well as an
opponent's; in four-hand cutthroat also the cheaper cards its plays say it
lacked), plays every candidate move out to the end of the deal in each
world from the real bid record (`rollout`), and keeps the move with the
best total deal margin over the worlds (each world scores every candidate, so
luck cancels between them). Ties go to the `normal` player's choice, which is
listed first. The margin counts a side's total, so partners play for
their partnership. In an auction it weighs passing against several bid
levels up to what the hand is worth (`bidding.bid_levels`; in the games with a passing, see
below). The two-hand
play-off, where nothing is hidden, is solved exactly instead (`solver`), from
its first trick: a solved play-off replaces the whole search, so the solver may
visit up to `SOLVER_BUDGETS` budgets' worth of positions (the median 12-card
play-off takes far less than one).

The two-hand stock phase (and its melds and draws) is searched only in its
last tricks (`STOCK_SEARCH`); before that it is left to the `normal` rules:
what a card is worth there is mostly the meld it may still complete, which
rough playouts cannot see, and the arena showed it (searched from its first
trick, the search lost 48 points a deal to `normal` there).

In partnership auction and double-deck (with or without a passing, F-5, H-5) the bids and the
trump come from what a contract is worth to the side, the partner's hand and pass counted
(`contract`: a model fitted offline on self-play for the table's game and options, over partner
hands drawn against the partner's calls), not from playouts: a call's playouts swing by hundreds
of points with the contract made or set, so at this budget they were too noisy to beat
`normal`'s calls (docs/computer-players.md). A table whose options no fit was trained on keeps
`normal`'s calls if it passes, else searches them, as Check does (`contract` says why it has no
fit). The double deck's card play is searched from its first trick; in its first
`DOUBLE_DECK_EARLY` tricks, with 80 cards hidden in 60 places, a decision's budget buys few
worlds, so a searched card replaces `normal`'s only beyond `EARLY_NOISE_Z` standard errors.

Noise: the worlds are a sample, so a total is an estimate. The `normal`
move stays unless another beats it by more than the sampling error of the
difference: each world scores both moves, so the difference is measured world
by world (paired) and its standard error is the spread of those differences
over the root of the worlds (`choose`).

Thinking time: the budget is counted in work, not in seconds, at a fixed rate
per variant (`WORK_PER_SECOND`: playout actions, one per card or other action
played out; `SOLVER_NODES_PER_SECOND`: play-off positions), so the same view,
seed and budget always give the same move in any process on any machine, however
busy. The rates are what one core of the reference machine (docs/computer-players.md)
does in a second, so a budget of b buys about b seconds of its CPU there. A
guard stops a search anyway after `GUARD` times the budget of this thread's CPU
time (a machine much slower than the reference; a busy machine only waits longer).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable

from bot.game import (
    DECLARE_OUT,
    VARIANTS,
    Action,
    Card,
    Phase,
    SeatView,
    new_game,
    world_from_view,
)

from . import contract
from .bidding import bid_levels
from .inference import Evidence, read_evidence
from .knowledge import Knowledge, read_view
from .normal import decide_normal
from .player import Player
from .rollout import Playout
from .solver import PlayoffSolver, TooDeep
from .worlds import WorldError, deal_hidden, slots

#: Where a search's worlds come from: the other seats' hands and the face-down stock, given what
#: the seat knows, a generator and the evidence its worlds are weighed by (`worlds.deal_hidden`).
Dealer = Callable[[Knowledge, random.Random, Evidence], tuple[dict[int, list[Card]], list[Card]]]

#: Playout actions a budget second buys, per variant: one core of the reference machine's rate
#: in the positions `hard` searches (`python benchmarks/playout_bench.py` prints it).
WORK_PER_SECOND: dict[str, int] = {
    "two-handed": 150_000,
    "two-handed-no-trump": 150_000,
    "three-handed": 300_000,
    "four-handed": 250_000,
    "partnership": 250_000,
    "check": 250_000,
    "auction": 250_000,
    "double-deck": 200_000,
}
#: Play-off positions a budget second buys the solver (the reference machine's rate).
SOLVER_NODES_PER_SECOND = 150_000
#: Hard stop, as a multiple of the budget in this thread's CPU seconds, whatever the count.
GUARD = 3.0
#: Playout actions a deal drawn against the melds and calls costs (`worlds.deal_hidden`), and
#: what weighing one caller's hand adds: about what they take here.
DRAW_WORK, CALLER_WORK = 70, 15
#: The double deck's early tricks (0-based, before this one): with 80 cards hidden in 60 places
#: a decision's budget buys few worlds, so there a searched card replaces `normal`'s only when it
#: beats it by `EARLY_NOISE_Z` standard errors.
DOUBLE_DECK_EARLY, EARLY_NOISE_Z = 8, 2.0
#: The two-hand stock phase is searched once the stock holds this many cards or fewer (the
#: turn-up included, A-3); earlier the `normal` rules decide (see the module docstring).
STOCK_SEARCH = 6
#: The solver may visit this many budgets' worth of positions (see the module docstring).
SOLVER_BUDGETS = 3.0
#: Never fewer worlds than this when there is any time at all.
MIN_WORLDS = 2
#: An alternative replaces the `normal` move only when it beats it by more than this many
#: standard errors of the paired difference.
NOISE_Z = 1.0


def work_rate(variant: str) -> float:
    """Playout actions per budget second in `variant`: a constant, so no machine's load moves it."""
    return WORK_PER_SECOND[variant]


def warm_up() -> float:
    """Build the tables the search reads (seconds taken), so no player's first decision pays for it.

    The bot calls it once at start-up: one small search per variant fills the
    engine's §8 tiers and the playouts' card plans. Nothing is measured; the
    budget's rates are constants.
    """
    start = time.perf_counter()
    for variant in VARIANTS:
        game = new_game(variant, seed=1)
        while game.to_act is not None and not game.state.phase.binds_play:
            game.apply(decide_normal(game.view(game.to_act), game.legal_actions()))
        view = game.view(game.to_act) if game.to_act is not None else None
        if view is not None:
            search_worlds(
                read_view(view), list(view.legal), random.Random(1), max_worlds=MIN_WORLDS
            )
    return time.perf_counter() - start


def search_worlds(
    k: Knowledge,
    candidates: list[Action],
    rng: random.Random,
    *,
    max_work: float = math.inf,
    max_worlds: int = 10**9,
    deadline: float = math.inf,
    dealer: Dealer = deal_hidden,
) -> tuple[list[list[float]], int]:
    """Each candidate's deal margin in each sampled world (the same worlds for all), and the work.

    The search stops when `max_work` playout actions are done, `max_worlds`
    worlds are played, or this thread's CPU clock (`time.thread_time`) passes
    `deadline`; never before `MIN_WORLDS` worlds (unless `max_worlds` is fewer).
    """
    if _one_world(k):
        max_worlds = 1  # only one world fits the view (the two-hand play-off, say)
    evidence = read_evidence(k)
    draw_work = DRAW_WORK + CALLER_WORK * len({c.seat for c in evidence.calls})
    bids = {s: b for s, b in enumerate(k.view.bids) if b is not None}
    margins: list[list[float]] = [[] for _ in candidates]
    work = worlds = 0
    while worlds < max_worlds and (
        worlds < MIN_WORLDS or (work < max_work and time.thread_time() < deadline)
    ):
        drawn = evidence.draws
        hands, stock_cards = dealer(k, rng, evidence)
        work += draw_work * (evidence.draws - drawn)
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
                bids=dict(bids),  # the playout goes on from the real auction
                high_bidder=k.view.bidder,
            )
            margins[i].append(_margin(k, playout.run(world.clone(), action)))
            work += playout.actions
        worlds += 1
    return margins, work


def choose(margins: list[list[float]], noise_z: float = NOISE_Z) -> int:
    """The candidate to play: the first (the `normal` move) unless another beats it beyond noise.

    The best alternative by mean must beat the first by more than `noise_z`
    standard errors of their world-by-world difference. One world is searched
    only when it is the only one that fits the view: then there is no sampling error.
    """
    means = [statistics.fmean(m) for m in margins]
    best = max(range(len(margins)), key=lambda i: (means[i], -i))
    if best == 0:
        return 0
    diffs = [b - a for a, b in zip(margins[0], margins[best], strict=True)]
    gain = statistics.fmean(diffs)
    error = 0.0 if len(diffs) < 2 else statistics.stdev(diffs) / math.sqrt(len(diffs))
    return best if gain > noise_z * error else 0


def _one_world(k: Knowledge) -> bool:
    """Does only one world fit the view (every hidden card in one place)?"""
    _, hidden, stock = slots(k)
    return sum(1 for n in list(hidden.values()) + [stock] if n) <= 1


def _margin(k: Knowledge, points: list[int]) -> float:
    """Our deal points against the opponents' mean (the arena's measure)."""
    others = [points[s] for s in k.active if not k.variant.same_side(s, k.seat)]
    return points[k.seat] - (statistics.fmean(others) if others else 0.0)


class HardPlayer(Player):
    """Determinized playouts over worlds consistent with the view; see the module docstring."""

    level = "hard"
    #: Where a fit was trained, bid and name trump by the contract's fitted worth (`contract`)
    #: rather than by searching the calls' playouts.
    calls_by_contract = True
    #: The double deck's tricks searched with the stricter `EARLY_NOISE_Z` (see the module docstring).
    early_tricks = DOUBLE_DECK_EARLY

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        fallback = decide_normal(view, legal)
        if DECLARE_OUT in legal:
            return fallback  # the engine says whether a claim wins; nothing to search
        if VARIANTS[view.variant].two_handed and view.phase != Phase.PLAYOFF:
            if view.stock > STOCK_SEARCH:
                return fallback  # the two-hand stock phase: see the module docstring
        k = read_view(view)
        if view.phase in (Phase.AUCTION, Phase.TRUMP) and self.calls_by_contract:
            fit = contract.fit_for(view.variant, k.options)
            if fit is not None:
                return self._call(k, legal, fit)  # see the module docstring
            if k.options["pass_count"]:
                return fallback  # a passing table no fit was trained on
        candidates = [fallback] + [a for a in self._candidates(k, legal) if a != fallback]
        if len(candidates) == 1:
            return fallback
        if k.two_handed_mode and k.phase == Phase.PLAYOFF and candidates[0].verb == "play":
            try:
                return Action.play(self._solve(k, candidates[0]))
            except TooDeep:
                pass
        start = time.thread_time()
        try:
            dealer, most = self.worlds(k)
            margins, _ = search_worlds(
                k,
                candidates,
                self.rng(view),
                max_work=self.budget * work_rate(view.variant),
                max_worlds=most,
                deadline=start + GUARD * self.budget,
                dealer=dealer,
            )
        except WorldError:
            return fallback
        early = k.variant.double_deck and view.tricks_played < self.early_tricks
        return candidates[choose(margins, EARLY_NOISE_Z if early else NOISE_Z)]

    def _call(self, k: Knowledge, legal: list[Action], fit: contract.ContractFit) -> Action:
        """A bid, pass or trump by the contract's fitted worth, the partner's pass (if any)
        counted (`contract`), over partner hands drawn as the budget allows."""
        samples = contract.samples_for(self.budget * work_rate(k.view.variant), k.options)
        worth = contract.worth_by_trump(k, fit, self.rng(k.view), samples)
        if k.phase == Phase.TRUMP:
            return contract.choose_trump(legal, worth)
        return contract.choose_bid(k, legal, fit, worth)

    def worlds(self, k: Knowledge) -> tuple[Dealer, int]:
        """Where the search's worlds for the decision at `k` come from and at most how many:
        samples of what the view allows, as many as the budget buys."""
        return deal_hidden, 10**9

    def _solve(self, k: Knowledge, first: Action) -> Card:
        """The two-hand play-off is a game of perfect information: play it exactly."""
        nodes = int(SOLVER_BUDGETS * self.budget * SOLVER_NODES_PER_SECOND)
        solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=nodes)
        return solver.best_card(k, first.card)

    @staticmethod
    def _candidates(k: Knowledge, legal: list[Action]) -> list[Action]:
        """The moves worth searching: in an auction passing and the sensible bid levels."""
        if k.phase == Phase.AUCTION:
            return bid_levels(k, legal)
        return legal
