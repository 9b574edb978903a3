"""Check Pinochle (RULES §7): the auction, trump, and the deal's points and premiums."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import actions as A
from .actions import Action
from .cards import SUITS, Card
from .checks import contract_checks, game_checks, meld_checks, net_chips, set_checks, settle
from .errors import IllegalAction
from .events import Bid, Contract, Event, Passed, TrumpFixed
from .multihand import MultiHandRules
from .phases import AUCTION, PLAY, TRUMP

MIN_BID = 200
MAX_BID = 1500  # far above any reachable deal total; bounds the list of legal bids


class AuctionRules(MultiHandRules):
    """The Check Pinochle phases (auction, trump) and deal scoring of `Game` (its play is §6's)."""

    def _begin_check(self, events: list[Event]) -> None:
        self.state.phase, self.state.turn = AUCTION, self.state.order[0]  # E-3: eldest speaks first

    def _min_bid(self) -> int:
        return MIN_BID // self.scale

    def _step(self) -> int:
        step: int = self.opt["bid_increment"] // self.scale
        return max(1, step)

    def _forced(self, seat: int) -> bool:
        return (
            seat == self.state.dealer and self.state.high_bid == 0 and len(self.state.passed) == 3
        )

    def _legal_auction(self) -> list[Action]:
        seat = self._actor
        lowest = self.state.high_bid + self._step() if self.state.high_bid else self._min_bid()
        has_marriage = _has_marriage(self.state.hands[seat])
        bids = []
        if has_marriage:
            bids = list(_bids(lowest, MAX_BID // self.scale, self._step()))
        elif self._forced(seat):
            bids = [Action("bid", amount=self._min_bid())]  # E-6: forced, marriage or not
        return bids + ([] if self._forced(seat) else [A.PASS])

    def why_no_bid(self) -> IllegalAction | None:
        """Why the seat to speak is offered no bid, only a pass (E-5: it holds no marriage); None
        when it may bid or it is no auction's turn."""
        if self.state.phase != AUCTION or self.state.turn is None:
            return None
        seat = self.state.turn
        if any(act.verb == "bid" for act in self._legal_auction()):
            return None
        lowest = self.state.high_bid + self._step() if self.state.high_bid else self._min_bid()
        try:
            self._refuse_bid(seat, lowest)
        except IllegalAction as error:
            return error
        return None

    def _apply_auction(self, act: Action, events: list[Event]) -> None:
        seat = self._actor
        if act == A.PASS:
            self.state.passed.add(seat)
            events.append(Passed(seat))
        else:
            forced, amount = self._forced(seat), act.amount
            assert amount is not None  # a bid
            self.state.high_bid, self.state.declarer = amount, seat
            self.state.bids[seat] = amount
            events.append(Bid(seat, amount, forced))
        still_in = [s for s in self.state.order if s not in self.state.passed]
        if self.state.declarer is not None and still_in == [self.state.declarer]:
            events.append(Contract(self.state.declarer, self.state.high_bid))
            self.state.phase, self.state.turn = TRUMP, self.state.declarer
            return
        nxt = self._next_active(seat)
        while nxt in self.state.passed:
            nxt = self._next_active(nxt)
        self.state.turn = nxt

    def _legal_trump(self) -> list[Action]:
        hand = self.state.hands[self._actor]
        suits = list(SUITS)
        if self.opt["trump_requires_marriage"]:
            married = [s for s in SUITS if Card("K", s) in hand and Card("Q", s) in hand]
            suits = married or suits  # a forced dealer without a marriage still names a suit
        return [Action("trump", suit=s) for s in suits]

    def _apply_trump(self, act: Action, events: list[Event]) -> None:
        suit = act.suit
        assert suit is not None  # a trump action names a suit
        self.state.trump = suit
        events.append(TrumpFixed(self._declarer, suit))
        for s in self.state.order:  # E-9: everyone melds at once
            self._declare(s, self.state.hands[s], events)
        self.state.phase, self.state.turn = PLAY, self.state.declarer  # E-10: the declarer leads

    def _score_check(self, meld: list[int], cards: list[int], result: dict[str, Any]) -> list[int]:
        """E-11..E-13 points and the E-16..E-19 premiums of one deal."""
        decl = self.party(self._declarer)
        took = [any(self.state.tricks_won[s] for s in self.party_seats(p)) for p in range(2)]
        totals = [(meld[p] if took[p] else 0) + cards[p] for p in range(2)]
        made = totals[decl] >= self.state.high_bid
        points = list(totals)
        if not made:
            points[decl] = -self.state.high_bid  # E-12: set
        awards: list[tuple[int, int, str, str]] = []
        for s in self.state.order:
            p = self.party(s)
            if not took[p] or (
                not made and p == decl and self.opt["set_side_forfeits_meld_checks"]
            ):
                continue
            for detail, checks in meld_checks(self.state.pending[s], self.options):
                awards.append((p, checks, "meld", detail))
        bid_for_checks = self.state.high_bid * self.scale
        if made:
            awards.append(
                (decl, contract_checks(bid_for_checks), "contract", str(self.state.high_bid))
            )
        else:
            awards.append((1 - decl, set_checks(bid_for_checks), "set", str(self.state.high_bid)))
        for p in range(2):
            if sum(self.state.tricks_won[s] for s in self.party_seats(p)) == 12 and (
                p == decl or self.opt["slam_defenders_eligible"]
            ):
                awards.append((p, 5, "slam", "12 tricks"))
        result.update(
            bid=self.state.high_bid,
            declarer=self.state.declarer,
            made=made,
            bids=tuple(self.state.bids),
            transfers=settle(awards, [self.party_seats(0), self.party_seats(1)]),
        )
        return points

    def _check_winner(self, check: dict[str, Any]) -> int | None:
        """E-14: the declaring side is counted first; then the defenders (the deal is scored)."""
        decl = self.party(self._declarer)
        winner = None
        if self.state.scores[decl] >= self.state.target:
            winner = decl
        elif self.state.scores[1 - decl] >= self.state.target:
            winner = 1 - decl
        if winner is not None:
            loser = 1 - winner
            checks = game_checks(
                self.state.scores[winner] * self.scale, self.state.scores[loser] * self.scale
            )
            check["transfers"] += settle(
                [(winner, checks, "game", "game")], [self.party_seats(0), self.party_seats(1)]
            )
            self.state.places = [winner, loser]
        check["chips"] = tuple(net_chips(check["transfers"], self.n))
        check["transfers"] = tuple(check["transfers"])
        return winner

    def _refuse_bid(self, seat: int, amount: int) -> None:
        if self._forced(seat) and not _has_marriage(self.state.hands[seat]):
            raise IllegalAction("bid_forced", "E-6", minimum=self._min_bid())
        if amount < self._min_bid():
            raise IllegalAction("bid_too_low", "E-4", minimum=self._min_bid())
        if amount <= self.state.high_bid:
            raise IllegalAction("bid_not_higher", "E-4", high=self.state.high_bid)
        if (amount - self._min_bid()) % self._step():
            raise IllegalAction("bid_step", "E-4", step=self._step())
        if not _has_marriage(self.state.hands[seat]):
            raise IllegalAction("bid_needs_marriage", "E-5")


@lru_cache(maxsize=512)
def _bids(lowest: int, highest: int, step: int) -> tuple[Action, ...]:
    """The bids from `lowest` to `highest` by `step` (shared: actions are values)."""
    return tuple(Action("bid", amount=b) for b in range(lowest, highest + 1, step))


def _has_marriage(hand: list[Card]) -> bool:
    """E-5: a king and queen of one suit."""
    return any(Card("K", s) in hand and Card("Q", s) in hand for s in SUITS)
