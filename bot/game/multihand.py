"""Three- and four-handed deals (RULES §5, §6): the dix exchange, simultaneous melds, pending credit."""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Action
from .cards import Card
from .core import GameCore
from .events import DealerDix, DixDeclared, Event, MeldCredited, Melded, shown_meld
from .melds import best_melds, cards_melded
from .phases import EXCHANGE, PLAY, DealMode


class MultiHandRules(GameCore):
    """The three- and four-hand phases (exchange, melding, play) of `Game`; Check builds on them."""

    def _begin_multi(self, events: list[Event]) -> None:
        dix = self._dix
        for s in self.state.active:
            self.state.dealt_dix[s] = self.state.hands[s].count(dix)
        if self.state.turnup is dix:  # C-3: the dealer's dix
            if self.opt["turnup_dix_immediate"]:
                self.state.deal_meld[self.state.dealer] += self.rules.value("dix")
                self.state.dealt_dix[self.state.dealer] -= 1
                events.append(DealerDix(self.state.dealer, self.rules.value("dix")))
            self.state.known[self.state.dealer].append(self._take_turnup())
            self._after_exchange(events)
            return
        self.state.exchange_queue = [
            s for s in self.state.order[:-1] if dix in self.state.hands[s]
        ]  # C-4: from eldest
        self._next_exchange(events)

    def _next_exchange(self, events: list[Event]) -> None:
        if self.state.exchange_queue:
            self.state.phase, self.state.turn = EXCHANGE, self.state.exchange_queue[0]
        else:
            self.state.known[self.state.dealer].append(self._take_turnup())  # he takes it up
            self._after_exchange(events)

    def _legal_exchange(self) -> list[Action]:
        return [A.EXCHANGE, A.PASS]

    def _apply_exchange(self, act: Action, events: list[Event]) -> None:
        seat = self.state.exchange_queue.pop(0)
        if act.verb == "pass":  # a legal pass is `A.PASS`
            self._next_exchange(events)
            return
        st, dix, turnup = self.state, self._dix, self._take_turnup()
        st.hands[seat].remove(dix)
        st.hands[seat].append(turnup)
        st.hands[st.dealer].remove(turnup)
        st.hands[st.dealer].append(dix)
        st.known[seat].append(turnup)
        st.known[st.dealer].append(dix)
        st.exchanged, st.exchanger = True, seat
        events.append(DixDeclared(seat, self.rules.value("dix"), True, turnup))
        st.exchange_queue = []
        self._after_exchange(events)

    def _after_exchange(self, events: list[Event]) -> None:
        timing_after_card = self.opt["partnership_meld_timing"] == "after_first_card"
        if not (len(self.state.active) == 4 and timing_after_card):  # C-5, or D with before_play
            for s in self.state.order:
                self._declare(s, self.state.hands[s], events)
        self.state.phase, self.state.turn = PLAY, self.state.order[0]  # C-7: eldest leads

    def _declare_after_first_card(self, seat: int, events: list[Event]) -> None:
        """D2-1: in four-hand games each player melds after his card to trick 1."""
        if (
            self.state.mode == DealMode.MULTI_HAND
            and len(self.state.active) == 4
            and not self.state.declared[seat]
        ):
            hand = list(self.state.hands[seat])
            if not self.opt["meld_excludes_first_card"]:
                hand.append(self.state.first_cards[seat])
            self._declare(seat, hand, events)

    def _declare(self, seat: int, hand: list[Card], events: list[Event]) -> None:
        """S-4, S-5: the best meld of the hand; every dealt 9 of trumps scores for its first holder.
        With no trump named (F-4: a bidder set for want of a marriage) every marriage is plain."""
        dix = self.dix_card
        if dix is None:
            dixes = 0
        elif (
            self.state.mode == DealMode.MULTI_HAND
        ):  # S-5: each 9 of trumps scores for the player dealt it
            excluded = (
                self.state.first_cards.get(seat) if self.opt["meld_excludes_first_card"] else None
            )
            dixes = self.state.dealt_dix[seat] - (1 if excluded is dix and dix not in hand else 0)
        else:
            dixes = hand.count(dix)
        breakdown = best_melds(hand, self.state.trump, self.rules, dix_count=dixes)
        self.state.declared[seat] = True
        if not breakdown:
            return
        self.state.pending[seat] = [(name, tuple(cards), pts) for name, cards, pts in breakdown]
        self._reveal(seat, breakdown)
        unit = self.credit_unit(seat)
        credited = unit in self.state.credited_units
        total = sum(p for _, _, p in breakdown)
        if credited:
            self.state.deal_meld[seat] += total
        melds = tuple(shown_meld(n, tuple(cs), p) for n, cs, p in breakdown)
        events.append(Melded(seat, not credited, total, melds))

    def _reveal(self, seat: int, breakdown: Sequence[tuple[str, Sequence[Card], int]]) -> None:
        """Shown meld cards become public knowledge of that hand (until played)."""
        shown = cards_melded((name, cards) for name, cards, _ in breakdown)
        # Copies by card code, in hand and already known (`list.count` calls Card.__eq__).
        held, seen = [0] * 32, [0] * 32
        for card in self.state.hands[seat]:
            held[card.code] += 1
        known = self.state.known[seat]
        for card in known:
            seen[card.code] += 1
        for c, k in shown.items():
            for _ in range(min(k, held[c.code]) - seen[c.code]):
                known.append(c)

    def _credit_melds(self, winner: int, events: list[Event]) -> None:
        """C-6, D-5, E-11: pending melds count once the player (or side) wins a trick."""
        unit = self.credit_unit(winner)
        if unit in self.state.credited_units:
            return
        self.state.credited_units.add(unit)
        seats = [s for s in self.state.active if self.credit_unit(s) == unit]
        total = 0
        for s in seats:
            pts = sum(p for _, _, p in self.state.pending[s])
            self.state.deal_meld[s] += pts
            total += pts
        if total:
            events.append(MeldCredited(tuple(seats), total))
