"""Melds on the table (RULES §2): one row per owner, the name over the cards."""

from __future__ import annotations

from bot.game.cards import Suit, parse_cards
from bot.render import render_melds
from bot.render import theme as t
from bot.render.melds import MAX_ROW_W, NARROW_STEP, ROW_H, WIDE_STEP, row_step
from tests.render.pictures import centre_pip, decode, is_black, is_felt, is_red

TOP = t.PAD + t.HEADER_H
FLUSH = parse_cards("A♥ 10♥ K♥ Q♥ J♥")  # flush in trump, 150 (MX table)
PINOCHLE = parse_cards("Q♠ J♦")  # pinochle, 40


def test_one_row_per_owner_in_the_given_order() -> None:
    img = decode(render_melds([("Алиса", FLUSH), ("Bob", PINOCHLE)], trump=Suit.HEARTS, lang="ru"))
    assert img.height == TOP + 2 * ROW_H
    # First card of each row: A♥ in row one, Q♠ in row two.
    assert is_red(img.getpixel(centre_pip(t.PAD, TOP + t.NAME_H)))
    assert is_black(img.getpixel(centre_pip(t.PAD, TOP + ROW_H + t.NAME_H)))
    # The owner's name is written above each row.
    for row in range(2):
        band = img.crop((t.PAD, TOP + row * ROW_H, t.PAD + 60, TOP + row * ROW_H + t.NAME_H))
        assert any(not is_felt(c) for _, c in band.getcolors(10_000)), row


def test_row_width_follows_the_cards() -> None:
    img = decode(render_melds([("Bob", FLUSH)]))
    assert img.width == 2 * t.PAD + 4 * WIDE_STEP + t.CARD_W


def test_long_rows_close_up_but_stay_readable() -> None:
    """Three-handed melds can run to many cards (RULES MX-10); the row narrows to the hand's spacing."""
    assert row_step(5) == WIDE_STEP
    assert row_step(30) == NARROW_STEP
    for n in range(2, 30):
        step = row_step(n)
        assert NARROW_STEP <= step <= WIDE_STEP
        assert step * (n - 1) + t.CARD_W <= MAX_ROW_W or step == NARROW_STEP, n
    many = parse_cards("A♠ 10♠ K♠ Q♠ J♠ A♥ A♦ A♣ K♥ K♦ K♣ Q♦ Q♥ Q♣ J♦ 9♠")
    img = decode(render_melds([("Карл", many)], trump=Suit.SPADES))
    assert img.width <= MAX_ROW_W + 2 * t.PAD + NARROW_STEP


def test_an_owner_without_melds_keeps_a_row() -> None:
    with_empty = decode(render_melds([("Алиса", FLUSH), ("Bob", [])], lang="ru"))
    assert with_empty.height == TOP + 2 * ROW_H
    second_row = with_empty.crop((0, TOP + ROW_H + t.NAME_H, with_empty.width, TOP + 2 * ROW_H))
    colours = [c for _, c in second_row.getcolors(10_000)]
    assert t.CARD_FACE not in colours  # no card drawn ...
    assert any(not is_felt(c) for c in colours)  # ... but the words "no melds"


def test_no_melds_is_a_small_picture() -> None:
    img = decode(render_melds([], lang="ru"))
    assert img.width < 300 and img.height < TOP + ROW_H
    assert render_melds([], lang="ru") != render_melds([], lang="en")


def test_trump_marker_only_when_trump_is_given() -> None:
    spot = (t.PAD + 6, t.PAD + t.BADGE_H // 2)
    assert not is_felt(decode(render_melds([("Bob", PINOCHLE)], trump=Suit.CLUBS)).getpixel(spot))
    assert is_felt(decode(render_melds([("Bob", PINOCHLE)])).getpixel(spot))
