"""Two-handed deals with a stock (RULES §3, §4): free play, meld-then-draw, the dix, the play-off."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .cards import Card, sort_hand
from .errors import IllegalAction
from .melds import TableCard, assign_meld, identify_meld, sequential_candidates
from .phases import DRAW, MELD, PLAYOFF, STOCK


class TwoHandRules:
    """The two-hand phases (stock, meld, draw, play-off), mixed into `Game`, which owns the state."""

    def _begin_two(self, events: list[dict]) -> None:
        if self.turnup is not None and self.turnup is self.dix_card:
            self.deal_meld[self.dealer] += self.rules.value("dix")
            events.append(
                {"type": "dealer_dix", "seat": self.dealer, "points": self.rules.value("dix")}
            )
        self.phase = STOCK
        self.turn = self.order[0]  # the non-dealer leads

    def _opponent(self, seat: int) -> int:
        return self.order[1] if seat == self.order[0] else self.order[0]

    def _holding(self, seat: int) -> list[Card]:
        return self.hands[seat] + [tc.card for tc in self.table[seat]]

    def _legal_stock(self) -> list[Action]:
        seat = self.turn
        codes = {c.code for c in self.hands[seat]}
        codes.update(tc.card.code for tc in self.table[seat])
        return [A.PLAY_BY_CODE[code] for code in sorted(codes)]  # P-0: any card of the holding

    def _legal_playoff(self) -> list[Action]:
        return self._strict_actions(self.turn, two_handed=True)

    def _apply_stock(self, act: Action, events: list[dict]) -> None:
        self._play_card(act.card, events)

    _apply_playoff = _apply_stock

    def _stock_left(self) -> int:
        return len(self.stock) + (1 if self.turnup is not None and self.mode == "two" else 0)

    def _after_stock_trick(self, winner: int, events: list[dict]) -> None:
        """A-6: the winner melds (M-1), then both draw; with draw_before_meld he draws first."""
        self.meld_seat = winner
        self.awaiting_draws = [winner, self._opponent(winner)]
        if self.opt["draw_before_meld"]:
            self._continue_draws(events, then_meld=True)
        else:
            self._open_meld(events)

    def _continue_draws(self, events: list[dict], then_meld: bool = False) -> None:
        """Draw for the seats waiting; stop for a decision (A-8 choice) or for the meld."""
        while self.awaiting_draws:
            seat = self.awaiting_draws[0]
            if (
                seat == self.meld_seat
                and self._last_pair()
                and self.opt["winner_chooses_last_card"]
            ):
                self.phase, self.turn, self.draw_then_meld = DRAW, seat, then_meld
                return
            self.awaiting_draws.pop(0)
            self._draw_one(seat, events)
            if then_meld:
                self._open_meld(events)
                return
        self._after_draws(events)

    def _last_pair(self) -> bool:
        return len(self.stock) == 1 and self.turnup is not None

    def _legal_draw(self) -> list[Action]:
        return [A.DRAW, A.DRAW_TURNUP]

    def _apply_draw(self, act: Action, events: list[dict]) -> None:
        """A-8 with winner_chooses_last_card: the winner takes the hidden card or the turn-up."""
        seat = self.awaiting_draws.pop(0)
        if act == A.DRAW_TURNUP:
            card, self.turnup = self.turnup, None
            self._take(seat, card, shown=True, events=events, turnup=True)
        else:
            self._draw_one(seat, events)
        if self.draw_then_meld:
            self._open_meld(events)
        else:
            self._continue_draws(events)

    def _take(
        self, seat: int, card: Card, *, shown: bool, events: list[dict], turnup: bool = False
    ) -> None:
        self.hands[seat].append(card)
        if turnup:
            self.known[seat].append(card)
            events.append({"type": "take_turnup", "seat": seat, "card": str(card)})
        elif shown:
            self.known[seat].append(card)
            events.append({"type": "show", "seat": seat, "card": str(card)})
        else:
            events.append({"type": "draw", "seat": seat})

    def _draw_one(self, seat: int, events: list[dict]) -> None:
        """Draw the top stock card; the last hidden one is shown when the turn-up remains (A-8)."""
        if self.stock:
            shown = self._last_pair()  # the last face-down card is shown (the turn-up remains)
            self._take(seat, self.stock.pop(0), shown=shown, events=events)
        else:
            card, self.turnup = self.turnup, None
            self._take(seat, card, shown=True, events=events, turnup=True)

    def _after_draws(self, events: list[dict]) -> None:
        if not self._stock_left():
            # M-11, A-9: table cards go back to hand; the play-off begins.
            for s in self.active:
                self.hands[s].extend(tc.card for tc in self.table[s])
                self.known[s].extend(tc.card for tc in self.table[s])
                self.table[s] = []
            self.phase = PLAYOFF
            events.append({"type": "stock_exhausted"})
        else:
            self.phase = STOCK
        self.turn = self.meld_seat

    def _open_meld(self, events: list[dict]) -> None:
        self.melded_this_turn = False
        self.phase, self.turn = MELD, self.meld_seat
        acts = self._legal_meld()
        if acts == [A.PASS]:
            self._close_meld(events)
        else:
            self._offer(acts)

    def _close_meld(self, events: list[dict]) -> None:
        self._continue_draws(events)

    def _meld_options(self, seat: int) -> list[Action]:
        if self.melded_this_turn:
            return []
        b_open = self.no_trump_rules and self.trump is None
        held = [0] * 32
        in_hand = [False] * 32
        for c in self.hands[seat]:
            held[c.code] += 1
            in_hand[c.code] = True
        for tc in self.table[seat]:
            held[tc.card.code] += 1
        out = []
        for name, cards, need in sequential_candidates(self.trump, self.rules, b_open):
            from_hand = False
            for code, k in need:
                if held[code] < k:
                    break
                from_hand = from_hand or in_hand[code]
            else:
                if from_hand:  # M-3 needs a card from hand
                    out.append((name, cards))
        return [A.meld(cards) for name, cards in out if self._can_lay(seat, name, cards)]

    def _can_lay(self, seat: int, name: str, cards: list[Card]) -> bool:
        """M-3, M-4: can these cards be laid as `name` from this holding?"""
        try:
            assign_meld(cards, name, self.hands[seat], self.table[seat], self.rules)
        except IllegalAction:
            return False
        return True

    def _dix_options(self, seat: int) -> list[Action]:
        dix = self.dix_card
        if dix is None:
            return []  # B: no dix before trump (M-9)
        undeclared = self.hands[seat].count(dix) - self.dix_shown[seat]
        if undeclared <= 0:
            return []
        can_exchange = (
            not self.no_trump_rules
            and not self.exchanged
            and self.turnup is not None
            and self.turnup is not dix
        )
        if can_exchange and self.opt["dix_exchange_mandatory"]:
            return [A.EXCHANGE]
        return [A.DIX, A.EXCHANGE] if can_exchange else [A.DIX]

    def _legal_meld(self) -> list[Action]:
        seat = self.turn
        return self._meld_options(seat) + self._dix_options(seat) + [A.PASS]

    def _apply_meld(self, act: Action, events: list[dict]) -> None:
        seat = self.turn
        if act == A.PASS:
            self._close_meld(events)
            return
        if act.verb == "meld":
            self._lay_meld(seat, list(act.cards), events)
            self.melded_this_turn = True
        else:
            self._declare_dix(seat, act == A.EXCHANGE, events)
        acts = self._legal_meld()
        if acts == [A.PASS]:
            self._close_meld(events)
        else:
            self._offer(acts)

    def _lay_meld(self, seat: int, cards: list[Card], events: list[dict]) -> None:
        b_open = self.no_trump_rules and self.trump is None
        name = identify_meld(cards, self.trump, self.rules, b_open)
        from_hand, from_table = assign_meld(
            cards, name, self.hands[seat], self.table[seat], self.rules
        )
        for idx in from_table:
            self.table[seat][idx].uses.add(name)
        for card in from_hand:
            self.hands[seat].remove(card)
            if card in self.known[seat]:
                self.known[seat].remove(card)
            self.table[seat].append(TableCard(card, {name}))
        points = self.rules.value(name)
        if b_open and name == "royal marriage":  # B-4: the first marriage fixes trump
            self.trump = cards[0].suit
            points = self.rules.first_marriage_value
            events.append({"type": "trump", "seat": seat, "suit": self.trump.value})
        self.deal_meld[seat] += points
        self.meld_log.append((seat, name, sort_hand(cards, self.trump), points))
        events.append(
            {
                "type": "meld",
                "seat": seat,
                "pending": False,
                "points": points,
                "melds": [
                    {
                        "name": name,
                        "cards": [str(c) for c in sort_hand(cards, self.trump)],
                        "points": points,
                    }
                ],
            }
        )

    def _declare_dix(self, seat: int, exchange: bool, events: list[dict]) -> None:
        """A-7: show a 9 of trumps for 10; optionally exchange it for the turn-up."""
        dix = self.dix_card
        value = self.rules.value("dix")
        self.deal_meld[seat] += value
        self.meld_log.append((seat, "dix", [dix], value))
        card = None
        if exchange:
            self.hands[seat].remove(dix)
            card, self.turnup = self.turnup, dix
            self.hands[seat].append(card)
            self.known[seat].append(card)
            self.exchanged, self.exchanger = True, seat
        else:
            self.dix_shown[seat] += 1
            self.known[seat].append(dix)
        events.append(
            {
                "type": "dix",
                "seat": seat,
                "points": value,
                "exchanged": exchange,
                "card": str(card) if card else None,
            }
        )

    def _refuse_meld(self, seat: int, cards: list[Card]) -> None:
        if self.melded_this_turn:
            raise IllegalAction("one_meld_per_turn", "M-2")
        b_open = self.no_trump_rules and self.trump is None
        name = identify_meld(cards, self.trump, self.rules, b_open)
        text = " ".join(str(c) for c in cards)
        if name is None:
            if self.trump is None and identify_meld(cards, cards[0].suit, self.rules) is not None:
                raise IllegalAction("meld_needs_trump", "M-9", meld=text)
            raise IllegalAction("not_a_meld", "§2.1", cards=text)
        holding = self._holding(seat)
        for c in set(cards):
            if holding.count(c) < cards.count(c):
                raise IllegalAction("meld_not_held", "M-9", cards=text)
        assign_meld(cards, name, self.hands[seat], self.table[seat], self.rules)  # raises M-3/M-4

    def _refuse_dix(self, seat: int, verb: str) -> None:
        dix = self.dix_card
        if dix is None or self.hands[seat].count(dix) - self.dix_shown[seat] <= 0:
            raise IllegalAction("no_dix", "A-7", card=str(dix) if dix else "9")
        if verb == "dix":
            raise IllegalAction("exchange_first", "A-7")
        raise IllegalAction("no_exchange_done" if self.exchanged else "no_exchange_turnup", "A-7")
