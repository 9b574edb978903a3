"""Sizes, colours and the shipped font: the one place that fixes how pictures look.

Every length is in output pixels; sprites are drawn `SUPERSAMPLE` times larger and
reduced, which anti-aliases the shapes Pillow would otherwise draw with jagged edges.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

Colour = tuple[int, int, int]

SUPERSAMPLE = 3

# A card: 84 x 118 is the 5:7 shape of a real playing card.
CARD_W, CARD_H = 84, 118
CARD_RADIUS = 8
BORDER_W = 1
LIT_BORDER_W = 4  # the gold frame of a legal card or of the trick's winner

# The corner index (rank over a small pip), centred in a column wide enough for "10".
INDEX_CX = 17
INDEX_TOP = 5
INDEX_SIZE = 22
INDEX_PIP = (11, 32, 23, 44)  # x0, y0, x1, y1
CORNER_W, CORNER_H = 32, 46  # copied, turned 180 degrees, to the bottom-right corner
CENTRE_PIP = 38

# Pictures.
PAD = 10
BADGE_H = 24
HEADER_H = BADGE_H + 8  # the strip above the cards where the trump badge sits
NAME_SIZE = 15
NAME_H = 24  # a line of text under or over cards
LABEL_SIZE = 17

FELT: Colour = (28, 92, 60)
FELT_LINE: Colour = (70, 140, 100)  # outline of an empty place on the table
CARD_FACE: Colour = (255, 255, 255)
CARD_EDGE: Colour = (140, 140, 140)
RED: Colour = (204, 24, 40)
BLACK: Colour = (24, 24, 24)
GOLD: Colour = (245, 190, 30)
BADGE_FACE: Colour = (252, 243, 212)
TEXT: Colour = (236, 242, 236)
DIM_TO: Colour = (64, 72, 68)  # illegal cards are blended halfway towards this
DIM_AMOUNT = 0.5

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSansCondensed-Bold.ttf"


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The shipped font at `size` px, with the basic layout engine so that output
    does not depend on whether libraqm happens to be installed."""
    return ImageFont.truetype(str(FONT_PATH), size, layout_engine=ImageFont.Layout.BASIC)
