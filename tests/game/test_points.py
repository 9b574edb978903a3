"""Card points and rounding (G-4..G-7)."""

import pytest

from bot.game import (
    VARIANTS,
    OptionError,
    card_points,
    deal_card_total,
    make_pack,
    new_game,
    round_card_points,
)


def test_hoyle_pack_is_240_g4():
    assert card_points(make_pack()) == 240
    assert card_points(make_pack(True)) == 240


@pytest.mark.parametrize("scheme,total", [("counters", 240), ("five_ten", 240), ("one_point", 24)])
def test_other_schemes_g7(scheme, total):
    assert card_points(make_pack(), {"count_scheme": scheme}) == total


@pytest.mark.parametrize(
    "raw,rounded",
    [(87, 90), (119, 120), (126, 120), (124, 120), (125, 120), (127, 130), (134, 130), (116, 110)],
)
def test_g6_rounding_examples(raw, rounded):
    assert round_card_points(raw) == rounded


def test_g6_two_party_totals_are_250_or_240():
    for a in range(0, 251):
        assert round_card_points(a) + round_card_points(250 - a) in (240, 250)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("scheme", [None, "counters", "one_point"])
def test_the_deal_total_from_the_options_is_the_one_a_game_deals(variant, scheme):
    """G-5, G-7, H-9: what the computer players read from the options alone (`deal_card_total`)
    is the whole deal's card points the game itself counts: 250, 25, or the double deck's 50."""
    options = {} if scheme is None else {"count_scheme": scheme}
    try:
        game = new_game(variant, seed=1, options=options)
    except OptionError:
        pytest.skip("the double deck has its own count")
    assert deal_card_total(game.options) == game.card_total
