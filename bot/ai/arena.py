"""The arena: duplicate deals between two levels, the measure of strength.

Every deal is played once per seating with the same cards (`new_game(variant,
seed=...)` deals the same first deal every time): twice with the seats swapped
in two-handed and team games, and once with A in each seat in three- and
four-handed cutthroat, where A plays against B in all the other seats. Luck of
the cards cancels out; what is left is skill. A deal's score for a side is
its points of that deal (`deal_results[-1].points`); in cutthroat B's
score is the mean of the B seats. The margin of a deal is A's mean score over
its seatings minus B's; a deal is won by A when A's total over its seatings is
higher than B's.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.game import VARIANTS, DealResult, Game, new_game

from .levels import LEVELS, get_player
from .player import Player
from .reference import ReferencePlayer, SeenCallsReference

#: The levels an arena may seat: the table levels and the yardstick that sees every card.
ARENA_LEVELS = (*LEVELS, ReferencePlayer.level, SeenCallsReference.level)


@dataclass
class DealOutcome:
    """One duplicate deal: A's and B's mean points over the seatings, and decision times."""

    index: int
    points_a: float
    points_b: float
    seconds_a: list[float] = field(default_factory=list)
    seconds_b: list[float] = field(default_factory=list)
    #: In the auction games, contracts each side bought and made over the seatings (E-7, F-9).
    bought_a: int = 0
    made_a: int = 0
    bought_b: int = 0
    made_b: int = 0

    @property
    def margin(self) -> float:
        return self.points_a - self.points_b


def seatings(variant: str) -> list[frozenset[int]]:
    """The seats A takes in each play of a deal."""
    return [frozenset(side) for side in VARIANTS[variant].sides()]


def _seed(*parts: int) -> int:
    """A stable seed from several integers (Python's hash of ints is stable, but keep it explicit)."""
    value = 1469598103934665603
    for p in parts:
        value = ((value ^ (p & 0xFFFFFFFF)) * 1099511628211) % 2**61
    return value % 2**31


def play_deal(
    variant: str,
    deal_seed: int,
    levels: list[str],
    player_seed: int,
    budget: float,
    options: Mapping[str, Any] | None = None,
) -> tuple[DealResult, list[list[float]]]:
    """Play the first deal of a seeded game; returns its result and each seat's decision times.

    Only real decisions (two or more legal actions) are timed.
    """
    game = new_game(variant, seed=deal_seed, options=dict(options or {}))
    players = [
        _player(level, game, seed=_seed(player_seed, s), budget=budget)
        for s, level in enumerate(levels)
    ]
    times: list[list[float]] = [[] for _ in levels]
    deals = len(game.deal_results)
    while len(game.deal_results) == deals:
        seat = game.to_act
        assert seat is not None  # the game goes on until the deal is over
        view = game.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        if len(view.legal) > 1:
            times[seat].append(time.perf_counter() - start)
        game.apply(action)
    return game.deal_results[-1], times


def _player(level: str, game: Game, *, seed: int, budget: float) -> Player:
    """A level's player for a seat of `game` (the reference alone reads the game itself)."""
    for cls in (ReferencePlayer, SeenCallsReference):
        if level == cls.level:
            return cls(game, seed=seed, budget=budget)
    return get_player(level, seed=seed, budget=budget)


@dataclass(frozen=True)
class Match:
    variant: str
    a: str
    b: str
    seed: int = 1
    budget: float = 1.0
    #: Table options every deal is played under (a house rule, a passing), as (name, value) pairs.
    options: tuple[tuple[str, Any], ...] = ()

    def deal(self, index: int) -> DealOutcome:
        """Play deal `index` in every seating."""
        deal_seed = _seed(self.seed, index)
        plays = seatings(self.variant)
        n = VARIANTS[self.variant].players
        out = DealOutcome(index, 0.0, 0.0)
        for p, a_seats in enumerate(plays):
            levels = [self.a if s in a_seats else self.b for s in range(n)]
            result, times = play_deal(
                self.variant,
                deal_seed,
                levels,
                _seed(self.seed, index, p),
                self.budget,
                dict(self.options),
            )
            points = result.points
            if result.declarer is not None:
                if result.declarer in a_seats:
                    out.bought_a += 1
                    out.made_a += bool(result.made)
                else:
                    out.bought_b += 1
                    out.made_b += bool(result.made)
            b_seats = [s for s in range(n) if s not in a_seats]
            out.points_a += statistics.fmean(points[s] for s in a_seats) / len(plays)
            out.points_b += statistics.fmean(points[s] for s in b_seats) / len(plays)
            for s in range(n):
                (out.seconds_a if s in a_seats else out.seconds_b).extend(times[s])
        return out


def run(
    match: Match,
    deals: int,
    workers: int = 2,
    progress: Callable[[DealOutcome], None] | None = None,
) -> list[DealOutcome]:
    """Play `deals` duplicate deals, in `workers` processes when more than one."""
    indexes = range(deals)
    if workers <= 1:
        results = []
        for i in indexes:
            results.append(match.deal(i))
            if progress:
                progress(results[-1])
        return results
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        results = []
        for outcome in pool.imap_unordered(match.deal, indexes):
            results.append(outcome)
            if progress:
                progress(outcome)
    return sorted(results, key=lambda o: o.index)


def summary(match: Match, outcomes: Iterable[DealOutcome]) -> dict[str, Any]:
    """Margin per deal for A with a 95% confidence interval, share of deals won, time per decision."""
    outcomes = list(outcomes)
    margins = [o.margin for o in outcomes]
    n = len(margins)
    mean = statistics.fmean(margins) if n else 0.0
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("inf")
    secs_a = [t for o in outcomes for t in o.seconds_a]
    secs_b = [t for o in outcomes for t in o.seconds_b]
    return {
        "variant": match.variant,
        "a": match.a,
        "b": match.b,
        "seed": match.seed,
        "budget": match.budget,
        "options": dict(match.options),
        "deals": n,
        "plays_per_deal": len(seatings(match.variant)),
        "margin": round(mean, 2),
        "ci_low": round(mean - half, 2),
        "ci_high": round(mean + half, 2),
        "deals_won_a": round(sum(o.margin > 0 for o in outcomes) / n, 4) if n else 0.0,
        "deals_tied": round(sum(o.margin == 0 for o in outcomes) / n, 4) if n else 0.0,
        "points_a": round(statistics.fmean(o.points_a for o in outcomes), 2) if n else 0.0,
        "points_b": round(statistics.fmean(o.points_b for o in outcomes), 2) if n else 0.0,
        "seconds_per_decision_a": _mean(secs_a),
        "seconds_per_decision_b": _mean(secs_b),
        "median_seconds_a": _median(secs_a),
        "median_seconds_b": _median(secs_b),
        "max_seconds_a": round(max(secs_a), 4) if secs_a else 0.0,
        "max_seconds_b": round(max(secs_b), 4) if secs_b else 0.0,
        "decisions_a": len(secs_a),
        "decisions_b": len(secs_b),
        "contracts_bought_a": sum(o.bought_a for o in outcomes),
        "contracts_made_a": sum(o.made_a for o in outcomes),
        "contracts_bought_b": sum(o.bought_b for o in outcomes),
        "contracts_made_b": sum(o.made_b for o in outcomes),
    }


def _mean(xs: list[float]) -> float:
    return round(statistics.fmean(xs), 5) if xs else 0.0


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 5) if xs else 0.0


