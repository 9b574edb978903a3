"""The rest of a deal's trick play on integers, for search: `FastTricks`.

A search plays thousands of deals to their end per decision; through `Game.apply`
each card costs a legality list, an event and its share of a trick record.
Here a hand is count layers of bit sets over `Card.code` (the codes held, held
twice, three and four times: the double deck has four of a card, H-1), a trick is its led suit, heading card and points, and a card costs a
few integer operations. Nothing here is a rule of its own: which cards may be
played (§8) is peeled from the engine's `strict_plays`, who heads a trick (G-3)
is tabled from the engine's `beats`, the card points are the engine's table,
and the deal is scored by the engine itself (`Game.deal_points`) once the
tricks are in. `tests/game/test_fastplay.py` plays both side by side.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARD_BY_CODE, Card
from .core import GameCore
from .phases import PLAY, PLAYOFF, DealMode
from .state import CompletedTrick
from .tricks import beat_masks, legal_tiers


def count_layers(cards: Iterable[Card]) -> tuple[int, int, int, int]:
    """The codes held at least once, twice, three and four times among `cards`."""
    layers = [0, 0, 0, 0]
    for card in cards:
        bit = 1 << card.code
        for i in range(4):
            if not layers[i] & bit:
                layers[i] |= bit
                break
    return layers[0], layers[1], layers[2], layers[3]


class FastTricks:
    """A deal in strict trick play (the play-off, or every trick of three-, four-hand and Check),
    played to its end on bit sets.

    `FastTricks.start(game)` gives one (None for a position it leaves to the
    engine); then `legal()` and `play(code)` until `over`, and `points()`. The
    game is not touched until `points()`, which hands it the tricks' outcome.
    """

    __slots__ = (
        "after",
        "beat",
        "dup",
        "dup3",
        "dup4",
        "exempt_ok",
        "game",
        "have",
        "head_any_suit",
        "heading",
        "led",
        "must_undertrump",
        "played",
        "points_table",
        "seats",
        "side",
        "trick_codes",
        "trick_points",
        "trick_seats",
        "tricks_left",
        "tricks_won",
        "trump",
        "turn",
        "winner",
        "won_points",
    )

    def __init__(self, game: GameCore) -> None:
        st = game.state
        assert st.turn is not None  # trick play always has a seat to act
        self.game = game
        self.trump = st.trump
        self.beat = beat_masks(st.trump)
        self.points_table = game.points
        opt = game.opt
        head = opt["twohand_head_rule" if st.phase == PLAYOFF else "head_rule"]
        self.head_any_suit = head == "any_suit"
        self.must_undertrump = bool(opt["must_undertrump"])
        self.exempt_ok = game.variant.partnership and not opt["must_head_partner"]
        self.side = [game.party(s) for s in range(game.n)]
        self.after = [st.after.get(s, s) for s in range(game.n)]
        self.seats = len(st.order)
        self.have = [0] * game.n
        self.dup = [0] * game.n
        self.dup3 = [0] * game.n  # only the double deck holds a card three or four times (H-1)
        self.dup4 = [0] * game.n
        for s in st.active:
            self.have[s], self.dup[s], self.dup3[s], self.dup4[s] = count_layers(st.hands[s])
        self.won_points = list(st.won_points)
        self.tricks_won = list(st.tricks_won)
        self.tricks_left = len(st.hands[st.turn])  # the seat to act has not played to this trick
        self.turn = st.turn
        self.trick_seats = [0] * self.seats
        self.trick_codes = [0] * self.seats
        self.played = self.trick_points = 0
        self.led = self.heading = self.winner = -1
        for seat, card in st.trick:
            self._add(seat, card.code)

    @classmethod
    def start(cls, game: GameCore) -> FastTricks | None:
        """The core for `game`'s position, if it is plain trick play to the deal's end."""
        st = game.state
        if st.phase not in (PLAY, PLAYOFF) or st.stock or st.turnup is not None:
            return None
        if st.mode != DealMode.TWO_HAND and not all(st.declared[s] for s in st.active):
            return None  # D2-1: melds still to come after a first card
        if game.opt["running_tally_game_call"] and st.mode == DealMode.MULTI_HAND:
            return None  # DX-G7: a deal may end at any trick
        if any(st.table[s] for s in st.active):
            return None
        return cls(game)

    @property
    def over(self) -> bool:
        return self.tricks_left <= 0

    def legal(self) -> int:
        """The codes the seat to act may play (§8)."""
        have = self.have[self.turn]
        if not self.played:
            return have  # P-1: any card leads
        exempt = self.exempt_ok and self.side[self.winner] == self.side[self.turn]
        for tier in legal_tiers(
            self.led, self.heading, self.trump, self.head_any_suit, self.must_undertrump, exempt
        ):
            if have & tier:
                return have & tier
        return have  # pragma: no cover - the tiers cover the whole pack

    def side_heads(self) -> bool:
        """Does a partner of the seat to act head the trick now (partnership games)?"""
        return self.played > 0 and self.side[self.winner] == self.side[self.turn]

    def _add(self, seat: int, code: int) -> None:
        """`code` joins the trick: it leads, heads it or not (G-3), and adds its points."""
        if not self.played:
            self.led, self.heading, self.winner = code >> 3, code, seat
        elif self.beat[self.heading] >> code & 1:
            self.heading, self.winner = code, seat
        self.trick_points += self.points_table[code]
        self.trick_seats[self.played] = seat
        self.trick_codes[self.played] = code
        self.played += 1

    def play(self, code: int) -> None:
        """The seat to act plays the card `code` (one of `legal()`)."""
        seat = self.turn
        bit = 1 << code
        if self.dup[seat] & bit:  # the top layer holding the code loses it
            if not self.dup3[seat] & bit:
                self.dup[seat] ^= bit
            elif self.dup4[seat] & bit:
                self.dup4[seat] ^= bit
            else:
                self.dup3[seat] ^= bit
        else:
            self.have[seat] ^= bit
        self._add(seat, code)
        if self.played < self.seats:
            self.turn = self.after[seat]
            return
        winner = self.winner
        self.won_points[winner] += self.trick_points
        self.tricks_won[winner] += 1
        self.tricks_left -= 1
        self.turn = winner
        if self.tricks_left > 0:  # the last trick stays for `points()` to record
            self.played = self.trick_points = 0

    def points(self) -> list[int]:
        """The deal's points per seat, as the engine scores them once it has the tricks' outcome."""
        assert self.over, "the deal is not played out"
        game = self.game
        st = game.state
        for s in st.active:
            if st.mode != DealMode.TWO_HAND and self.tricks_won[s] > st.tricks_won[s]:
                game._credit_melds(s, [])  # C-6, D-5, E-11: a trick won credits the side's meld
        st.won_points = self.won_points
        st.tricks_won = self.tricks_won
        st.hands = [[] for _ in st.hands]
        st.trick = []
        plays = tuple(
            (self.trick_seats[i], CARD_BY_CODE[self.trick_codes[i]]) for i in range(self.seats)
        )
        last = CompletedTrick(
            len(st.tricks) + 1, plays[0][0], plays, self.winner, self.trick_points
        )
        st.tricks.append(last)  # the last trick's bonus goes to its winner (G-5)
        return game.deal_points()
