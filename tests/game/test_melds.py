"""Simultaneous melding (§2.3) and the meld table (§2.1), with MX-9..MX-12."""

import pytest

from bot.game import meld_breakdown, meld_points, parse_cards


def names(hand, trump, **opts):
    return sorted((n, p) for n, _, p in meld_breakdown(parse_cards(hand), trump, opts or None))


def test_mx10_three_hand_hand_is_440():
    hand = parse_cards("A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ 9♥ K♠ Q♠ A♦ J♦ A♣ K♣ A♠ K♦")
    assert meld_points(hand, "♥") == 440
    assert names("A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ 9♥ K♠ Q♠ A♦ J♦ A♣ K♣ A♠ K♦", "♥") == sorted(
        [
            ("flush", 150),
            ("royal marriage", 40),
            ("marriage", 20),
            ("dix", 10),
            ("aces around", 100),
            ("kings around", 80),
            ("pinochle", 40),
        ]
    )
    assert meld_points(hand, "♥", {"flush_includes_royal_bonus": True}) == 480  # DX-S1


def test_mx11_roundhouse_hand_is_290():
    assert meld_points(parse_cards("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ J♦ 9♠ A♠ 10♠"), "♠") == 290


def test_mx12_doubles_hand_is_520():
    hand = parse_cards("Q♠ Q♠ J♦ J♦ A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣")
    assert meld_points(hand, "♠") == 520
    assert ("double pinochle", 300) in names("Q♠ Q♠ J♦ J♦ A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣", "♠")


def test_mx9_plain_suit_run_is_only_a_marriage():
    assert names("A♦ 10♦ K♦ Q♦ J♦", "♥") == [("marriage", 20)]


def test_s2_flush_does_not_also_count_its_royal_marriage():
    assert meld_points(parse_cards("A♥ 10♥ K♥ Q♥ J♥"), "♥") == 150


def test_s3_doubles_replace_singles():
    assert names("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", "♥") == [("eight aces", 1000)]
    assert names("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥", "♥") == [("double flush", 1500)]
    assert names("Q♠ Q♠ J♦ J♦", "♥") == [("double pinochle", 300)]


@pytest.mark.parametrize(
    "rank,name,value",
    [("K", "eight kings", 800), ("Q", "eight queens", 600), ("J", "eight jacks", 400)],
)
def test_eight_of_a_kind_ladder(rank, name, value):
    hand = " ".join(f"{rank}{s}" for s in "♠♠♥♥♦♦♣♣")
    assert (name, value) in names(hand, "♥")


def test_options_change_meld_values_dx_m1_m2_m5():
    assert ("double pinochle", 400) in names("Q♠ Q♠ J♦ J♦", "♥", double_pinochle_value=400)
    assert ("eight queens", 400) in names("Q♠ Q♠ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣", "♣", eight_queens_value=400)
    assert (
        names("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", "♥", eight_of_a_kind=False) == [("aces around", 100)] * 2
    )


def test_grand_pinochle_option():
    assert names("K♠ Q♠ J♦", "♥") == [("marriage", 20), ("pinochle", 40)]
    assert names("K♠ Q♠ J♦", "♥", grand_pinochle=True) == [("grand pinochle", 80), ("marriage", 20)]


def test_roundhouse_bonus_option_dx_m7():
    hand = parse_cards("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣")
    assert meld_points(hand, "♠") == 240
    assert meld_points(hand, "♠", {"roundhouse_bonus_points": 10}) == 250


def test_dix_is_the_seven_in_the_64_card_pack():
    assert names("9♥", "♥") == [("dix", 10)]
    assert names("9♥", "♥", pack64=True) == []
    assert names("7♥", "♥", pack64=True) == [("dix", 10)]


def test_one_point_scale_divides_melds():
    assert meld_points(parse_cards("A♥ 10♥ K♥ Q♥ J♥"), "♥", {"count_scheme": "one_point"}) == 15


def test_unknown_option_value_raises():
    with pytest.raises(ValueError, match="double_pinochle_value"):
        meld_points(parse_cards("Q♠ J♦"), "♥", {"double_pinochle_value": 123})


@pytest.mark.parametrize(
    ("variant", "hand", "says"),
    [
        ("double-deck", "A♥ A♥ 9♥ K♥ Q♥", "9♥"),  # H-1: the double deck has no nines
        ("double-deck", "Q♠ Q♠ Q♠ Q♠ Q♠ J♦", "Q♠"),  # four copies of each card
        ("two-handed", "Q♠ Q♠ Q♠ J♦", "Q♠"),  # G-1: two copies in the 48-card pack
    ],
)
def test_the_meld_tool_refuses_a_hand_its_pack_cannot_deal(capsys, variant, hand, says):
    """`python -m bot.game meld`: a card the game's pack does not hold (so often) is a typing
    mistake; the tool says which card instead of printing a meld of a hand no deal gives."""
    from bot.game.__main__ import main

    assert main(["meld", "--variant", variant, "--trump", "S", hand]) == 2
    out = capsys.readouterr()
    assert says in out.err and out.out == ""
