"""Each seat's view of a game (OpenSpiel's observation): what it may know, nothing more.

Everything here is public except `hand`, which is the viewing seat's own.
The other seats' concealed cards and the face-down stock appear only as
counts; `known` lists cards that were shown and are still in a hand. Views
are frozen to the bottom (tuples, `FrozenMap`s, a `FrozenState`) and pickle, so
one view can be handed to every reader and sent to the thinking pool's workers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import ALL_CARDS, Card, Suit, pack_of_size, sort_hand
from .frozen import FrozenMap
from .melds import sequential_meld_value
from .options import resolve_options
from .phases import AUCTION, GAME_OVER, PASSING, DealMode, Phase
from .state import AuctionCall, CardPlay, CompletedTrick, FrozenState
from .tricks import winning_play

if TYPE_CHECKING:
    from .core import GameCore


@dataclass(frozen=True, slots=True)
class DealPoints:
    """This deal's points per seat so far: credited meld and card points taken (no last-trick bonus)."""

    meld: tuple[int, ...]
    cards: tuple[int, ...]

    def of_side(self, seats: Iterable[int]) -> tuple[int, int]:
        """The credited meld and card points of seats scoring together (a side: `Variant.sides`)."""
        chosen = tuple(seats)
        return sum(self.meld[s] for s in chosen), sum(self.cards[s] for s in chosen)


@dataclass(frozen=True, slots=True)
class MeldOnTable:
    """A meld declared this deal; `credited` once it counts (C-6, D-5, E-11; at once in two-hand)."""

    seat: int
    name: str
    cards: tuple[Card, ...]
    points: int
    credited: bool


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone at the table may see (the board): no hand, no legal list, no search data."""

    variant: str
    players: int
    phase: Phase
    deal: int
    dealer: int
    to_act: int | None
    active: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    table: FrozenMap[int, tuple[Card, ...]]  # face-up melded cards (two-hand stock phase), by seat
    table_uses: FrozenMap[int, tuple[tuple[str, ...], ...]]  # the melds each of them served in
    trick: tuple[CardPlay, ...]
    last_trick: tuple[CardPlay, ...]
    last_trick_winner: int | None
    tricks: tuple[CompletedTrick, ...]  # this deal's completed tricks: leader, plays, winner
    trump: Suit | None
    turnup: Card | None
    stock: int  # cards left to draw, the turn-up included
    scores: tuple[int, ...]  # per seat
    target: int
    deal_points: DealPoints
    tricks_won: tuple[int, ...]
    tricks_played: int
    melds: tuple[MeldOnTable, ...]
    dix_shown: tuple[int, ...]
    exchanged: bool
    melded_this_turn: bool
    ranking: tuple[tuple[int, ...], ...]  # when over: each place's seats
    team_scores: tuple[int, ...] | None  # partnership games: per side
    bid: int | None  # Check: the high bid so far
    bidder: int | None
    bids: tuple[int | None, ...]
    passed: tuple[int, ...]
    contract: int | None  # Check, once the auction is over
    calls: tuple[AuctionCall, ...]  # this deal's auction, call by call (E-3..E-6)
    give_count: int  # F-5: in the passing, how many cards the seat to act gives (else 0)
    give_to: int | None  # F-5: in the passing, the partner who receives them
    give_chosen: int  # F-5: how many of them the giver has chosen so far (one give a card)
    partnership: bool
    auction: bool

    @property
    def give_due(self) -> int:
        """F-5: in the passing, how many cards the giver has still to choose (else 0)."""
        return self.give_count - self.give_chosen

    @property
    def heading(self) -> CardPlay | None:
        """The (seat, card) heading the trick on the table as it stands (G-3); None before a lead."""
        return winning_play(self.trick, self.trump) if self.trick else None


@dataclass(frozen=True, slots=True)
class SeatView(PublicView):
    """The public view plus this seat's hand, its legal actions and what it knows of others."""

    seat: int
    hand: tuple[Card, ...]  # sorted as players hold cards
    known: FrozenMap[int, tuple[Card, ...]]  # cards the other seats showed and still hold
    legal: tuple[Action, ...]  # empty unless this seat is to act
    history: tuple[Action, ...]  # this deal's actions; cards passed, only between partners (F-5)
    partner: int | None
    unseen: tuple[Card, ...]  # cards this seat has seen nowhere: other hands, the stock
    claim_wins: bool  # declaring out now would win
    gave: tuple[Card, ...]  # F-5: the cards this seat passed to its partner this deal
    received: tuple[Card, ...]  # F-5: the cards its partner passed to it (secret to the two)
    giving: tuple[Card, ...]  # F-5: passing now, the cards it chose so far (still in its hand)
    options: FrozenMap[str, Any]  # the options the table chose (defaults left out)
    world: FrozenState  # the state as this seat may know it, for search (`world_from_view`)

    @property
    def unchosen(self) -> tuple[int, ...]:
        """F-5: the places in `hand` of the cards not chosen for the pass (all of them outside the
        passing; of two copies held with one chosen, the second place)."""
        chosen = list(self.giving)
        places = []
        for place, card in enumerate(self.hand):
            if card in chosen:
                chosen.remove(card)
            else:
                places.append(place)
        return tuple(places)

    def meld_value(self, cards: Sequence[Card]) -> tuple[str, int] | None:
        """The two-hand meld `cards` form now and the points it would be credited (§2.1, B-4)."""
        names_trump = self.world.no_trump_rules and self.trump is None
        options = resolve_options(self.options, players=self.players)
        return sequential_meld_value(cards, self.trump, options, names_trump=names_trump)


