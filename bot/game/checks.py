"""Check Pinochle premiums (RULES §7.5-§7.8): what each award is worth and who pays whom."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card
from .melds import is_roundhouse
from .results import Transfer

#: Meld checks (E-16) for the single melds; doubles follow DX-E8.
MELD_CHECKS = {
    "flush": 2,
    "aces around": 2,
    "kings around": 1,
    "queens around": 1,
    "jacks around": 1,
    "double pinochle": 2,
}
DOUBLED = {
    "double flush": "flush",
    "eight aces": "aces around",
    "eight kings": "kings around",
    "eight queens": "queens around",
    "eight jacks": "jacks around",
}
ROUNDHOUSE_CHECKS = 5


def contract_checks(bid: int) -> int:
    """E-17: checks to each declarer for a made contract (200-240: 2, 250-290: 4, 300-340: 7, 350+: 10 +5 per 50)."""
    if bid < 250:
        return 2
    if bid < 300:
        return 4
    if bid < 350:
        return 7
    return 10 + 5 * ((bid - 350) // 50)


def set_checks(bid: int) -> int:
    """E-18: each defender collects twice the contract checks when the contract fails."""
    return 2 * contract_checks(bid)


def game_checks(winner_total: int, loser_total: int) -> int:
    """E-20: 10 + 1 per 100 (or fraction) of the margin, +5 when the losers are below zero."""
    margin = max(0, winner_total - loser_total)
    return 10 + math.ceil(margin / 100) + (5 if loser_total < 0 else 0)


def meld_checks(
    breakdown: Sequence[tuple[str, Sequence[Card], int]], options: Mapping[str, Any]
) -> list[tuple[str, int]]:
    """E-16 checks earned by one hand's meld: [(detail, checks), ...].

    A roundhouse earns 5 and, by default, replaces the checks of one 80 kings
    and one 60 queens (DX-E7); doubles earn twice the single (DX-E8).
    """
    awards: list[tuple[str, int]] = []
    for name, _, _ in breakdown:
        if name in MELD_CHECKS:
            awards.append((name, MELD_CHECKS[name]))
        elif name in DOUBLED and options["double_meld_checks"] == "twice_single":
            awards.append((name, 2 * MELD_CHECKS[DOUBLED[name]]))
    if is_roundhouse(breakdown):
        if not options["roundtrip_checks_additive"]:
            awards = _absorb(awards, "kings around", "eight kings")
            awards = _absorb(awards, "queens around", "eight queens")
        awards.append(("roundhouse", ROUNDHOUSE_CHECKS))
    return awards


def _absorb(awards: list[tuple[str, int]], single: str, double: str) -> list[tuple[str, int]]:
    """Remove one single meld's check (1) from the awards, from the single or the doubled meld."""
    for i, (name, checks) in enumerate(awards):
        if name in (single, double):
            rest = checks - 1
            return awards[:i] + ([(name, rest)] if rest else []) + awards[i + 1 :]
    return awards


def settle(
    side_checks: Sequence[tuple[int, int, str, str]], sides: Sequence[Sequence[int]]
) -> list[Transfer]:
    """E-15: each member of the receiving side collects N from one opponent.

    `side_checks` holds (receiving side, N, reason, detail); side k's seats are
    `sides[k]`, paired in order with the other side's (N<->E, S<->W).
    """
    transfers = []
    for side, checks, reason, detail in side_checks:
        other = sides[1 - side]
        for payee, payer in zip(sides[side], other, strict=False):
            transfers.append(Transfer(payer, payee, checks, reason, detail))
    return transfers


def net_chips(transfers: Sequence[Transfer], seats: int) -> list[int]:
    net = [0] * seats
    for t in transfers:
        net[t.payee] += t.checks
        net[t.payer] -= t.checks
    return net
