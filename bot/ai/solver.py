"""Exact play of the two-hand play-off, where nothing is hidden any more (A-9).

Once the stock is gone, every card a player has not seen is in the opponent's hand, so the rest of
the deal is a game of perfect information. This solves it double dummy: alpha-beta over whole
tricks with a transposition table (one entry per position visited, so the node limit bounds it
too), null-window tests of every lead after the first in one routine per trick (`_test`, nearly
every position), winners tried first, a reply the table already shows refuting a lead taken before
any is searched (enhanced transposition cutoffs), and of cards that win and lose alike only one
(`_runs`); the last two tricks are worked out directly, without the table (`_two`). Hands are
integers, two bits per card face counting its copies (bit 2*code), so a move is a subtraction and a
suit a mask; a suit's moves in search order are kept per pattern of the two hands' cards in that
suit (`_suit_order`). The value is the card points still to be won, ours minus theirs, the last
trick's 10 included (G-5), before any rounding (G-6); melds are already scored by then (M-11). The
legality it applies is §8 for two hands (P-2, P-3, P-5's `twohand_head_rule`, P-6);
tests/ai/test_solver.py holds it to the engine's legal cards and tricks on random play-offs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.game import ALL_CARDS, Card, Suit, resolve_options

from .knowledge import Knowledge

INF = 10**6

_EVEN = 0x5555_5555_5555_5555  # the low bit of every card's two-bit count
_ODD = _EVEN << 1  # the high bit: a hand holds both copies


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
        self.trump_shift = 16 * t if t >= 0 else 0
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
        *,
        node_limit: int,
    ):
        self.node_limit = node_limit
        self.rules = rules = PlayoffRules(trump, value, options)
        self.last_bonus = last_bonus
        #: (leader's hand << 64 | follower's hand) -> (lower bound, upper bound, best lead's
        #: code + 1).
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._wins = [rules.second_wins(led, reply) for led in range(32) for reply in range(32)]
        #: One suit's replies in search order (`_reply_order`: `_suit_order`'s keys, or the final
        #: codes), by suit, the hands' faces there and the card led; at most 2 * 32 * 256 * 256
        #: keys (faces of one suit).
        self._orders: dict[int, list[int]] = {}
        #: `_replies` per card led and the two hands' cards (not faces) in the suit the follower
        #: plays, and one suit's leads in order per the two hands' cards there (`_lead_order`):
        #: keys made of one suit's cards, at most 32 * 2 * 3**8 * 3**8 and 8 * 3**8 * 3**8.
        self._reply_orders: dict[int, list[int]] = {}
        self._lead_orders: dict[int, list[int]] = {}

    def best_card(self, k: Knowledge, first: Card) -> Card:
        """A legal card of the best exact value, `first` when it is one (raises TooDeep)."""
        opp = next(s for s in k.active if s != k.seat)
        theirs = k.unseen + k.known.get(opp, [])  # cards shown before stay known (M-11, A-8)
        return self.best(hand_bits(k.hand), hand_bits(theirs), [c for _, c in k.trick], first)

    def best(self, mine: int, theirs: int, trick: list[Card], first: Card) -> Card:
        """The best card for the seat to play with hand `mine` against `theirs` (hand bits), after
        `trick` (empty, or the one card led): `first` (a legal card) when it is as good as any."""
        left = self._left(mine + theirs + sum(1 << 2 * c.code for c in trick))
        value, code = -INF, -1
        if not trick:
            value = self._lead(mine, theirs, left, -INF, INF)
            code = self.table[mine << 64 | theirs][2] - 1
            if code < 0:  # the last two tricks keep no best lead (`_two`): find it here
                value = -INF
                for led in self._lead_order(mine, theirs):
                    led &= 31
                    score = self._answer(mine - (1 << 2 * led), theirs, led, left, value, INF)
                    if score > value:
                        value, code = score, led
        else:
            led = trick[0].code
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
        return self._mtd(leader, follower, self._left(leader + follower))

    def _mtd(self, leader: int, follower: int, left: int) -> int:
        """`_lead`'s exact value by null-window tests only (MTD(f)): each test tells whether the
        value reaches a bar, and the table keeps what each proved for the next."""
        lower, upper, guess = -left, left, 0
        while lower < upper:
            bar = guess if guess > lower else lower + 1
            guess = self._lead(leader, follower, left, bar - 1, bar)
            if guess < bar:
                upper = guess
            else:
                lower = guess
        return lower

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
        value, wins, bonus, lead = self.rules.value, self._wins, self.last_bonus, self._lead
        worst = INF
        base, led_points = led * 32, value[led]
        if replies is None:
            replies = self._replies(follower, rest, led)
            if len(replies) > 1 and follower.bit_count() + (follower & _ODD).bit_count() > 4:
                # enhanced transposition cutoff: a reply the table already shows refutes the lead
                table = self.table
                for reply in replies:
                    after = follower - (1 << 2 * reply)
                    points = led_points + value[reply]
                    if wins[base + reply]:
                        hit = table.get(after << 64 | rest)
                        if hit is not None and -points - hit[0] <= alpha:
                            return -points - hit[0]
                    else:
                        hit = table.get(rest << 64 | after)
                        if hit is not None and points + hit[1] <= alpha:
                            return points + hit[1]
        for reply in replies:
            after = follower - (1 << 2 * reply)
            points = led_points + value[reply]
            won = wins[base + reply]
            if not after:  # the last trick
                points += bonus
                score = -points if won else points
            elif not after & (after - 1) and after & _EVEN:  # one trick to go, both cards forced
                a, r = after.bit_length() >> 1, rest.bit_length() >> 1
                last = value[a] + value[r] + bonus
                if won:  # the follower leads the last card
                    score = -points + (last if wins[a * 32 + r] else -last)
                else:
                    score = points + (-last if wins[r * 32 + a] else last)
            else:
                # after the first reply, a null window first: does this one do better?
                low, high = (beta - 1, beta) if worst < INF and alpha < beta - 1 else (alpha, beta)
                sub = left - points
                while True:
                    if won:
                        score = -points - lead(after, rest, sub, -high - points, -low - points)
                    else:
                        score = points + lead(rest, after, sub, low - points, high - points)
                    if low == alpha or score >= beta:
                        break
                    low, high = alpha, score + 1
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
        cheapest first (each the top of its run), then the cheapest losers. Kept per card led
        and the two hands' cards in the suit the follower must play (`_reply_order`)."""
        shift = led >> 3 << 4
        own = follower >> shift & 0xFFFF
        if not own:
            rules = self.rules
            own = follower & rules.trump_mask
            if not own:  # any card (P-4, P-6)
                return self._reply_order(follower, rest, led)
            shift = rules.trump_shift
            own = own >> shift | 1 << 16  # one bit apart from following with the same faces
        key = led << 33 | own << 16 | rest >> shift & 0xFFFF
        order = self._reply_orders.get(key)
        if order is None:
            order = self._reply_orders[key] = self._reply_order(follower, rest, led)
        return order

    def _reply_order(self, follower: int, rest: int, led: int) -> list[int]:
        """`_replies` worked out."""
        rules = self.rules
        options = rules.replies(follower, led)
        if not options & (options - 1):
            return [options.bit_length() >> 1]
        if options & rules.suit_mask[led]:  # one suit: the suit led, or trump (P-3)
            shift = led >> 3 << 4
        elif options & rules.trump_mask:
            shift = rules.trump_shift
        else:  # any card (P-6)
            return self._discards(options, rest, led)
        other = (faces(rest) | (1 << 2 * led)) >> shift & 0x5555
        key = 1 << 40 | (led + 8) << 34 | shift << 28 | other << 16 | options >> shift
        order = self._orders.get(key)
        if order is None:
            keys = sorted(self._suit_order(shift >> 4, options >> shift, other, led))
            order = self._orders[key] = [k & 31 for k in keys]
        return order

    def _discards(self, options: int, rest: int, led: int) -> list[int]:
        """`_replies` when the follower may play any card (P-6): every suit's, in one order."""
        other = faces(rest) | (1 << 2 * led)
        orders, keys = self._orders, []
        for shift in (0, 16, 32, 48):
            own = (options >> shift) & 0x5555
            if own:
                key = (led + 8) << 34 | shift << 28 | ((other >> shift) & 0x5555) << 16 | own
                order = orders.get(key)
                if order is None:
                    order = orders[key] = self._suit_order(shift >> 4, own, other >> shift, led)
                keys += order
        if len(keys) > 1:
            keys.sort()
        return [key & 31 for key in keys]

    def _lead(self, leader: int, follower: int, left: int, alpha: int, beta: int) -> int:
        """The leader's value from a trick's start (fail-soft alpha-beta with a bounds table)."""
        if alpha + 1 == beta and leader & (leader - 1):  # two cards or more (a face or a copy)
            return self._test(leader, follower, left, beta)
        if left <= alpha:
            return left  # the leader cannot win more than all that is left
        if -left >= beta:
            return -left
        key = leader << 64 | follower
        hit = self.table.get(key)
        first = 0
        lo, hi = -INF, INF
        if hit is not None:
            lo, hi, first = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        if leader.bit_count() + (leader & _ODD).bit_count() == 2:
            lo = self._two(leader, follower)
            self.table[key] = (lo, lo, 0)
            return lo
        answer = self._answer
        best, best_code, start = -INF, -1, alpha
        # the table's best lead first; the others are worked out only if it does not settle it
        order = [first - 1] if first else self._lead_order(leader, follower)
        for led in order:
            led &= 31
            rest = leader - (1 << 2 * led)
            floor = alpha if alpha > best else best
            if best_code >= 0 and floor + 1 < beta:  # the first lead sets the bar; test the others
                score = answer(rest, follower, led, left, floor, floor + 1)
                if score > floor:
                    score = answer(rest, follower, led, left, score - 1, beta)
            else:
                score = answer(rest, follower, led, left, floor, beta)
            if score > best:
                best, best_code = score, led
                if best >= beta:
                    break
            if first and len(order) == 1:
                order += [c for c in self._lead_order(leader, follower) if c & 31 != led]
        if best <= start:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        # a failed test's best lead is only the least refuted: keep the one the table had
        self.table[key] = (lo, hi, best_code + 1 if first == 0 or best > start else first)
        return best

    def _test(self, leader: int, follower: int, left: int, beta: int) -> int:
        """`_lead` with the null window (beta - 1, beta), the whole trick in one call: a value
        of at least `beta` if the leader reaches it, else one below it (fail-soft). Nearly every
        position is searched so (principal variation search), so this is the hot path. Two cards
        a hand or more (`_lead` keeps the last trick)."""
        if left < beta:
            return left
        if -left >= beta:
            return -left
        table = self.table
        key = leader << 64 | follower
        hit = table.get(key)
        if hit is None:
            lo, hi, first = -INF, INF, 0
        else:
            lo, hi, first = hit
            if lo >= beta:
                return lo
            if hi < beta:
                return hi
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        size = leader.bit_count() + (leader & _ODD).bit_count()
        if size == 2:
            lo = self._two(leader, follower)
            table[key] = (lo, lo, 0)
            return lo
        value, wins, test = self.rules.value, self._wins, self._test
        etc = size > 4
        best, best_code = -INF, -1
        order = [first - 1] if first else self._lead_order(leader, follower)
        for led in order:
            led &= 31
            rest = leader - (1 << 2 * led)
            base, led_points = led * 32, value[led]
            replies = self._replies(follower, rest, led)
            worst = INF
            if etc and len(replies) > 1:
                # enhanced transposition cutoff: a reply the table already shows refutes the lead
                for reply in replies:
                    after = follower - (1 << 2 * reply)
                    points = led_points + value[reply]
                    if wins[base + reply]:
                        hit = table.get(after << 64 | rest)
                        if hit is not None and -points - hit[0] < beta:
                            worst = -points - hit[0]
                            break
                    else:
                        hit = table.get(rest << 64 | after)
                        if hit is not None and points + hit[1] < beta:
                            worst = points + hit[1]
                            break
            if worst == INF:
                for reply in replies:  # two tricks or more to go after this one
                    after = follower - (1 << 2 * reply)
                    points = led_points + value[reply]
                    if wins[base + reply]:
                        score = -points - test(after, rest, left - points, 1 - beta - points)
                    else:
                        score = points + test(rest, after, left - points, beta - points)
                    if score < worst:
                        worst = score
                        if worst < beta:
                            break
            if worst > best:
                best, best_code = worst, led
                if best >= beta:
                    break
            if first and len(order) == 1:
                order += [c for c in self._lead_order(leader, follower) if c & 31 != led]
        if best >= beta:
            if best > lo:
                lo = best
        elif best < hi:
            hi = best
        # a failed test's best lead is only the least refuted: keep the one the table had, or
        # none (the usual order then does better, 0.5% fewer positions)
        table[key] = (lo, hi, best_code + 1 if best >= beta else first)
        return best

    def _two(self, leader: int, follower: int) -> int:
        """`_lead`'s exact value with two cards a hand, by trying every play (no table needed)."""
        value, wins, bonus, replies = (
            self.rules.value,
            self._wins,
            self.last_bonus,
            self.rules.replies,
        )
        best = -INF
        leads = faces(leader)
        while leads:
            bit = leads & -leads
            leads ^= bit
            led, rest = bit.bit_length() >> 1, leader - bit
            r = rest.bit_length() - 1 >> 1
            worst = INF
            options = replies(follower, led)
            while options:
                rbit = options & -options
                options ^= rbit
                reply = rbit.bit_length() >> 1
                a = (follower - rbit).bit_length() - 1 >> 1
                points, last = value[led] + value[reply], value[a] + value[r] + bonus
                if wins[led * 32 + reply]:
                    score = -points + (last if wins[a * 32 + r] else -last)
                else:
                    score = points + (-last if wins[r * 32 + a] else last)
                if score < worst:
                    worst = score
            if worst > best:
                best = worst
        return best

    def _lead_order(self, leader: int, follower: int) -> list[int]:
        """The leads worth trying, as sort keys (the code in the low 5 bits): of leads equal but
        for points (`_runs`) only the best; sure winners (the richest first), then the rest (the
        richest first: a rich loser makes the follower spend a high card); trumps after the other
        suits' losers, a loser the follower can ruff last."""
        void_kind = 1 << 40 if follower & self.rules.trump_mask else 0  # a void follower can trump
        orders, keys = self._lead_orders, []
        for shift in (0, 16, 32, 48):
            own = leader >> shift & 0xFFFF
            if own:
                other = follower >> shift & 0xFFFF
                key = void_kind | shift << 32 | other << 16 | own
                order = orders.get(key)
                if order is None:
                    kind = -2 if void_kind else -1
                    order = orders[key] = self._suit_order(
                        shift >> 4, faces(own), faces(other), kind
                    )
                keys += order
        keys.sort()
        return keys

    def _suit_order(self, suit: int, own: int, other: int, led: int) -> list[int]:
        """One suit's moves as sort keys (order << 5 | code): of `own` faces (the suit's 16 bits)
        against `other`'s, one per run (`_runs`). A lead if `led` < 0 (-2: the follower can trump a
        void), else a reply to card `led`: winners first, the cheapest (a lead: the richest), then
        losers, the cheapest (a lead: the richest); leads of trump after the other suits' losers,
        a loser the follower can ruff last (together a third fewer positions searched). "The
        richest" counts the trick: with a winner the follower's cheapest card of the suit (he must
        give it), with a loser his cheapest winner (he must spend it); of equal tricks, first
        where he gives or spends the more, a winner then where he holds fewer faces (5% fewer
        positions over 400 first leads, the largest solve 17%)."""
        rules, base = self.rules, 8 * suit
        value = rules.value
        keys = []
        runs = _runs(own << 2 * base, (other & 0x5555) << 2 * base)
        if led < 0 and not rules.heads[base]:
            # Not bound to head (P-5), a follower holding cards above and below a run chooses
            # whether to beat the lead, and may choose by its points: so each card is a lead.
            split = []
            for top, bottom in runs:
                if other & ((1 << 2 * (top - base)) - 1) and other >> 2 * (bottom + 1 - base):
                    split += [(c, c) for c in range(top, bottom + 1) if own >> 2 * (c - base) & 1]
                else:
                    split.append((top, bottom))
            runs = split
        for top, bottom in runs:
            if led >= 0:
                if rules.second_wins(led, top):
                    keys.append(value[top] << 5 | top)
                else:
                    keys.append((100 + value[bottom]) << 5 | bottom)
                continue
            theirs = other & 0x5555
            if theirs:
                loses = theirs & ((1 << 2 * (top - base)) - 1)
            else:
                loses = led == -2 and not rules.trump[top]
            if loses:
                ruff = 0 if theirs else 40  # the follower is void and can trump it
                over = theirs & ((1 << 2 * (bottom - base)) - 1)
                spent = value[base + (over.bit_length() >> 1)] if over else 0  # his cheapest winner
                rank = 100 - value[bottom] - spent + 30 * rules.trump[bottom] + ruff
                keys.append((rank << 6 | 32 - spent) << 5 | bottom)
            else:
                given = value[base + (theirs.bit_length() >> 1)] if theirs else 0  # his cheapest
                rank = 20 - value[top] - given + 100 * rules.trump[top]
                keys.append((rank << 6 | 32 - given + theirs.bit_count()) << 5 | top)
        return keys


def _runs(own: int, other: int) -> list[tuple[int, int]]:
    """Runs of `own` faces (bits) equal but for points: same suit, no card of `other` (hand
    bits) ranking between them or equal to either, so they win and lose alike for the rest of the
    deal. Playing the run's top or bottom then dominates (points fall with rank, G-4, G-7): the
    top when it wins the trick, the bottom when it loses, as long as the ranks decide that (not
    so for a lead the follower may beat or not, `_suit_order`). (top code, bottom code) per run."""
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
