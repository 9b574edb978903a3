"""The arena: duplicate deals between levels, its summary and its command line."""

from __future__ import annotations

import json
import random

import pytest

from bot.ai.__main__ import main
from bot.ai.arena import ARENA_LEVELS, Match, play_deal, run, seatings, summary
from bot.ai.inference import read_evidence
from bot.ai.knowledge import read_view
from bot.ai.levels import LEVELS, get_player
from bot.ai.reference import ReferencePlayer, SeenCallsReference
from bot.ai.worlds import deal_hidden
from bot.game import VARIANTS, new_game


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_easy_beats_random_over_a_few_duplicate_deals(variant):
    match = Match(variant, "easy", "random", seed=3)
    result = summary(match, run(match, 3, workers=1))
    assert result["deals"] == 3 and result["plays_per_deal"] == len(seatings(variant))
    assert result["ci_low"] <= result["margin"] <= result["ci_high"]
    assert 0.0 <= result["deals_won_a"] <= 1.0
    assert result["margin"] > 0
    assert result["seconds_per_decision_a"] > 0 and result["seconds_per_decision_b"] > 0


def test_seatings_swap_sides_and_rotate_cutthroat_seats():
    assert seatings("two-handed") == [{0}, {1}]
    assert seatings("partnership") == [{0, 2}, {1, 3}]
    assert seatings("three-handed") == [{0}, {1}, {2}]
    assert seatings("four-handed") == [{0}, {1}, {2}, {3}]


def test_both_seatings_of_a_deal_are_dealt_the_same_cards():
    """Duplicate play: what differs between the two plays is who sits where, not the cards."""
    result_1, _ = play_deal("two-handed", 77, ["easy", "easy"], player_seed=1, budget=1.0)
    result_2, _ = play_deal("two-handed", 77, ["easy", "easy"], player_seed=1, budget=1.0)
    assert result_1.points == result_2.points
    assert sum(result_1.points) >= 250  # the card points and last trick (G-5) plus any meld


def test_equal_levels_play_to_a_zero_margin_in_duplicate():
    match = Match("partnership", "easy", "easy", seed=1)
    assert summary(match, run(match, 2, workers=1))["margin"] == 0


def test_command_line_prints_one_json_object(capsys):
    assert (
        main(
            [
                "arena",
                "--variant",
                "check",
                "--a",
                "normal",
                "--b",
                "random",
                "--deals",
                "2",
                "--seed",
                "1",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    for key in (
        "margin",
        "ci_low",
        "ci_high",
        "deals_won_a",
        "seconds_per_decision_a",
        "seconds_per_decision_b",
    ):
        assert isinstance(result[key], (int, float)), key


def test_command_line_text_names_the_levels(capsys):
    main(
        [
            "arena",
            "--variant",
            "two-handed",
            "--a",
            "easy",
            "--b",
            "random",
            "--deals",
            "1",
            "--workers",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert "A=easy" in out and "B=random" in out and "95% CI" in out


def test_the_reference_searches_the_one_world_that_is_the_deal_as_it_lies():
    """The yardstick: `hard`'s search on the true deal, every hand and the stock in order."""
    game = new_game("two-handed", seed=5)
    seat = game.to_act
    assert seat is not None
    k = read_view(game.view(seat))
    deal, most = ReferencePlayer(game, seed=1, budget=0.1).worlds(k)
    hands, stock = deal(k, random.Random(1), read_evidence(k))
    assert most == 1
    assert hands == {1 - seat: game.state.hands[1 - seat]} and stock == game.state.stock


def test_the_reference_calls_from_the_worlds_its_view_allows_and_plays_seeing_every_card():
    """E-3..E-8: in Check the reference bids from `hard`'s sampled worlds (honest calls), so the
    arena measures its calls and its play apart; `reference-seen` bids on the true deal too."""
    game = new_game("check", seed=3)
    seat = game.to_act
    assert seat is not None and game.view(seat).phase == "auction"
    k = read_view(game.view(seat))
    honest, _ = ReferencePlayer(game, seed=1, budget=0.1).worlds(k)
    seen, most = SeenCallsReference(game, seed=1, budget=0.1).worlds(k)
    assert honest is deal_hidden
    hands, _ = seen(k, random.Random(1), read_evidence(k))
    assert most == 1 and all(hands[s] == game.state.hands[s] for s in hands)
    while game.state.phase != "play":
        game.apply(game.legal_actions()[0])
    assert game.to_act is not None
    k = read_view(game.view(game.to_act))
    in_play, most = ReferencePlayer(game, seed=1, budget=0.1).worlds(k)
    assert in_play is not deal_hidden and most == 1


def test_a_table_cannot_seat_the_reference_that_sees_every_card():
    assert "reference" not in LEVELS and "reference" in ARENA_LEVELS
    with pytest.raises(ValueError):
        get_player("reference")


def test_the_reference_plays_a_duplicate_deal_from_the_command_line(capsys):
    args = ["arena", "--variant", "three-handed", "--a", "reference", "--b", "easy"]
    assert main([*args, "--deals", "1", "--budget", "0.02", "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["a"] == "reference" and result["plays_per_deal"] == 3


def test_the_auction_games_count_the_contracts_each_side_bought_and_made():
    """E-7, F-9: every deal of an auction game has one declaring side, so the contracts bought
    add up to the seatings played, and a side makes at most what it bought."""
    match = Match("auction", "easy", "normal", seed=1)
    result = summary(match, run(match, 2, workers=1))
    assert result["contracts_bought_a"] + result["contracts_bought_b"] == 4
    assert result["contracts_made_a"] <= result["contracts_bought_a"]
    assert result["contracts_made_b"] <= result["contracts_bought_b"]


def test_table_options_reach_every_deal_and_a_bad_one_is_refused(capsys):
    """H-5: the double deck passes only as a table's option; `--option pass_count=4` plays the
    deals under it (the summary names it), and an option the game does not play is refused with
    a message, not a traceback."""
    argv = ["arena", "--variant", "double-deck", "--a", "normal", "--b", "easy", "--deals", "1"]
    argv += ["--workers", "1", "--json", "--option", "pass_count=4"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"pass_count": 4}
    result, _ = play_deal("double-deck", 5, ["easy"] * 4, 1, 1.0, {"pass_count": 4})
    assert result.declarer is not None
    with pytest.raises(SystemExit):
        main(argv[:-1] + ["pass_count=7"])
    assert "pass_count" in capsys.readouterr().err
