"""A game record as text: what `python -m bot record export` writes and `reader` reads back.

A header (the magic line, variant, options, seed, the fair dealing's table, seats, hints, final
scores), then each deal's lines; the exact lines are listed in `GameRecord.parse`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..cards import Card, format_cards
from ..plain import plain
from .deals import DealRecord

#: The first line of every text record; the number changes if the format ever does.
MAGIC = "Pinochle game record 1"
#: Between a deal's actions on its `actions:` line.
SEP = " | "


class Written(Protocol):
    """What the text form holds of a record (`GameRecord`)."""

    @property
    def variant(self) -> str: ...
    @property
    def options(self) -> dict[str, Any]: ...
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
        f"options: {_json(record.options)}",
        f"seed: {record.seed}",
        *([f"dealing: fair, table {record.table_id}"] if record.table_id is not None else []),
        f"seats: {_json(record.names) if record.names is not None else '-'}",
        f"hints: {_ints(record.hints) or '-'}",
        f"final: {final}",
    ]
    for deal in record.deals:
        lines += ["", f"deal {deal.number}, dealer {deal.dealer}"]
        if record.table_id is not None:
            lines.append(f"seed: {deal.seed.hex() if deal.seed else 'hidden'}")
            lines.append(f"salts: {_json(deal.salts) if deal.salts else '-'}")
        lines += [f"hand {seat}: {format_cards(cards)}" for seat, cards in deal.hands.items()]
        lines.append(f"turnup: {deal.turnup or '-'}")
        lines.append(f"stock: {_cards(deal.stock)}")
        lines.append("auction: " + (", ".join(f"{s} {w}" for s, w in deal.auction) or "-"))
        lines.append(f"contract: {_ints(deal.contract) if deal.contract else '-'}")
        lines.append(f"trump: {deal.trump.value if deal.trump else '-'}")
        lines += [f"gave {seat}: {format_cards(cards)}" for seat, cards in deal.passes]
        lines += [
            f"meld {meld.seat}: {format_cards(part.cards)} = {part.points}"
            for meld in deal.melds
            for part in meld.parts
        ]
        lines += [
            f"trick {n}: "
            + ", ".join(f"{s} {c}" for s, c in t.plays)
            + f" -> {t.winner}, {t.points}"
            for n, t in enumerate(deal.tricks, start=1)
        ]
        results = _json(plain(deal.results)) if deal.results is not None else "-"
        lines.append(f"results: {results}")
        lines.append(f"actions: {SEP.join(deal.actions) or '-'}")
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _ints(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def _cards(cards: list[Card] | None) -> str:
    if cards is None:
        return "-"
    return format_cards(cards) or "(empty)"
