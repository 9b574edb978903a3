"""The game: a series of deals to a target, for every variant (RULES §3-§7).

A `Game` is fully determined by its variant, options, seed (or first deck) and
the actions applied, which is exactly what `to_json` stores. Each phase has
its own small handler; legality is one query (`legal_actions`) that every
consumer chooses from, and `apply` refuses anything else with IllegalAction
(changing nothing).
"""

from __future__ import annotations

import json
import random
from typing import Any, Iterable, Mapping

from . import actions as A
from .actions import Action, parse_action
from .cards import CARD_BY_CODE, RANKS, SUITS, Card, Suit, make_pack, sort_hand
from .checks import contract_checks, game_checks, meld_checks, net_chips, set_checks, settle
from .errors import IllegalAction
from .melds import MELD_CLASS, MeldRules, TableCard, assign_meld, best_melds, identify_meld, sequential_candidates
from .options import Options, resolve_options
from .points import last_trick_bonus, point_table, round_card_points, scale
from .tricks import refusal_reason, strict_plays, winning_index
from .variants import Variant, get_variant
from .views import public_view, seat_view

MIN_BID = 200
MAX_BID = 1500  # far above any reachable deal total; bounds the list of legal bids
RAISE = 250

# Phases
STOCK, MELD, PLAYOFF = "stock", "meld", "playoff"  # two-hand (A, B)
EXCHANGE, PLAY = "exchange", "play"  # three- and four-hand (C, D)
AUCTION, TRUMP = "auction", "trump"  # check (E)
GAME_OVER = "game_over"


