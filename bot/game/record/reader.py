"""A text record read back (`GameRecord.parse`): `RecordError` names the line that is wrong.

Only what the text holds comes back: meld names, draws and holdings are not written
(`writer`), and a deal's result is its plain JSON form.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..cards import Card, Suit, parse_cards
from ..fair import KEY_BYTES
from ..variants import get_variant
from .deals import DealRecord, MeldPart, MeldRecord, TrickRecord
from .writer import MAGIC, SEP

#: The largest text record `parse` reads (a long game is about 100 kB).
MAX_RECORD_CHARS = 4_000_000


class RecordError(ValueError):
    """A text record that cannot be read (its line number and what was expected)."""


class ReadRecord(NamedTuple):
    """A text record's fields, in `GameRecord`'s order (`GameRecord.parse` makes the record)."""

    variant: str
    options: dict[str, Any]
    seed: int
    deals: list[DealRecord]
    final_scores: list[int] | None
    names: list[str] | None
    hints: tuple[int, ...]
    table_id: int | None


def read_text(text: str) -> ReadRecord:
    """The fields of the record `text` holds (`GameRecord.parse`)."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"a game record has at most {MAX_RECORD_CHARS} characters")
    reader = _Reader(text.splitlines())
    if reader.line() != MAGIC:
        raise reader.error(f"expected {MAGIC!r}")
    variant = reader.field("variant")
    options = reader.field("options", json.loads)
    seed = reader.field("seed", int)
    table_id = (
        reader.field("dealing", _read_dealing) if reader.peek().startswith("dealing:") else None
    )
    names = reader.field("seats", lambda v: None if v == "-" else json.loads(v))
    hints = reader.field("hints", lambda v: () if v == "-" else tuple(_read_ints(v)))
    final = reader.field("final", lambda v: None if v == "unfinished" else _read_ints(v))
    try:
        get_variant(variant)
    except ValueError as error:
        raise reader.error(str(error)) from None
    if not isinstance(options, dict) or not (names is None or isinstance(names, list)):
        raise reader.error("options must be a JSON object and seats a JSON list")
    deals: list[DealRecord] = []
    while reader.more():
        deals.append(_read_deal(reader, len(deals) + 1, fair=table_id is not None))
    return ReadRecord(variant, options, seed, deals, final, names, hints, table_id)


def _read_ints(text: str) -> list[int]:
    return [int(word) for word in text.split()]


def _read_cards(text: str) -> list[Card]:
    return [] if text == "(empty)" else parse_cards(text)


class _Reader:
    """The lines of a record, read one at a time, with the line number for errors."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0

    def more(self) -> bool:
        while self.at < len(self.lines) and not self.lines[self.at].strip():
            self.at += 1
        return self.at < len(self.lines)

    def peek(self) -> str:
        return self.lines[self.at] if self.more() else ""

    def line(self) -> str:
        if not self.more():
            raise self.error("the record ends too soon")
        self.at += 1
        return self.lines[self.at - 1].strip()

    def error(self, message: str) -> RecordError:
        return RecordError(f"line {self.at}: {message}")

    def field(self, name: str, read: Any = str) -> Any:
        """The value of the next line, which must be `name: value`."""
        key, sep, value = self.line().partition(": ")
        if key != name or not sep:
            raise self.error(f"expected '{name}: …'")
        try:
            return read(value.strip())
        except ValueError as error:  # json.JSONDecodeError and IllegalAction are ValueErrors
            raise self.error(f"bad {name}: {error}") from None

    def keyed(self, word: str) -> tuple[int, str] | None:
        """`word N: rest` as (N, rest), consumed; None (nothing consumed) for another line."""
        head, sep, rest = self.peek().partition(": ")
        parts = head.split()
        if not sep or len(parts) != 2 or parts[0] != word:
            return None
        self.line()
        try:
            return int(parts[1]), rest.strip()
        except ValueError:
            raise self.error(f"bad {word} number {parts[1]!r}") from None


def _read_dealing(text: str) -> int:
    head, _, table = text.partition(", table ")
    if head != "fair":
        raise ValueError(f"unknown dealing {head!r}")
    return int(table)


def _read_seed(text: str) -> bytes | None:
    if text == "hidden":
        return None
    seed = bytes.fromhex(text)
    if len(seed) != KEY_BYTES:
        raise ValueError(f"a seed is {KEY_BYTES} bytes")
    return seed


def _read_salts(text: str) -> dict[int, str]:
    if text == "-":
        return {}
    salts = json.loads(text)
    if not isinstance(salts, dict) or not all(isinstance(w, str) for w in salts.values()):
        raise ValueError("salts must be a JSON object of words")
    return {int(seat): word for seat, word in salts.items()}


def _read_deal(reader: _Reader, number: int, *, fair: bool) -> DealRecord:
    head = reader.line()
    expected = f"deal {number}, dealer "
    if not head.startswith(expected):
        raise reader.error(f"expected '{expected}S'")
    try:
        deal = DealRecord(number=number, dealer=int(head[len(expected) :]), hands={})
        if fair:
            deal.seed = reader.field("seed", _read_seed)
            deal.salts = reader.field("salts", _read_salts)
        while (hand := reader.keyed("hand")) is not None:
            deal.hands[hand[0]] = parse_cards(hand[1])
        deal.turnup = reader.field("turnup", lambda v: None if v == "-" else Card.from_text(v))
        deal.stock = reader.field("stock", lambda v: None if v == "-" else _read_cards(v))
        deal.auction = reader.field("auction", _read_auction)
        deal.contract = reader.field("contract", _read_contract)
        deal.trump = reader.field("trump", lambda v: None if v == "-" else Suit.parse(v))
        while (gave := reader.keyed("gave")) is not None:
            deal.passes.append((gave[0], parse_cards(gave[1])))
        while (meld := reader.keyed("meld")) is not None:
            cards, _, points = meld[1].rpartition(" = ")
            part = MeldPart("", parse_cards(cards), int(points))
            deal.melds.append(MeldRecord(meld[0], [part], part.points))
        while (trick := reader.keyed("trick")) is not None:
            deal.tricks.append(_read_trick(trick[1], trick[0]))
        deal.results = reader.field("results", lambda v: None if v == "-" else json.loads(v))
        deal.actions = reader.field("actions", lambda v: [] if v == "-" else v.split(SEP))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise reader.error(str(error)) from None
    return deal


def _read_auction(text: str) -> list[tuple[int, str]]:
    if text == "-":
        return []
    calls = []
    for call in text.split(", "):
        seat, _, word = call.partition(" ")
        calls.append((int(seat), word))
    return calls


def _read_contract(text: str) -> tuple[int, int] | None:
    if text == "-":
        return None
    declarer, amount = _read_ints(text)
    return declarer, amount


def _read_trick(text: str, number: int) -> TrickRecord:
    plays_text, _, outcome = text.rpartition(" -> ")
    winner, _, points = outcome.partition(", ")
    plays = []
    for play in plays_text.split(", "):
        seat, _, card = play.partition(" ")
        plays.append((int(seat), Card.from_text(card)))
    return TrickRecord(plays, int(winner), int(points), number)
