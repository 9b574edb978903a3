"""Trick winner (G-3) and strict legality, with the worked examples of RULES §8."""

import pytest

from bot.game import legal_plays, parse_cards, trick_winner


def plays(hand, led, trump="♥", **kw):
    return sorted(str(c) for c in legal_plays(parse_cards(hand), parse_cards(led), trump, **kw))


def test_identical_cards_first_wins_g3():
    assert trick_winner(parse_cards("A♥ A♥"), "♥") == 0


def test_trump_beats_led_suit_and_offsuit_never_wins_g3():
    assert trick_winner(parse_cards("A♠ 9♥"), "♥") == 1
    assert trick_winner(parse_cards("9♠ A♦"), "♥") == 0
    assert trick_winner(parse_cards("9♠ A♦ 10♠ K♥"), "♥") == 3
    assert trick_winner(parse_cards("J♣ A♣"), None) == 1


def test_p2b_must_head_led_king():
    assert plays("A♠ 9♠ 10♦", "K♠") == ["A♠"]


def test_p2_any_spade_when_cannot_beat_ace():
    assert plays("10♠ 9♠ A♦", "A♠") == ["10♠", "9♠"]


def test_p3_void_must_trump():
    assert plays("9♥ A♦", "10♣") == ["9♥"]


def test_p2b_trump_led_must_beat():
    assert plays("K♥ J♥ A♠", "Q♥") == ["K♥"]


def test_identical_card_does_not_beat():
    assert plays("A♥ 9♥", "A♥") == ["9♥", "A♥"]


def test_three_hand_example_must_overtrump():
    assert plays("J♦ 10♦ A♠", "A♣ 9♦", trump="♦") == ["10♦", "J♦"]


def test_p2c_trumped_trick_any_card_of_led_suit():
    assert plays("A♣ 9♣ 10♦", "K♣ 9♦", trump="♦") == ["9♣", "A♣"]


def test_p3c_must_undertrump_and_option():
    assert plays("9♦ A♠", "A♣ A♦", trump="♦") == ["9♦"]
    assert plays("9♦ A♠", "A♣ A♦", trump="♦", options={"must_undertrump": False}) == ["9♦", "A♠"]


def test_p4_void_in_both_any_card():
    assert plays("A♠ 9♣", "A♥", trump="♦") == ["9♣", "A♠"]


def test_p5_trump_lead_only_head_rule():
    opts = {"twohand_head_rule": "trump_lead_only"}
    assert plays("A♠ 9♠", "K♠", options=opts, two_handed=True) == ["9♠", "A♠"]
    assert plays("K♥ J♥", "Q♥", options=opts, two_handed=True) == ["K♥"]
    assert plays("A♠ 9♠", "K♠", options={"head_rule": "trump_lead_only"}) == ["9♠", "A♠"]


def test_p5_partner_exemption():
    assert plays("A♠ 9♠", "K♠", partner_winning=True) == ["A♠"]
    assert plays("A♠ 9♠", "K♠", partner_winning=True, options={"must_head_partner": False}) == [
        "9♠",
        "A♠",
    ]


def test_p6_no_trump_skips_trumping():
    assert plays("9♥ A♦", "10♣", trump=None) == ["9♥", "A♦"]


def test_unknown_option_raises():
    with pytest.raises(ValueError, match="unknown option"):
        legal_plays(parse_cards("A♠"), [], "♥", options={"no_such": 1})
