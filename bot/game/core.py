"""What every deal shares: configuration, dealing, trick play, scoring, claims (RULES §1, G, P, A-12).

`GameCore` holds a game's configuration and its `DealState`; the rule sets of
the two-hand (`twohand`), three- and four-hand (`multihand`) and Check
(`auction`) deals build on it, and `Game` puts them together. The few steps a
rule set must supply are the abstract methods at the end.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from . import actions as A
from .actions import Action, plays_in
from .cards import CARD_BY_CODE, RANKS, SUITS, Card, make_pack, pack_of_size, remove_card
from .events import (
    CardPlayed,
    DealEnded,
    DealStarted,
    DealThrownIn,
    DeclaredOut,
    Event,
    GameOver,
    PlayerOut,
    TargetRaised,
    TrickTaken,
)
from .fair import Dealing
from .melds import MeldRules
from .options import Options, resolve_options
from .phases import GAME_OVER, MELD, PLAY, PLAYOFF, STOCK, DealMode
from .points import deal_total, last_trick_bonus, point_table, round_card_points, scale
from .results import DealResult
from .state import CompletedTrick, DealState
from .tricks import beat_masks, card_mask, legal_tiers
from .variants import Variant, get_variant

#: G-13 / C-9: how far the target rises when several parties pass it together.
RAISE = 250
T = TypeVar("T")


def _present(value: T | None, what: str) -> T:
    """`value`, which the phase guarantees; an engine bug otherwise."""
    assert value is not None, f"the engine expected {what} here"
    return value


def seeded_shuffle(items: list[T], rng: random.Random) -> None:
    """`rng.shuffle(items)`, draw for draw (CPython's Fisher–Yates over `getrandbits`, its
    `_randbelow` written out): a deal's cards are the same as ever, without a Python call per
    card. `tests/game/test_state.py` holds it to `random.Random.shuffle`."""
    getrandbits = rng.getrandbits
    for i, bound, width in _shuffle_steps(len(items)):
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        items[i], items[j] = items[j], items[i]


@lru_cache(maxsize=8)
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """`seeded_shuffle`'s steps for `size` items: (position, bound, the bound's bit width), worked
    out once per pack size (48, 64, 80) rather than at every deal."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def deal_out(
    deck: list[Card], seats: list[int], hand_size: int, packet: int
) -> tuple[dict[int, list[Card]], list[Card]]:
    """G-10: from the top of `deck`, `packet` cards at a time to each seat in turn (the dealer's
    left first) until each holds `hand_size`; the hands and the cards left over (stock, turn-up)."""
    hands: dict[int, list[Card]] = {s: [] for s in seats}
    pos = 0
    while pos < hand_size * len(seats):
        for s in seats:
            take = min(packet, hand_size - len(hands[s]))
            hands[s].extend(deck[pos : pos + take])
            pos += take
    return hands, deck[pos:]


