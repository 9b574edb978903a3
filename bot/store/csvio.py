"""CSV exports of typed rows, and the matching reader.

One column per dataclass field, header first; None is an empty cell. Text cells
that a spreadsheet would run as a formula (display names are chosen by users)
get a leading apostrophe; a text cell that already starts with one gets another,
so `read_csv` can always undo it exactly. Rows end in CRLF (RFC 4180): the csv
module quotes a cell holding any character of the line terminator, so a name
with a `\r` or `\n` in it stays one quoted cell instead of splitting its row.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar

Row = TypeVar("Row")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, str):
        return "'" + value if value.startswith(_FORMULA_START) else value
    return str(value)


def to_csv(cls: type, rows: Iterable[Any]) -> str:
    """Rows of dataclass `cls` as CSV text (header included even when there are no rows)."""
    names = [f.name for f in dataclasses.fields(cls)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(names)
    for row in rows:
        writer.writerow([_cell(getattr(row, name)) for name in names])
    return out.getvalue()


def _parse(text: str, kind: Any) -> Any:
    options = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
    if text == "" and type(None) in options:
        return None
    base = next(option for option in options if option is not type(None))
    if base is str:
        return text[1:] if text.startswith("'") else text
    if base is bool:
        return text == "1"
    return base(text)


def read_csv(cls: type[Row], text: str) -> list[Row]:
    """Parse `to_csv(cls, rows)` back into equal rows (fields typed str, int, float, bool, or … | None)."""
    hints = typing.get_type_hints(cls)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    expected = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if reader.fieldnames != expected:
        raise ValueError(f"CSV header {reader.fieldnames} is not {expected}")
    return [
        cls(**{name: _parse(value, hints[name]) for name, value in record.items()})
        for record in reader
    ]
