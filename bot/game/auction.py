"""The auction games (RULES §7, §13, §14): bidding, trump, the partners' passing, the deal's
points, and Check Pinochle's premiums."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from . import actions as A
from .actions import Action
from .cards import SUITS, Card, Suit, make_pack, remove_card
from .ceiling import side_meld_ceiling
from .checks import contract_checks, game_checks, meld_checks, net_chips, set_checks, settle
from .errors import IllegalAction
from .events import (
    Bid,
    CardsGiven,
    Contract,
    DealThrownIn,
    Event,
    Passed,
    SetUnplayed,
    TrumpFixed,
)
from .melds import MELD_OPTION_ORDER, MeldRules
from .multihand import MultiHandRules
from .phases import AUCTION, PASSING, PLAY, TRUMP
from .points import deal_total, scale
from .results import Transfer
from .state import AuctionCall

MIN_BID = 200  # E-4; `opt.min_bid` sets another (F-2, H-2)
#: The options a bid ceiling depends on: the meld table's and the count's (F-2, H-2, H-9).
_CEILING_OPTIONS = (*MELD_OPTION_ORDER, "dd_last_trick")


def ladder_step(high: int) -> int:
    """H-3: the double deck's raises: by 1 below 60, by 5 below 100, by 10 from 100 on."""
    return 1 if high < 60 else 5 if high < 100 else 10


@lru_cache(maxsize=4096)
def bid_action(amount: int) -> Action:
    """The (shared) action of bidding `amount`: actions are values, and the auction offers the
    same bids on every turn, so they are built once."""
    return Action("bid", amount=amount)


@lru_cache(maxsize=32)
def bid_actions(amounts: tuple[int, ...]) -> tuple[Action, ...]:
    """The bid action of each of `amounts` (a game's `bid_amounts`), so that a turn's legal
    bids are a slice of one shared tuple, not a hundred look-ups."""
    return tuple(bid_action(amount) for amount in amounts)


@lru_cache(maxsize=32)
def bid_amounts(minimum: int, step: int, top: int) -> tuple[int, ...]:
    """Every bid from `minimum` to `top`: in steps of `step` (E-4), or up H-3's ladder (step 0)."""
    amounts, amount = [], minimum
    while amount <= top:
        amounts.append(amount)
        amount += step or ladder_step(amount)
    return tuple(amounts)


