"""Matchpoints and standings, worked by hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.nights import DealScore, matchpoints, round_scores, standings


def held(round_no, deal, seat, results):
    """One deal's results of everyone who held seat `seat`'s cards: {player: score}."""
    return [
        DealScore(round_no, table, deal, seat, player, score)
        for table, (player, score) in enumerate(results.items())
    ]


def test_matchpoints_two_per_player_beaten_one_per_tie():
    # Four tables held the same cards in seat 0 on deal 1: 250, 180, 180 and 120 points.
    scores = held(1, 1, 0, {"ann": 250, "bob": 180, "cy": 180, "dee": 120})
    assert matchpoints(scores) == {
        ("ann", 1): 6,  # beat three
        ("bob", 1): 3,  # beat one, tied one
        ("cy", 1): 3,
        ("dee", 1): 0,
    }


def test_matchpoints_sum_over_deals_and_compare_only_the_same_cards():
    scores = [
        *held(1, 1, 0, {"ann": 100, "bob": 50}),
        *held(1, 1, 1, {"cy": 90, "dee": 90}),  # seat 1's cards: a tie
        *held(1, 2, 0, {"ann": 10, "bob": 20}),
        *held(2, 1, 0, {"ann": 5, "cy": 0}),
    ]
    assert matchpoints(scores) == {
        ("ann", 1): 2,
        ("bob", 1): 2,
        ("cy", 1): 1,
        ("dee", 1): 1,
        ("ann", 2): 2,
        ("cy", 2): 0,
    }


def test_a_computer_counts_as_a_holder_but_scores_nothing():
    scores = held(1, 1, 0, {"ann": 100, None: 150, "bob": 100})
    assert matchpoints(scores) == {("ann", 1): 1, ("bob", 1): 1}


def test_points_without_duplicate_and_zero_for_a_no_show():
    scores = [
        DealScore(1, 0, 1, 0, "ann", 120),
        DealScore(1, 0, 2, 0, "ann", 80),
        DealScore(1, 0, 1, 1, "bob", 200),
        DealScore(1, 0, 2, 1, "bob", 10),
    ]
    assert round_scores(scores, duplicate=False) == {("ann", 1): 200, ("bob", 1): 210}
    assert round_scores(scores, duplicate=False, absent=[("bob", 1)]) == {
        ("ann", 1): 200,
        ("bob", 1): 0,
    }


def test_standings_sum_rounds_and_ties_share_a_place():
    per_round = {("ann", 1): 4, ("ann", 2): 2, ("bob", 1): 6, ("cy", 2): 6, ("dee", 1): 1}
    rows = standings(["dee", "cy", "bob", "ann"], per_round, 2)
    assert [(s.place, s.player, s.total, s.rounds) for s in rows] == [
        (1, "cy", 6, (0, 6)),
        (1, "bob", 6, (6, 0)),
        (1, "ann", 6, (4, 2)),
        (4, "dee", 1, (1, 0)),
    ]


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=12))
def test_matchpoints_of_one_deal_add_up_to_every_comparison(results):
    # n holders make n(n-1)/2 comparisons, each worth 2 matchpoints between the two.
    scores = held(1, 1, 0, dict(enumerate(results)))
    n = len(results)
    assert sum(matchpoints(scores).values()) == n * (n - 1)
