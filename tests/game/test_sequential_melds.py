"""Sequential two-hand melding (§2.2) through whole stock-phase turns: MX-1..MX-8, MX-13.

In each position the eldest hand leads an ace and the dealer throws a low
card, so the eldest wins every trick and melds after it (M-1).
"""

import pytest

from bot.game import IllegalAction, Suit, parse_cards
from bot.game.events import TrumpFixed

from .helpers import end_meld, legal, seats, trick, two_hand_game

JUNK = "9♦ 9♦ 9♣ 9♣ J♣ J♣ J♠ J♠ 10♦ 10♦ Q♦ 9♠"
# Stock: eldest draws aces to lead with, dealer draws more low cards.
STOCK = "A♣ 9♠ A♣ 10♣ A♦ 10♣ A♦ J♥"


def meld_total(game, seat):
    return game.view(seat).deal_points.meld[seat]


def win(game, lead, follow="9♦"):
    trick(game, lead, follow)


def test_mx1_marriage_then_flush_is_190():
    g = two_hand_game("K♥ Q♥ A♥ 10♥ J♥ A♠ A♠ 10♠ 10♠ K♣ K♦ K♠", JUNK, "9♥", STOCK)
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld K♥ Q♥")
    end_meld(g)
    win(g, "A♠", "9♦")
    g.apply("meld A♥ 10♥ K♥ Q♥ J♥")
    assert meld_total(g, eldest) == 190


def test_mx1_flush_first_then_royal_marriage_is_refused():
    g = two_hand_game("K♥ Q♥ A♥ 10♥ J♥ A♠ A♠ 10♠ 10♠ K♣ K♦ K♠", JUNK, "9♥", STOCK)
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld A♥ 10♥ K♥ Q♥ J♥")
    end_meld(g)
    win(g, "A♠")
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply("meld K♥ Q♥")
    assert err.value.rule in ("M-3", "M-4")
    assert g.to_json() == before
    assert meld_total(g, eldest) == 150


def test_mx1_trap_second_king_with_table_queen_is_refused_but_both_from_hand_count():
    g = two_hand_game("K♥ Q♥ A♥ 10♥ J♥ A♠ A♠ K♥ 10♠ K♣ K♦ K♠", JUNK, "9♥", "A♣ 9♠ Q♥ 10♣ A♦ 10♣")
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld A♥ 10♥ K♥ Q♥ J♥")
    end_meld(g)
    win(g, "A♠")
    with pytest.raises(IllegalAction, match="M-4"):
        g.apply("meld K♥ Q♥")  # the only Q♥ lies in the flush
    end_meld(g)
    win(g, "A♣", "9♣")  # eldest has now drawn the second Q♥
    g.apply("meld K♥ Q♥")
    assert meld_total(g, eldest) == 190


def test_mx2_one_meld_per_turn_then_reuse_across_classes():
    g = two_hand_game(
        "K♠ Q♠ J♦ A♠ A♠ A♥ 10♠ 10♠ 10♥ K♦ K♥ 9♣",
        "9♦ 9♦ 9♥ 9♥ J♣ J♣ J♠ J♠ 10♦ 10♦ Q♦ 9♠",
        "Q♣",
        STOCK,
    )  # the undeclared 9♣ keeps the melding turn open
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld Q♠ J♦")
    with pytest.raises(IllegalAction, match="M-2"):
        g.apply("meld K♠ Q♠")
    end_meld(g)
    win(g, "A♠")
    g.apply("meld K♠ Q♠")  # K♠ from hand, Q♠ from the table (only class C so far)
    assert meld_total(g, eldest) == 60


def play_mx3(good: bool):
    g = two_hand_game(
        "K♠ K♥ K♦ K♣ Q♦ Q♠ Q♥ Q♣ A♠ A♠ A♥ A♥",
        JUNK,
        "A♦",
        "A♣ 9♠ A♣ 10♣ 10♥ 10♣ 10♥ J♥ 10♠ 9♥ 10♠ 9♥",
    )
    eldest, _ = seats(g)
    steps = ["meld K♠ K♥ K♦ K♣", "meld K♦ Q♦", "meld K♠ Q♠"]
    steps += ["meld K♥ Q♥", "meld Q♠ Q♥ Q♦ Q♣"] if good else ["meld Q♠ Q♥ Q♦ Q♣"]
    for lead, step in zip(["A♠", "A♠", "A♥", "A♥", "A♣"], steps, strict=False):
        win(g, lead, {"A♠": "J♠", "A♥": "J♣", "A♣": "9♣"}[lead])
        g.apply(step)
        end_meld(g)
    return g, eldest


def test_mx3_order_matters_good_order_220():
    g, eldest = play_mx3(True)
    assert meld_total(g, eldest) == 220


def test_mx3_bad_order_200_and_table_marriage_impossible():
    g, eldest = play_mx3(False)
    assert meld_total(g, eldest) == 200
    win(g, "A♣", "9♣")
    assert "meld K♥ Q♥" not in legal(g, eldest)
    with pytest.raises(IllegalAction):
        g.apply("meld K♥ Q♥")


