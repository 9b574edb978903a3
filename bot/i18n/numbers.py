"""Numbers as people read them: a negative number takes the typographic minus "−" (U+2212), not "-".

Issue 12: chip lines said "−8" and `/chips balance` "-13". Every signed number
a person reads (chips, scores, ratings) goes through `number` or `signed`, in
both languages; CSV exports keep the ASCII "-" that spreadsheets parse.
"""

from __future__ import annotations

MINUS = "\u2212"


def number(value: int | float, digits: int | None = None) -> str:
    """`value` with a typographic minus if negative: number(-13) == "−13", number(-0.04, 1) == "0.0"."""
    text = f"{value:.{digits}f}" if digits is not None else f"{value}"
    if text.startswith("-"):
        body = text[1:]
        return body if body.strip("0.") == "" else MINUS + body
    return text


def signed(value: int | float, digits: int | None = None) -> str:
    """`number` with a sign always shown except for zero: "+5", "−8", "0"."""
    text = number(value, digits)
    return text if text.startswith(MINUS) or text.strip("0.") == "" else "+" + text
