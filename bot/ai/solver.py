"""Exact play of the two-hand play-off, where nothing is hidden any more (A-9).

Once the stock is gone, every card a player has not seen is in the
opponent's hand, so the rest of the deal is a game of perfect information.
This solves it double dummy: alpha-beta over whole tricks with a
transposition table (one entry per position visited, so the node limit
bounds it too), null-window tests of every lead after the first, winners
tried first, and of cards that win and lose alike only one (`_runs`). Hands
are integers, two bits per card face counting its copies (bit 2*code), so a
move is a subtraction and a suit a mask. The value is the card points still
to be won, ours minus theirs, the last trick's 10 included (G-5), before any
rounding (G-6); melds are already scored by then (M-11). The legality it
applies is §8 for two hands (P-2, P-3, P-5's `twohand_head_rule`, P-6);
tests/ai/test_solver.py holds it to the engine's legal cards and tricks on
random play-offs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping
from typing import Any

from bot.game import ALL_CARDS, Card, Phase, Suit, new_game, resolve_options

from .knowledge import Knowledge, read_view
from .normal import decide_normal

#: The calibration: the whole play-off of fixed deals played by the normal level, solved, and the
#: seconds it should take at least.
CALIBRATION_SEED, CALIBRATION_SECONDS = 20261129, 0.15
INF = 10**6

_EVEN = 0x5555_5555_5555_5555  # the low bit of every card's two-bit count

_rate: list[float] = []
_rate_lock = threading.Lock()


class TooDeep(Exception):
    """The position needs more work than the budget allows."""


def hand_bits(cards: Iterable[Card]) -> int:
    """A hand as an integer: the copies of card `code` counted in bits 2*code and 2*code+1."""
    bits = 0
    for card in cards:
        bits += 1 << (2 * card.code)
    return bits


def bits_cards(bits: int) -> list[Card]:
    """The cards of a hand integer, each copy once, in code order."""
    out = []
    for code in range(32):
        out += [ALL_CARDS[code]] * ((bits >> (2 * code)) & 3)
    return out


def faces(bits: int) -> int:
    """One bit (the low one of its count) for each card face the hand holds."""
    return (bits | (bits >> 1)) & _EVEN


class PlayoffRules:
    """§8 and G-3 for two hands, on hand integers; one instance per trump, count and options."""

    def __init__(self, trump: Suit | None, value: Mapping[Card, int], options: Mapping[str, Any]):
        opts = resolve_options(options, players=2)
        head_any = opts["twohand_head_rule"] == "any_suit"
        t = trump.index if trump is not None else -1
        self.trump_mask = 0xFFFF << (16 * t) if t >= 0 else 0
        self.value = [value[ALL_CARDS[c]] for c in range(32)]
        self.suit = [c >> 3 for c in range(32)]
        self.suit_mask = [0xFFFF << (16 * (c >> 3)) for c in range(32)]
        # Faces of the same suit that rank higher (lower codes), for P-2(b).
        self.higher = [(1 << (2 * c)) - (1 << (16 * (c >> 3))) for c in range(32)]
        self.heads = [head_any or (c >> 3) == t for c in range(32)]  # P-2(b) applies (P-5)
        self.trump = [(c >> 3) == t for c in range(32)]

    def replies(self, hand: int, led: int) -> int:
        """The faces (as bits) the second player may play to card `led` (P-2, P-3, P-4, P-6)."""
        follow = hand & self.suit_mask[led]
        if follow:
            if self.heads[led]:
                over = follow & self.higher[led]
                if over:
                    return faces(over)
            return faces(follow)
        trumps = hand & self.trump_mask
        return faces(trumps if trumps else hand)  # P-3: any trump beats a plain lead

    def second_wins(self, led: int, reply: int) -> bool:
        """G-3 for two cards: a higher card of the suit led, or a trump on a plain lead."""
        if self.suit[reply] == self.suit[led]:
            return reply < led  # an identical card does not beat its twin
        return self.trump[reply] and not self.trump[led]


class PlayoffSolver:
    """Alpha-beta over the remaining tricks of two known hands; see the module docstring."""

    def __init__(
        self,
        trump: Suit | None,
        value: Mapping[Card, int],
        options: Mapping[str, Any],
        last_bonus: int,
        budget: float = 0.0,
        *,
        node_limit: int | None = None,
    ):
        self.node_limit = int(budget * nodes_per_second()) if node_limit is None else node_limit
        self.rules = PlayoffRules(trump, value, options)
        self.last_bonus = last_bonus
        #: (leader's hand, follower's hand) -> (lower bound, upper bound, best lead's bit).
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.nodes = 0

    def best_card(self, k: Knowledge, first: Card) -> Card:
        """A legal card of the best exact value, `first` when it is one (raises TooDeep)."""
        opp = next(s for s in k.active if s != k.seat)
        theirs = k.unseen + k.known.get(opp, [])  # cards shown before stay known (M-11, A-8)
        return self.best(hand_bits(k.hand), hand_bits(theirs), [c for _, c in k.trick], first)

    def best(self, mine: int, theirs: int, trick: list[Card], first: Card) -> Card:
        """The best card for the seat to play with hand `mine` against `theirs` (hand bits), after
        `trick` (empty, or the one card led): `first` (a legal card) when it is as good as any."""
        left = self._left(mine + theirs + sum(1 << 2 * c.code for c in trick))
        if not trick:
            value = self._lead(mine, theirs, left, -INF, INF)
            code = self.table[(mine, theirs)][2].bit_length() >> 1
        else:
            led, value, code = trick[0].code, -INF, -1
            for reply in self._replies(mine, theirs, led):
                score = -self._answer(theirs, mine, led, left, -INF, -value, [reply])
                if score > value:
                    value, code = score, reply
        if code != first.code and self._play(mine, theirs, trick, first, left, value - 1) >= value:
            return first
        return ALL_CARDS[code]

    def _play(
        self, mine: int, theirs: int, trick: list[Card], card: Card, left: int, alpha: int
    ) -> int:
        """Whether playing `card` is worth more than `alpha` for the seat to play: a value above
        `alpha` if so, else one at most `alpha` (a null window)."""
        bit = 1 << (2 * card.code)
        if not trick:
            return self._answer(mine - bit, theirs, card.code, left, alpha, alpha + 1)
        return -self._answer(theirs, mine, trick[0].code, left, -alpha - 1, -alpha, [card.code])

    def value(self, leader: int, follower: int) -> int:
        """The leader's points minus the follower's from a trick's start, both playing perfectly."""
        return self._lead(leader, follower, self._left(leader + follower), -INF, INF)

    def _left(self, both: int) -> int:
        """The points still to be won: the cards in both hands and the last trick's bonus."""
        value = self.rules.value
        return self.last_bonus + sum(value[c] * ((both >> 2 * c) & 3) for c in range(32))

    def _answer(
        self,
        rest: int,
        follower: int,
        led: int,
        left: int,
        alpha: int,
        beta: int,
        replies: list[int] | None = None,
    ) -> int:
        """The leader's value after leading `led` (his hand now `rest`; `left` the points there were
        before): the follower's best reply (of `replies` if given)."""
        value, wins = self.rules.value, self.rules.second_wins
        worst = INF
        for reply in self._replies(follower, rest, led) if replies is None else replies:
            after = follower - (1 << 2 * reply)
            points = value[led] + value[reply]
            if not after:  # the last trick
                points += self.last_bonus
                score = -points if wins(led, reply) else points
            elif wins(led, reply):
                score = -points - self._lead(
                    after, rest, left - points, -beta - points, -alpha - points
                )
            else:
                score = points + self._lead(
                    rest, after, left - points, alpha - points, beta - points
                )
            if score < worst:
                worst = score
                if worst <= alpha:
                    break
                if worst < beta:
                    beta = worst
        return worst

    def _replies(self, follower: int, rest: int, led: int) -> list[int]:
        """The follower's replies worth trying to card `led` (the leader's hand now `rest`), as
        codes: of replies equal but for points (`_runs`) only the best; winners first, the
        cheapest first (each the top of its run), then the cheapest losers."""
        rules = self.rules
        options = rules.replies(follower, led)
        if not options & (options - 1):
            return [options.bit_length() >> 1]
        value = rules.value
        runs = _runs(options, rest | (1 << 2 * led))
        if len(runs) == 1:
            top, bottom = runs[0]
            return [top if rules.second_wins(led, top) else bottom]
        keyed = [
            (value[top], top) if rules.second_wins(led, top) else (100 + value[bottom], bottom)
            for top, bottom in runs
        ]
        keyed.sort()
        return [code for _, code in keyed]

    def _lead(self, leader: int, follower: int, left: int, alpha: int, beta: int) -> int:
        """The leader's value from a trick's start (fail-soft alpha-beta with a bounds table)."""
        if left <= alpha:
            return left  # the leader cannot win more than all that is left
        if -left >= beta:
            return -left
        key = (leader, follower)
        hit = self.table.get(key)
        first = 0
        lo, hi = -INF, INF
        if hit is not None:
            lo, hi, first = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        best, best_bit, start = -INF, 0, alpha
        for bit in self._lead_order(leader, follower, first):
            led, rest = bit.bit_length() >> 1, leader - bit
            floor = alpha if alpha > best else best
            if best_bit and floor + 1 < beta:  # the first lead sets the bar; test the others
                score = self._answer(rest, follower, led, left, floor, floor + 1)
                if score > floor:
                    score = self._answer(rest, follower, led, left, score - 1, beta)
            else:
                score = self._answer(rest, follower, led, left, floor, beta)
            if score > best:
                best, best_bit = score, bit
                if best >= beta:
                    break
        if best <= start:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_bit or first)
        return best

    def _lead_order(self, leader: int, follower: int, first: int) -> list[int]:
        """The leads worth trying, as face bits: of leads equal but for points (`_runs`) only the
        best; the table's best lead first, then sure winners (the richest first), then the rest
        (the richest first: a rich loser makes the follower spend a high card)."""
        rules = self.rules
        value, higher, suit_mask, trump = rules.value, rules.higher, rules.suit_mask, rules.trump
        trumps = follower & rules.trump_mask
        keyed = []
        for top, bottom in _runs(faces(leader), follower):
            same = follower & suit_mask[top]
            if same & higher[top] if same else trumps and not trump[top]:
                keyed.append((100 - value[bottom], 1 << 2 * bottom))  # lose the cheapest
            else:
                keyed.append((-value[top], 1 << 2 * top))  # win with the richest
        keyed.sort()
        order = [bit for _, bit in keyed if bit != first]
        return [first, *order] if first else order


