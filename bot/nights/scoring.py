"""How an event is ranked: matchpoints, or total points, and the standings.

Each deal's result per seat is what the engine scored for the seat's side in
that deal (meld plus cards, or the contract's points when set). In a duplicate
event every table of a round holds the same cards in the same seat, so a
person's result on a deal is compared with everyone else who held that seat's
cards that round, computers included: 2 matchpoints per player beaten, 1 per
tie. Without duplicate a person's round scores the points their seat scored. A
person who did not show up for a round (a computer played every turn of their
seat) scores zero for it, while the computer's result still stands for the
others' comparisons. Standings sum the rounds; equal totals share a place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealScore:
    """One seat's result on one deal of an event table; `player` None for a computer filler."""

    round: int
    table: int
    deal: int
    seat: int
    player: int | None
    score: int


@dataclass(frozen=True, slots=True)
class Standing:
    """An entrant's place (1 is first; ties share it), total and score per round (round 1 first)."""

    place: int
    player: int
    total: int
    rounds: tuple[int, ...]


def matchpoints(scores: Iterable[DealScore]) -> dict[tuple[int, int], int]:
    """(person, round) -> matchpoints: per deal, 2 per holder of the same cards beaten, 1 per tie."""
    holders: dict[tuple[int, int, int], list[DealScore]] = defaultdict(list)
    for score in scores:
        holders[(score.round, score.deal, score.seat)].append(score)
    points: dict[tuple[int, int], int] = defaultdict(int)
    for group in holders.values():
        for mine in group:
            if mine.player is None:
                continue
            beaten = sum(other.score < mine.score for other in group)
            tied = sum(other.score == mine.score for other in group) - 1
            points[(mine.player, mine.round)] += 2 * beaten + tied
    return dict(points)


def round_scores(
    scores: Iterable[DealScore], *, duplicate: bool, absent: Iterable[tuple[int, int]] = ()
) -> dict[tuple[int, int], int]:
    """(person, round) -> the round's score: matchpoints, or points; zero for a no-show."""
    scores = list(scores)
    if duplicate:
        result = matchpoints(scores)
    else:
        result = defaultdict(int)
        for score in scores:
            if score.player is not None:
                result[(score.player, score.round)] += score.score
        result = dict(result)
    for key in absent:
        result[key] = 0
    return result


def standings(
    entrants: Sequence[int], per_round: Mapping[tuple[int, int], int], rounds: int
) -> list[Standing]:
    """Every entrant ranked by their total over rounds 1..`rounds`, best first.

    Equal totals share a place and keep `entrants`' order (the caller's: by rating).
    """
    totals = []
    for player in entrants:
        row = tuple(per_round.get((player, r), 0) for r in range(1, rounds + 1))
        totals.append((player, sum(row), row))
    totals.sort(key=lambda item: -item[1])
    return [
        Standing(1 + sum(other[1] > total for other in totals), player, total, row)
        for player, total, row in totals
    ]
