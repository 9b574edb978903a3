"""A rating-over-time line as SVG coordinates (the template draws it; no script, no image request).

The chart is drawn inline with the page, so the strict Content-Security-Policy
needs no exception for it, and a phone scales it to its width (`viewBox`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

WIDTH: Final = 600
HEIGHT: Final = 200
#: Room for the axis labels on the left, and a margin elsewhere.
LEFT: Final = 48
MARGIN: Final = 12


@dataclass(frozen=True, slots=True)
class Chart:
    """A polyline's `points` attribute, the dots, and the lowest and highest rating with their y."""

    points: str
    dots: tuple[tuple[float, float], ...]
    low: float
    high: float
    low_y: float
    high_y: float
    width: int = WIDTH
    height: int = HEIGHT


def rating_chart(ratings: Sequence[float]) -> Chart | None:
    """Coordinates for the ratings in order; None with fewer than two (no line to draw)."""
    if len(ratings) < 2:
        return None
    low, high = min(ratings), max(ratings)
    span = (high - low) or 1.0
    step = (WIDTH - LEFT - MARGIN) / (len(ratings) - 1)

    def y(value: float) -> float:
        return round(HEIGHT - MARGIN - (value - low) / span * (HEIGHT - 2 * MARGIN), 1)

    dots = tuple((round(LEFT + i * step, 1), y(value)) for i, value in enumerate(ratings))
    return Chart(
        " ".join(f"{x},{yy}" for x, yy in dots),
        dots,
        round(low, 1),
        round(high, 1),
        y(low),
        y(high),
    )
