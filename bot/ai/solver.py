"""Exact play of the two-hand play-off, where nothing is hidden any more (A-9).

Once the stock is gone, every card a player has not seen is in the
opponent's hand, so the rest of the deal is a game of perfect information.
This solves it by minimax over the remaining tricks, with the engine's own
`legal_plays` (§8) and `winning_play` (G-3), remembering positions already
valued. The value is the card points still to be won, ours minus theirs,
the last trick's 10 included (G-5); melds are already scored by then (M-11).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping
from typing import Any

from bot.game import Card, Game, Phase, Suit, legal_plays, new_game, winning_play

from .knowledge import Knowledge, read_view
from .normal import decide_normal

#: The calibration position: the play-off of a fixed deal played by the normal level, and the
#: positions visited to time it.
CALIBRATION_SEED, CALIBRATION_NODES = 20261129, 20000

_rate: list[float] = []
_rate_lock = threading.Lock()


class TooDeep(Exception):
    """The position needs more work than the budget allows."""


EXACT, LOWER, UPPER = 0, 1, 2
INF = 10**6
#: A trick in progress: (seat, card) in play order.
Trick = tuple[tuple[int, Card], ...]
#: What the transposition table remembers a value for: who moves, both hands, the trick.
Position = tuple[int, tuple[Card, ...], tuple[Card, ...], Trick]


class PlayoffSolver:
    """Alpha-beta minimax with a transposition table over the remaining tricks of two hands."""

    def __init__(
        self,
        trump: Suit | None,
        value: Mapping[Card, int],
        options: Mapping[str, Any],
        last_bonus: int,
        budget: float,
        *,
        node_limit: int | None = None,
    ):
        self.node_limit = int(budget * nodes_per_second()) if node_limit is None else node_limit
        self.trump = trump
        self.value = value
        self.options = options
        self.last_bonus = last_bonus
        self.table: dict[Position, tuple[int, int, Card]] = {}
        self.nodes = 0

    def best_card(self, k: Knowledge, first: Card) -> Card:
        """The legal card with the best exact value; `first` wins ties (raises TooDeep)."""
        self.me, self.opp = k.seat, next(s for s in k.active if s != k.seat)
        theirs = k.unseen + k.known.get(self.opp, [])  # cards shown before stay known (M-11, A-8)
        hands = {self.me: _sorted(k.hand), self.opp: _sorted(theirs)}
        trick = tuple(k.trick)
        cards = [first] + [c for c in dict.fromkeys(k.legal_cards()) if c is not first]
        best, best_value = first, -INF
        for card in cards:
            value = self._after_play(self.me, card, hands, trick, best_value, INF)
            if value > best_value:
                best, best_value = card, value
        return best

    def _value(
        self, to_move: int, hands: dict[int, tuple[Card, ...]], trick: Trick, alpha: int, beta: int
    ) -> int:
        """Our points minus theirs from here on, both playing perfectly (fail-soft alpha-beta)."""
        key = (to_move, hands[self.me], hands[self.opp], trick)
        hit = self.table.get(key)
        first = None
        if hit is not None:
            value, flag, first = hit
            if (
                flag == EXACT
                or (flag == LOWER and value >= beta)
                or (flag == UPPER and value <= alpha)
            ):
                return value
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        lo, hi = alpha, beta
        options = legal_plays(
            list(hands[to_move]), [c for _, c in trick], self.trump, self.options, two_handed=True
        )
        options = sorted(
            dict.fromkeys(options), key=lambda c: (c is not first, -self.value[c], -c.strength)
        )
        maximise = to_move == self.me
        best, best_card = (-INF if maximise else INF), options[0]
        for card in options:
            value = self._after_play(to_move, card, hands, trick, alpha, beta)
            if (value > best) if maximise else (value < best):
                best, best_card = value, card
            if maximise:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= lo else LOWER if best >= hi else EXACT
        self.table[key] = (best, flag, best_card)
        return best

    def _after_play(
        self,
        seat: int,
        card: Card,
        hands: dict[int, tuple[Card, ...]],
        trick: Trick,
        alpha: int,
        beta: int,
    ) -> int:
        hand = list(hands[seat])
        hand.remove(card)
        hands = dict(hands)
        hands[seat] = tuple(hand)
        trick = trick + ((seat, card),)
        if len(trick) < 2:
            return self._value(self.opp if seat == self.me else self.me, hands, trick, alpha, beta)
        winner = winning_play(trick, self.trump)[0]
        points = sum(self.value[c] for _, c in trick)
        if not hands[self.me] and not hands[self.opp]:
            points += self.last_bonus
        signed = points if winner == self.me else -points
        if not hands[self.me]:
            return signed
        return signed + self._value(winner, hands, (), alpha - signed, beta - signed)


def _to_act(game: Game) -> int:
    seat = game.to_act
    assert seat is not None, "the game is over"  # the calibration deal never ends the game
    return seat


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.code))


def nodes_per_second() -> float:
    """Positions the solver visits per second on this machine, measured once per process.

    Past `budget` seconds' worth of positions the solver gives up (`TooDeep`),
    so a decision depends on the count, not on the clock, and stays a function
    of the view.
    """
    with _rate_lock:
        if not _rate:
            _rate.append(_measure())
        return _rate[0]


def _measure() -> float:
    """Time the solver on the play-off of a fixed deal played by the normal level."""
    game = new_game("two-handed", seed=CALIBRATION_SEED)
    while game.phase != Phase.PLAYOFF or game.state.trick:
        view = game.view(_to_act(game))
        game.apply(decide_normal(view, list(view.legal)))
    k = read_view(game.view(_to_act(game)))
    solver = PlayoffSolver(
        k.trump, k.value, k.options, k.last_bonus, 0.0, node_limit=CALIBRATION_NODES
    )
    start = time.perf_counter()
    try:
        solver.best_card(k, k.legal_cards()[0])
    except TooDeep:
        pass
    return solver.nodes / (time.perf_counter() - start)
