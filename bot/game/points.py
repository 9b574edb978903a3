"""Card points: the count schemes and rounding of RULES G-4..G-7."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import RANKS, Card, make_pack
from .options import Options, resolve_options

#: Points per rank for each count scheme (G-4, G-7); ranks not listed count 0.
COUNT_SCHEMES: dict[str, dict[str, int]] = {
    "hoyle": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
    "counters": {"A": 10, "10": 10, "K": 10},
    "five_ten": {"A": 10, "10": 10, "K": 5, "Q": 5},
    "one_point": {"A": 1, "10": 1, "K": 1},
    "double_deck": {"A": 1, "10": 1, "K": 1},  # H-9: the 80-card pack's 48 counters
}
#: H-9: the double deck's last trick is worth 2 (48 counters + 2 = 50).
DOUBLE_DECK_LAST_TRICK = 2


def scale(options: Mapping[str, Any]) -> int:
    """Divisor for meld values, bids and targets: 10 in the one-point count (G-7), else 1."""
    return 10 if options["count_scheme"] == "one_point" else 1


def last_trick_bonus(options: Mapping[str, Any]) -> int:
    """The last trick's points (G-5): 10, or 1 in the one-point count; 2 in the double deck, or
    1 by `dd_last_trick` (H-9)."""
    if options["count_scheme"] == "double_deck":
        last: int = options.get("dd_last_trick", DOUBLE_DECK_LAST_TRICK)
        return last
    return 10 // scale(options)


def point_table(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Points indexed by `Card.code`, for the hot path."""
    values = COUNT_SCHEMES[options["count_scheme"]]
    table = [0] * 32
    for code in range(32):
        table[code] = values.get(RANKS[code % 8], 0)
    return tuple(table)


def deal_total(options: Mapping[str, Any], pack: Iterable[Card]) -> int:
    """The card points of a whole pack plus the last trick (G-5, §12.1): 250 in the 48- and
    64-card games under every scheme but the one-point count (25); 50 in the double deck (H-9)."""
    table = point_table(options)
    return sum(table[c.code] for c in pack) + last_trick_bonus(options)


def deal_card_total(options: Mapping[str, Any]) -> int:
    """`deal_total` of the pack a game of these resolved options deals: only the double deck
    counts its own way (H-9), so its count names its 80 cards; every other pack totals alike."""
    return deal_total(options, make_pack(double_deck=options["count_scheme"] == "double_deck"))


def card_points(cards: Iterable[Card], options: Mapping[str, Any] | None = None) -> int:
    """Card points of `cards` under the count scheme (G-4, G-7); no last-trick bonus."""
    opts = options if isinstance(options, Options) else resolve_options(options)
    table = point_table(opts)
    return sum(table[c.code] for c in cards)


def round_card_points(total: int) -> int:
    """G-6: units digit 7, 8, 9 rounds up to the next ten; 0-6 are dropped (87→90, 126→120)."""
    return 10 * (total // 10) + (10 if total % 10 >= 7 else 0)
