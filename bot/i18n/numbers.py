"""Numbers as players read them: one signed form for every text (lines, boards, `/chips`)."""

from __future__ import annotations

MINUS = "\u2212"  # the typographic minus, as in "−8"; a hyphen reads like a dash in prose


def signed(n: int) -> str:
    """A change with its sign always shown: "+12", "−8", "0"."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"
