"""Seating an event's rounds: by rating, Swiss, rotating seats, changing partners."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.nights import Seating, rotate_for_table, seat_round
from bot.nights.seating import table_counts


def people(seats) -> list[int]:
    return [p for p in seats if p is not None]


def test_round_one_seats_the_strongest_together_and_computers_fill_the_last_tables():
    # Seven players by rating, four-handed cutthroat: two tables of 4 and 3, a computer in the 3's.
    tables = seat_round([7, 6, 5, 4, 3, 2, 1], 4, partnership=False, round_no=1)
    assert tables == [(7, 6, 5, 4), (3, 2, 1, None)]


def test_round_one_partnership_pairs_the_strongest_with_the_weakest():
    # RULES §6.3: partners sit opposite (seats 0 and 2); 1st+4th play 2nd+3rd.
    assert seat_round([1, 2, 3, 4], 4, partnership=True, round_no=1) == [(1, 2, 4, 3)]


@pytest.mark.parametrize(
    ("people_count", "size", "expected"),
    [(16, 2, [2] * 8), (17, 2, [2] * 8 + [1]), (16, 3, [3, 3, 3, 3, 2, 2]), (5, 4, [3, 2])],
)
def test_tables_are_as_even_as_the_numbers_allow(people_count, size, expected):
    assert table_counts(people_count, size) == expected


def test_swiss_pairs_neighbours_in_the_standings_without_a_rematch():
    first = seat_round([1, 2, 3, 4, 5, 6], 2, partnership=False, round_no=1)
    assert first == [(1, 2), (3, 4), (5, 6)]
    # After round 1 the standings are 1, 2, 3, 4, 5, 6 again: 1 may not meet 2 a second time.
    second = seat_round([1, 2, 3, 4, 5, 6], 2, partnership=False, round_no=2, history=[first])
    assert second == [(1, 3), (2, 4), (5, 6)] or second == [(1, 3), (2, 5), (4, 6)]
    assert not set(map(frozenset, second)) & set(map(frozenset, first))


def test_swiss_gives_the_bye_to_the_lowest_player_who_has_not_had_one():
    first = seat_round([1, 2, 3, 4, 5], 2, partnership=False, round_no=1)
    assert first[-1] == (5, None)
    second = seat_round([1, 2, 3, 4, 5], 2, partnership=False, round_no=2, history=[first])
    assert second[-1] == (4, None)


def rematch_free_pairing_exists(players, met) -> bool:
    if not players:
        return True
    first = players[0]
    return any(
        frozenset((first, other)) not in met
        and rematch_free_pairing_exists([p for p in players[1:] if p != other], met)
        for other in players[1:]
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.integers(2, 5), st.randoms(use_true_random=False))
def test_swiss_never_repeats_a_pairing_while_one_can_be_avoided(count, rounds, rng):
    order = list(range(1, count + 1))
    history = []
    for round_no in range(1, rounds + 1):
        rng.shuffle(order)  # any standings
        tables = seat_round(order, 2, partnership=False, round_no=round_no, history=history)
        assert sorted(people(p for t in tables for p in t)) == sorted(order)
        met = Seating.of(history, partnership=False).opponents
        pairs = [frozenset(t) for t in tables if None not in t]
        in_pairs = [p for t in tables if None not in t for p in t]
        if rematch_free_pairing_exists(in_pairs, set(met)):
            assert not any(met[pair] for pair in pairs), (history, tables)
        history.append(tables)


def test_four_handed_rounds_regroup_and_rotate_seats():
    order = list(range(1, 17))
    history = [seat_round(order, 4, partnership=False, round_no=1)]
    history.append(seat_round(order, 4, partnership=False, round_no=2, history=history))
    met = Seating.of(history, partnership=False).opponents
    assert max(met.values()) == 1  # 16 people, 2 rounds: nobody meets anyone twice
    # The leader of round 2's first table no longer sits in seat 0.
    assert history[1][0][0] != 1 and 1 in history[1][0]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([4, 5, 7, 8, 12, 16]), st.randoms(use_true_random=False))
def test_partners_change_every_round_while_the_numbers_allow(count, rng):
    order = list(range(1, count + 1))
    history = []
    for round_no in (1, 2, 3):
        rng.shuffle(order)
        tables = seat_round(order, 4, partnership=True, round_no=round_no, history=history)
        assert sorted(people(p for t in tables for p in t)) == sorted(order)
        assert all(len(t) == 4 and people(t) for t in tables)
        history.append(tables)
    partners = Seating.of(history, partnership=True).partners
    if count >= 8:
        assert max(partners.values()) == 1, history
    else:
        # Four people have only three ways to pair up: three rounds use each once.
        assert max(partners.values(), default=1) <= 2


@given(st.lists(st.integers(), min_size=1, max_size=20, unique=True), st.integers(2, 4))
def test_every_entrant_sits_once_and_no_table_is_all_computers(order, size):
    for round_no in (1, 2):
        history = [seat_round(order, size, partnership=size == 4, round_no=1)]
        tables = seat_round(order, size, partnership=size == 4, round_no=round_no, history=history)
        seated = Counter(p for t in tables for p in t if p is not None)
        assert seated == Counter(order)
        assert all(len(t) == size and people(t) for t in tables)


def test_duplicate_rotation_moves_every_seat_and_keeps_partners_opposite():
    seats = (1, 2, 3, 4)
    turned = [rotate_for_table(seats, n) for n in range(4)]
    assert turned == [(1, 2, 3, 4), (4, 1, 2, 3), (3, 4, 1, 2), (2, 3, 4, 1)]
    for table in turned:  # 1 and 3 still partners (same parity), as are 2 and 4
        assert (table.index(1) - table.index(3)) % 2 == 0
    # Across four tables the first-placed player holds each seat's cards once.
    assert {t.index(1) for t in turned} == {0, 1, 2, 3}


def test_bad_entrants_are_refused():
    with pytest.raises(ValueError):
        seat_round([], 2, partnership=False, round_no=1)
    with pytest.raises(ValueError):
        seat_round([1, 1], 2, partnership=False, round_no=1)


def test_opponents_and_partners_are_counted_apart():
    met = Seating.of([[(1, 2, 3, 4)]], partnership=True)
    assert met.partners == Counter({frozenset((1, 3)): 1, frozenset((2, 4)): 1})
    assert set(met.opponents) == {frozenset(p) for p in combinations((1, 2, 3, 4), 2)} - {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
