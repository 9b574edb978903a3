"""The rule facts the engine answers for the layers above it (sides, claims, tricks, melds, families)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from bot.game import (
    DECLARE_OUT,
    VARIANTS,
    Game,
    enabled_melds,
    get_variant,
    last_trick_bonus,
    new_game,
    scale,
)
from bot.game.options import resolve_options
from bot.game.random_play import random_action

from .helpers import play_randomly


def test_partners_sit_across_the_table_only_in_the_partnership_games_d2_e1():
    assert get_variant("partnership").partner(1) == 3 and get_variant("check").partner(2) == 0
    assert get_variant("four-handed").partner(1) is None
    assert get_variant("check").sides() == [[0, 2], [1, 3]]
    assert get_variant("three-handed").sides() == [[0], [1], [2]]
    assert get_variant("partnership").same_side(0, 2) and not get_variant("check").same_side(0, 1)
    assert not get_variant("four-handed").same_side(0, 2)


def test_every_variant_has_a_rating_family_and_the_two_hand_games_share_one():
    assert {name: v.family for name, v in VARIANTS.items()} == {
        "two-handed": "two-handed",
        "two-handed-no-trump": "two-handed",
        "three-handed": "three-handed",
        "four-handed": "four-handed",
        "partnership": "partnership",
        "check": "partnership",
    }


def test_the_one_point_count_divides_by_ten_g7():
    one_point = resolve_options({"count_scheme": "one_point"})
    assert (scale(one_point), last_trick_bonus(one_point)) == (10, 1)
    assert (scale(resolve_options({})), last_trick_bonus(resolve_options({}))) == (1, 10)


def test_enabled_melds_follow_the_options():
    plain = enabled_melds()
    assert plain["double pinochle"] == 300 and plain["eight aces"] == 1000
    assert "grand pinochle" not in plain and "roundhouse bonus" not in plain
    house = enabled_melds(
        {
            "eight_of_a_kind": False,
            "grand_pinochle": True,
            "double_pinochle_value": 400,
            "roundhouse_bonus_points": 250,
        }
    )
    assert not any(name.startswith("eight ") for name in house)
    assert (house["grand pinochle"], house["double pinochle"], house["roundhouse bonus"]) == (
        80,
        400,
        250,
    )


@pytest.mark.parametrize("variant", ["two-handed", "three-handed", "four-handed"])
def test_claim_wins_says_exactly_whether_declaring_out_would_win_a12(variant):
    checked = {True: 0, False: 0}
    for seed in range(6):
        game = new_game(variant, seed=seed, options={"declare_out": True, "target": 200})
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act
            if DECLARE_OUT in game.legal_actions():
                claim = game.view(seat).claim_wins
                trial = game.clone()
                trial.apply(DECLARE_OUT)
                assert (trial.party(seat) not in trial.state.losers) == claim  # a wrong claim loses
                checked[claim] += 1
            acts = [a for a in game.legal_actions() if a != DECLARE_OUT]
            game.apply(rng.choice(acts))
    assert checked[True] and checked[False]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_completed_tricks_name_their_leader_and_winner_g3(variant):
    game: Game = play_randomly(new_game(variant, seed=3), random.Random(3), 80)
    tricks = game.view(0).tricks
    assert [t.number for t in tricks] == list(range(1, len(tricks) + 1))
    for before, after in pairwise(tricks):
        assert after.leader == before.winner  # the winner leads the next trick (G-11)
    for trick in tricks:
        assert trick.plays[0][0] == trick.leader and trick.winner in [s for s, _ in trick.plays]


def test_random_play_reaches_a_random_action():
    game = new_game("check", seed=2)
    assert random_action(game, random.Random(0)) in game.legal_actions()
