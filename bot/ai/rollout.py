"""Playouts: finish a sampled world's deal quickly with rules of thumb for every seat.

The search (`hard`) scores a move by the deal points it leads to in many
worlds, so a playout must be cheap: it reads no views. It keeps the trick and
trump from the typed public events the engine returns, knows each seat's starting
hand in the world it dealt (only the auction and trump choice need it), and
plays every card with the `easy` rules (`easy_card`), melds the most points,
bids with the `normal` rule and names the best trump by `bidding.best_trump`.
Once the deal is down to plain trick play it goes on in the engine's integer
core (`FastTricks`), where the same `easy` rules read bit sets (`CardPlan`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from bot.game import (
    ALL_CARDS,
    Action,
    Card,
    Game,
    Phase,
    Suit,
    Variant,
    lowest_bid,
    winning_play,
)
from bot.game.events import (
    Bid,
    CardPlayed,
    DealEnded,
    DealThrownIn,
    StockExhausted,
    TrickTaken,
    TrumpFixed,
)
from bot.game.fastplay import FastTricks

from .bidding import best_trump, will_bid
from .cardplay import wins_now
from .easy import easy_card
from .passing import Role, choose_gift, still_due


class CardPlan(NamedTuple):
    """`easy_card`'s preferences as card codes in order, for play on bit sets (ties: lower code,
    as `easy_card` takes the first of the engine's legal cards, which come in code order)."""

    cheap: tuple[int, ...]  # `cheapest`: fewest points, not a trump, lowest rank
    winner: tuple[int, ...]  # `cheapest_winner`: not a trump, lowest rank, fewest points
    aces: int  # the aces of the plain suits, led first


@lru_cache(maxsize=16)
def card_plan(trump: Suit | None, points: Sequence[int]) -> CardPlan:
    """The plan for one trump and count scheme (`points` by code: the engine's table)."""
    cards = sorted(ALL_CARDS, key=lambda c: c.code)
    cheap = sorted(cards, key=lambda c: (points[c.code], c.suit is trump, c.strength))
    winner = sorted(cards, key=lambda c: (c.suit is trump, c.strength, points[c.code]))
    aces = sum(1 << c.code for c in cards if c.rank == "A" and c.suit is not trump)
    return CardPlan(tuple(c.code for c in cheap), tuple(c.code for c in winner), aces)


def _first(order: tuple[int, ...], mask: int) -> int:
    for code in order:
        if mask >> code & 1:
            return code
    raise ValueError("no card")  # pragma: no cover - the mask is a legal, non-empty set


