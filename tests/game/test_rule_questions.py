"""The rule facts the engine answers for the layers above it (sides, claims, tricks, melds, families)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from bot.game import (
    DECLARE_OUT,
    PASS,
    VARIANTS,
    Card,
    DealResult,
    Game,
    Suit,
    Transfer,
    enabled_melds,
    get_variant,
    last_trick_bonus,
    lowest_bid,
    new_game,
    parse_cards,
    scale,
    sequential_meld_value,
    winning_play,
)
from bot.game.options import resolve_options
from bot.game.plain import plain
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
    """The auction games rate apart: their scores run on other scales (§14.8)."""
    assert {name: v.family for name, v in VARIANTS.items()} == {
        "two-handed": "two-handed",
        "two-handed-no-trump": "two-handed",
        "three-handed": "three-handed",
        "four-handed": "four-handed",
        "partnership": "partnership",
        "check": "partnership",
        "auction": "auction",
        "double-deck": "double-deck",
    }


def test_the_one_point_count_divides_by_ten_g7():
    one_point = resolve_options({"count_scheme": "one_point"})
    assert (scale(one_point), last_trick_bonus(one_point)) == (10, 1)
    assert (scale(resolve_options({})), last_trick_bonus(resolve_options({}))) == (1, 10)


def test_enabled_melds_follow_the_options():
    standard = enabled_melds()
    assert standard["double pinochle"] == 300 and standard["eight aces"] == 1000
    assert "grand pinochle" not in standard and "roundhouse bonus" not in standard
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


@pytest.mark.parametrize(
    ("options", "names_trump", "expected"),
    [
        ({}, True, ("royal marriage", 40)),  # B-4: the first marriage scores as royal
        ({"first_marriage_value": 20}, True, ("royal marriage", 20)),  # DX-B1's option
        ({"first_marriage_value": 20}, False, ("marriage", 20)),  # trump fixed: a plain one
        ({"first_marriage_value": 20, "count_scheme": "one_point"}, True, ("royal marriage", 2)),
    ],
)
def test_a_sequential_meld_is_worth_what_the_rule_book_says_b4_dx_b1(
    options, names_trump, expected
):
    trump = None if names_trump else Suit.HEARTS
    assert sequential_meld_value(parse_cards("K♣ Q♣"), trump, options, names_trump=names_trump) == (
        expected
    )
    assert sequential_meld_value(parse_cards("Q♠ J♦"), trump, options) == (
        "pinochle",
        4 if options.get("count_scheme") else 40,
    )
    assert sequential_meld_value(parse_cards("K♣ J♦"), trump, options) is None


def test_the_trick_is_headed_by_the_highest_trump_or_else_the_highest_of_the_suit_led_g3():
    plays = [(1, Card.from_text("10♠")), (2, Card.from_text("A♠")), (3, Card.from_text("K♥"))]
    assert winning_play(plays, Suit.CLUBS) == (2, Card.from_text("A♠"))
    assert winning_play(plays, Suit.HEARTS) == (3, Card.from_text("K♥"))
    twins = [(0, Card.from_text("A♠")), (1, Card.from_text("A♠"))]
    assert winning_play(twins, None)[0] == 0  # the first of identical cards wins
    game = play_randomly(new_game("four-handed", seed=4), random.Random(4), 30)
    while not game.state.trick:
        game.apply(game.legal_actions()[0])
    view = game.public_view()
    assert view.heading == winning_play(view.trick, view.trump)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_phase_properties_match_the_cards_the_engine_allows_p0_a9_c7(variant):
    """A card phase binds play (§8) exactly when the engine refuses some held card; stock
    rounds are the two-hand ones where any card goes (P-0)."""
    for seed in range(3):
        game, rng = new_game(variant, seed=seed), random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            phase, seat = game.phase, game.to_act
            legal = game.legal_actions()
            plays = {a.card for a in legal if a.verb == "play"}
            assert phase.plays_cards == bool(plays)
            if phase.plays_cards and not phase.binds_play:
                assert phase.stock_round and plays == set(game._holding(seat))
            if phase.binds_play and game.state.trick:
                assert plays <= set(game.state.hands[seat])
            game.apply(rng.choice(legal))  # in the passing (F-5), one card of the hand


def test_the_lowest_bid_is_the_minimum_then_one_step_above_the_high_bid_e4():
    raised = 0
    for seed in range(10):
        game = new_game("check", seed=seed)
        high = None
        while game.phase == "auction":
            lowest = lowest_bid(game.legal_actions())
            if lowest is not None:
                assert lowest.amount == (200 if high is None else high + 10)
                raised += high is not None
                high = lowest.amount
                game.apply(lowest)
            else:
                game.apply(PASS)  # no marriage, no bid (E-4)
    assert raised  # some auction went past the opening bid
    assert lowest_bid([PASS]) is None


def test_standing_ranks_sides_by_score_and_ties_share_a_place():
    game = new_game("three-handed", seed=1)
    game.state.scores = [120, 300, 120]
    assert game.standing() == [[1], [0, 2]]
    team = new_game("partnership", seed=1)
    team.state.scores = [90, 410]
    assert team.standing() == [[1, 3], [0, 2]]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_deal_result_is_typed_and_names_the_last_trick_bonus_g5(variant):
    """The last trick's 10 (G-5) goes to its taker's side once every trick is played; the
    result's plain form (record texts, the web replay) is the dict it was (no new key)."""
    game, rng = new_game(variant, seed=5), random.Random(5)
    while len(game.deal_results) < 3 and not game.is_over:
        game.apply(random_action(game, rng))
    assert game.deal_results
    for result in game.deal_results:
        assert isinstance(result, DealResult)
        units = {game.party(seat): seat for seat in range(game.n)}.values()
        bonus = sum(result.last_trick[seat] for seat in units)
        assert bonus == (last_trick_bonus(game.options) if result.complete else 0)
        form = plain(result)
        assert form["points"] == list(result.points) and "last_trick" not in form
        assert ("chips" in form) == ("transfers" in form) == (variant == "check")
        assert ("bid" in form) == game.variant.auction  # E-7, F-9
        if result.transfers is not None:  # E-15: who pays whom; chips net to zero
            assert all(isinstance(t, Transfer) for t in result.transfers)
            assert set(form["transfers"][0]) == {"from", "to", "checks", "reason", "detail"}
            assert result.chips is not None and sum(result.chips) == 0
