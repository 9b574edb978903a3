"""Numbers people read: negatives with the typographic minus, never "-" nor "−0"."""

from bot.i18n import MINUS, number, signed


def test_balances_scores_and_ratings_take_the_typographic_minus():
    assert [number(n) for n in (-13, 0, 7)] == [f"{MINUS}13", "0", "7"]
    assert [number(x, 1) for x in (-3.25, 24.96, -0.04)] == [f"{MINUS}3.2", "25.0", "0.0"]


def test_changes_always_show_their_sign_except_zero():
    assert [signed(n) for n in (-8, 0, 12)] == [f"{MINUS}8", "0", "+12"]


def test_russian_decimals_take_the_comma():
    """Russian writes "35,0" and "−3,2": an average or a rating read in Russian has the comma."""
    assert [number(x, 1, "ru") for x in (-3.25, 35.0, -0.04)] == [f"{MINUS}3,2", "35,0", "0,0"]
    assert number(1200, lang="ru") == "1200" and number(35.0, 1, "en") == "35.0"
