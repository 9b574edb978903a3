"""Aligned text tables in Discord code blocks: text columns left, numbers right, so numbers align.

Discord shows code blocks in a monospace font, where a wide character (an
emoji such as the 🤖 of computer players, a CJK letter) takes two cells; the
padding counts display cells, not characters, so such names do not push the
numbers out of line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence

#: The longest name a table shows before cutting it with "…".
NAME_CELLS = 18
#: The longest any cell may be (a ledger memo, a list of opponents).
CELL_CELLS = 40


def cells(text: str) -> int:
    """Monospace cells `text` takes: two for wide characters, none for combining marks."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def fit(text: str, limit: int = NAME_CELLS) -> str:
    """`text` without backticks (they would end the code block), cut to `limit` cells."""
    text = text.replace("`", "'")
    if cells(text) <= limit:
        return text
    while cells(text) > limit - 1:
        text = text[:-1]
    return text + "…"


def code_table(
    header: Sequence[str], rows: Sequence[Sequence[object]], *, right: Collection[int] = ()
) -> str:
    """A code block with one line per row; columns whose index is in `right` are right-aligned."""
    grid = [[fit(str(cell), CELL_CELLS) for cell in row] for row in [header, *rows]]
    widths = [max(cells(row[i]) for row in grid) for i in range(len(header))]
    lines = []
    for row in grid:
        padded = []
        for i, (cell, width) in enumerate(zip(row, widths, strict=False)):
            pad = " " * (width - cells(cell))
            padded.append(pad + cell if i in right else cell + pad)
        lines.append("  ".join(padded).rstrip())
    return "```\n" + "\n".join(lines) + "\n```"