def _public_fields(game: GameCore) -> dict[str, Any]:
    st = game.state
    over = st.phase == GAME_OVER
    auction = game.variant.auction
    return {
        "variant": game.variant.name,
        "players": game.n,
        "phase": st.phase,
        "deal": st.deal_no,
        "dealer": st.dealer,
        "to_act": None if over else st.turn,
        "active": tuple(st.active),
        "hand_sizes": tuple(len(h) for h in st.hands),
        "table": FrozenMap((s, tuple(tc.card for tc in t)) for s, t in enumerate(st.table) if t),
        "table_uses": FrozenMap(
            (s, tuple(tuple(sorted(tc.uses)) for tc in t)) for s, t in enumerate(st.table) if t
        ),
        "trick": tuple(st.trick),
        "last_trick": st.tricks[-1].plays if st.tricks else (),
        "last_trick_winner": st.last_trick_winner,
        "tricks": tuple(st.tricks),
        "trump": st.trump,
        "turnup": st.turnup,
        "stock": game.stock_left(),
        "scores": tuple(game.seat_scores()),
        "target": st.target,
        "deal_points": DealPoints(tuple(st.deal_meld), tuple(st.won_points)),
        "tricks_won": tuple(st.tricks_won),
        "tricks_played": len(st.tricks),
        "melds": tuple(
            MeldOnTable(s, name, tuple(cards), pts, game.credit_unit(s) in st.credited_units)
            for s in range(game.n)
            for name, cards, pts in st.pending[s]
        )
        + tuple(
            MeldOnTable(s, name, tuple(cards), pts, True) for s, name, cards, pts in st.meld_log
        ),
        "dix_shown": tuple(st.dix_shown),
        "exchanged": st.exchanged,
        "melded_this_turn": st.melded_this_turn,
        "ranking": tuple(tuple(game.party_seats(p)) for p in st.places) if over else (),
        "team_scores": tuple(st.scores) if game.variant.partnership else None,
        "bid": (st.high_bid or None) if auction else None,
        "bidder": st.declarer if auction else None,
        "bids": tuple(st.bids) if auction else (),
        "passed": tuple(sorted(st.passed)) if auction else (),
        "contract": st.high_bid
        if auction and st.phase != AUCTION and st.declarer is not None
        else None,
        "calls": tuple(st.calls),
        "give_count": game.opt["pass_count"] if st.phase == PASSING else 0,
        "give_to": game.partner(st.turn) if st.phase == PASSING and st.turn is not None else None,
        "give_chosen": len(st.giving),
        "partnership": game.variant.partnership,
        "auction": auction,
    }


def public_view(game: GameCore) -> PublicView:
    """What everyone at the table may see (the board)."""
    return PublicView(**_public_fields(game))


def seat_view(game: GameCore, seat: int, legal: tuple[Action, ...]) -> SeatView:
    """The public view plus this seat's hand, its `legal` actions (none unless it is to act) and
    what it knows of others."""
    st = game.state
    world = st.public_copy(seat)
    return SeatView(
        **_public_fields(game),
        seat=seat,
        hand=tuple(sort_hand(st.hands[seat], st.trump)),
        known=FrozenMap((s, tuple(cs)) for s, cs in enumerate(st.known) if cs and s != seat),
        legal=legal,
        history=tuple(world.deal_history),
        partner=game.partner(seat),
        unseen=tuple(_unseen(game, seat)),
        claim_wins=bool(legal) and game.claim_wins(seat),
        gave=tuple(st.gave[seat]),
        received=tuple(st.gave[partner]) if (partner := game.partner(seat)) is not None else (),
        giving=tuple(world.giving),
        options=FrozenMap(game.options.given),
        world=world.freeze(),
    )


def _unseen(game: GameCore, seat: int) -> list[Card]:
    """Cards this seat has not seen anywhere: in other hands or the face-down stock."""
    st = game.state
    counts = dict.fromkeys(ALL_CARDS, 0)
    for c in pack_of_size(st.pack_size):
        counts[c] += 1
    seen = list(st.hands[seat])
    for s in range(game.n):
        seen += [tc.card for tc in st.table[s]]
        if s != seat:
            seen += st.known[s]
    seen += [c for _, c in st.trick]
    seen += st.played_cards
    if st.turnup is not None and not (st.mode != DealMode.TWO_HAND and seat == st.dealer):
        seen.append(st.turnup)  # in C/D it is the dealer's own card, already in his hand
    for c in seen:
        counts[c] -= 1
    return sorted((c for c, k in counts.items() for _ in range(max(0, k))), key=lambda c: c.code)
