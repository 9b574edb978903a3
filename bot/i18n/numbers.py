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


#: The decimal separator of the languages that do not write a point ("35,0" in Russian).
DECIMAL_SIGN = {"ru": ","}


def number(value: int | float, digits: int | None = None, lang: str = "en") -> str:
    """A value (a balance, a score, a rating) with the typographic minus if negative: "−13", "5",
    "−3.2" ("−3,2" in Russian).

    `digits` fixes the decimals; a value that rounds to zero shows no sign ("0.0", not "−0.0").
    """
    text = f"{value:.{digits}f}" if digits is not None else f"{value}"
    if text.startswith("-"):
        body = text[1:]
        text = body if body.strip("0.") == "" else MINUS + body
    return text.replace(".", DECIMAL_SIGN.get(lang, "."))