def report(s: dict[str, Any]) -> str:
    """The summary as a few lines of text."""
    return "\n".join(
        [
            f"arena {s['variant']}: A={s['a']} vs B={s['b']}, {s['deals']} deals x {s['plays_per_deal']} seatings, "
            f"seed {s['seed']}, budget {s['budget']} s",
            f"margin for A: {s['margin']:+.1f} points per deal (95% CI {s['ci_low']:+.1f} .. {s['ci_high']:+.1f}); "
            f"mean points A {s['points_a']:.1f}, B {s['points_b']:.1f}",
            f"deals won by A: {100 * s['deals_won_a']:.1f}% (tied {100 * s['deals_tied']:.1f}%)",
            f"seconds per decision: A {s['seconds_per_decision_a']:.4f} (median {s['median_seconds_a']:.4f}, "
            f"max {s['max_seconds_a']:.3f}, n={s['decisions_a']}); B {s['seconds_per_decision_b']:.4f} "
            f"(median {s['median_seconds_b']:.4f}, max {s['max_seconds_b']:.3f}, n={s['decisions_b']})",
            *_contracts_line(s),
        ]
    )


def _contracts_line(s: dict[str, Any]) -> list[str]:
    """The contracts each side bought and made, in the auction games (none elsewhere)."""
    if not s["contracts_bought_a"] and not s["contracts_bought_b"]:
        return []
    return [
        f"contracts: A bought {s['contracts_bought_a']}, made {s['contracts_made_a']}; "
        f"B bought {s['contracts_bought_b']}, made {s['contracts_made_b']}"
    ]