def _runs(own: int, other: int) -> list[tuple[int, int]]:
    """Runs of `own` faces (bits) equal but for points: same suit, no card of `other` (hand
    bits) ranking between them or equal to either, so they win and lose alike for the rest of the
    deal. Playing the run's top or bottom then dominates (points fall with rank, G-4, G-7): the
    top when it wins the trick, the bottom when it loses. (top code, bottom code) per run."""
    runs = []
    top = prev = -1
    while own:
        bit = own & -own
        own ^= bit
        code = bit.bit_length() >> 1
        if prev >= 0 and code >> 3 == prev >> 3 and not other & ((4 << 2 * code) - (1 << 2 * prev)):
            prev = code
            continue
        if prev >= 0:
            runs.append((top, prev))
        top = prev = code
    if prev >= 0:
        runs.append((top, prev))
    return runs


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
    """Solve the whole play-off of fixed deals played by the normal level, until enough time."""
    nodes, seconds, seed = 0, 0.0, CALIBRATION_SEED
    while seconds < CALIBRATION_SECONDS:
        game = new_game("two-handed", seed=seed)
        while game.phase != Phase.PLAYOFF or game.state.trick:
            seat = game.to_act
            assert seat is not None  # the stock phase always has a seat to act
            view = game.view(seat)
            game.apply(decide_normal(view, list(view.legal)))
        seat = game.to_act
        assert seat is not None
        k = read_view(game.view(seat))
        solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**9)
        start = time.perf_counter()
        solver.best_card(k, k.legal_cards()[0])
        seconds += time.perf_counter() - start
        nodes += solver.nodes
        seed += 1
    return nodes / seconds
