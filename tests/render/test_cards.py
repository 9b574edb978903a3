"""Every card face of both packs (RULES G-1, G-2, A-14) in both languages, and its colours."""

from __future__ import annotations

import pytest

from bot.game.cards import Card, Suit, make_pack
from bot.render import render_hand
from bot.render import theme as t
from bot.render.hand import HEIGHT, RAISE, STEP
from tests.render.pictures import centre_pip, corner_pip, decode, is_black, is_red

LEFT, TOP = t.PAD, t.PAD + t.HEADER_H + RAISE  # where a lone card without legal marks sits


@pytest.mark.parametrize("pack64", [False, True], ids=["48-card pack", "64-card pack"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_of_the_pack_renders(pack64: bool, lang: str) -> None:
    pack = make_pack(pack64)
    faces = sorted(set(pack))
    assert len(faces) == (32 if pack64 else 24)
    for card in faces:
        img = decode(render_hand([card], lang=lang))
        assert img.size == (t.PAD + t.CARD_W + t.PAD, HEIGHT), str(card)
        pip = img.getpixel(centre_pip(LEFT, TOP))
        assert is_red(pip) if card.suit.is_red else is_black(pip), f"{card}: pip {pip}"


@pytest.mark.parametrize("text", ["A♥", "9♦", "8♥", "7♦"])
def test_hearts_and_diamonds_are_red(text: str) -> None:
    img = decode(render_hand([Card.from_text(text)]))
    assert is_red(img.getpixel(centre_pip(LEFT, TOP)))
    assert is_red(img.getpixel(corner_pip(LEFT, TOP)))


@pytest.mark.parametrize("text", ["A♠", "J♣", "8♠", "7♣"])
def test_spades_and_clubs_are_black(text: str) -> None:
    img = decode(render_hand([Card.from_text(text)]))
    assert is_black(img.getpixel(centre_pip(LEFT, TOP)))
    assert is_black(img.getpixel(corner_pip(LEFT, TOP)))


def test_face_cards_use_russian_letters_and_numbers_stay_the_same() -> None:
    """Т К Д В replace A K Q J in Russian (`card.text("ru")`); 10 9 8 7 are written alike."""
    for text in ("A♠", "K♥", "Q♦", "J♣"):
        card = Card.from_text(text)
        assert render_hand([card], lang="ru") != render_hand([card], lang="en"), text
    for text in ("10♠", "9♥", "8♦", "7♣"):
        card = Card.from_text(text)
        assert render_hand([card], lang="ru") == render_hand([card], lang="en"), text


def test_twin_cards_look_alike() -> None:
    """The two copies of a card (G-1) are one face: a pair shows two identical cards."""
    img = decode(render_hand([Card("K", Suit.CLUBS)] * 2))
    first = img.crop((LEFT + 3, TOP + 10, LEFT + 30, TOP + t.CARD_H - 10))
    second = img.crop((LEFT + STEP + 3, TOP + 10, LEFT + STEP + 30, TOP + t.CARD_H - 10))
    assert first.tobytes() == second.tobytes()
