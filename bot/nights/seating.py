"""Who sits where in each round of an event.

A round's seating is a list of tables, each a tuple of seats in seat order:
an entrant's id, or `None` for a computer filler (never rated). Entrants come
in the order that matters for the round: by rating before round 1, by the
standings after that. Round 1 seats the strongest together; later rounds

- pair two-handed players Swiss fashion: neighbours in the standings, never
  the same opponent twice while another pairing avoids it, the odd one out
  (if any) against a computer, a different player each time while possible;
- in three- and four-handed regroup neighbours in the standings so that as few
  as possible meet again, and rotate each table's seats from round to round;
- in partnership and Check change partners: as few as possible partner the same
  person twice (RULES §6.3 and §7: partners sit opposite, seats 0 and 2, 1 and 3).

The tables are as even as the numbers allow: their person counts differ by one
at most, so no table is all computers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Seats = tuple[int | None, ...]
Round = Sequence[Seats]

#: Search steps for a rematch-free Swiss pairing before allowing one more rematch.
PAIRING_BUDGET = 50_000


@dataclass(frozen=True)
class Seating:
    """Who met whom in the rounds so far: as opponents, as partners, and who sat out with a computer."""

    opponents: Counter[frozenset[int]] = field(default_factory=Counter)
    partners: Counter[frozenset[int]] = field(default_factory=Counter)
    fillers: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, rounds: Sequence[Round], *, partnership: bool) -> Seating:
        """The meetings of earlier rounds' seatings."""
        seating = cls()
        for tables in rounds:
            for seats in tables:
                if None in seats:
                    seating.fillers.update(p for p in seats if p is not None)
                for (i, a), (j, b) in combinations(enumerate(seats), 2):
                    if a is None or b is None:
                        continue
                    same_side = partnership and i % 2 == j % 2
                    (seating.partners if same_side else seating.opponents)[frozenset((a, b))] += 1
        return seating


def seat_round(
    order: Sequence[int],
    size: int,
    *,
    partnership: bool,
    round_no: int,
    history: Sequence[Round] = (),
) -> list[Seats]:
    """The tables of round `round_no` (1 for the first) for `order`'s entrants at tables of `size`."""
    if len(set(order)) != len(order) or not order:
        raise ValueError("an event round needs distinct entrants, at least one")
    counts = table_counts(len(order), size)
    if round_no <= 1 or not history:
        return [_place(group, size, partnership) for group in _chunks(order, counts)]
    met = Seating.of(history, partnership=partnership)
    if size == 2:
        return _swiss(order, met)
    if partnership:
        return [_partners(group, met) for group in _groups(order, counts, met, partners=True)]
    shift = round_no - 1
    return [
        _place(_rotate(group, shift), size, partnership)
        for group in _groups(order, counts, met, partners=False)
    ]


def table_counts(people: int, size: int) -> list[int]:
    """How many people sit at each table: as few tables as fit everyone, the fuller ones first."""
    tables = -(-people // size)
    base, extra = divmod(people, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def _chunks(order: Sequence[int], counts: Sequence[int]) -> list[list[int]]:
    groups, start = [], 0
    for count in counts:
        groups.append(list(order[start : start + count]))
        start += count
    return groups


def _place(group: Sequence[int], size: int, partnership: bool) -> Seats:
    """Seat a table's people (strongest first) and fill the rest with computers.

    Partnership tables put the strongest with the weakest (seats 0 and 2) against
    the middle two (seats 1 and 3), so the sides start even.
    """
    people: list[int | None] = list(group)
    if partnership and len(people) == 4:
        a, b, c, d = people
        return (a, b, d, c)
    if partnership and len(people) == 3:
        a, b, c = people
        return (a, b, None, c)
    return tuple(people + [None] * (size - len(people)))


def _rotate(group: list[int], shift: int) -> list[int]:
    k = shift % len(group)
    return group[k:] + group[:k]


def _swiss(order: Sequence[int], met: Seating) -> list[Seats]:
    """Two-handed Swiss pairing: top down, no rematch while one can be avoided, the bye rotating."""
    players = list(order)
    bye = None
    if len(players) % 2:
        # The lowest-placed player who has sat out with a computer least often.
        bye = min(reversed(players), key=lambda p: met.fillers[p])
        players.remove(bye)
    pairs = _pairing(players, lambda a, b: met.opponents[frozenset((a, b))])
    tables: list[Seats] = [(a, b) for a, b in pairs]
    if bye is not None:
        tables.append((bye, None))
    return tables


def _pairing(players: list[int], cost: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """A perfect pairing in standings order with the fewest rematches (`cost` per pair) found.

    Allows 0, 1, 2 … rematches in turn (`_search`); past that, neighbours pair up.
    """
    for allowed in range(len(players)):
        found = _search(players, allowed, cost, [0])
        if found is not None:
            return found
    return [(players[i], players[i + 1]) for i in range(0, len(players), 2)]


def _search(
    rest: list[int], left: int, cost: Callable[[int, int], int], steps: list[int]
) -> list[tuple[int, int]] | None:
    """Depth first: the top player takes the best-placed partner that still lets everyone below
    pair within `left` rematches; None when none does (or past `PAIRING_BUDGET` steps)."""
    if not rest:
        return []
    steps[0] += 1
    if steps[0] > PAIRING_BUDGET:
        return None
    first = rest[0]
    for i in range(1, len(rest)):
        spent = cost(first, rest[i])
        if spent > left:
            continue
        below = _search(rest[1:i] + rest[i + 1 :], left - spent, cost, steps)
        if below is not None:
            return [(first, rest[i]), *below]
    return None


def _groups(
    order: Sequence[int], counts: Sequence[int], met: Seating, *, partners: bool
) -> list[list[int]]:
    """Tables of neighbours in the standings, each newcomer the best-placed who met the table least."""
    rest = list(order)
    groups = []
    for count in counts:
        group = [rest.pop(0)]
        while len(group) < count:
            meetings = {p: _meetings(met, p, group, partners) for p in rest}
            best = min(rest, key=meetings.__getitem__)
            rest.remove(best)
            group.append(best)
        groups.append(group)
    return groups


def _meetings(met: Seating, player: int, group: list[int], partners: bool) -> int:
    """How often `player` met the people of `group`; a partnership again weighs double."""
    pairs = [frozenset((player, other)) for other in group]
    return sum(met.opponents[x] + (2 * met.partners[x] if partners else 0) for x in pairs)


def _partners(group: list[int], met: Seating) -> Seats:
    """A partnership table of up to four: the split with the fewest repeated partners.

    Among equally new splits the strongest partners the weakest (the first listed).
    """
    if len(group) < 4:
        return _place(group, 4, True)
    a, b, c, d = group
    splits = [((a, d), (b, c)), ((a, c), (b, d)), ((a, b), (c, d))]
    (p, q), (r, s) = min(
        splits, key=lambda split: sum(met.partners[frozenset(pair)] for pair in split)
    )
    return (p, r, q, s)
