"""CSV exports: hostile cells stay one cell, formulas stay text, and the reader undoes both."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from bot.store import read_csv, to_csv


@dataclass(frozen=True)
class Row:
    name: str
    amount: int
    note: str | None


HOSTILE = [
    "line\rbreak",
    "line\nbreak",
    "both\r\nends",
    "\r",
    "\n",
    "=1+2",
    "+1",
    "-3",
    "@SUM(A1)",
    "\t=cmd",
    "'quoted",
    "''twice",
    'say "hi", friend',
    ",",
    " spaced ",
    "Пётр ♠",
    "",
]


def test_cells_with_line_breaks_are_quoted_so_every_row_stays_one_record():
    text = to_csv(Row, [Row("a\rb", 1, "c\nd"), Row("plain", -2, None)])
    records = list(csv.reader(io.StringIO(text, newline="")))
    assert records == [["name", "amount", "note"], ["a\rb", "1", "c\nd"], ["plain", "-2", ""]]
    assert '"a\rb"' in text and '"c\nd"' in text


def test_formula_starts_are_shown_as_text():
    text = to_csv(Row, [Row('=HYPERLINK("x")', 0, "-80 kings"), Row("\rnote", 0, None)])
    records = list(csv.reader(io.StringIO(text, newline="")))
    assert records[1][0] == '\'=HYPERLINK("x")' and records[1][2] == "'-80 kings"
    assert records[2][0] == "'\rnote"


def test_hostile_cells_round_trip_exactly():
    notes = [note or None for note in reversed(HOSTILE)]  # an empty optional cell is None
    rows = [
        Row(name, number, note)
        for number, (name, note) in enumerate(zip(HOSTILE, notes, strict=False), start=-3)
    ]
    assert read_csv(Row, to_csv(Row, rows)) == rows
