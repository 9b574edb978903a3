"""A text record read back (`GameRecord.parse`): `RecordError` names the line that is wrong.

Only what the text holds comes back: meld names, draws and holdings are not written
(`writer`), and a deal's result is its plain JSON form.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..cards import Card, Suit, parse_cards
from ..fair import KEY_BYTES
from ..state import CompletedTrick
from ..variants import get_variant
from .deals import DealRecord, MeldPart, MeldRecord, TrickRecord, frozen, read_only
from .writer import MAGIC, SEP, THROWN_IN

#: The first line of a record from before seats were numbered from 1 (they were from 0 then).
MAGIC_FROM_0 = "Pinochle game record 1"

#: The largest text record `parse` reads (a long game is about 100 kB).
MAX_RECORD_CHARS = 4_000_000
#: The deepest nesting of a JSON value a record's line may hold (a deal's result needs 3).
MAX_JSON_DEPTH = 8
#: The deepest nesting of the web API's JSON of a game (a trick's play needs 6).
MAX_API_DEPTH = 16


class RecordError(ValueError):
    """A text record that cannot be read (its line number and what was expected)."""


class ReadRecord(NamedTuple):
    """A text record's fields, in `GameRecord`'s order (`GameRecord.parse` makes the record)."""

    variant: str
    options: Mapping[str, Any]
    seed: int
    deals: tuple[DealRecord, ...]
    final_scores: tuple[int, ...] | None
    names: tuple[str, ...] | None
    hints: tuple[int, ...]
    table_id: int | None


def read_text(text: str) -> ReadRecord:
    """The fields of the record `text` holds (`GameRecord.parse`): a text record, or the web
    API's JSON of a game (`/api/s/<token>/games/<id>`), whose `record` is that text."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"a game record has at most {MAX_RECORD_CHARS} characters")
    if text.lstrip().startswith("{"):
        text = _api_record(text)
    # Lines end at "\n" only: a line separator inside a name (U+2028, U+0085) is no line's end.
    reader = _Reader([line.removesuffix("\r") for line in text.split("\n")])
    magic = reader.line()
    if magic not in (MAGIC, MAGIC_FROM_0):
        raise reader.error(f"expected {MAGIC!r} (or the web API's JSON of a game)")
    first = 0 if magic == MAGIC_FROM_0 else 1  # the number of the first seat
    variant = reader.field("variant")
    options = reader.field("options", read_json)
    seed = reader.field("seed", int)
    table_id = (
        reader.field("dealing", _read_dealing) if reader.peek().startswith("dealing:") else None
    )
    names = reader.field("seats", lambda v: None if v == "-" else read_json(v))
    hints = reader.field("hints", lambda v: () if v == "-" else _read_seats(v, first))
    final = reader.field("final", lambda v: None if v == "unfinished" else _read_ints(v))
    try:
        get_variant(variant)
    except ValueError as error:
        raise reader.error(str(error)) from None
    if not isinstance(options, dict) or not (names is None or isinstance(names, list)):
        raise reader.error("options must be a JSON object and seats a JSON list")
    deals: list[DealRecord] = []
    while reader.more():
        deals.append(_read_deal(reader, len(deals) + 1, first, fair=table_id is not None))
    return ReadRecord(
        variant,
        read_only(options),
        seed,
        tuple(deals),
        None if final is None else tuple(final),
        None if names is None else tuple(names),
        hints,
        table_id,
    )


def _api_record(text: str) -> str:
    """The text record inside the web API's JSON of a game."""
    try:
        data = read_json(text, MAX_API_DEPTH)
    except ValueError as error:
        raise RecordError(f"not the web API's JSON of a game: {error}") from None
    record = data.get("record") if isinstance(data, dict) else None
    if not isinstance(record, str):
        raise RecordError(
            "the web API's JSON holds no text record (a game dealt before fair dealing)"
        )
    return record


def read_json(text: str, depth: int = MAX_JSON_DEPTH) -> Any:
    """A JSON value nested at most `depth` deep (ValueError otherwise): deeper input is refused
    before the parser would recurse into it."""
    nesting, quoted, escaped = 0, False, False
    for char in text:
        if quoted:
            quoted, escaped = (escaped or char != '"'), (not escaped and char == "\\")
        elif char == '"':
            quoted = True
        elif char in "[{":
            nesting += 1
            if nesting > depth:
                raise ValueError(f"JSON nested more than {depth} deep")
        elif char in "]}":
            nesting -= 1
    return json.loads(text)


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


