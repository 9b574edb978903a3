"""The four suit symbols as shapes, so no font glyph decides what a pip looks like.

Each suit is a few primitives in a unit square (y grows downwards): polygons and
circles. `draw_suit` scales them into any box.
"""

from __future__ import annotations

import math
from typing import Literal

from PIL import ImageDraw

from bot.game.cards import Suit

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Polygon = tuple[Literal["polygon"], tuple[Point, ...]]
Circle = tuple[Literal["circle"], tuple[float, float, float]]  # (cx, cy, r)
#: One outline of a suit symbol, in the unit square.
Shape = Polygon | Circle


def _heart_outline(top_down: bool, height: float = 1.0, steps: int = 72) -> tuple[Point, ...]:
    """The classic parametric heart, scaled to the unit width and `height`.

    `top_down` gives the heart (lobes up); otherwise it is flipped, the body of a spade.
    """
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    points = []
    for x, y in raw:
        u = (x - x0) / (x1 - x0)
        v = (y1 - y) / (y1 - y0)  # lobes on top
        points.append((u, (v if top_down else 1 - v) * height))
    return tuple(points)


def _stem(top: float, half_width: float) -> Shape:
    """A flared foot from the body's centre down to the bottom edge."""
    return ("polygon", ((0.5, top), (0.5 + half_width, 1.0), (0.5 - half_width, 1.0)))


SHAPES: dict[Suit, tuple[Shape, ...]] = {
    Suit.HEARTS: (("polygon", _heart_outline(True)),),
    Suit.DIAMONDS: (("polygon", ((0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5))),),
    Suit.SPADES: (("polygon", _heart_outline(False, height=0.8)), _stem(0.55, 0.17)),
    Suit.CLUBS: (
        ("circle", (0.5, 0.25, 0.235)),
        ("circle", (0.25, 0.6, 0.235)),
        ("circle", (0.75, 0.6, 0.235)),
        ("polygon", ((0.5, 0.3), (0.62, 0.6), (0.5, 0.75), (0.38, 0.6))),
        _stem(0.5, 0.16),
    ),
}


def draw_suit(draw: ImageDraw.ImageDraw, suit: Suit, box: Box, fill: tuple[int, ...]) -> None:
    """Draw `suit` filling the square-ish `box` (x0, y0, x1, y1) in `fill`."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for shape in SHAPES[suit]:
        match shape:
            case ("polygon", points):
                draw.polygon([(x0 + u * w, y0 + v * h) for u, v in points], fill=fill)
            case ("circle", (cx, cy, r)):
                draw.ellipse(
                    (x0 + (cx - r) * w, y0 + (cy - r) * h, x0 + (cx + r) * w, y0 + (cy + r) * h),
                    fill=fill,
                )
