"""Two-handed deals with a stock (RULES §3, §4): free play, meld-then-draw, the dix, the play-off."""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Action, plays_in
from .cards import Card, remove_card, sort_hand
from .core import GameCore
from .errors import IllegalAction
from .events import (
    DealerDix,
    DixDeclared,
    Draw,
    Event,
    Melded,
    Show,
    StockExhausted,
    TrumpFixed,
    TurnupTaken,
    shown_meld,
)
from .melds import (
    TableCard,
    Unlayable,
    assign_meld,
    identify_meld,
    meld_assignment,
    meld_value_under,
    sequential_shapes,
)
from .phases import DRAW, MELD, PLAYOFF, STOCK
from .tricks import bits, card_mask


class TwoHandRules(GameCore):
    """The two-hand phases (stock, meld, draw, play-off) of `Game`."""

    def _begin_two(self, events: list[Event]) -> None:
        if self.state.turnup is not None and self.state.turnup is self.dix_card:
            self.state.deal_meld[self.state.dealer] += self.rules.value("dix")
            events.append(DealerDix(self.state.dealer, self.rules.value("dix")))
        self.state.phase = STOCK
        self.state.turn = self.state.order[0]  # the non-dealer leads

    def _holding(self, seat: int) -> list[Card]:
        return self.state.hands[seat] + [tc.card for tc in self.state.table[seat]]

    def _legal_stock(self) -> list[Action]:
        st = self.state
        seat = st.turn
        assert seat is not None
        have = card_mask(st.hands[seat]) | card_mask([tc.card for tc in st.table[seat]])
        return plays_in(have)  # P-0: any card of the holding

    def _after_stock_trick(self, winner: int, events: list[Event]) -> None:
        """A-6: the winner melds (M-1), then both draw; with draw_before_meld he draws first."""
        self.state.meld_seat = winner
        self.state.awaiting_draws = [winner, self.state.after[winner]]  # the other seat
        if self.opt["draw_before_meld"]:
            self._continue_draws(events, then_meld=True)
        else:
            self._open_meld(events)

    def _continue_draws(self, events: list[Event], then_meld: bool = False) -> None:
        """Draw for the seats waiting; stop for a decision (A-8 choice) or for the meld."""
        st = self.state
        stock, waiting = st.stock, st.awaiting_draws
        if not then_meld and len(stock) > len(waiting):
            # Most draws: each seat takes a hidden card and one stays (no A-8 choice, no show).
            hands = st.hands
            for seat in waiting:
                hands[seat].append(stock.pop(0))
                events.append(Draw(seat))
            waiting.clear()
            st.phase, st.turn = STOCK, st.meld_seat
            return
        choose = self.opt["winner_chooses_last_card"]
        while st.awaiting_draws:
            seat = st.awaiting_draws[0]
            if choose and seat == st.meld_seat and self._last_pair():
                st.phase, st.turn, st.draw_then_meld = DRAW, seat, then_meld
                return
            st.awaiting_draws.pop(0)
            self._draw_one(seat, events)
            if then_meld:
                self._open_meld(events)
                return
        self._after_draws(events)

    def _last_pair(self) -> bool:
        return len(self.state.stock) == 1 and self.state.turnup is not None

    def _legal_draw(self) -> list[Action]:
        return [A.DRAW, A.DRAW_TURNUP]

    def _apply_draw(self, act: Action, events: list[Event]) -> None:
        """A-8 with winner_chooses_last_card: the winner takes the hidden card or the turn-up."""
        seat = self.state.awaiting_draws.pop(0)
        if act.verb == A.DRAW_TURNUP.verb:
            self._take(seat, self._take_turnup(), shown=True, events=events, turnup=True)
        else:
            self._draw_one(seat, events)
        if self.state.draw_then_meld:
            self._open_meld(events)
        else:
            self._continue_draws(events)

    def _take(
        self, seat: int, card: Card, *, shown: bool, events: list[Event], turnup: bool = False
    ) -> None:
        self.state.hands[seat].append(card)
        if turnup:
            self.state.known[seat].append(card)
            events.append(TurnupTaken(seat, card))
        elif shown:
            self.state.known[seat].append(card)
            events.append(Show(seat, card))
        else:
            events.append(Draw(seat))

    def _draw_one(self, seat: int, events: list[Event]) -> None:
        """Draw the top stock card; the last hidden one is shown when the turn-up remains (A-8)."""
        if self.state.stock:
            shown = self._last_pair()  # the last face-down card is shown (the turn-up remains)
            self._take(seat, self.state.stock.pop(0), shown=shown, events=events)
        else:
            self._take(seat, self._take_turnup(), shown=True, events=events, turnup=True)

    def _after_draws(self, events: list[Event]) -> None:
        exhausted = not self.stock_left()
        if exhausted and self._thrown_in():
            self._throw_in(events)
            return
        if exhausted:
            # M-11, A-9: table cards go back to hand; the play-off begins.
            for s in self.state.active:
                self.state.hands[s].extend(tc.card for tc in self.state.table[s])
                self.state.known[s].extend(tc.card for tc in self.state.table[s])
                self.state.table[s] = []
            self.state.phase = PLAYOFF
            events.append(StockExhausted())
        else:
            self.state.phase = STOCK
        self.state.turn = self.state.meld_seat

    def meld_value(self, cards: Sequence[Card]) -> tuple[str, int] | None:
        """The two-hand meld `cards` form now and its points, or None (§2.1; B-4's first marriage)."""
        st = self.state
        names_trump = st.no_trump_rules and st.trump is None  # B-4: the first marriage names trump
        return meld_value_under(cards, st.trump, self.rules, names_trump)

    def _thrown_in(self) -> bool:
        """B-8 with `b_no_trump_fallback=redeal`: no marriage melded in the whole stock phase."""
        st = self.state
        return (
            st.no_trump_rules and st.trump is None and self.opt["b_no_trump_fallback"] == "redeal"
        )

    def _open_meld(self, events: list[Event]) -> None:
        st = self.state
        st.melded_this_turn = False
        st.phase, st.turn = MELD, st.meld_seat
        acts = self._legal_meld()
        if len(acts) == 1:  # only passing (the list always ends with it)
            self._close_meld(events)
        else:
            self._offer(acts)

    def _close_meld(self, events: list[Event]) -> None:
        self._continue_draws(events)

    def _meld_options(self, seat: int, in_hand: int, in_hand_twice: int) -> list[Action]:
        """The melds `seat` may lay now; `in_hand`, `in_hand_twice`: its hand's `bits`."""
        st = self.state
        if st.melded_this_turn:
            return []
        b_open = st.no_trump_rules and st.trump is None
        table = st.table[seat]
        have, twice = in_hand, in_hand_twice
        for tc in table:
            bit = 1 << tc.card.code
            if have & bit:
                twice |= bit
            have |= bit
        lacking, lacking_twice = ~have, ~twice
        held = [  # held, with a card of it in hand (M-3)
            shape
            for shape in sequential_shapes(st.trump, self.rules, b_open)
            if not (shape[2] & lacking or shape[3] & lacking_twice) and shape[2] & in_hand
        ]
        if not table:  # from hand alone a meld always lays
            return [shape[4] for shape in held]
        return [
            act
            for name, cards, need_once, need_twice, act in held
            if not (need_once & ~in_hand or need_twice & ~in_hand_twice)
            or self._can_lay(seat, name, cards)
        ]

    def _can_lay(self, seat: int, name: str, cards: list[Card]) -> bool:
        """M-3, M-4: can these cards be laid as `name` from this holding?"""
        st = self.state
        chosen = meld_assignment(cards, name, st.hands[seat], st.table[seat], self.rules)
        return not isinstance(chosen, Unlayable)

    def _dix_options(self, seat: int, dix: Card, in_hand_twice: int) -> list[Action]:
        """Declaring the held `dix` (A-7), and exchanging it; `in_hand_twice`: the hand's cards
        held twice as bits (a two-hand pack holds two copies of a card)."""
        st = self.state
        if 1 + (in_hand_twice >> dix.code & 1) <= st.dix_shown[seat]:
            return []  # every copy held is declared
        can_exchange = (
            not st.no_trump_rules
            and not st.exchanged
            and st.turnup is not None
            and st.turnup is not dix
        )
        if can_exchange and self.opt["dix_exchange_mandatory"]:
            return [A.EXCHANGE]
        return [A.DIX, A.EXCHANGE] if can_exchange else [A.DIX]

    def _legal_meld(self) -> list[Action]:
        st = self.state
        seat = st.turn
        assert seat is not None  # the meld step is a seat's
        in_hand, in_hand_twice = bits(st.hands[seat])
        acts = self._meld_options(seat, in_hand, in_hand_twice)  # a list of its own
        trump = st.trump
        if trump is not None:  # B: no dix before trump (M-9)
            dix = self._dix_of[trump]
            if in_hand >> dix.code & 1:
                acts += self._dix_options(seat, dix, in_hand_twice)
        acts.append(A.PASS)
        return acts

    def _apply_meld(self, act: Action, events: list[Event]) -> None:
        seat = self._actor
        if act.verb == "pass":  # a legal pass is `A.PASS`
            self._close_meld(events)
            return
        if act.verb == "meld":
            self._lay_meld(seat, list(act.cards), events)
            self.state.melded_this_turn = True
        else:
            self._declare_dix(seat, act.verb == A.EXCHANGE.verb, events)
        acts = self._legal_meld()
        if len(acts) == 1:  # only passing (the list always ends with it)
            self._close_meld(events)
        else:
            self._offer(acts)

    def _lay_meld(self, seat: int, cards: list[Card], events: list[Event]) -> None:
        st = self.state
        b_open = st.no_trump_rules and st.trump is None
        named = meld_value_under(cards, st.trump, self.rules, b_open)
        assert named is not None  # the action is legal: it is a meld
        name, points = named
        hand, table, known = st.hands[seat], st.table[seat], st.known[seat]
        if table:
            from_hand, from_table = assign_meld(cards, name, hand, table, self.rules)
            for idx in from_table:
                table[idx].uses.add(name)
        else:  # nothing on the table: every card comes from hand (the meld is legal)
            from_hand = cards
        for card in from_hand:
            remove_card(hand, card)
            remove_card(known, card)
            table.append(TableCard(card, {name}))
        if b_open and name == "royal marriage":  # B-4: the first marriage fixes trump
            st.trump = cards[0].suit
            events.append(TrumpFixed(seat, st.trump))
        st.deal_meld[seat] += points
        shown = tuple(sort_hand(cards, st.trump))
        st.meld_log.append((seat, name, shown, points))
        events.append(Melded(seat, False, points, (shown_meld(name, shown, points),)))

    def _declare_dix(self, seat: int, exchange: bool, events: list[Event]) -> None:
        """A-7: show a 9 of trumps for 10; optionally exchange it for the turn-up."""
        dix = self._dix
        value = self.rules.value("dix")
        self.state.deal_meld[seat] += value
        self.state.meld_log.append((seat, "dix", (dix,), value))
        card = None
        if exchange:
            self.state.hands[seat].remove(dix)
            card = self._take_turnup()
            self.state.turnup = dix
            self.state.hands[seat].append(card)
            self.state.known[seat].append(card)
            self.state.exchanged, self.state.exchanger = True, seat
        else:
            self.state.dix_shown[seat] += 1
            self.state.known[seat].append(dix)
        events.append(DixDeclared(seat, value, exchange, card))

    def _refuse_meld(self, seat: int, cards: list[Card]) -> None:
        if self.state.melded_this_turn:
            raise IllegalAction("one_meld_per_turn", "M-2")
        b_open = self.state.no_trump_rules and self.state.trump is None
        name = identify_meld(cards, self.state.trump, self.rules, b_open)
        text = " ".join(str(c) for c in cards)
        if name is None:
            if (
                self.state.trump is None
                and identify_meld(cards, cards[0].suit, self.rules) is not None
            ):
                raise IllegalAction("meld_needs_trump", "M-9", meld=text)
            raise IllegalAction("not_a_meld", "§2.1", cards=text)
        holding = self._holding(seat)
        for c in set(cards):
            if holding.count(c) < cards.count(c):
                raise IllegalAction("meld_not_held", "M-9", cards=text)
        assign_meld(
            cards, name, self.state.hands[seat], self.state.table[seat], self.rules
        )  # raises M-3/M-4

    def _refuse_dix(self, seat: int, verb: str) -> None:
        dix = self.dix_card
        if dix is None or self.state.hands[seat].count(dix) - self.state.dix_shown[seat] <= 0:
            raise IllegalAction("no_dix", "A-7", card=str(dix) if dix else "9")
        if verb == "dix":
            raise IllegalAction("exchange_first", "A-7")
        raise IllegalAction(
            "no_exchange_done" if self.state.exchanged else "no_exchange_turnup", "A-7"
        )
