"""A game's deals read from the engine's typed events as its actions are applied (no card text
parsed back): the hands as dealt, the auction, the melds, every trick and what each seat held
as it began, the draws after it, and the deal's result."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..events import (
    Bid,
    CardsGiven,
    Contract,
    DealEnded,
    DealerDix,
    DealStarted,
    DealThrownIn,
    DeclaredOut,
    DixDeclared,
    Draw,
    Event,
    MeldCredited,
    Melded,
    Passed,
    Show,
    TrickTaken,
    TrumpFixed,
    TurnupTaken,
)
from ..game import Game
from ..phases import DealMode
from .deals import DealRecord, DrawHow, MeldPart, MeldRecord, TrickRecord


def deals_of(game: Game, actions: Iterable[str]) -> list[DealRecord]:
    """The deals `game` (as it starts) goes through while `actions` are applied to it; an action
    the engine refuses raises IllegalAction."""
    deals: list[DealRecord] = []
    held: dict[int, list[Card]] = {}  # what each seat held as the trick in play began
    _collect(game, deals, game.opening_events, held)
    for text in actions:
        deals[-1].actions.append(text)
        st = game.state
        if not st.trick and text.startswith("play "):
            held = {s: st.hands[s] + [tc.card for tc in st.table[s]] for s in st.active}
        _collect(game, deals, game.apply(text), held)
    return deals


def _collect(
    game: Game, deals: list[DealRecord], events: Sequence[Event], held: dict[int, list[Card]]
) -> None:
    """Add one action's engine events to the deals (a `deal` event opens the next one); `held`:
    what each seat held as the trick in play began."""
    for event in events:
        if isinstance(event, DealStarted):
            deals.append(_dealt(game, event))
            continue
        deal = deals[-1]
        match event:
            case Bid(seat=seat, amount=amount) if game.variant.auction:
                deal.auction.append((seat, f"bid {amount}"))
            case Passed(seat=seat) if game.variant.auction:
                deal.auction.append((seat, "pass"))
            case Contract(seat=seat, amount=amount):
                deal.contract = (seat, amount)
            case TrumpFixed(seat=seat, suit=suit):
                deal.trump = suit
                if game.variant.auction:  # named by the declarer (E-8)
                    deal.trump_by = seat
            case CardsGiven(seat=seat):  # F-5: which cards, from the giver's own record of them
                deal.passes.append((seat, list(game.state.gave[seat])))
            case Melded():
                parts = [MeldPart(m.name, list(m.cards), m.points) for m in event.melds]
                deal.melds.append(
                    MeldRecord(event.seat, parts, event.points, len(deal.tricks), not event.pending)
                )
            case MeldCredited(seats=seats):
                for meld in deal.melds:
                    meld.counted = meld.counted or meld.seat in seats
            case DixDeclared(seat=seat, card=card) if game.state.mode != DealMode.TWO_HAND:
                if card is not None:  # three and four hands: the exchange, C-4 (its 10 melds)
                    deal.exchange = (seat, card)
            case DealerDix() | DixDeclared():  # the dix scored on its own, C-3
                dix = game.dix_card
                assert dix is not None  # a dix needs a trump
                part = MeldPart("dix", [dix], event.points)
                deal.melds.append(
                    MeldRecord(event.seat, [part], event.points, len(deal.tricks), dix=True)
                )
            case TrickTaken():
                trick = TrickRecord(list(event.cards), event.winner, event.points)
                trick.number, trick.last, trick.held = event.number, event.last, held
                deal.tricks.append(trick)
            case Draw(seat=seat) if deal.tricks and deal.stock is not None:
                deal.tricks[-1].draws.append((seat, deal.stock[_drawn(deal)], "draw"))
            case Show() | TurnupTaken() if deal.tricks:
                how: DrawHow = "show" if isinstance(event, Show) else "take_turnup"
                deal.tricks[-1].draws.append((event.seat, event.card, how))
            case DeclaredOut(seat=seat):
                deal.declared_out = seat
            case DealEnded(result=result):
                deal.results = result
                for meld in deal.melds:  # a side that lost its meld (C-6, D-5, E-11): none counted
                    meld.counted = meld.counted and bool(result.meld[meld.seat])
                _reveal(game, deal)
            case DealThrownIn():
                deal.thrown_in = True
                _reveal(game, deal)
            case _:
                pass


def _reveal(game: Game, deal: DealRecord) -> None:
    """A deal over (scored or thrown in): its seed is revealed."""
    if game.dealing is not None:
        deal.seed = game.dealing.seed(deal.number)


def _drawn(deal: DealRecord) -> int:
    """How many face-down stock cards the deal's tricks have drawn so far (A-6)."""
    return sum(how != "take_turnup" for trick in deal.tricks for _, _, how in trick.draws)


def _dealt(game: Game, event: DealStarted) -> DealRecord:
    """The deal just dealt, read from the engine before anyone acts."""
    two = game.state.mode == DealMode.TWO_HAND
    dealing = game.dealing
    return DealRecord(
        salts=dict(dealing.salts.get(event.deal, {})) if dealing is not None else {},
        draw=dealing.draws.get(event.deal) if dealing is not None else None,
        people=dealing.people.get(event.deal) if dealing is not None else None,
        number=event.deal,
        dealer=event.dealer,
        hands={s: list(game.state.hands[s]) for s in range(game.n) if game.state.hands[s]},
        turnup=event.turnup,
        stock=list(game.state.stock) if two else None,
        trump=event.trump,
    )
