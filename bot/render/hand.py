"""A player's hand: overlapping cards grouped by suit, trump first, legal cards raised."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

from bot.game.cards import Card, Suit, sort_hand
from bot.render import theme as t
from bot.render.canvas import header_width, message_picture, new_table, to_png
from bot.render.labels import language
from bot.render.sprites import Look, card_sprite

STEP = 34  # visible strip of a covered card: its whole corner index
SUIT_GAP = 12  # extra space between two suits
RAISE = 14  # how far a legal card stands above the others
HEIGHT = t.PAD + t.HEADER_H + RAISE + t.CARD_H + t.PAD


def card_positions(cards: Sequence[Card]) -> list[int]:
    """The left edge of each card (already in display order), with a gap where the suit changes."""
    xs, x = [], t.PAD
    for i, card in enumerate(cards):
        if i:
            x += STEP + (SUIT_GAP if card.suit is not cards[i - 1].suit else 0)
        xs.append(x)
    return xs


def _code(lit: tuple[Card, int]) -> int:
    return lit[0].code


def render_hand(
    cards: Sequence[Card],
    *,
    trump: Suit | None = None,
    legal: Collection[Card] | None = None,
    lang: str = "en",
) -> bytes:
    """PNG of a hand as its owner holds it (`sort_hand`: trump first, then ♠♥♦♣).

    With `legal` (the cards the rules allow now, RULES §8, or the cards picked to pass) those
    cards stand raised in a gold frame and the others are dimmed; without it every card is
    plain. A card is raised as many times as `legal` lists it: of the double deck's two A♥,
    one picked to pass is one raised (H-5). Identical inputs return the identical cached bytes.
    """
    hand = tuple(sort_hand(cards, trump))
    allowed = None
    if legal is not None:
        held, listed = Counter(hand), Counter(legal)
        allowed = tuple(
            sorted(((c, min(n, held[c])) for c, n in listed.items() if c in held), key=_code)
        )
    return _render_hand(hand, trump, allowed, language(lang))


@lru_cache(maxsize=256)
def _render_hand(
    hand: tuple[Card, ...],
    trump: Suit | None,
    legal: tuple[tuple[Card, int], ...] | None,
    lang: str,
) -> bytes:
    if not hand:
        return to_png(message_picture("empty_hand", trump, lang))
    xs = card_positions(hand)
    width = max(xs[-1] + t.CARD_W + t.PAD, header_width(trump, lang))
    img = new_table(width, HEIGHT, trump, lang)
    top = t.PAD + t.HEADER_H
    to_light = Counter(dict(legal or ()))
    for card, x in zip(hand, xs, strict=False):
        if legal is None:
            look, y = Look.PLAIN, top + RAISE
        elif to_light[card] > 0:
            to_light[card] -= 1
            look, y = Look.LIT, top
        else:
            look, y = Look.DIM, top + RAISE
        sprite = card_sprite(card, lang, look)
        img.paste(sprite, (x, y), sprite)
    return to_png(img)
