"""Helpers for picture tests: decode PNG bytes and read pixels the way a viewer sees them."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import theme as t


def decode(png: bytes) -> Image.Image:
    """The PNG as an RGB image; fails the test if the bytes are not a PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def is_red(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 150 and g < 90 and b < 100


def is_black(pixel: tuple[int, int, int]) -> bool:
    return max(pixel) < 70


def is_gold(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 200 and 150 < g < 220 and b < 90


def is_felt(pixel: tuple[int, int, int]) -> bool:
    return pixel == t.FELT


def centre_pip(card_left: int, card_top: int) -> tuple[int, int]:
    """Where the big pip of a card drawn at (card_left, card_top) sits."""
    return card_left + t.CARD_W // 2, card_top + t.CARD_H // 2


def corner_pip(card_left: int, card_top: int) -> tuple[int, int]:
    """The small pip under the rank in the top-left corner: visible even on a covered card."""
    x0, y0, x1, y1 = t.INDEX_PIP
    return card_left + (x0 + x1) // 2, card_top + (y0 + y1) // 2