class Game:
    """One game of Pinochle. Use `new_game` to make one."""

    def __init__(self, variant: str, *, seed: int | None = None, deck: Iterable[Card] | None = None,
                 options: Mapping[str, Any] | None = None):
        self.variant: Variant = get_variant(variant)
        self.n = self.variant.players
        self.options: Options = resolve_options(options, players=self.n)
        self.opt: dict[str, Any] = dict(self.options)  # plain dict: the hot path reads it often
        if self.opt["pack64"] and not self.variant.two_handed:
            raise ValueError("option pack64: the 64-card pack is for two-handed games only (A-14)")
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        self.first_deck = list(deck) if deck is not None else None
        self._declare_out_allowed = self.opt["declare_out"] and not self.variant.partnership
        self.rules = MeldRules.from_options(self.options)
        self._dix_rank_index = RANKS.index(self.rules.dix_rank)
        self.points = point_table(self.options)
        self.scale = scale(self.options)
        self.history: list[Action] = []
        self._legal: list[Action] | None = None
        self.parties = 2 if self.variant.partnership else self.n
        self.scores = [0] * self.parties
        self.target = self.opt["target"]
        self.active = list(range(self.n))
        self.places: list[int] = []  # finished parties, best first
        self.losers: list[int] = []  # parties out after a wrong claim, worst last
        self.deal_results: list[dict] = []
        self.deal_no = 0
        self.phase = GAME_OVER
        self.turn: int | None = None
        self.dealer = self._first_dealer()
        events: list[dict] = []
        self._start_deal(events)
        self.opening_events = events

    # ------------------------------------------------------------------ public API

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is; None when the game is over."""
        return None if self.phase == GAME_OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, in a stable order."""
        return list(self._legal if self._legal is not None else self._compute_legal())

    def _compute_legal(self) -> list[Action]:
        if self.phase == GAME_OVER:
            acts: list[Action] = []
            self._legal = acts
            return acts
        return self._offer(getattr(self, "_legal_" + self.phase)())

    def _offer(self, acts: list[Action]) -> list[Action]:
        """Remember `acts` as the legal actions of the current state (plus declaring out, A-12)."""
        if self._declare_out_allowed and self.phase in (STOCK, MELD, PLAYOFF, PLAY):
            acts.append(A.DECLARE_OUT)
        self._legal = acts
        return acts

    def apply(self, action: Action | str, seat: int | None = None) -> list[dict]:
        """Apply one action of the seat to act; returns the public events it caused.

        With `seat`, an action from any other seat is refused as out of turn.
        An illegal action raises IllegalAction naming the rule and changes nothing.
        """
        act = action if isinstance(action, Action) else parse_action(action)
        if self.phase == GAME_OVER:
            raise IllegalAction("game_over")
        if seat is not None and seat != self.turn:
            raise IllegalAction("not_your_turn", "G-11")
        legal = self._legal if self._legal is not None else self._compute_legal()
        for candidate in legal:  # play and meld actions are interned: identity is enough
            if candidate is act:
                break
        else:
            if act not in legal:
                self._refuse(act, list(legal))
        self._legal = None
        events: list[dict] = []
        self.deal_history.append(act)
        if act is A.DECLARE_OUT:
            self._declare_out(events)
        else:
            getattr(self, "_apply_" + self.phase)(act, events)
        self.history.append(act)
        return events

    def result(self) -> dict:
        """The final ranking (each entry a list of seats: a side in team games) and scores."""
        return {"ranking": [self._party_seats(p) for p in self.places], "scores": self.seat_scores(),
                "over": self.is_over}

    def seat_scores(self) -> list[int]:
        return [self.scores[self.party(s)] for s in range(self.n)]

    def party(self, seat: int) -> int:
        """The scoring unit of a seat: its side in partnership games, else the seat itself."""
        return seat % 2 if self.variant.partnership else seat

    def to_json(self) -> str:
        """Variant, options, seed, first deck and every action: all that makes the game."""
        return json.dumps({
            "variant": self.variant.name, "options": dict(self.options.given), "seed": self.seed,
            "deck": [str(c) for c in self.first_deck] if self.first_deck else None,
            "actions": [str(a) for a in self.history],
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        data = json.loads(text)
        deck = [Card.from_text(c) for c in data["deck"]] if data.get("deck") else None
        game = cls(data["variant"], seed=data["seed"], deck=deck, options=data.get("options"))
        for action in data["actions"]:
            game.apply(action)
        return game

    # ------------------------------------------------------------------ dealing

    def _party_seats(self, party: int) -> list[int]:
        return [s for s in range(self.n) if self.party(s) == party]

    def _first_dealer(self) -> int:
        """G-8: everyone draws; the highest card deals; ties redraw."""
        rng = random.Random(f"{self.seed}:dealer")
        contenders = list(range(self.n))
        while len(contenders) > 1:
            pack = make_pack()
            rng.shuffle(pack)
            drawn = {s: pack[i].strength for i, s in enumerate(contenders)}
            top = max(drawn.values())
            contenders = [s for s in contenders if drawn[s] == top]
        return contenders[0]

    def _deal_mode(self) -> str:
        if self.variant.auction:
            return "check"
        return "two" if len(self.active) == 2 else "multi"

    def _next_active(self, seat: int) -> int:
        """The next seat clockwise that is still playing (G-11)."""
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if s in self.active:
                return s
        raise AssertionError("no active seat")

    def _deck(self) -> list[Card]:
        if self.deal_no == 1 and self.first_deck is not None:
            return list(self.first_deck)
        pack64 = self.mode == "two" and self.opt["pack64"] and self.variant.two_handed
        deck = make_pack(pack64)
        random.Random(f"{self.seed}:deal:{self.deal_no}").shuffle(deck)
        return deck

    def _start_deal(self, events: list[dict]) -> None:
        self.deal_no += 1
        self.mode = self._deal_mode()
        self.no_trump_rules = self.variant.no_trump_until_marriage and self.mode == "two"
        n = self.n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.table: list[list[TableCard]] = [[] for _ in range(n)]
        self.known: list[list[Card]] = [[] for _ in range(n)]  # cards publicly known to be in a hand
        self.won_points = [0] * n
        self.tricks_won = [0] * n
        self.deal_meld = [0] * n  # credited meld points
        self.pending: list[list[tuple[str, list[Card], int]]] = [[] for _ in range(n)]
        self.meld_log: list[tuple[int, str, list[Card], int]] = []  # two-hand melds as declared
        self.declared = [False] * n
        self.credited_units: set[int] = set()
        self.dix_shown = [0] * n
        self.dealt_dix = [0] * n
        self.exchanged = False
        self.exchanger: int | None = None
        self.exchange_queue: list[int] = []
        self.meld_seat: int | None = None
        self.draw_then_meld = False
        self.melded_this_turn = False
        self.trick: list[tuple[int, Card]] = []
        self.tricks_played = 0
        self.last_trick: list[tuple[int, Card]] = []
        self.last_trick_winner: int | None = None
        self.stock: list[Card] = []
        self.turnup: Card | None = None
        self.trump: Suit | None = None
        self.bids: list[int | None] = [None] * n
        self.passed: set[int] = set()
        self.high_bid = 0
        self.declarer: int | None = None
        self.awaiting_draws: list[int] = []
        self.first_cards: dict[int, Card] = {}
        self.played_cards: list[Card] = []  # cards of completed tricks this deal
        self.deal_history: list[Action] = []  # this deal's actions (all public)
        deck = self._deck()
        self.pack_size = len(deck)
        seats = [self._next_active(self.dealer)]
        while len(seats) < len(self.active):
            seats.append(self._next_active(seats[-1]))
        self.order = seats  # eldest first, dealer last
        self.after = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}  # clockwise
        if self.mode == "two":
            hand_size = self.opt["pack64_hand_size"] if len(deck) == 64 else 12
        else:
            hand_size = len(deck) // len(seats)
        packet = self.opt["packet_size"]
        pos = 0
        while pos < hand_size * len(seats):
            for s in seats:
                take = min(packet, hand_size - len(self.hands[s]))
                self.hands[s].extend(deck[pos:pos + take])
                pos += take
        rest = deck[pos:]
        if self.mode == "two":
            if not self.no_trump_rules:
                self.turnup, self.stock = rest[0], rest[1:]
                self.trump = self.turnup.suit
            else:
                self.stock = rest
        elif self.mode == "multi":
            self.turnup = self.hands[self.dealer][-1]  # C-2: the dealer's last card, his own
            self.trump = self.turnup.suit
        events.append({"type": "deal", "deal": self.deal_no, "dealer": self.dealer,
                       "turnup": str(self.turnup) if self.turnup else None,
                       "trump": self.trump.value if self.trump else None})
        getattr(self, f"_begin_{self.mode}")(events)

    @property
    def dix_card(self) -> Card | None:
        trump = self.trump
        return CARD_BY_CODE[trump.index * 8 + self._dix_rank_index] if trump else None

    # ------------------------------------------------------------------ two-hand (A, B)

    def _begin_two(self, events: list[dict]) -> None:
        if self.turnup is not None and self.turnup is self.dix_card:
            self.deal_meld[self.dealer] += self.rules.value("dix")
            events.append({"type": "dealer_dix", "seat": self.dealer, "points": self.rules.value("dix")})
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

    def _play_card(self, card: Card, events: list[dict]) -> None:
        seat = self.turn
        table = self.table[seat]
        on_table = next((i for i, tc in enumerate(table) if tc.card is card), None) if table else None
        if on_table is not None:  # the face-up copy is played first: it keeps the hand hidden
            table.pop(on_table)
        else:
            self.hands[seat].remove(card)
            known = self.known[seat]
            if known and card in known:
                known.remove(card)
            if self.dix_shown[seat] and card is self.dix_card:
                self.dix_shown[seat] -= 1  # the shown copy goes first: the other may still be declared
        self.trick.append((seat, card))
        events.append({"type": "play", "seat": seat, "card": str(card)})
        if self.mode != "two" and self.tricks_played == 0:
            self.first_cards[seat] = card
            self._declare_after_first_card(seat, events)
        if len(self.trick) < len(self.order):
            self.turn = self.after[seat]
            return
        self._finish_trick(events)

    def _finish_trick(self, events: list[dict]) -> None:
        cards = [c for _, c in self.trick]
        winner = self.trick[winning_index(cards, self.trump)][0]
        points = self.points
        pts = 0
        for c in cards:
            pts += points[c.code]
        self.won_points[winner] += pts
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.last_trick, self.trick = self.trick, []
        self.played_cards.extend(cards)
        self.last_trick_winner = winner
        last = self._all_played()
        events.append({"type": "trick", "number": self.tricks_played, "winner": winner,
                       "cards": [[s, str(c)] for s, c in self.last_trick], "points": pts, "last": last})
        if self.mode != "two":
            self._credit_melds(winner, events)
        if last:
            self._end_deal(events)
            return
        if self.mode == "two" and self._stock_left():
            self._after_stock_trick(winner, events)
            return
        if self.opt["running_tally_game_call"] and self.mode == "multi" and self._tally_call(events):
            return
        self.turn = winner

    def _all_played(self) -> bool:
        return not self._stock_left() and not any(self.hands[s] or self.table[s] for s in self.active)

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
            if seat == self.meld_seat and self._last_pair() and self.opt["winner_chooses_last_card"]:
                self.phase, self.turn, self.draw_then_meld = "draw", seat, then_meld
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

    def _take(self, seat: int, card: Card, *, shown: bool, events: list[dict], turnup: bool = False) -> None:
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
        can_exchange = (not self.no_trump_rules and not self.exchanged and self.turnup is not None
                        and self.turnup is not dix)
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
        from_hand, from_table = assign_meld(cards, name, self.hands[seat], self.table[seat], self.rules)
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
        events.append({"type": "meld", "seat": seat, "pending": False, "points": points,
                       "melds": [{"name": name, "cards": [str(c) for c in sort_hand(cards, self.trump)],
                                  "points": points}]})

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
        events.append({"type": "dix", "seat": seat, "points": value, "exchanged": exchange,
                       "card": str(card) if card else None})

    # ------------------------------------------------------------------ three- and four-hand (C, D)

    def _begin_multi(self, events: list[dict]) -> None:
        dix = self.dix_card
        for s in self.active:
            self.dealt_dix[s] = self.hands[s].count(dix)
        if self.turnup is dix:  # C-3: the dealer's dix
            if self.opt["turnup_dix_immediate"]:
                self.deal_meld[self.dealer] += self.rules.value("dix")
                self.dealt_dix[self.dealer] -= 1
                events.append({"type": "dealer_dix", "seat": self.dealer, "points": self.rules.value("dix")})
            self.known[self.dealer].append(self.turnup)
            self.turnup = None
            self._after_exchange(events)
            return
        self.exchange_queue = [s for s in self.order[:-1] if dix in self.hands[s]]  # C-4: from eldest
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
        events.append({"type": "dix", "seat": seat, "points": self.rules.value("dix"), "exchanged": True,
                       "card": str(self.turnup)})
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
        events.append({"type": "meld", "seat": seat, "pending": not credited, "points": total,
                       "melds": [{"name": n, "cards": [str(c) for c in cs], "points": p} for n, cs, p in breakdown]})

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
        if self.variant.partnership and (self.variant.auction or self.opt["meld_credit_unit"] == "side"):
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

    def _strict_actions(self, seat: int, two_handed: bool) -> list[Action]:
        trick = [c for _, c in self.trick]
        head = self.opt["twohand_head_rule" if two_handed else "head_rule"]
        exempt = False
        if self.variant.partnership and self.trick and not self.opt["must_head_partner"]:
            winner_seat = self.trick[winning_index(trick, self.trump)][0]
            exempt = self.party(winner_seat) == self.party(seat)
        cards = strict_plays(self.hands[seat], trick, self.trump, head_any_suit=head == "any_suit",
                             must_undertrump=self.opt["must_undertrump"], exempt_from_heading=exempt)
        return [A.PLAY_BY_CODE[code] for code in sorted(c.code for c in cards)]

    # ------------------------------------------------------------------ check (E)

    def _begin_check(self, events: list[dict]) -> None:
        self.phase, self.turn = AUCTION, self.order[0]  # E-3: eldest speaks first

    def _min_bid(self) -> int:
        return MIN_BID // self.scale

    def _step(self) -> int:
        return max(1, self.opt["bid_increment"] // self.scale)

    def _forced(self, seat: int) -> bool:
        return seat == self.dealer and self.high_bid == 0 and len(self.passed) == 3

    def _legal_auction(self) -> list[Action]:
        seat = self.turn
        lowest = self.high_bid + self._step() if self.high_bid else self._min_bid()
        has_marriage = _has_marriage(self.hands[seat])
        bids = []
        if has_marriage:
            bids = [Action("bid", amount=b) for b in range(lowest, MAX_BID // self.scale + 1, self._step())]
        elif self._forced(seat):
            bids = [Action("bid", amount=self._min_bid())]  # E-6: forced, marriage or not
        return bids + ([] if self._forced(seat) else [A.PASS])

    def _apply_auction(self, act: Action, events: list[dict]) -> None:
        seat = self.turn
        if act == A.PASS:
            self.passed.add(seat)
            events.append({"type": "pass", "seat": seat})
        else:
            forced = self._forced(seat)
            self.high_bid, self.declarer = act.amount, seat
            self.bids[seat] = act.amount
            events.append({"type": "bid", "seat": seat, "amount": act.amount, "forced": forced})
        still_in = [s for s in self.order if s not in self.passed]
        if self.declarer is not None and still_in == [self.declarer]:
            events.append({"type": "contract", "seat": self.declarer, "amount": self.high_bid})
            self.phase, self.turn = TRUMP, self.declarer
            return
        nxt = self._next_active(seat)
        while nxt in self.passed:
            nxt = self._next_active(nxt)
        self.turn = nxt

    def _legal_trump(self) -> list[Action]:
        hand = self.hands[self.turn]
        suits = list(SUITS)
        if self.opt["trump_requires_marriage"]:
            married = [s for s in SUITS if Card("K", s) in hand and Card("Q", s) in hand]
            suits = married or suits  # a forced dealer without a marriage still names a suit
        return [Action("trump", suit=s) for s in suits]

    def _apply_trump(self, act: Action, events: list[dict]) -> None:
        self.trump = act.suit
        events.append({"type": "trump", "seat": self.declarer, "suit": act.suit.value})
        for s in self.order:  # E-9: everyone melds at once
            self._declare(s, self.hands[s], events)
        self.phase, self.turn = PLAY, self.declarer  # E-10: the declarer leads

    # ------------------------------------------------------------------ scoring

    def _deal_party_points(self) -> tuple[list[int], list[int]]:
        """(meld, cards) per party for this deal; cards include the last trick and G-6 rounding."""
        meld = [0] * self.parties
        cards = [0] * self.parties
        for s in self.active:
            meld[self.party(s)] += self.deal_meld[s]
            cards[self.party(s)] += self.won_points[s]
        if self.last_trick_winner is not None and self._all_played():  # G-5
            cards[self.party(self.last_trick_winner)] += last_trick_bonus(self.options)
        if self.opt["round_card_points"]:
            cards = [round_card_points(c) for c in cards]
        return meld, cards

    def _end_deal(self, events: list[dict], *, claim: int | None = None) -> None:
        meld, cards = self._deal_party_points()
        result: dict[str, Any] = {"deal": self.deal_no, "dealer": self.dealer, "trump": self.trump.value if self.trump else None}
        if self.mode == "check":
            deal_points = self._score_check(meld, cards, result)
        else:
            deal_points = [meld[p] + cards[p] for p in range(self.parties)]
        before = list(self.scores)
        order = self._party_order_for_scoring()
        for p in range(self.parties):
            self.scores[p] += deal_points[p]
        result.update({
            "meld": self._per_seat(meld), "cards": self._per_seat(cards),
            "points": self._per_seat(deal_points), "scores": self.seat_scores(),
            "tricks": list(self.tricks_won), "complete": self._all_played(),
        })
        self.deal_results.append(result)
        events.append({"type": "deal_end", "deal": self.deal_no, "result": result})
        if claim is not None:
            self._settle_claim(claim, events)
        elif self.mode == "check":
            self._check_game_end(before, order, deal_points, result, events)
        else:
            self._evaluate_targets(events)
        if self.phase != GAME_OVER:
            self._next_deal(events)

    def _per_seat(self, party_values: list[int]) -> list[int]:
        return [party_values[self.party(s)] if s in self.active or self.variant.partnership else 0
                for s in range(self.n)]

    def _party_order_for_scoring(self) -> list[int]:
        if self.mode == "check":
            decl = self.party(self.declarer)
            return [decl, 1 - decl]
        return [self.party(s) for s in self.active]

    def _score_check(self, meld: list[int], cards: list[int], result: dict) -> list[int]:
        """E-11..E-13 points and the E-16..E-19 premiums of one deal."""
        decl = self.party(self.declarer)
        took = [any(self.tricks_won[s] for s in self._party_seats(p)) for p in range(2)]
        totals = [(meld[p] if took[p] else 0) + cards[p] for p in range(2)]
        made = totals[decl] >= self.high_bid
        points = list(totals)
        if not made:
            points[decl] = -self.high_bid  # E-12: set
        awards: list[tuple[int, int, str, str]] = []
        for s in self.order:
            p = self.party(s)
            if not took[p] or (not made and p == decl and self.opt["set_side_forfeits_meld_checks"]):
                continue
            for detail, checks in meld_checks(self.pending[s], self.options):
                awards.append((p, checks, "meld", detail))
        bid_for_checks = self.high_bid * self.scale
        if made:
            awards.append((decl, contract_checks(bid_for_checks), "contract", str(self.high_bid)))
        else:
            awards.append((1 - decl, set_checks(bid_for_checks), "set", str(self.high_bid)))
        for p in range(2):
            if sum(self.tricks_won[s] for s in self._party_seats(p)) == 12 and (
                    p == decl or self.opt["slam_defenders_eligible"]):
                awards.append((p, 5, "slam", "12 tricks"))
        result.update({"bid": self.high_bid, "declarer": self.declarer, "made": made,
                       "bids": list(self.bids)})
        result["transfers"] = settle(awards, [self._party_seats(0), self._party_seats(1)])
        return points

    def _check_game_end(self, before: list[int], order: list[int], deal_points: list[int], result: dict,
                        events: list[dict]) -> None:
        """E-14: the declaring side is counted first; then the defenders."""
        decl, dfn = order
        winner = None
        if before[decl] + deal_points[decl] >= self.target:
            winner = decl
        elif before[dfn] + deal_points[dfn] >= self.target:
            winner = dfn
        if winner is not None:
            loser = 1 - winner
            checks = game_checks(self.scores[winner] * self.scale, self.scores[loser] * self.scale)
            result["transfers"] += settle([(winner, checks, "game", "game")],
                                          [self._party_seats(0), self._party_seats(1)])
            self.places = [winner, loser]
        result["chips"] = net_chips(result["transfers"], self.n)
        if winner is not None:
            self._game_over(events)

    def _evaluate_targets(self, events: list[dict]) -> None:
        """G-13 / C-9: one party over the target wins; several raise it by 250 and look again."""
        while True:
            parties = sorted({self.party(s) for s in self.active})
            over = [p for p in parties if self.scores[p] >= self.target]
            if not over:
                return
            if len(over) > 1 and self.opt["tie_over_target"] == "highest_wins":
                top = max(self.scores[p] for p in over)
                over = [p for p in over if self.scores[p] == top]
            if len(over) == 1:
                self._party_finishes(over[0], events)
                return
            self.target += RAISE // self.scale
            events.append({"type": "target_raised", "target": self.target})

    def _party_finishes(self, party: int, events: list[dict], *, won: bool = True) -> None:
        """A party wins (or, after a wrong claim, drops to last); the rest may play on (C-10, D1-2)."""
        if won:
            self.places.append(party)
            place = len(self.places)
        else:
            self.losers.insert(0, party)
            place = len({self.party(s) for s in range(self.n)}) - len(self.losers) + 1
        events.append({"type": "player_out", "seat": self._party_seats(party)[0], "place": place})
        self.active = [s for s in self.active if self.party(s) != party]
        remaining = sorted({self.party(s) for s in self.active})
        if len(remaining) <= 1 or self.variant.partnership or self.opt["three_hand_playon"] == "stop":
            self.places.extend(sorted(remaining, key=lambda p: -self.scores[p]))
            self.places.extend(self.losers)
            self._game_over(events)

    def _game_over(self, events: list[dict]) -> None:
        self.phase, self.turn = GAME_OVER, None
        events.append({"type": "game_over", "ranking": [self._party_seats(p) for p in self.places],
                       "scores": self.seat_scores()})

    def _next_deal(self, events: list[dict]) -> None:
        self.dealer = self._next_active(self.dealer)  # G-8: alternate (2) or pass to the left (3-4)
        self._start_deal(events)

    def _tally_call(self, events: list[dict]) -> bool:
        """DX-G7 running tally: a party reaching the target during play wins at once."""
        meld, cards = self._deal_party_points()
        for p in sorted({self.party(s) for s in self.active}):
            if self.scores[p] + meld[p] + cards[p] >= self.target:
                self._end_deal(events, claim=p * 2 + 1)
                return True
        return False

    # ------------------------------------------------------------------ declaring out

    def _declare_out(self, events: list[dict]) -> None:
        seat = self.turn
        events.append({"type": "declare_out", "seat": seat})
        self._end_deal(events, claim=self.party(seat) * 2)

    def _settle_claim(self, claim: int, events: list[dict]) -> None:
        """A-12: a right claim wins; a wrong one loses the game. Tally calls (odd codes) always win."""
        party, tally = divmod(claim, 2)
        self._party_finishes(party, events, won=bool(tally) or self.scores[party] >= self.target)

    # ------------------------------------------------------------------ refusals

    def _refuse(self, act: Action, legal: list[Action]) -> None:
        seat = self.turn
        verb = act.verb
        if verb == "play" and self.phase in (STOCK, PLAYOFF, PLAY):
            card = act.card
            if card not in self._holding(seat):
                raise IllegalAction("not_in_hand", "P-0", card=str(card))
            allowed = [a.card for a in legal if a.verb == "play"]
            key, rule, params = refusal_reason(card, self.hands[seat], [c for _, c in self.trick], self.trump, allowed)
            raise IllegalAction(key, rule, **params)
        if verb == "meld" and self.phase == MELD:
            self._refuse_meld(seat, list(act.cards))
        if verb in ("dix", "exchange") and self.phase == MELD:
            self._refuse_dix(seat, verb)
        if verb == "bid" and self.phase == AUCTION:
            self._refuse_bid(seat, act.amount)
        if verb == "pass" and self.phase == AUCTION and self._forced(seat):
            raise IllegalAction("bid_forced", "E-6", minimum=self._min_bid())
        if verb == "trump" and self.phase == TRUMP:
            raise IllegalAction("trump_needs_marriage", "DX-E3")
        if verb in ("play", "meld", "bid", "trump", "dix", "exchange", "pass", "draw", "draw turnup", "declare out"):
            raise IllegalAction("not_now", action=str(act))
        raise IllegalAction("not_legal", action=str(act))

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

    def _refuse_bid(self, seat: int, amount: int) -> None:
        if self._forced(seat) and not _has_marriage(self.hands[seat]):
            raise IllegalAction("bid_forced", "E-6", minimum=self._min_bid())
        if amount < self._min_bid():
            raise IllegalAction("bid_too_low", "E-4", minimum=self._min_bid())
        if amount <= self.high_bid:
            raise IllegalAction("bid_not_higher", "E-4", high=self.high_bid)
        if (amount - self._min_bid()) % self._step():
            raise IllegalAction("bid_step", "E-4", step=self._step())
        if not _has_marriage(self.hands[seat]):
            raise IllegalAction("bid_needs_marriage", "E-5")

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> dict:
        """What `seat` may know: its own hand, everything public, and nothing else."""
        return seat_view(self, seat)

    def public_view(self) -> dict:
        """What everyone may see (a board): `view` without a hand, legal actions or search data."""
        return public_view(self)

    def clone(self) -> "Game":
        """An independent copy for search (playouts); much faster than from_json."""
        from .worlds import clone
        return clone(self)

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} deal {self.deal_no} phase {self.phase} to_act {self.to_act}>"


def _has_marriage(hand: list[Card]) -> bool:
    """E-5: a king and queen of one suit."""
    return any(Card("K", s) in hand and Card("Q", s) in hand for s in SUITS)


def new_game(variant: str, *, seed: int | None = None, deck: Iterable[Card] | None = None,
             options: Mapping[str, Any] | None = None) -> Game:
    """Start a game: the first dealer is drawn, the first deal dealt (deterministic from seed or deck)."""
    return Game(variant, seed=seed, deck=deck, options=options)
