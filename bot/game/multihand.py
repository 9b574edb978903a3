"""Three- and four-handed deals (RULES §5, §6): the dix exchange, simultaneous melds, pending credit."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .cards import Card
from .melds import MELD_CLASS, best_melds
from .phases import EXCHANGE, PLAY


class MultiHandRules:
    """The three- and four-hand phases (exchange, melding, play), mixed into `Game`, which owns the state."""

    def _begin_multi(self, events: list[dict]) -> None:
        dix = self.dix_card
        for s in self.active:
            self.dealt_dix[s] = self.hands[s].count(dix)
        if self.turnup is dix:  # C-3: the dealer's dix
            if self.opt["turnup_dix_immediate"]:
                self.deal_meld[self.dealer] += self.rules.value("dix")
                self.dealt_dix[self.dealer] -= 1
                events.append(
                    {"type": "dealer_dix", "seat": self.dealer, "points": self.rules.value("dix")}
                )
            self.known[self.dealer].append(self.turnup)
            self.turnup = None
            self._after_exchange(events)
            return
        self.exchange_queue = [
            s for s in self.order[:-1] if dix in self.hands[s]
        ]  # C-4: from eldest
        self._next_exchange(events)

    def _next_exchange(self, events: list[dict]) -> None:
        if self.exchange_queue:
            self.phase, self.turn = EXCHANGE, self.exchange_queue[0]
        else:
            self.known[self.dealer].append(self.turnup)  # he takes up the turn-up
            self.turnup = None
            self._after_exchange(events)

    def _legal_exchange(self) -> list[Action]:
        return [A.EXCHANGE, A.PASS]

    def _apply_exchange(self, act: Action, events: list[dict]) -> None:
        seat = self.exchange_queue.pop(0)
        if act == A.PASS:
            self._next_exchange(events)
            return
        dix = self.dix_card
        self.hands[seat].remove(dix)
        self.hands[seat].append(self.turnup)
        self.hands[self.dealer].remove(self.turnup)
        self.hands[self.dealer].append(dix)
        self.known[seat].append(self.turnup)
        self.known[self.dealer].append(dix)
        self.exchanged, self.exchanger = True, seat
        events.append(
            {
                "type": "dix",
                "seat": seat,
                "points": self.rules.value("dix"),
                "exchanged": True,
                "card": str(self.turnup),
            }
        )
        self.exchange_queue, self.turnup = [], None
        self._after_exchange(events)

    def _after_exchange(self, events: list[dict]) -> None:
        timing_after_card = self.opt["partnership_meld_timing"] == "after_first_card"
        if not (len(self.active) == 4 and timing_after_card):  # C-5, or D with before_play
            for s in self.order:
                self._declare(s, self.hands[s], events)
        self.phase, self.turn = PLAY, self.order[0]  # C-7: eldest leads

    def _declare_after_first_card(self, seat: int, events: list[dict]) -> None:
        """D2-1: in four-hand games each player melds after his card to trick 1."""
        if self.mode == "multi" and len(self.active) == 4 and not self.declared[seat]:
            hand = list(self.hands[seat])
            if not self.opt["meld_excludes_first_card"]:
                hand.append(self.first_cards[seat])
            self._declare(seat, hand, events)

    def _declare(self, seat: int, hand: list[Card], events: list[dict]) -> None:
        """S-4, S-5: the best meld of the hand; every dealt 9 of trumps scores for its first holder."""
        dix = self.dix_card
        if self.mode == "multi":  # S-5: each 9 of trumps scores for the player dealt it
            excluded = self.first_cards.get(seat) if self.opt["meld_excludes_first_card"] else None
            dixes = self.dealt_dix[seat] - (1 if excluded is dix and dix not in hand else 0)
        else:
            dixes = hand.count(dix)
        breakdown = best_melds(hand, self.trump, self.rules, dix_count=dixes)
        self.declared[seat] = True
        if not breakdown:
            return
        self.pending[seat] = breakdown
        self._reveal(seat, breakdown)
        unit = self._credit_unit(seat)
        credited = unit in self.credited_units
        total = sum(p for _, _, p in breakdown)
        if credited:
            self.deal_meld[seat] += total
        events.append(
            {
                "type": "meld",
                "seat": seat,
                "pending": not credited,
                "points": total,
                "melds": [
                    {"name": n, "cards": [str(c) for c in cs], "points": p}
                    for n, cs, p in breakdown
                ],
            }
        )

    def _reveal(self, seat: int, breakdown: list[tuple[str, list[Card], int]]) -> None:
        """Shown meld cards become public knowledge of that hand (until played)."""
        shown: dict[Card, int] = {}
        for cls in {MELD_CLASS[name] for name, _, _ in breakdown}:
            need: dict[Card, int] = {}
            for name, cards, _ in breakdown:
                if MELD_CLASS[name] == cls:
                    for c in cards:
                        need[c] = need.get(c, 0) + 1
            for c, k in need.items():
                shown[c] = max(shown.get(c, 0), k)
        for c, k in shown.items():
            for _ in range(min(k, self.hands[seat].count(c)) - self.known[seat].count(c)):
                self.known[seat].append(c)

    def _credit_unit(self, seat: int) -> int:
        if self.variant.partnership and (
            self.variant.auction or self.opt["meld_credit_unit"] == "side"
        ):
            return self.party(seat)
        return seat + 10  # individual units never collide with side numbers

    def _credit_melds(self, winner: int, events: list[dict]) -> None:
        """C-6, D-5, E-11: pending melds count once the player (or side) wins a trick."""
        unit = self._credit_unit(winner)
        if unit in self.credited_units:
            return
        self.credited_units.add(unit)
        seats = [s for s in self.active if self._credit_unit(s) == unit]
        total = 0
        for s in seats:
            pts = sum(p for _, _, p in self.pending[s])
            self.deal_meld[s] += pts
            total += pts
        if total:
            events.append({"type": "meld_credited", "seats": seats, "points": total})

    def _legal_play(self) -> list[Action]:
        return self._strict_actions(self.turn, two_handed=False)

    def _apply_play(self, act: Action, events: list[dict]) -> None:
        self._play_card(act.card, events)
