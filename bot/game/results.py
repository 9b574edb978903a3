"""One scored deal: what `Game.deal_results` holds and `DealEnded` carries.

A frozen dataclass; its plain form (`bot.game.plain`, the record text's `results:` line and
the web replay) is the dict the engine once built by hand: Check Pinochle's keys only in
Check deals, and no `last_trick`, so record texts written before read the same.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Suit
from .plain import Plain

#: The plain form's keys of every deal, and those only Check Pinochle deals have (E-3..E-20).
_KEYS = ("deal", "dealer", "trump", "meld", "cards", "points", "scores", "tricks", "complete")
_CHECK_KEYS = ("bid", "declarer", "made", "bids", "transfers")


@dataclass(frozen=True, slots=True)
class Transfer(Plain):
    """Checks one seat pays another (E-15) and why: the reason ("contract", "set", "meld", "slam",
    "game") and its detail (the bid, the meld); its plain form is {"from", "to", "checks", "reason", "detail"}."""

    payer: int
    payee: int
    checks: int
    reason: str
    detail: str

    def plain_keys(self) -> tuple[str, ...]:
        return ("from", "to", "checks", "reason", "detail")

    def plain_value(self, key: str) -> Any:
        if key in ("from", "to"):
            return self.payer if key == "from" else self.payee
        return Plain.plain_value(self, key)


@dataclass(frozen=True, slots=True)
class ChipItem:
    """One part of a seat's chips in a deal: the transfers of one reason and detail, netted."""

    reason: str
    detail: str
    chips: int


@dataclass(frozen=True, slots=True)
class DealResult(Plain):
    """A deal's score per seat (a partner's figures are the side's): G-4..G-7, G-13; E-11..E-20."""

    deal: int
    dealer: int
    trump: Suit | None
    meld: tuple[int, ...]  # meld credited
    cards: tuple[int, ...]  # card points taken, the last trick's bonus included (G-5, G-6)
    points: tuple[int, ...]  # the deal's score (Check: minus the bid when set, E-12)
    scores: tuple[int, ...]  # the game's totals after it
    tricks: tuple[int, ...]  # tricks taken by the seat itself
    complete: bool  # every trick was played (not ended by a claim, A-12)
    last_trick: tuple[int, ...]  # the last trick's bonus inside `cards` (G-5), 0 for the others
    #: The seats dealt in, in seat order: all but those who finished and sat out (C-10, D1-2).
    dealt: tuple[int, ...]
    # The auction games only (None elsewhere): E-7, F-9, H-11
    bid: int | None = None
    declarer: int | None = None
    made: bool | None = None
    bids: tuple[int | None, ...] | None = None
    # Check Pinochle only:
    transfers: tuple[Transfer, ...] | None = None  # who pays whom, and why (E-15)
    chips: tuple[int, ...] | None = None  # net per seat, summing to zero

    def chip_items(self, seat: int) -> tuple[ChipItem, ...]:
        """What `seat`'s chips this deal are made of (E-15..E-20): one item per reason and detail
        (the contract made or set, each meld check, the slam, the game premium), in the order the
        engine awarded them, signed for `seat`; they sum to `chips[seat]`; none outside Check."""
        items: dict[tuple[str, str], int] = {}
        for transfer in self.transfers or ():
            sign = (transfer.payee == seat) - (transfer.payer == seat)
            if sign:
                key = (transfer.reason, transfer.detail)
                items[key] = items.get(key, 0) + sign * transfer.checks
        return tuple(ChipItem(reason, detail, chips) for (reason, detail), chips in items.items())

    def plain_keys(self) -> tuple[str, ...]:
        """The keys the hand-built dict had: no `last_trick` or `dealt`, the auction's only in
        auction games, the checks only in Check."""
        auction = _CHECK_KEYS if self.transfers is not None else _CHECK_KEYS[:-1]
        keys = _KEYS if self.bid is None else _KEYS[:3] + auction + _KEYS[3:]
        return keys if self.chips is None else (*keys, "chips")


def place_ranks(places: Sequence[Sequence[int]], behind: Collection[int] = ()) -> dict[int, int]:
    """Each seat's rank, 1 the best, from the engine's places (`standing`, a view's `ranking`:
    the seats of each place, best first): a place's seats share a rank, and a place holding a
    seat of `behind` (one who left or never came) comes after all the others, in its order."""
    ordered = sorted(places, key=lambda place: any(seat in behind for seat in place))
    return {seat: rank for rank, place in enumerate(ordered, start=1) for seat in place}
