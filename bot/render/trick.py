"""The trick on the table: each card played, its player's name under it, the winner starred."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.game.cards import Card, Suit
from bot.render import theme as t
from bot.render.canvas import (
    clean_name,
    draw_label,
    fit_text,
    header_width,
    message_picture,
    new_table,
    to_png,
)
from bot.render.labels import language
from bot.render.sprites import Look, card_sprite, empty_place, winner_star

PLACE_W = t.CARD_W + 36  # one card and room for its player's name
HEIGHT = t.PAD + t.HEADER_H + t.CARD_H + 4 + t.NAME_H + t.PAD
STAR_GAP = 4


def render_trick(
    plays: Sequence[tuple[str, Card]],
    *,
    trump: Suit | None = None,
    winner: int | None = None,
    lang: str = "en",
    places: int = 0,
) -> bytes:
    """PNG of the cards on the table in the order played, names under them.

    `winner` is the index in `plays` of the card now winning the trick (RULES G-3);
    that card gets a gold frame and its player's name a star. `places` reserves room
    for that many cards (the number of players), shown as empty outlines until
    played, so the picture keeps its size while the trick fills. An empty trick
    with no places gives a small "no cards on the table" picture.
    """
    if winner is not None and not 0 <= winner < len(plays):
        raise ValueError(f"winner {winner} is not the index of a card played (0..{len(plays) - 1})")
    key = tuple((clean_name(name), card) for name, card in plays)
    return _render_trick(key, trump, winner, language(lang), max(places, len(plays)))


@lru_cache(maxsize=128)
def _render_trick(
    plays: tuple[tuple[str, Card], ...],
    trump: Suit | None,
    winner: int | None,
    lang: str,
    places: int,
) -> bytes:
    if not places:
        return to_png(message_picture("empty_table", trump, lang))
    width = max(places * PLACE_W + 2 * t.PAD, header_width(trump, lang))
    img = new_table(width, HEIGHT, trump, lang)
    top = t.PAD + t.HEADER_H
    for i in range(places):
        centre = t.PAD + i * PLACE_W + PLACE_W // 2
        x = centre - t.CARD_W // 2
        if i >= len(plays):
            place = empty_place()
            img.paste(place, (x, top), place)
            continue
        name, card = plays[i]
        sprite = card_sprite(card, lang, Look.LIT if i == winner else Look.PLAIN)
        img.paste(sprite, (x, top), sprite)
        _draw_name(img, name, centre, top + t.CARD_H + 4 + t.NAME_H // 2, won=i == winner)
    return to_png(img)


def _draw_name(img: Image.Image, name: str, centre: int, middle: int, *, won: bool) -> None:
    """The player's name centred under the card, cut to the place; the winner's in gold after a star."""
    room = PLACE_W - 6
    if not won:
        draw_label(
            img,
            fit_text(name, t.font(t.NAME_SIZE), room),
            (centre, middle),
            t.NAME_SIZE,
            anchor="mm",
        )
        return
    star = winner_star()
    text = fit_text(name, t.font(t.NAME_SIZE), room - star.width - STAR_GAP)
    span = star.width + STAR_GAP + t.font(t.NAME_SIZE).getlength(text)
    left = round(centre - span / 2)
    img.paste(star, (left, middle - star.height // 2), star)
    draw_label(
        img, text, (left + star.width + STAR_GAP, middle), t.NAME_SIZE, fill=t.GOLD, anchor="lm"
    )