def test_mx4_second_pinochle_is_40_and_double_only_at_once():
    hand = "Q♠ J♦ Q♠ J♦ A♠ A♠ A♥ A♥ 10♠ 10♥ K♦ K♥"
    g = two_hand_game(hand, JUNK, "Q♣", STOCK)
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld Q♠ J♦")
    end_meld(g)
    win(g, "A♠")
    with pytest.raises(IllegalAction):
        g.apply("meld Q♠ Q♠ J♦ J♦")
    g.apply("meld Q♠ J♦")
    assert meld_total(g, eldest) == 80
    at_once = two_hand_game(hand, JUNK, "Q♣", STOCK)
    win(at_once, "A♠")
    at_once.apply("meld Q♠ Q♠ J♦ J♦")
    assert meld_total(at_once, eldest) == 300


def test_mx4_any_higher_upgrade_option_gives_340():
    g = two_hand_game(
        "Q♠ J♦ Q♠ J♦ A♠ A♠ A♥ A♥ 10♠ 10♥ K♦ K♥",
        JUNK,
        "Q♣",
        STOCK,
        options={"same_class_upgrades": "any_higher"},
    )
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld Q♠ J♦")
    end_meld(g)
    win(g, "A♠")
    g.apply("meld Q♠ Q♠ J♦ J♦")
    assert meld_total(g, eldest) == 340


def test_mx4_double_pinochle_over_a_marriage_queen():
    g = two_hand_game("K♠ Q♠ Q♠ J♦ J♦ A♠ A♥ A♥ 10♠ 10♥ K♦ 9♥", JUNK, "Q♣", STOCK)
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld K♠ Q♠")
    end_meld(g)
    win(g, "A♥", "J♠")
    g.apply("meld Q♠ Q♠ J♦ J♦")
    assert meld_total(g, eldest) == 320


def test_mx6_dix_exchange_and_marriage_in_one_turn_then_flush():
    g = two_hand_game(
        "9♠ K♠ Q♠ 10♠ J♠ A♥ A♥ A♦ A♦ 10♥ K♦ K♥",
        "9♦ 9♦ 9♣ 9♣ J♣ J♣ Q♦ Q♦ 10♦ 10♦ J♥ J♥",
        "A♠",
        "A♣ 9♥ A♣ 10♣",
    )
    eldest, _ = seats(g)
    win(g, "A♥", "9♦")
    g.apply("exchange")
    g.apply("meld K♠ Q♠")
    end_meld(g)
    assert str(g.view(eldest).turnup) == "9♠"
    win(g, "A♥", "9♦")
    g.apply("meld A♠ 10♠ K♠ Q♠ J♠")
    assert meld_total(g, eldest) == 200


def test_mx7_played_king_then_flush_with_table_queen():
    g = two_hand_game("K♥ Q♥ K♥ A♥ 10♥ J♥ A♠ A♠ 10♠ 10♠ K♣ K♦", JUNK, "9♥", STOCK)
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld K♥ Q♥")
    end_meld(g)
    g.apply("play K♥")  # the table K♥ goes to a trick
    g.apply("play 9♦")
    assert g.view(eldest).table[eldest] == tuple(parse_cards("Q♥"))
    with pytest.raises(IllegalAction, match="M-4"):
        g.apply("meld K♥ Q♥")
    g.apply("meld A♥ 10♥ K♥ Q♥ J♥")
    assert meld_total(g, eldest) == 190


def test_mx8_second_marriage_needs_both_cards_from_hand():
    g = two_hand_game("K♣ Q♣ K♣ A♠ A♠ A♥ 10♠ 10♠ 10♥ K♦ A♦ 9♥", JUNK, "9♠", "Q♣ 9♥ A♣ 10♣")
    eldest, _ = seats(g)
    win(g, "A♠")
    g.apply("meld K♣ Q♣")
    end_meld(g)
    win(g, "A♠")
    g.apply("meld K♣ Q♣")  # the drawn Q♣ and the second K♣, both from hand
    assert meld_total(g, eldest) == 40


def test_mx13_variant_b_first_marriage_fixes_trump_at_40():
    g = two_hand_game(
        "Q♠ J♦ K♣ Q♣ A♣ 10♣ J♣ A♠ A♥ A♦ 9♣ K♥",
        "9♦ 9♦ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♦ 10♦ J♥ J♥",
        None,
        "A♠ 9♥ A♥ 10♠ A♦ 10♠",
        variant="two-handed-no-trump",
    )
    eldest, _ = seats(g)
    assert g.view(eldest).trump is None
    win(g, "A♠", "9♦")
    assert "meld A♣ 10♣ K♣ Q♣ J♣" not in legal(g, eldest)  # no flush before trump (B-5)
    g.apply("meld Q♠ J♦")
    end_meld(g)
    win(g, "A♠", "9♦")
    events = g.apply("meld K♣ Q♣")
    assert TrumpFixed(seat=eldest, suit=Suit.CLUBS) in events
    assert g.view(eldest).trump == "♣"
    end_meld(g)
    win(g, "A♥", "9♠")
    g.apply("meld A♣ 10♣ K♣ Q♣ J♣")
    assert meld_total(g, eldest) == 40 + 40 + 150


def test_b4_first_marriage_value_option():
    g = two_hand_game(
        "K♣ Q♣ A♠ A♠ A♥ 10♠ 10♠ 10♥ K♦ A♦ 10♦ J♥",
        "9♦ 9♦ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♦ J♣ J♣ J♥",
        None,
        "A♣ 9♥ A♣ 10♣",
        variant="two-handed-no-trump",
        options={"first_marriage_value": 20},
    )
    eldest, _ = seats(g)
    win(g, "A♠", "9♦")
    g.apply("meld K♣ Q♣")
    assert meld_total(g, eldest) == 20