def bid_ladder(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Every bid of a game with these (resolved) options, from its minimum up to its ceiling
    (`bid_ceiling_of`), in the game's units: E-4's minimum and steps, F-2's and H-2's other
    minimums, H-3's ladder."""
    unit = scale(options)
    given = options["min_bid"]
    minimum = (MIN_BID if given is None else given) // unit
    step = 0 if options["bid_ladder"] else max(1, options["bid_increment"] // unit)
    return bid_amounts(minimum, step, max(minimum, bid_ceiling_of(options)))


def bid_ceiling_of(options: Mapping[str, Any]) -> int:
    """F-2, H-2: what a deal can be worth to one side under these options: the most meld a
    side's cards can hold (`side_meld_ceiling`) plus every card point and the last trick."""
    key = tuple((name, options[name]) for name in _CEILING_OPTIONS)
    return _ceiling_of(key)


@lru_cache(maxsize=32)
def _ceiling_of(key: tuple[tuple[str, Any], ...]) -> int:
    options = dict(key)
    double_deck = options["count_scheme"] == "double_deck"
    pack = make_pack(double_deck=double_deck)
    copies = 4 if double_deck else 2
    meld = side_meld_ceiling(MeldRules.from_options(options), len(pack) // 2, copies)
    return meld + deal_total(options, pack)


def least_bid_over(options: Mapping[str, Any], high: int) -> int:
    """The least bid over the high bid `high` (0: none yet, so the game's minimum)."""
    ladder = bid_ladder(options)
    return ladder[min(bisect_right(ladder, high), len(ladder) - 1)]


class AuctionRules(MultiHandRules):
    """The Check Pinochle phases (auction, trump) and deal scoring of `Game` (its play is §6's)."""

    def _begin_check(self, events: list[Event]) -> None:
        self.state.phase, self.state.turn = AUCTION, self.state.order[0]  # E-3: eldest speaks first

    def _min_bid(self) -> int:
        return self._bid_ladder()[0]

    def _step(self, high: int) -> int:
        """The least raise over `high` (E-4; H-3's ladder)."""
        if self.opt["bid_ladder"]:
            return ladder_step(high)
        step: int = self.opt["bid_increment"] // self.scale
        return max(1, step)

    def _bid_amounts(self, above: int) -> list[int]:
        """Every bid higher than `above`: the minimum, then each raise in its steps (E-4, H-3)."""
        amounts = self._bid_ladder()
        return list(amounts[bisect_right(amounts, above) :])

    def _bid_ladder(self) -> tuple[int, ...]:
        """Every bid of this game, from the minimum up to the ceiling (E-4, F-2, H-3)."""
        return bid_ladder(self.opt)

    def bid_ceiling(self) -> int:
        """F-2, H-2: the highest bid, what a deal can be worth to one side (`bid_ceiling_of`)."""
        return self._bid_ladder()[-1]

    def _forced(self, seat: int) -> bool:
        """E-6, F-3: the dealer after three passes must bid (unless the deal is thrown in)."""
        return (
            seat == self.state.dealer
            and self.state.high_bid == 0
            and len(self.state.passed) == 3
            and self.opt["all_pass"] == "dealer_stuck"
        )

    def _may_bid(self, seat: int) -> bool:
        """E-5: a bid needs a marriage in hand where the game asks for one."""
        return not self.opt["bid_requires_marriage"] or _has_marriage(self.state.hands[seat])

    def _legal_auction(self) -> list[Action]:
        seat = self._actor
        forced = self._forced(seat)
        bids: Sequence[Action] = ()
        if self._may_bid(seat):
            ladder = self._bid_ladder()
            bids = bid_actions(ladder)[bisect_right(ladder, self.state.high_bid) :]
        elif forced:
            bids = (bid_action(self._min_bid()),)  # E-6: forced, marriage or not
        return [*bids] if forced else [*bids, A.PASS]

    def why_no_bid(self) -> IllegalAction | None:
        """Why the seat to speak is offered no bid, only a pass (E-5: it holds no marriage); None
        when it may bid or it is no auction's turn."""
        if self.state.phase != AUCTION or self.state.turn is None:
            return None
        seat = self.state.turn
        if any(act.verb == "bid" for act in self._legal_auction()):
            return None
        lowest = self._bid_amounts(self.state.high_bid)[:1] or [self._min_bid()]
        try:
            self._refuse_bid(seat, lowest[0])
        except IllegalAction as error:
            return error
        return None

    def _apply_auction(self, act: Action, events: list[Event]) -> None:
        seat, forced = self._actor, self._forced(self._actor)
        lowest = least_bid_over(self.opt, self.state.high_bid)
        self.state.calls.append(AuctionCall(seat, lowest, act.amount, forced))
        if act.verb == "pass":  # a legal pass is `A.PASS`
            self.state.passed.add(seat)
            events.append(Passed(seat))
        else:
            amount = act.amount
            assert amount is not None  # a bid
            self.state.high_bid, self.state.declarer = amount, seat
            self.state.bids[seat] = amount
            events.append(Bid(seat, amount, forced))
        still_in = [s for s in self.state.order if s not in self.state.passed]
        if not still_in:  # F-3: all four passed; the deal is thrown in and passes on
            events.append(DealThrownIn(self.state.deal_no, self.state.dealer))
            self.state.dealer = self._next_active(self.state.dealer)
            self._start_deal(events)
            return
        if self.state.declarer is not None and still_in == [self.state.declarer]:
            events.append(Contract(self.state.declarer, self.state.high_bid))
            self.state.phase, self.state.turn = TRUMP, self.state.declarer
            if not self._legal_trump():  # F-4: no marriage to name: set without play
                for seat in self.state.order:  # the defenders count their meld, no trump named
                    if not self.variant.same_side(seat, self.state.declarer):
                        self._declare(seat, self.state.hands[seat], events)
                events.append(SetUnplayed(self.state.declarer, "no_marriage"))
                self._end_deal(events)
            return
        nxt = self._next_active(seat)
        while nxt in self.state.passed:
            nxt = self._next_active(nxt)
        self.state.turn = nxt

    def _legal_trump(self) -> list[Action]:
        """F-4, DX-E3: any suit; by option only a suit the declarer holds a marriage in. Holding
        none, his side is set unplayed (`trump_without_marriage = set`), or he names any suit
        (`any_suit`: Check's forced dealer, E-6)."""
        return [
            Action("trump", suit=s) for s in trump_suits(self.state.hands[self._actor], self.opt)
        ]

    def _apply_trump(self, act: Action, events: list[Event]) -> None:
        suit = act.suit
        assert suit is not None  # a trump action names a suit
        self.state.trump = suit
        events.append(TrumpFixed(self._declarer, suit))
        if self.opt["pass_count"]:  # F-5: the declarer's partner passes first
            self.state.phase, self.state.turn = PASSING, self.partner(self._declarer)
            return
        self._meld_and_lead(events)

    def _meld_and_lead(self, events: list[Event]) -> None:
        for s in self.state.order:  # E-9, F-6: everyone melds at once
            self._declare(s, self.state.hands[s], events)
        if self._shown_meld()[self.party(self._declarer)] < self.opt["min_meld"]:
            events.append(SetUnplayed(self._declarer, "little_meld"))
            self._end_deal(events)  # H-13: too little meld to play; set unplayed
            return
        self.state.phase = PLAY  # E-10, F-7: the declarer leads (or eldest, by option)
        eldest = self.opt["first_lead"] == "eldest"
        self.state.turn = self.state.order[0] if eldest else self.state.declarer

    # ------------------------------------------------------------------ passing (F-5, H-5)

    def give_count(self) -> int:
        """How many cards the seat to pass gives (F-5); 0 outside the passing."""
        return self.opt["pass_count"] if self.state.phase == PASSING else 0

    def _free_to_give(self, seat: int) -> list[int]:
        """Copies of each card (by code) the seat passing holds and has not chosen yet."""
        free = [0] * 32  # by card code (`list.count` calls Card.__eq__)
        for card in self.state.hands[seat]:
            free[card.code] += 1
        for card in self.state.giving:
            free[card.code] -= 1
        return free

    def _legal_passing(self) -> list[Action]:
        """F-5: the pass goes one card at a time, any card held not chosen yet (as OpenSpiel's
        Hearts passes), so that every entry of the legal list applies as given."""
        free = self._free_to_give(self._actor)
        return [A.GIVE_BY_CODE[code] for code in range(32) if free[code]]

    def _check_give(self, seat: int, act: Action) -> Action:
        """F-5: a give the legal list does not hold: one card the seat cannot choose, or several
        at once, which must be exactly the cards still due (every give of an old log was the whole
        pass). Its canonical action, or IllegalAction saying what is wrong."""
        count, chosen = self.opt["pass_count"], len(self.state.giving)
        if len(act.cards) != 1 and len(act.cards) != count - chosen:
            if chosen:
                raise IllegalAction("give_rest", "F-5", count=count - chosen, chosen=chosen)
            raise IllegalAction("give_count", "F-5", count=count)
        free = self._free_to_give(seat)
        for card in act.cards:  # in order, so the first card short of copies is the one named
            free[card.code] -= 1
            if free[card.code] < 0:
                key = "already_chosen" if card in self.state.giving else "not_in_hand"
                raise IllegalAction(key, "P-0" if key == "not_in_hand" else "F-5", card=str(card))
        return A.give(act.cards)

    def _apply_passing(self, act: Action, events: list[Event]) -> None:
        """Choose the give's cards; once all are chosen, they change hands (F-5)."""
        giving = self.state.giving
        giving.extend(act.cards)
        if len(giving) < self.opt["pass_count"]:
            return
        seat, declarer = self._actor, self._declarer
        partner = self.partner(seat)
        assert partner is not None  # passing is a partnership game's
        gift = self.state.gave[seat] = sorted(giving, key=lambda c: c.code)  # as one give was
        for card in gift:
            remove_card(self.state.hands[seat], card)
            self.state.hands[partner].append(card)
        self.state.giving = []
        self.state.deal_history.append(A.give(gift))
        events.append(CardsGiven(seat, partner, len(gift)))
        if seat != declarer:  # F-5: the declarer passes back as many
            self.state.turn = declarer
            return
        self._meld_and_lead(events)

    def _score_check(self, meld: list[int], cards: list[int], result: dict[str, Any]) -> list[int]:
        """E-11..E-13, F-8, F-9, H-10..H-14: the deal's points; Check's E-16..E-19 premiums.
        `meld` and `cards` become what counted (the deal's record shows them)."""
        decl = self.party(self._declarer)
        took = [any(self.state.tricks_won[s] for s in self.party_seats(p)) for p in range(2)]
        least_meld = self.opt["min_meld"]
        if self.state.phase == PLAY:  # played (or, for `deal_points`, being played)
            counters = self._counters_taken()
            for p in range(2):
                if meld[p] < least_meld or not meld_saved(
                    took[p], counters[p], self.opt["save_meld_counters"]
                ):
                    meld[p] = 0
                if counters[p] < self.opt["min_counters"]:  # H-12: the side scores nothing
                    meld[p] = cards[p] = 0
        else:  # set unplayed (F-4, H-13): the defenders score the meld they showed
            shown = self._shown_meld()
            meld[decl] = 0
            meld[1 - decl] = shown[1 - decl] if shown[1 - decl] >= least_meld else 0
        points, made = contract_points(
            self.state.high_bid,
            decl,
            meld,
            cards,
            progressive=self.opt["set_scoring"] == "progressive",
        )
        result.update(
            bid=self.state.high_bid,
            declarer=self.state.declarer,
            made=made,
            bids=tuple(self.state.bids),
        )
        if self.variant.checks:
            self._premiums(decl, made, took, result)
        return points

    def _counters_taken(self) -> list[int]:
        """H-10, H-12: the counters (aces, tens and kings) in each side's tricks."""
        taken = [0, 0]
        for trick in self.state.tricks:
            side = self.party(trick.winner)
            taken[side] += sum(card.rank in _COUNTERS for _, card in trick.plays)
        return taken

    def _shown_meld(self) -> list[int]:
        """Each side's meld as shown (F-6), credited or not."""
        shown = [0, 0]
        for seat in range(self.n):
            shown[self.party(seat)] += sum(points for _, _, points in self.state.pending[seat])
        return shown

    def _premiums(self, decl: int, made: bool, took: list[bool], result: dict[str, Any]) -> None:
        """E-16..E-19: the checks a Check deal pays, into `result`."""
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
        result["transfers"] = settle(awards, [self.party_seats(0), self.party_seats(1)])

    def _check_winner(self, check: dict[str, Any]) -> int | None:
        """E-14, F-10: the declaring side is counted first, and goes out only on a contract made;
        then the defenders (unless only the bidders may go out); F-11: a contract side taking
        every trick shoots the moon."""
        decl = self.party(self._declarer)
        winner = None
        tricks = len(self.state.tricks)
        moon = sum(self.state.tricks_won[s] for s in self.party_seats(decl)) == tricks
        if self.opt["shoot_the_moon"] and moon and check["made"]:
            winner = decl
        elif check["made"] and self.state.scores[decl] >= self.state.target:
            winner = decl  # a set side never goes out, above the target or not (F-10)
        elif (
            self.state.scores[1 - decl] >= self.state.target
            and not self.opt["only_bidder_goes_out"]
        ):
            winner = 1 - decl
        if winner is not None:
            self.state.places = [winner, 1 - winner]
        if self.variant.checks:
            self._game_premium(winner, check)
        return winner

    def forfeit_checks(self, seat: int) -> int:
        """What a Check player who leaves mid-game pays (the forfeit policy): the E-20 game
        premium as if the opponents had won with the scores of this moment."""
        own = self.party(seat)
        scores = self.state.scores
        return game_checks(scores[1 - own] * self.scale, scores[own] * self.scale)

    def premium_now(self) -> tuple[Transfer, ...]:
        """The E-20 game premium as if the game ended now, to the side ahead (the forfeit policy:
        a Check game cancelled after a completed deal cannot dodge a loss); none on equal scores."""
        scores = self.state.scores
        if scores[0] == scores[1]:
            return ()
        return tuple(self._premium(0 if scores[0] > scores[1] else 1))

    def _premium(self, winner: int) -> list[Transfer]:
        """E-20: the game's checks to `winner`'s side, each member collecting from the opponent
        E-15 pairs them with."""
        scores = self.state.scores
        checks = game_checks(scores[winner] * self.scale, scores[1 - winner] * self.scale)
        return settle(
            [(winner, checks, "game", "game")], [self.party_seats(0), self.party_seats(1)]
        )

    def _game_premium(self, winner: int | None, check: dict[str, Any]) -> None:
        """E-20: the game's checks to the winners, and the deal's net chips (E-15)."""
        if winner is not None:
            check["transfers"] += self._premium(winner)
        check["chips"] = tuple(net_chips(check["transfers"], self.n))
        check["transfers"] = tuple(check["transfers"])

    def _refuse_bid(self, seat: int, amount: int) -> None:
        if self._forced(seat) and not self._may_bid(seat):
            raise IllegalAction("bid_forced", "E-6", minimum=self._min_bid())
        if amount < self._min_bid():
            raise IllegalAction("bid_too_low", "E-4", minimum=self._min_bid())
        if amount <= self.state.high_bid:
            raise IllegalAction("bid_not_higher", "E-4", high=self.state.high_bid)
        if amount > self.bid_ceiling():
            raise IllegalAction("bid_over_ceiling", "F-2", ceiling=self.bid_ceiling())
        if amount not in self._bid_amounts(self.state.high_bid):
            raise IllegalAction("bid_step", "E-4", step=self._step(self.state.high_bid))
        if not self._may_bid(seat):
            raise IllegalAction("bid_needs_marriage", "E-5")


def meld_saved(took_a_trick: bool, counters: int, least: int = 0) -> bool:
    """E-11, F-8: a side's meld counts once it takes a trick; H-10 (by option) only with at least
    `least` counters (aces, tens, kings) in its tricks."""
    return took_a_trick and counters >= least


def contract_points(
    bid: int,
    declarers: int,
    meld: Sequence[int],
    cards: Sequence[int],
    *,
    progressive: bool = False,
) -> tuple[list[int], bool]:
    """E-12, E-13, F-9: each side's points for the deal, and whether the contract was made. The
    bidding side scores all it took if that reaches the bid, else minus the bid (set); the
    defenders always score what they took. `meld` holds only meld that counts (`meld_saved`).
    H-14 `progressive`: a set side scores nothing and the bid goes to the defenders instead."""
    points = [m + c for m, c in zip(meld, cards, strict=True)]
    made = points[declarers] >= bid
    if not made and progressive:
        points[declarers] = 0
        points[1 - declarers] += bid
    elif not made:
        points[declarers] = -bid
    return points, made


def trump_suits(hand: Sequence[Card], options: Mapping[str, Any]) -> tuple[Suit, ...]:
    """F-4, DX-E3: the suits a declarer holding `hand` may name trump under the game's resolved
    `options`; none means his side is set unplayed (`trump_without_marriage = set`). The
    computer players weigh a contract over these suits only."""
    if not options["trump_requires_marriage"]:
        return SUITS
    married = tuple(s for s in SUITS if Card("K", s) in hand and Card("Q", s) in hand)
    return married if married or options["trump_without_marriage"] == "set" else SUITS


def _has_marriage(hand: list[Card]) -> bool:
    """E-5: a king and queen of one suit (by card code: a suit's queen follows its king)."""
    codes = {card.code for card in hand}
    return any(king in codes and king + 1 in codes for king in _KINGS)


#: H-10: the counters, the cards a side counts to save its meld (the last trick is none).
_COUNTERS = frozenset({"A", "10", "K"})

#: The code of each suit's king (`Card.code`: suit * 8 + rank, A 10 K Q J 9).
_KINGS = tuple(Card("K", suit).code for suit in SUITS)
