"""The trick on the table: cards in playing order, names under them, the winner (RULES G-3) marked."""

from __future__ import annotations

import pytest

from bot.game.cards import Card, Suit, parse_cards
from bot.render import render_trick
from bot.render import theme as t
from bot.render.trick import HEIGHT, PLACE_W
from tests.render.pictures import centre_pip, decode, is_black, is_felt, is_gold, is_red

TOP = t.PAD + t.HEADER_H
NAME_MIDDLE = TOP + t.CARD_H + 4 + t.NAME_H // 2


def card_left(i: int) -> int:
    return t.PAD + i * PLACE_W + (PLACE_W - t.CARD_W) // 2


def plays(
    text: str, names: tuple[str, ...] = ("Алиса", "Bob", "Карл", "Dana")
) -> list[tuple[str, Card]]:
    return list(zip(names, parse_cards(text), strict=False))


def test_four_card_trick_layout() -> None:
    """Four-handed (RULES D): four places side by side, each card's pip in its colour."""
    img = decode(render_trick(plays("A♥ 10♠ K♦ J♣"), trump=Suit.HEARTS, winner=0))
    assert img.size == (4 * PLACE_W + 2 * t.PAD, HEIGHT)
    checks = (is_red, is_black, is_red, is_black)
    for i, check in enumerate(checks):
        assert check(img.getpixel(centre_pip(card_left(i), TOP))), i


def test_winner_is_framed_in_gold_and_the_others_are_not() -> None:
    trick = plays("9♠ A♠ 10♠")
    for winner in range(3):
        img = decode(render_trick(trick, trump=Suit.CLUBS, winner=winner))
        for i in range(3):
            frame = img.getpixel((card_left(i) + t.CARD_W // 2, TOP + 1))
            assert is_gold(frame) == (i == winner), (winner, i)


def test_without_a_winner_nothing_is_gold() -> None:
    img = decode(render_trick(plays("9♠ A♠"), trump=Suit.CLUBS))
    for i in range(2):
        assert not is_gold(img.getpixel((card_left(i) + t.CARD_W // 2, TOP + 1)))


def test_player_names_are_written_under_their_cards() -> None:
    img = decode(render_trick(plays("9♠ A♠"), winner=1))
    for i in range(2):
        band = img.crop(
            (t.PAD + i * PLACE_W, NAME_MIDDLE - 8, t.PAD + (i + 1) * PLACE_W, NAME_MIDDLE + 8)
        )
        assert any(not is_felt(c) for _, c in band.getcolors(10_000)), i
    # The winner's name is gold; the other is in the plain text colour.
    winner_band = img.crop((t.PAD + PLACE_W, NAME_MIDDLE - 8, t.PAD + 2 * PLACE_W, NAME_MIDDLE + 8))
    assert any(is_gold(c) for _, c in winner_band.getcolors(10_000))


def test_cyrillic_names_differ_from_latin_ones() -> None:
    card = parse_cards("A♠")
    assert render_trick([("Алиса", card[0])]) != render_trick([("Alice", card[0])])


def test_long_names_are_cut_to_their_place() -> None:
    """A long name ends in an ellipsis inside its own place: the picture keeps its width and
    the neighbour's name band stays clear."""
    long_name = "Константин Константинопольский " * 4
    short = decode(render_trick(plays("9♠ A♠", ("Al", "Bo"))))
    cut = decode(render_trick(plays("9♠ A♠", (long_name, "Bo"))))
    assert cut.size == short.size
    assert (
        cut.crop((t.PAD + PLACE_W, NAME_MIDDLE - 10, cut.width, NAME_MIDDLE + 10)).tobytes()
        == short.crop((t.PAD + PLACE_W, NAME_MIDDLE - 10, short.width, NAME_MIDDLE + 10)).tobytes()
    )
    assert render_trick(plays("9♠", (long_name,))) == render_trick(plays("9♠", (long_name + "x",)))


def test_names_are_drawn_on_one_line() -> None:
    """Newlines and other control characters in a display name are dropped."""
    card = parse_cards("A♠")[0]
    assert render_trick([("Bob\nSmith", card)]) == render_trick([("BobSmith", card)])


def test_places_keep_the_size_while_the_trick_fills() -> None:
    """Three-handed (RULES C): with places=3 the picture is the same size after one, two, three cards."""
    sizes = {decode(render_trick(plays("9♠ A♠ K♠")[:n], places=3)).size for n in range(4)}
    assert sizes == {(3 * PLACE_W + 2 * t.PAD, HEIGHT)}
    empty = decode(render_trick([], places=3))
    for i in range(3):
        assert is_felt(empty.getpixel(centre_pip(card_left(i), TOP)))
        assert not is_felt(empty.getpixel((card_left(i) + t.CARD_W // 2, TOP)))  # the outline


def test_empty_table_is_a_small_picture() -> None:
    img = decode(render_trick([], lang="ru"))
    one = decode(render_trick(plays("A♠")[:1]))
    assert img.width < 300 and img.height < one.height
    assert any(not is_felt(c) for _, c in img.getcolors(10_000))


def test_trump_marker_only_when_trump_is_given() -> None:
    spot = (t.PAD + 6, t.PAD + t.BADGE_H // 2)
    assert not is_felt(decode(render_trick(plays("A♠"), trump=Suit.SPADES)).getpixel(spot))
    assert is_felt(decode(render_trick(plays("A♠"))).getpixel(spot))
    assert not is_felt(decode(render_trick([], trump=Suit.SPADES)).getpixel(spot))


@pytest.mark.parametrize("winner", [-1, 2, 5])
def test_winner_must_be_a_card_played(winner: int) -> None:
    with pytest.raises(ValueError, match="winner"):
        render_trick(plays("9♠ A♠"), winner=winner)
