"""Pre-drawn pieces of every picture: card faces, the trump badge, the winner's star.

Each piece is drawn once at `SUPERSAMPLE` size, reduced (which anti-aliases it) and
kept; a picture is then only pastes of these pieces, which keeps a whole hand fast.
"""

from __future__ import annotations

import math
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.game.cards import RANK_TEXT, Card, Suit
from bot.render import theme as t
from bot.render.labels import label
from bot.render.suits import Box, draw_suit


class Look(Enum):
    """How a card is shown: plain, framed in gold (legal, or winning the trick), or dimmed (illegal)."""

    PLAIN = "plain"
    LIT = "lit"
    DIM = "dim"


def _ink(suit: Suit) -> tuple[int, int, int]:
    return t.RED if suit.is_red else t.BLACK


def _scaled(box: Box) -> Box:
    x0, y0, x1, y1 = box
    s = t.SUPERSAMPLE
    return x0 * s, y0 * s, x1 * s, y1 * s


def _draw_face(card: Card, lang: str, edge: tuple[int, int, int], edge_w: int) -> Image.Image:
    """A card face at supersampled size: corners with rank and pip, a big pip in the middle."""
    s = t.SUPERSAMPLE
    w, h = t.CARD_W * s, t.CARD_H * s
    # Transparent pixels carry the edge colour so that reducing does not darken the rim.
    img = Image.new("RGBA", (w, h), t.CARD_EDGE + (0,))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=t.CARD_RADIUS * s,
        fill=t.CARD_FACE,
        outline=edge,
        width=edge_w * s,
    )
    ink = _ink(card.suit)
    draw.text(
        (t.INDEX_CX * s, t.INDEX_TOP * s),
        RANK_TEXT[lang][card.rank],
        font=t.font(t.INDEX_SIZE * s),
        fill=ink,
        anchor="mt",
    )
    draw_suit(draw, card.suit, _scaled(t.INDEX_PIP), ink)
    corner = img.crop((0, 0, t.CORNER_W * s, t.CORNER_H * s)).transpose(Image.Transpose.ROTATE_180)
    img.paste(corner, (w - corner.width, h - corner.height))
    cx, cy, half = t.CARD_W / 2, t.CARD_H / 2, t.CENTRE_PIP / 2
    draw_suit(draw, card.suit, _scaled((cx - half, cy - half, cx + half, cy + half)), ink)
    return img


@lru_cache(maxsize=512)
def card_sprite(card: Card, lang: str, look: Look = Look.PLAIN) -> Image.Image:
    """The face of `card` (RGBA, CARD_W x CARD_H) in `lang`'s rank letters and the given look."""
    if look is Look.DIM:
        plain = card_sprite(card, lang, Look.PLAIN)
        dim = Image.blend(plain, Image.new("RGBA", plain.size, t.DIM_TO + (255,)), t.DIM_AMOUNT)
        dim.putalpha(plain.getchannel("A"))
        return dim
    edge, edge_w = (t.GOLD, t.LIT_BORDER_W) if look is Look.LIT else (t.CARD_EDGE, t.BORDER_W)
    return _draw_face(card, lang, edge, edge_w).reduce(t.SUPERSAMPLE)


@lru_cache(maxsize=16)
def trump_badge(trump: Suit, lang: str) -> Image.Image:
    """A small label "Trump ♥" / "Козырь ♥" (RGBA, BADGE_H high), the suit drawn as a shape."""
    s = t.SUPERSAMPLE
    word = label("trump", lang)
    font = t.font(t.LABEL_SIZE * s)
    text_w = math.ceil(font.getlength(word))
    pip = (t.BADGE_H - 8) * s
    w, h = text_w + pip + 24 * s, t.BADGE_H * s
    img = Image.new("RGBA", (w, h), t.GOLD + (0,))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=h // 2, fill=t.BADGE_FACE, outline=t.GOLD, width=2 * s
    )
    draw.text((10 * s, h // 2), word, font=font, fill=t.BLACK, anchor="lm")
    x = 10 * s + text_w + 6 * s
    draw_suit(draw, trump, (x, 4 * s, x + pip, 4 * s + pip), _ink(trump))
    return img.reduce(s)


@lru_cache(maxsize=1)
def winner_star() -> Image.Image:
    """A gold five-pointed star (RGBA, NAME_SIZE square) put before the trick winner's name."""
    s = t.SUPERSAMPLE
    size = t.NAME_SIZE * s
    img = Image.new("RGBA", (size, size), t.GOLD + (0,))
    r_out, r_in, c = size / 2, size / 5, size / 2
    points = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / 5
        points.append((c + r * math.cos(a), c + 0.1 * size + r * math.sin(a)))
    ImageDraw.Draw(img).polygon(points, fill=t.GOLD)
    return img.reduce(s)


@lru_cache(maxsize=1)
def empty_place() -> Image.Image:
    """The outline of a card-sized place on the table for a card still to come."""
    s = t.SUPERSAMPLE
    w, h = t.CARD_W * s, t.CARD_H * s
    img = Image.new("RGBA", (w, h), t.FELT_LINE + (0,))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=t.CARD_RADIUS * s, outline=t.FELT_LINE, width=2 * s
    )
    return img.reduce(s)
