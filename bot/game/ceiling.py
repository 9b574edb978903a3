"""The most meld one side can hold (F-2, H-2): the top of the auction's bid list.

A side melds from two hands (F-6), but its meld never exceeds that of one hand holding both
hands' cards: every meld's value at least adds up when copies are joined (a double run is worth
more than two runs, eight aces more than two aces around). So the ceiling is the best meld of
`cards` cards with at most `copies` of each, found over the meld levels such a hand can hold:
the run in trumps, each rank around, the pinochle; the royal marriages, marriages and dixes that
fit in the cards left are counted as if they could be split, which can only raise the bound.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .melds import AROUND, DD_AROUNDS, DD_FLUSHES, DD_PINOCHLES, EIGHT, MeldRules

_AROUND_RANKS = ("A", "K", "Q", "J")
#: A meld table as a cache key: its values and the switches that change what a hand scores.
_Table = tuple[tuple[tuple[str, int], ...], bool, bool, bool, bool, int]


def side_meld_ceiling(rules: MeldRules, cards: int, copies: int) -> int:
    """The most meld a side holding `cards` cards (two hands) can score under `rules`."""
    table: _Table = (
        tuple(sorted(rules.values.items())),
        rules.double_deck,
        rules.eight_of_a_kind,
        rules.grand_pinochle,
        rules.flush_royal_bonus,
        rules.roundhouse_bonus,
    )
    return _ceiling(table, cards, copies)


@lru_cache(maxsize=32)
def _ceiling(table: _Table, cards: int, copies: int) -> int:
    v = dict(table[0])
    run, around, pins = _run_values(table, copies), _around_values(table, copies), _pins(table)
    levels = range(copies + 1)
    best = 0
    filled: dict[tuple[int, ...], int] = {}
    # Where trumps lie beside the pinochle's cards (Q♠, J♦): spades, diamonds or another suit.
    # The loops run up the levels and stop once the cards needed pass `cards` (each level of a
    # meld needs at least the cards of the one below).
    for trump, k, p in product("SDO", levels, levels):
        plain = [s for s in "SDHC" if s != ("C" if trump == "O" else trump)]  # the other three
        for a_a in levels:
            cost_a = k + max(k, a_a) + 3 * a_a  # the trump 10s, then the aces
            if cost_a > cards:
                break
            for a_k in levels:
                cost_k = cost_a + max(k, a_k) + 3 * a_k
                if cost_k > cards:
                    break
                for a_q in levels:
                    q_trump = max(k, a_q, p if trump == "S" else 0)
                    plain_q = [max(a_q, p if s == "S" else 0) for s in plain]
                    cost_q = cost_k + q_trump + sum(plain_q)
                    if cost_q > cards:
                        break
                    for a_j in levels:
                        j_trump = max(k, a_j, p if trump == "D" else 0)
                        cost = cost_q + j_trump
                        cost += sum(max(a_j, p if s == "D" else 0) for s in plain)
                        if cost > cards:
                            break
                        value = run[k] + pins[p] + around["A"][a_a] + around["K"][a_k]
                        value += around["Q"][a_q] + around["J"][a_j]
                        key = (k, a_k, q_trump, *plain_q, cards - cost)
                        if key not in filled:  # the same pairs and room recur across a_j
                            filled[key] = _fill(
                                _units(v, copies, k, a_k, q_trump, plain_q), key[-1]
                            )
                        best = max(best, value + filled[key])
    return best + 2 * table[5]  # a roundhouse bonus in each hand, at most


def _units(
    v: dict[str, int], copies: int, k: int, a_k: int, q_trump: int, plain_q: list[int]
) -> list[tuple[int, int]]:
    """(cards, points) of each pair or card that may be added to the levels held: the royal
    marriages beyond the runs, the other suits' marriages, the dixes."""
    units = [
        ((j > max(k, a_k)) + (j > q_trump), v["royal marriage"]) for j in range(k + 1, copies + 1)
    ]
    for q in plain_q:
        units += [((j > a_k) + (j > q), v["marriage"]) for j in range(1, copies + 1)]
    return units + ([(1, v["dix"])] * copies if v["dix"] else [])


def _fill(units: list[tuple[int, int]], room: int) -> int:
    """The most points `units` (cards, points) give within `room` cards, a unit taken in part."""
    total = 0
    for cost, points in sorted(units, key=lambda u: -u[1] / u[0] if u[0] else -1e9):
        if cost <= room:
            room, total = room - cost, total + points
        else:
            return total + -(-points * room // cost)  # the part that fits, rounded up
    return total


def _run_values(table: _Table, copies: int) -> list[int]:
    v, double_deck, flush_bonus = dict(table[0]), table[1], table[4]
    if double_deck:
        return [0, *(v[name] for name in DD_FLUSHES[:copies])]
    return [0, v["flush"] + (v["royal marriage"] if flush_bonus else 0), v["double flush"]]


def _around_values(table: _Table, copies: int) -> dict[str, list[int]]:
    v, double_deck, eight = dict(table[0]), table[1], table[2]
    if double_deck:
        return {r: [0, *(v[name] for name in DD_AROUNDS[r][:copies])] for r in _AROUND_RANKS}
    return {r: [0, v[AROUND[r]], v[EIGHT[r]] if eight else 2 * v[AROUND[r]]] for r in _AROUND_RANKS}


def _pins(table: _Table) -> list[int]:
    v, double_deck, grand_on = dict(table[0]), table[1], table[3]
    if double_deck:
        return [0, *(v[name] for name in DD_PINOCHLES)]
    grand = v["grand pinochle"] if grand_on else 0
    single = max(v["pinochle"], grand)
    return [0, single, max(v["double pinochle"], 2 * grand, grand + v["pinochle"])]
