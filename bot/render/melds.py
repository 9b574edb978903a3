"""Melds on the table: for each owner, the name over a row of the cards melded."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.game.cards import Card, Suit
from bot.render import theme as t
from bot.render.canvas import (
    clean_name,
    draw_label,
    fit_text,
    header_width,
    message_picture,
    new_table,
    text_width,
    to_png,
)
from bot.render.labels import label, language
from bot.render.sprites import Look, card_sprite

WIDE_STEP = 50  # meld cards overlap less than a hand: more of each face shows
NARROW_STEP = 34  # a long row (a three-handed double run...) closes up to the hand's spacing
MAX_ROW_W = 620
ROW_H = t.NAME_H + t.CARD_H + t.PAD
NAME_W = 300


def row_step(count: int) -> int:
    """The spacing of `count` meld cards: wide, closing up so that long rows stay under MAX_ROW_W."""
    if count < 2:
        return WIDE_STEP
    return max(NARROW_STEP, min(WIDE_STEP, (MAX_ROW_W - t.CARD_W) // (count - 1)))


def render_melds(
    melds: Sequence[tuple[str, Sequence[Card]]], *, trump: Suit | None = None, lang: str = "en"
) -> bytes:
    """PNG of the melds on the table (RULES §2), one row per owner in the given order,
    the cards in the order given. An owner with no cards gets "no melds" in the row;
    no owners at all gives a small "no melds" picture."""
    key = tuple((clean_name(owner), tuple(cards)) for owner, cards in melds)
    return _render_melds(key, trump, language(lang))


@lru_cache(maxsize=128)
def _render_melds(
    melds: tuple[tuple[str, tuple[Card, ...]], ...], trump: Suit | None, lang: str
) -> bytes:
    if not melds:
        return to_png(message_picture("no_melds", trump, lang))
    name_font = t.font(t.NAME_SIZE)
    names = [fit_text(owner, name_font, NAME_W) for owner, _ in melds]
    rows = [cards for _, cards in melds]
    empty = label("no_melds", lang)
    width = max(
        header_width(trump, lang),
        *(text_width(name, t.NAME_SIZE) + 2 * t.PAD for name in names),
        *(
            (
                row_step(len(cards)) * (len(cards) - 1) + t.CARD_W
                if cards
                else text_width(empty, t.LABEL_SIZE)
            )
            + 2 * t.PAD
            for cards in rows
        ),
    )
    img = new_table(width, t.PAD + t.HEADER_H + len(rows) * ROW_H, trump, lang)
    y = t.PAD + t.HEADER_H
    for name, cards in zip(names, rows, strict=False):
        draw_label(img, name, (t.PAD, y + t.NAME_H // 2), t.NAME_SIZE, anchor="lm")
        if not cards:
            draw_label(img, empty, (t.PAD, y + t.NAME_H + t.CARD_H // 2), t.LABEL_SIZE, anchor="lm")
        step = row_step(len(cards))
        for i, card in enumerate(cards):
            sprite = card_sprite(card, lang, Look.PLAIN)
            img.paste(sprite, (t.PAD + i * step, y + t.NAME_H), sprite)
        y += ROW_H
    return to_png(img)
