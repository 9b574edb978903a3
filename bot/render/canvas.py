"""What every picture shares: the felt, the trump badge header, names, PNG encoding."""

from __future__ import annotations

import io
import unicodedata

from PIL import Image, ImageDraw, ImageFont

from bot.game.cards import Suit
from bot.render import theme as t
from bot.render.labels import label
from bot.render.sprites import trump_badge

ELLIPSIS = "…"


def new_table(width: int, height: int, trump: Suit | None, lang: str) -> Image.Image:
    """A felt-green RGB canvas, with the trump badge in its top-left corner when trump is known."""
    img = Image.new("RGB", (width, height), t.FELT)
    if trump is not None:
        badge = trump_badge(trump, lang)
        img.paste(badge, (t.PAD, t.PAD), badge)
    return img


def header_width(trump: Suit | None, lang: str) -> int:
    """The width a picture needs so that its trump badge fits."""
    return 0 if trump is None else trump_badge(trump, lang).width + 2 * t.PAD


def clean_name(name: str) -> str:
    """A player's name on one line: control characters (newlines, bidi marks) removed."""
    return "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()


def fit_text(text: str, font: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text` shortened with an ellipsis until it is at most `max_width` pixels wide."""
    if font.getlength(text) <= max_width:
        return text
    while text and font.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def text_width(text: str, size: int) -> int:
    """The pixel width of `text` in the shipped font at `size`."""
    return round(t.font(size).getlength(text))


def draw_label(
    img: Image.Image,
    text: str,
    xy: tuple[float, float],
    size: int,
    fill: tuple[int, int, int] = t.TEXT,
    anchor: str = "la",
) -> None:
    """Write `text` at `xy` in the shipped font (anchor as in Pillow: "la", "ma", "mm" ...)."""
    ImageDraw.Draw(img).text(xy, text, font=t.font(size), fill=fill, anchor=anchor)


def message_picture(key: str, trump: Suit | None, lang: str) -> Image.Image:
    """A small felt picture holding one sentence (an empty hand, table or meld list)."""
    text = label(key, lang)
    width = max(text_width(text, t.LABEL_SIZE) + 4 * t.PAD, header_width(trump, lang))
    height = t.PAD + t.HEADER_H + t.NAME_H + 2 * t.PAD
    img = new_table(width, height, trump, lang)
    draw_label(img, text, (width / 2, t.PAD + t.HEADER_H + t.NAME_H / 2), t.LABEL_SIZE, anchor="mm")
    return img


def to_png(img: Image.Image) -> bytes:
    """Encode as PNG; a low zlib level is several times faster and barely larger on flat felt."""
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)
    return out.getvalue()
