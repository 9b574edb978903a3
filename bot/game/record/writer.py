"""A game record as text: what `python -m bot record export` writes and `reader` reads back.

A header (the magic line, variant, options, seed, the fair dealing's table, seats, hints, final
scores), then each deal's lines; the exact lines are listed in `GameRecord.parse`. Seats are
numbered as people see them, from 1 (the dealer, hands, auction, contract, passes, melds,
tricks, hints, salts, people); only a deal's `results:` JSON is the engine's, by list position.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..cards import Card, format_cards
from ..plain import plain
from .deals import DealRecord

#: The first line of every text record; the number changes if the format ever does (record 1
#: numbered seats from 0: `reader` still reads it).
MAGIC = "Pinochle game record 2"
#: The `results:` of a deal thrown in (nothing scored, the same or next dealer deals again).
THROWN_IN = "thrown in"
#: Between a deal's actions on its `actions:` line.
SEP = " | "


class Written(Protocol):
    """What the text form holds of a record (`GameRecord`)."""

    @property
    def variant(self) -> str: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def seed(self) -> int: ...
    @property
    def deals(self) -> Sequence[DealRecord]: ...
    @property
    def final_scores(self) -> Sequence[int] | None: ...
    @property
    def names(self) -> Sequence[str] | None: ...
    @property
    def hints(self) -> tuple[int, ...]: ...
    @property
    def table_id(self) -> int | None: ...


def write_text(record: Written) -> str:
    """The text record: a header, then each deal (see `GameRecord.parse` for the exact lines)."""
    final = "unfinished" if record.final_scores is None else _ints(record.final_scores)
    lines = [
        MAGIC,
        f"variant: {record.variant}",
        f"options: {_json(plain(record.options))}",
        f"seed: {record.seed}",
        *([f"dealing: fair, table {record.table_id}"] if record.table_id is not None else []),
        f"seats: {_json(record.names) if record.names is not None else '-'}",
        f"hints: {_seats(record.hints) or '-'}",
        f"final: {final}",
    ]
    for deal in record.deals:
        lines += ["", f"deal {deal.number}, dealer {deal.dealer + 1}"]
        if record.table_id is not None:
            salts = {seat + 1: word for seat, word in deal.salts.items()}
            lines.append(f"seed: {deal.seed.hex() if deal.seed else 'hidden'}")
            lines.append(f"salts: {_json(salts) if salts else '-'}")
            if deal.draw is not None or deal.people is not None:  # none before draws existed
                lines.append(f"draw: {deal.draw if deal.draw is not None else '-'}")
                lines.append(f"people: {_seats(deal.people) if deal.people is not None else '-'}")
        lines += [f"hand {seat + 1}: {format_cards(cards)}" for seat, cards in deal.hands.items()]
        lines.append(f"turnup: {deal.turnup or '-'}")
        lines.append(f"stock: {_cards(deal.stock)}")
        lines.append("auction: " + (", ".join(f"{s + 1} {w}" for s, w in deal.auction) or "-"))
        contract = f"{deal.contract[0] + 1} {deal.contract[1]}" if deal.contract else "-"
        lines.append(f"contract: {contract}")
        lines.append(f"trump: {deal.trump.value if deal.trump else '-'}")
        lines += [f"gave {seat + 1}: {format_cards(cards)}" for seat, cards in deal.passes]
        lines += [
            f"meld {meld.seat + 1}: {format_cards(part.cards)} = {part.points}"
            for meld in deal.melds
            for part in meld.parts
        ]
        lines += [
            f"trick {n}: "
            + ", ".join(f"{s + 1} {c}" for s, c in t.plays)
            + f" -> {t.winner + 1}, {t.points}"
            for n, t in enumerate(deal.tricks, start=1)
        ]
        results = _json(plain(deal.results)) if deal.results is not None else "-"
        results = THROWN_IN if deal.thrown_in else results
        lines.append(f"results: {results}")
        lines.append(f"actions: {SEP.join(deal.actions) or '-'}")
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    """JSON on one line, readable as written but for characters that are not printable: those
    (U+2028, U+0085, controls, …) are escaped, so no name ever breaks a record's lines."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)


def _seats(seats: Iterable[int]) -> str:
    """Seats as people number them, from 1."""
    return _ints(seat + 1 for seat in seats)


def _ints(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def _cards(cards: Sequence[Card] | None) -> str:
    if cards is None:
        return "-"
    return format_cards(cards) or "(empty)"