@dataclass
class Playout:
    """What a playout tracks from the events: the trick, trump, bids, the starting hands."""

    hands: Mapping[int, list[Card]]
    trick: list[tuple[int, Card]]
    trump: Suit | None
    variant: Variant
    options: Mapping[str, Any]
    value: Mapping[Card, int]
    free_play: bool = False  # the two-hand stock phase (P-0): no duty to follow
    bids: dict[int, int] = field(default_factory=dict)
    high_bidder: int | None = None
    actions: int = 0

    def run(self, game: Game, first: Action | str | None = None) -> list[int]:
        """Apply `first` (if given), then play to the end of the deal; returns its points per seat."""
        if first is not None:
            result = self._apply(game, first)
            if result is not None:
                return result
        while True:
            if game.state.phase.binds_play:
                tricks = FastTricks.start(game)
                if tricks is not None:
                    return self._fast(tricks)
            seat = game.to_act
            assert seat is not None  # a deal in play always has a seat to act
            acts = game.legal_actions()
            if len(acts) == 1:
                act = acts[0]
            elif game.state.phase is Phase.PASSING:
                act = self._give(game, seat)
            else:
                act = self.choose(game, seat, acts)
            result = self._apply(game, act)
            if result is not None:
                return result

    def _fast(self, tricks: FastTricks) -> list[int]:
        """The rest of the tricks by `easy_card`'s rules on bit sets (see `CardPlan`)."""
        plan = card_plan(tricks.trump, tricks.points_table)
        partnership = self.variant.partnership
        beat = tricks.beat
        while not tricks.over:
            legal = tricks.legal()
            self.actions += 1
            if not legal & (legal - 1):
                code = legal.bit_length() - 1  # one card
            elif not tricks.played:
                aces = legal & plan.aces
                code = (aces & -aces).bit_length() - 1 if aces else _first(plan.cheap, legal)
            else:
                winners = legal & beat[tricks.heading]
                take = winners and tricks.trick_points > 0
                if take and not (partnership and tricks.side_heads()):
                    code = _first(plan.winner, winners)
                else:
                    code = _first(plan.cheap, legal)
            tricks.play(code)
        return tricks.points()

    def _apply(self, game: Game, act: Action | str) -> list[int] | None:
        self.actions += 1
        for e in game.apply(act):
            if isinstance(e, CardPlayed):
                self.trick.append((e.seat, e.card))
            elif isinstance(e, TrickTaken):
                self.trick = []
            elif isinstance(e, StockExhausted):
                self.free_play = False
            elif isinstance(e, TrumpFixed):
                self.trump = e.suit
            elif isinstance(e, Bid):
                self.bids[e.seat] = e.amount
                self.high_bidder = e.seat
            elif isinstance(e, DealEnded):
                return list(e.result.points)
            elif isinstance(e, DealThrownIn):
                return [0] * game.n  # B-8 redeal: the deal scores nothing
        return None

    def choose(self, game: Game, seat: int, acts: list[Action]) -> Action:
        verbs = {a.verb for a in acts}
        if "play" in verbs:
            return self._card(seat, acts)
        if "bid" in verbs:
            return self._bid(seat, acts)
        if "trump" in verbs:
            suit, _ = best_trump(self.hands[seat], self.options, [a.suit for a in acts if a.suit])
            return next(a for a in acts if a.suit is suit)
        for verb in ("exchange", "dix", "draw"):
            if verb in verbs:
                return next(a for a in acts if a.verb == verb)
        melds = [a for a in acts if a.verb == "meld"]
        if melds:

            def worth(meld: Action) -> int:
                named = game.meld_value(meld.cards)  # the engine's value, B-4 included
                return named[1] if named is not None else 0

            return max(melds, key=worth)
        return acts[0]

    def _give(self, game: Game, seat: int) -> Action:
        """The rest of the pass this world's seat gives its partner, at once (its hand here is the
        world's): of the cards `bot.ai.passing` chooses, those it has not chosen yet (F-5)."""
        assert self.trump is not None  # the passing follows the naming of trump (F-4)
        role: Role = "partner" if game.state.declarer != seat else "bidder"
        gift = choose_gift(
            game.state.hands[seat], self.trump, game.give_count(), role, self.options
        )
        return Action.give(still_due(gift, game.state.giving))

    def _card(self, seat: int, acts: list[Action]) -> Action:
        legal = [a.card for a in acts if a.verb == "play"]
        trick_cards = [c for _, c in self.trick]
        partner_winning = False
        if self.variant.partnership and self.trick:
            winner = winning_play(self.trick, self.trump)[0]
            partner_winning = self.variant.same_side(winner, seat)
        if self.free_play:
            card = self._free_card(legal, trick_cards)
        else:
            card = easy_card(legal, trick_cards, self.trump, self.value, partner_winning)
        return next(a for a in acts if a.verb == "play" and a.card is card)

    def _free_card(self, legal: list[Card], trick_cards: list[Card]) -> Card:
        """Stock phase: lead and shed the cheapest plain card; take an ace or ten cheaply."""

        def cost(c: Card) -> tuple[bool, int, int]:
            return (c.suit is self.trump, self.value[c], c.strength)

        if trick_cards and self.value[trick_cards[0]] >= 10:
            winners = [c for c in legal if wins_now(c, trick_cards, self.trump)]
            if winners:
                return min(winners, key=cost)
        return min(legal, key=cost)

    def _bid(self, seat: int, acts: list[Action]) -> Action:
        lowest = lowest_bid(acts)
        assert lowest is not None  # the auction offers this seat a bid
        passing = [a for a in acts if a.verb == "pass"]
        if not passing:
            return lowest
        partner = self.variant.partner(seat)
        bid = will_bid(
            self.hands[seat],
            self.options,
            lowest.amount or 0,
            partner in self.bids,
            partner is not None and self.high_bidder == partner,
        )
        return lowest if bid else passing[0]
