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
from collections.abc import Iterable, Mapping
from typing import Any

from . import actions as A
from .actions import Action, parse_action
from .auction import AuctionRules
from .cards import CARD_BY_CODE, RANKS, Card, Suit, make_pack
from .errors import IllegalAction
from .melds import MeldRules, TableCard
from .multihand import MultiHandRules
from .options import Options, resolve_options
from .phases import AUCTION, GAME_OVER, MELD, PLAY, PLAYOFF, STOCK, TRUMP
from .points import last_trick_bonus, point_table, round_card_points, scale
from .tricks import refusal_reason, strict_plays, winning_index
from .twohand import TwoHandRules
from .variants import Variant, get_variant
from .views import public_view, seat_view

RAISE = 250


class Game(TwoHandRules, MultiHandRules, AuctionRules):
    """One game of Pinochle. Use `new_game` to make one."""

    def __init__(
        self,
        variant: str,
        *,
        seed: int | None = None,
        deck: Iterable[Card] | None = None,
        options: Mapping[str, Any] | None = None,
    ):
        self.variant: Variant = get_variant(variant)
        self.n = self.variant.players
        self.options: Options = resolve_options(options, players=self.n)
        self.opt: dict[str, Any] = dict(self.options)  # plain dict: the hot path reads it often
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
        return {
            "ranking": [self._party_seats(p) for p in self.places],
            "scores": self.seat_scores(),
            "over": self.is_over,
        }

    def seat_scores(self) -> list[int]:
        return [self.scores[self.party(s)] for s in range(self.n)]

    def party(self, seat: int) -> int:
        """The scoring unit of a seat: its side in partnership games, else the seat itself."""
        return seat % 2 if self.variant.partnership else seat

    def to_json(self) -> str:
        """Variant, options, seed, first deck and every action: all that makes the game."""
        return json.dumps(
            {
                "variant": self.variant.name,
                "options": dict(self.options.given),
                "seed": self.seed,
                "deck": [str(c) for c in self.first_deck] if self.first_deck else None,
                "actions": [str(a) for a in self.history],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
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
        self.known: list[list[Card]] = [
            [] for _ in range(n)
        ]  # cards publicly known to be in a hand
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
                self.hands[s].extend(deck[pos : pos + take])
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
        events.append(
            {
                "type": "deal",
                "deal": self.deal_no,
                "dealer": self.dealer,
                "turnup": str(self.turnup) if self.turnup else None,
                "trump": self.trump.value if self.trump else None,
            }
        )
        getattr(self, f"_begin_{self.mode}")(events)

    @property
    def dix_card(self) -> Card | None:
        trump = self.trump
        return CARD_BY_CODE[trump.index * 8 + self._dix_rank_index] if trump else None

    def _play_card(self, card: Card, events: list[dict]) -> None:
        seat = self.turn
        table = self.table[seat]
        on_table = (
            next((i for i, tc in enumerate(table) if tc.card is card), None) if table else None
        )
        if on_table is not None:  # the face-up copy is played first: it keeps the hand hidden
            table.pop(on_table)
        else:
            self.hands[seat].remove(card)
            known = self.known[seat]
            if known and card in known:
                known.remove(card)
            if self.dix_shown[seat] and card is self.dix_card:
                self.dix_shown[seat] -= (
                    1  # the shown copy goes first: the other may still be declared
                )
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
        events.append(
            {
                "type": "trick",
                "number": self.tricks_played,
                "winner": winner,
                "cards": [[s, str(c)] for s, c in self.last_trick],
                "points": pts,
                "last": last,
            }
        )
        if self.mode != "two":
            self._credit_melds(winner, events)
        if last:
            self._end_deal(events)
            return
        if self.mode == "two" and self._stock_left():
            self._after_stock_trick(winner, events)
            return
        if (
            self.opt["running_tally_game_call"]
            and self.mode == "multi"
            and self._tally_call(events)
        ):
            return
        self.turn = winner

    def _all_played(self) -> bool:
        return not self._stock_left() and not any(
            self.hands[s] or self.table[s] for s in self.active
        )

    def _strict_actions(self, seat: int, two_handed: bool) -> list[Action]:
        trick = [c for _, c in self.trick]
        head = self.opt["twohand_head_rule" if two_handed else "head_rule"]
        exempt = False
        if self.variant.partnership and self.trick and not self.opt["must_head_partner"]:
            winner_seat = self.trick[winning_index(trick, self.trump)][0]
            exempt = self.party(winner_seat) == self.party(seat)
        cards = strict_plays(
            self.hands[seat],
            trick,
            self.trump,
            head_any_suit=head == "any_suit",
            must_undertrump=self.opt["must_undertrump"],
            exempt_from_heading=exempt,
        )
        return [A.PLAY_BY_CODE[code] for code in sorted(c.code for c in cards)]

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
        result: dict[str, Any] = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "trump": self.trump.value if self.trump else None,
        }
        if self.mode == "check":
            deal_points = self._score_check(meld, cards, result)
        else:
            deal_points = [meld[p] + cards[p] for p in range(self.parties)]
        before = list(self.scores)
        order = self._party_order_for_scoring()
        for p in range(self.parties):
            self.scores[p] += deal_points[p]
        result.update(
            {
                "meld": self._per_seat(meld),
                "cards": self._per_seat(cards),
                "points": self._per_seat(deal_points),
                "scores": self.seat_scores(),
                "tricks": list(self.tricks_won),
                "complete": self._all_played(),
            }
        )
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
        return [
            party_values[self.party(s)] if s in self.active or self.variant.partnership else 0
            for s in range(self.n)
        ]

    def _party_order_for_scoring(self) -> list[int]:
        if self.mode == "check":
            decl = self.party(self.declarer)
            return [decl, 1 - decl]
        return [self.party(s) for s in self.active]

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
        if (
            len(remaining) <= 1
            or self.variant.partnership
            or self.opt["three_hand_playon"] == "stop"
        ):
            self.places.extend(sorted(remaining, key=lambda p: -self.scores[p]))
            self.places.extend(self.losers)
            self._game_over(events)

    def _game_over(self, events: list[dict]) -> None:
        self.phase, self.turn = GAME_OVER, None
        events.append(
            {
                "type": "game_over",
                "ranking": [self._party_seats(p) for p in self.places],
                "scores": self.seat_scores(),
            }
        )

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
            key, rule, params = refusal_reason(
                card, self.hands[seat], [c for _, c in self.trick], self.trump, allowed
            )
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
        if verb in (
            "play",
            "meld",
            "bid",
            "trump",
            "dix",
            "exchange",
            "pass",
            "draw",
            "draw turnup",
            "declare out",
        ):
            raise IllegalAction("not_now", action=str(act))
        raise IllegalAction("not_legal", action=str(act))

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> dict:
        """What `seat` may know: its own hand, everything public, and nothing else."""
        return seat_view(self, seat)

    def public_view(self) -> dict:
        """What everyone may see (a board): `view` without a hand, legal actions or search data."""
        return public_view(self)

    def clone(self) -> Game:
        """An independent copy for search (playouts); much faster than from_json."""
        from .worlds import clone

        return clone(self)

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} deal {self.deal_no} phase {self.phase} to_act {self.to_act}>"


def new_game(
    variant: str,
    *,
    seed: int | None = None,
    deck: Iterable[Card] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game: the first dealer is drawn, the first deal dealt (deterministic from seed or deck)."""
    return Game(variant, seed=seed, deck=deck, options=options)