def _read_seats(text: str, first: int) -> tuple[int, ...]:
    """Seats as the record numbers them (from `first`) as the engine does, from 0."""
    return tuple(seat - first for seat in _read_ints(text))


def _read_salts(text: str, first: int) -> dict[int, str]:
    if text == "-":
        return {}
    salts = read_json(text)
    if not isinstance(salts, dict) or not all(isinstance(w, str) for w in salts.values()):
        raise ValueError("salts must be a JSON object of words")
    return {int(seat) - first: word for seat, word in salts.items()}


def _read_deal(reader: _Reader, number: int, first: int, *, fair: bool) -> DealRecord:
    """Deal `number`'s lines, its seats numbered from `first`."""
    head = reader.line()
    expected = f"deal {number}, dealer "
    if not head.startswith(expected):
        raise reader.error(f"expected '{expected}S'")
    try:
        dealer = int(head[len(expected) :]) - first
        dealt: dict[str, Any] = {}  # a fair deal's seed, salts, draw and people
        if fair:
            dealt["seed"] = reader.field("seed", _read_seed)
            dealt["salts"] = read_only(reader.field("salts", lambda v: _read_salts(v, first)))
            if reader.peek().startswith("draw:"):  # a record made before draws has neither line
                dealt["draw"] = reader.field("draw", lambda v: None if v == "-" else int(v))
                dealt["people"] = reader.field(
                    "people", lambda v: None if v == "-" else _read_seats(v, first)
                )
        hands: dict[int, tuple[Card, ...]] = {}
        while (hand := reader.keyed("hand")) is not None:
            hands[hand[0] - first] = tuple(parse_cards(hand[1]))
        turnup = reader.field("turnup", lambda v: None if v == "-" else Card.from_text(v))
        stock = reader.field("stock", lambda v: None if v == "-" else tuple(_read_cards(v)))
        auction = reader.field("auction", lambda v: _read_auction(v, first))
        contract = reader.field("contract", lambda v: _read_contract(v, first))
        trump = reader.field("trump", lambda v: None if v == "-" else Suit.parse(v))
        passes = []
        while (gave := reader.keyed("gave")) is not None:
            passes.append((gave[0] - first, tuple(parse_cards(gave[1]))))
        melds = []
        while (meld := reader.keyed("meld")) is not None:
            cards, _, points = meld[1].rpartition(" = ")
            part = MeldPart("", tuple(parse_cards(cards)), int(points))
            melds.append(MeldRecord(meld[0] - first, (part,), part.points))
        tricks = []
        while (trick := reader.keyed("trick")) is not None:
            tricks.append(_read_trick(trick[1], trick[0], first))
        results = reader.field("results", _read_results)
        actions = reader.field("actions", lambda v: () if v == "-" else tuple(v.split(SEP)))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise reader.error(str(error)) from None
    return DealRecord(
        number=number,
        dealer=dealer,
        hands=read_only(hands),
        turnup=turnup,
        stock=stock,
        auction=auction,
        contract=contract,
        trump=trump,
        passes=tuple(passes),
        melds=tuple(melds),
        tricks=tuple(tricks),
        results=None if results == THROWN_IN else frozen(results),
        actions=actions,
        thrown_in=results == THROWN_IN,
        **dealt,
    )


def _read_results(text: str) -> Any:
    return None if text == "-" else text if text == THROWN_IN else read_json(text)


def _read_auction(text: str, first: int) -> tuple[tuple[int, str], ...]:
    if text == "-":
        return ()
    calls = []
    for call in text.split(", "):
        seat, _, word = call.partition(" ")
        calls.append((int(seat) - first, word))
    return tuple(calls)


def _read_contract(text: str, first: int) -> tuple[int, int] | None:
    if text == "-":
        return None
    declarer, amount = _read_ints(text)
    return declarer - first, amount


def _read_trick(text: str, number: int, first: int) -> TrickRecord:
    plays_text, _, outcome = text.rpartition(" -> ")
    winner, _, points = outcome.partition(", ")
    plays = []
    for play in plays_text.split(", "):
        seat, _, card = play.partition(" ")
        plays.append((int(seat) - first, Card.from_text(card)))
    taken = CompletedTrick(number, plays[0][0], tuple(plays), int(winner) - first, int(points))
    return TrickRecord(taken)