class GameCore(ABC):
    """A game's configuration and state, and the rules every variant shares."""

    def __init__(
        self,
        variant: str,
        *,
        seed: int | None = None,
        deck: Iterable[Card] | None = None,
        options: Mapping[str, Any] | None = None,
        dealing: Dealing | None = None,
    ):
        self._configure(variant, options)
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        #: The fair dealing's key, seeds and salts (bot.game.fair); None: dealt from `seed` (old games).
        self.dealing = dealing
        self.first_deck: list[Card] | None = list(deck) if deck is not None else None
        self.state = DealState.start(self.n)
        self.state.target = self.opt["target"]
        self.state.scores = [0] * self.parties
        self.state.dealer = self._first_dealer()
        events: list[Event] = []
        self._start_deal(events)
        self.opening_events: list[Event] = events

    def _configure(self, variant: str, options: Mapping[str, Any] | None) -> None:
        """Everything fixed for the whole game: the variant, its options and what they imply."""
        self.variant: Variant = get_variant(variant)
        self.n = self.variant.players
        self.options: Options = resolve_options(options, players=self.n, variant=variant)
        self.opt: dict[str, Any] = self.options.as_dict()  # the hot path reads it often
        self._declare_out_allowed = bool(self.opt["declare_out"]) and not self.variant.partnership
        self.rules = MeldRules.from_options(self.options)
        dix_rank = RANKS.index(self.rules.dix_rank)
        #: The dix of each trump suit (its 9, or 7 in the 64-card pack: A-14).
        self._dix_of = {suit: CARD_BY_CODE[suit.index * 8 + dix_rank] for suit in SUITS}
        self.points = point_table(self.options)
        self.scale = scale(self.options)
        self.last_trick_bonus = last_trick_bonus(self.options)
        self.parties = 2 if self.variant.partnership else self.n
        self._party = tuple(self.variant.party(s) for s in range(self.n))
        by_side = self.variant.partnership and (
            self.variant.auction or self.opt["meld_credit_unit"] == "side"
        )  # C-6, D-5 or DX-D3, E-11; individual units never collide with side numbers
        self._credit_unit = tuple(self._party[s] if by_side else s + 10 for s in range(self.n))
        #: §8's switches for `legal_tiers`, by whether the deal is two-handed (P-5): heading in
        #: any suit, under-trumping; and whether a partner's winning card lifts the heading.
        self._tier_rules = tuple(
            (self.opt[head] == "any_suit", bool(self.opt["must_undertrump"]))
            for head in ("head_rule", "twohand_head_rule")
        )
        self._partner_exempt = self.variant.partnership and not self.opt["must_head_partner"]
        self._legal: list[Action] | None = None
        self._card_totals: dict[int, int] = {}

    @property
    def card_total(self) -> int:
        """Card points plus the last trick of a whole deal now (G-5, H-9): 250, 25 or 50."""
        size = self.state.pack_size
        total = self._card_totals.get(size)
        if total is None:  # one entry per pack the game deals (at most 48, 64 and 80 cards)
            total = self._card_totals[size] = deal_total(self.options, pack_of_size(size))
        return total

    # ------------------------------------------------------------------ sides

    def party(self, seat: int) -> int:
        """The scoring unit of a seat: its side in partnership games (seat % 2), else the seat."""
        return self._party[seat]

    def partner(self, seat: int) -> int | None:
        """The seat across the table in the partnership games (D2, E); None elsewhere."""
        return self.variant.partner(seat)

    def party_seats(self, party: int) -> list[int]:
        """The seats of a scoring unit (both partners, or one seat)."""
        return [s for s in range(self.n) if self.party(s) == party]

    def standing(self) -> list[list[int]]:
        """The sides ranked by score now, best first, equal scores sharing a place: the seats of
        each place. For a game stopped short of its end (a cancel, an event's last deal); a game
        played out ranks by `ranking` in its view (C-10, D1-2, G-13)."""
        sides = self.variant.sides(range(self.n))
        scores = self.state.scores
        return [
            [seat for side in sides if scores[self.party(side[0])] == score for seat in side]
            for score in sorted({scores[self.party(side[0])] for side in sides}, reverse=True)
        ]

    def credit_unit(self, seat: int) -> int:
        """Who a seat's pending meld is credited with (C-6, D-5 or DX-D3, E-11): its side or itself."""
        return self._credit_unit[seat]

    def seat_scores(self) -> list[int]:
        """Each seat's score (partners share their side's)."""
        scores = self.state.scores
        return [scores[self.party(s)] for s in range(self.n)]

    # ------------------------------------------------------------------ dealing

    def _first_dealer(self) -> int:
        """G-8: everyone draws; the highest card deals; ties redraw."""
        rng = random.Random(f"{self.seed}:dealer")
        contenders = list(range(self.n))
        while len(contenders) > 1:
            pack = make_pack()
            seeded_shuffle(pack, rng)
            drawn = {s: pack[i].strength for i, s in enumerate(contenders)}
            top = max(drawn.values())
            contenders = [s for s in contenders if drawn[s] == top]
        return contenders[0]

    def _next_active(self, seat: int) -> int:
        """The next seat clockwise that is still playing (G-11)."""
        active = self.state.active
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if s in active:
                return s
        raise AssertionError("no active seat")

    def _deck(self) -> list[Card]:
        st = self.state
        if st.deal_no == 1 and self.first_deck is not None:
            return list(self.first_deck)
        pack64 = st.mode == DealMode.TWO_HAND and self.opt["pack64"] and self.variant.two_handed
        deck = make_pack(pack64, double_deck=self.variant.double_deck)
        if self.dealing is not None:
            return self.dealing.deck(deck, st.deal_no)
        seeded_shuffle(deck, random.Random(f"{self.seed}:deal:{st.deal_no}"))
        return deck

    def _start_deal(self, events: list[Event]) -> None:
        st = self.state
        st.new_deal(self.n)
        st.deal_no += 1
        if self.variant.auction:
            st.mode = DealMode.AUCTION
        else:
            st.mode = DealMode.TWO_HAND if len(st.active) == 2 else DealMode.MULTI_HAND
        st.no_trump_rules = self.variant.no_trump_until_marriage and st.mode == DealMode.TWO_HAND
        deck = self._deck()
        st.pack_size = len(deck)
        seats = [self._next_active(st.dealer)]
        while len(seats) < len(st.active):
            seats.append(self._next_active(seats[-1]))
        st.order = seats
        st.after = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
        if st.mode == DealMode.TWO_HAND:
            hand_size = self.opt["pack64_hand_size"] if len(deck) == 64 else 12
        else:
            hand_size = len(deck) // len(seats)
        hands, rest = deal_out(deck, seats, hand_size, self.opt["packet_size"])
        for s, cards in hands.items():
            st.hands[s].extend(cards)
        if st.mode == DealMode.TWO_HAND:
            if not st.no_trump_rules:
                st.turnup, st.stock = rest[0], rest[1:]
                st.trump = st.turnup.suit
            else:
                st.stock = rest
        elif st.mode == DealMode.MULTI_HAND:
            st.turnup = st.hands[st.dealer][-1]  # C-2: the dealer's last card, his own
            st.trump = st.turnup.suit
        events.append(DealStarted(st.deal_no, st.dealer, st.turnup, st.trump))
        self._begin_deal(events)

    @property
    def _actor(self) -> int:
        """The seat to act, in a phase that has one (every phase but the game's end)."""
        turn = self.state.turn
        assert turn is not None, "the engine expected a seat to act here"
        return turn

    @property
    def _dix(self) -> Card:
        """The dix once trump is fixed (every phase that asks has a trump)."""
        return _present(self.dix_card, "a trump")

    def _take_turnup(self) -> Card:
        """Take the turn-up off the table (it goes to a hand): the phases that do so have one."""
        card = _present(self.state.turnup, "a turn-up")
        self.state.turnup = None
        return card

    @property
    def _declarer(self) -> int:
        """The Check declarer, once the auction is won (E-7)."""
        return _present(self.state.declarer, "a contract")

    @property
    def dix_card(self) -> Card | None:
        """The 9 of trumps (the 7 in the 64-card pack, A-14); None before trump is fixed."""
        trump = self.state.trump
        return self._dix_of[trump] if trump else None

    def stock_left(self) -> int:
        """Cards still to draw in a two-hand deal, the turn-up included (A-3)."""
        st = self.state
        if st.mode != DealMode.TWO_HAND:
            return 0
        return len(st.stock) + (1 if st.turnup is not None else 0)

    # ------------------------------------------------------------------ tricks

    def _offer(self, acts: list[Action]) -> list[Action]:
        """Remember `acts` as the legal actions of the current state (plus declaring out, A-12)."""
        if self._declare_out_allowed and self.state.phase in (STOCK, MELD, PLAYOFF, PLAY):
            acts.append(A.DECLARE_OUT)
        self._legal = acts
        return acts

    def _play_card(self, act: Action, events: list[Event]) -> None:
        """A card played to the trick (the `play` action of every card phase); the trick closes
        with its last card."""
        card = act.cards[0]
        st = self.state
        seat = st.turn
        assert seat is not None
        table = st.table[seat]
        # The face-up copy is played first: it keeps the hand hidden.
        for index, tc in enumerate(table):
            if tc.card is card:
                del table[index]
                break
        else:
            remove_card(st.hands[seat], card)
            if st.known[seat]:
                remove_card(st.known[seat], card)
            if st.dix_shown[seat] and card is self.dix_card:
                # The shown copy goes first: the other may still be declared.
                st.dix_shown[seat] -= 1
        trick = st.trick
        trick.append((seat, card))
        events.append(CardPlayed(seat, card))
        if not st.tricks and st.mode != DealMode.TWO_HAND:
            st.first_cards[seat] = card
            self._declare_after_first_card(seat, events)
        if len(trick) < len(st.order):
            st.turn = st.after[seat]
            return
        self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> None:
        st = self.state
        plays = tuple(st.trick)
        beat = beat_masks(st.trump)  # G-3
        points = self.points
        winner, best = plays[0]
        pts = points[best.code]
        for seat, c in plays[1:]:
            pts += points[c.code]
            if beat[best.code] >> c.code & 1:
                winner, best = seat, c
        st.won_points[winner] += pts
        st.tricks_won[winner] += 1
        st.trick = []
        number = len(st.tricks) + 1  # the record built as a plain tuple: a NamedTuple's own
        # constructor is a Python function, one call more per trick
        taken = tuple.__new__(CompletedTrick, (number, plays[0][0], plays, winner, pts))
        st.tricks.append(taken)
        last = not st.hands[winner] and self._all_played()  # a card in hand: not the last trick
        events.append(TrickTaken(taken, last))
        if st.mode != DealMode.TWO_HAND and self._credit_unit[winner] not in st.credited_units:
            self._credit_melds(winner, events)
        if last:
            self._end_deal(events)
            return
        if st.mode == DealMode.TWO_HAND and (st.stock or st.turnup is not None):  # `stock_left()`
            self._after_stock_trick(winner, events)
            return
        if (
            self.opt["running_tally_game_call"]
            and st.mode == DealMode.MULTI_HAND
            and self._tally_call(events)
        ):
            return
        st.turn = winner

    def _all_played(self) -> bool:
        st = self.state
        return not self.stock_left() and not any(st.hands[s] or st.table[s] for s in st.active)

    def _legal_play(self, two_handed: bool = False) -> list[Action]:
        """§8's cards for the seat to play, in code order: `strict_plays`, read from its tiers
        (`legal_tiers`); the legal actions of every trick but the two-hand stock's."""
        st = self.state
        seat = st.turn
        assert seat is not None
        have = card_mask(st.hands[seat])
        trick = st.trick
        if trick:
            beat = beat_masks(st.trump)  # G-3: the card heading the trick
            winner, best = trick[0]
            for s, c in trick[1:]:
                if beat[best.code] >> c.code & 1:
                    winner, best = s, c
            head_any_suit, must_undertrump = self._tier_rules[two_handed]
            for tier in legal_tiers(
                trick[0][1].suit_index,
                best.code,
                st.trump,
                head_any_suit,
                must_undertrump,
                self._partner_exempt and self._party[winner] == self._party[seat],
            ):
                if have & tier:
                    have &= tier
                    break
        return plays_in(have)

    # ------------------------------------------------------------------ scoring

    def deal_party_points(self) -> tuple[list[int], list[int]]:
        """(meld, cards) per party this deal so far; cards include the last trick and G-6 rounding."""
        st = self.state
        meld = [0] * self.parties
        cards = [0] * self.parties
        for s in st.active:
            meld[self.party(s)] += st.deal_meld[s]
            cards[self.party(s)] += st.won_points[s]
        cards = [c + last for c, last in zip(cards, self._last_trick_points(), strict=True)]
        if self.opt["round_card_points"]:
            cards = [round_card_points(c) for c in cards]
        return meld, cards

    def _last_trick_points(self) -> list[int]:
        """The last trick's bonus per party: its winner's, once every trick is played (G-5, G-7)."""
        bonus = [0] * self.parties
        winner = self.state.last_trick_winner
        if winner is not None and self._all_played():
            bonus[self.party(winner)] = self.last_trick_bonus
        return bonus

    def _end_deal(self, events: list[Event], *, claim: int | None = None) -> None:
        st = self.state
        meld, cards = self.deal_party_points()
        check: dict[str, Any] = {}  # Check Pinochle's contract, transfers and chips
        deal_points = self._party_deal_points(meld, cards, check)
        for p in range(self.parties):
            st.scores[p] += deal_points[p]
        check_winner = self._check_winner(check) if st.mode == DealMode.AUCTION else None
        result = DealResult(
            deal=st.deal_no,
            dealer=st.dealer,
            trump=st.trump,
            meld=tuple(self._per_seat(meld)),
            cards=tuple(self._per_seat(cards)),
            points=tuple(self._per_seat(deal_points)),
            scores=tuple(self.seat_scores()),
            tricks=tuple(st.tricks_won),
            complete=self._all_played(),
            last_trick=tuple(self._per_seat(self._last_trick_points())),
            dealt=tuple(sorted(st.active)),
            **check,
        )
        st.deal_results.append(result)
        events.append(DealEnded(st.deal_no, result))
        if claim is not None:
            self._settle_claim(claim, events)
        elif st.mode == DealMode.AUCTION:
            if check_winner is not None:
                self._game_over(events)
        else:
            self._evaluate_targets(events)
        if st.phase != GAME_OVER:
            self._next_deal(events)

    def _party_deal_points(
        self, meld: list[int], cards: list[int], check: dict[str, Any]
    ) -> list[int]:
        """What each party scores for the deal (E-11..E-19 in Check, meld plus cards elsewhere)."""
        if self.state.mode == DealMode.AUCTION:
            return self._score_check(meld, cards, check)
        return [meld[p] + cards[p] for p in range(self.parties)]

    def deal_points(self) -> list[int]:
        """Each seat's points for this deal if it ended now (`DealResult.points`), changing nothing."""
        meld, cards = self.deal_party_points()
        return self._per_seat(self._party_deal_points(meld, cards, {}))

    def _throw_in(self, events: list[Event]) -> None:
        """The deal is thrown in: nothing of it scores and the same dealer deals again (B-8, E-21a)."""
        st = self.state
        events.append(DealThrownIn(st.deal_no, st.dealer))
        self._start_deal(events)

    def _per_seat(self, party_values: list[int]) -> list[int]:
        active, party = self.state.active, self._party
        if self.variant.partnership or len(active) == self.n:  # every seat counts
            return [party_values[p] for p in party]
        return [party_values[party[s]] if s in active else 0 for s in range(self.n)]

    def _evaluate_targets(self, events: list[Event]) -> None:
        """G-13 / C-9: one party over the target wins; several raise it by 250 and look again."""
        st = self.state
        while True:
            parties = sorted({self.party(s) for s in st.active})
            over = [p for p in parties if st.scores[p] >= st.target]
            if not over:
                return
            if len(over) > 1 and self.opt["tie_over_target"] == "highest_wins":
                top = max(st.scores[p] for p in over)
                over = [p for p in over if st.scores[p] == top]
            if len(over) == 1:
                self._party_finishes(over[0], events)
                return
            st.target += RAISE // self.scale
            events.append(TargetRaised(st.target))

    def _party_finishes(self, party: int, events: list[Event], *, won: bool = True) -> None:
        """A party wins (or, after a wrong claim, drops to last); the rest may play on (C-10, D1-2)."""
        st = self.state
        if won:
            st.places.append(party)
            place = len(st.places)
        else:
            st.losers.insert(0, party)
            place = len({self.party(s) for s in range(self.n)}) - len(st.losers) + 1
        events.append(PlayerOut(self.party_seats(party)[0], place))
        st.active = [s for s in st.active if self.party(s) != party]
        remaining = sorted({self.party(s) for s in st.active})
        if (
            len(remaining) <= 1
            or self.variant.partnership
            or self.opt["three_hand_playon"] == "stop"
        ):
            st.places.extend(sorted(remaining, key=lambda p: -st.scores[p]))
            st.places.extend(st.losers)
            self._game_over(events)

    def _game_over(self, events: list[Event]) -> None:
        st = self.state
        st.phase, st.turn = GAME_OVER, None
        ranking = tuple(tuple(self.party_seats(p)) for p in st.places)
        events.append(GameOver(ranking, tuple(self.seat_scores())))

    def _next_deal(self, events: list[Event]) -> None:
        st = self.state
        st.dealer = self._next_active(st.dealer)  # G-8: alternate (2) or pass to the left (3-4)
        self._start_deal(events)

    def _tally_call(self, events: list[Event]) -> bool:
        """DX-G7 running tally: a party reaching the target during play wins at once."""
        meld, cards = self.deal_party_points()
        st = self.state
        for p in sorted({self.party(s) for s in st.active}):
            if st.scores[p] + meld[p] + cards[p] >= st.target:
                self._end_deal(events, claim=p * 2 + 1)
                return True
        return False

    # ------------------------------------------------------------------ declaring out

    def claim_wins(self, seat: int) -> bool:
        """A-12: would declaring out win now? The seat's side counts this deal's meld and cards so far."""
        meld, cards = self.deal_party_points()
        party = self.party(seat)
        return self.state.scores[party] + meld[party] + cards[party] >= self.state.target

    def _declare_out(self, events: list[Event]) -> None:
        seat = self.state.turn
        assert seat is not None
        events.append(DeclaredOut(seat))
        self._end_deal(events, claim=self.party(seat) * 2)

    def _settle_claim(self, claim: int, events: list[Event]) -> None:
        """A-12: a right claim wins; a wrong one loses the game. Tally calls (odd codes) always win."""
        party, tally = divmod(claim, 2)
        won = bool(tally) or self.state.scores[party] >= self.state.target
        self._party_finishes(party, events, won=won)

    # ------------------------------------------------------------------ what a rule set supplies

    @abstractmethod
    def _begin_deal(self, events: list[Event]) -> None:
        """The deal is dealt: set the first phase and the seat to act."""

    @abstractmethod
    def _declare_after_first_card(self, seat: int, events: list[Event]) -> None:
        """D2-1: a seat that melds after its card to trick 1 does so now."""

    @abstractmethod
    def _credit_melds(self, winner: int, events: list[Event]) -> None:
        """C-6, D-5, E-11: the trick's winner (or side) gets its pending meld."""

    @abstractmethod
    def _after_stock_trick(self, winner: int, events: list[Event]) -> None:
        """A-6: after a trick of the stock phase, meld and draw."""

    @abstractmethod
    def _score_check(self, meld: list[int], cards: list[int], result: dict[str, Any]) -> list[int]:
        """E-11..E-19: a Check deal's points, premiums recorded in `result`."""

    @abstractmethod
    def _check_winner(self, check: dict[str, Any]) -> int | None:
        """E-14: the side that wins the Check game with this deal (already scored), if any; the
        game premium's transfers and the deal's chips go into `check`."""
