"""A game's deals read from the engine's typed events as its actions are applied (no card text
parsed back): the hands as dealt, the auction, the melds, every trick and what each seat held
as it began, the draws after it, and the deal's result."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

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
from ..frozen import FrozenMap
from ..game import Game
from ..phases import DealMode
from .deals import DealRecord, DrawHow, MeldPart, MeldRecord, TrickRecord


@dataclass
class _Draft:
    """A deal being built: its frozen record so far (`deal`) and the lists its events grow,
    frozen into the record once the log is read (`freeze`)."""

    deal: DealRecord
    auction: list[tuple[int, str]] = field(default_factory=list)
    passes: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    melds: list[MeldRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    def set(self, **changes: Any) -> None:
        self.deal = replace(self.deal, **changes)

    def freeze(self) -> DealRecord:
        return replace(
            self.deal,
            auction=tuple(self.auction),
            passes=tuple(self.passes),
            melds=tuple(self.melds),
            tricks=tuple(self.tricks),
            actions=tuple(self.actions),
        )


def deals_of(game: Game, actions: Iterable[str]) -> list[DealRecord]:
    """The deals `game` (as it starts) goes through while `actions` are applied to it; an action
    the engine refuses raises IllegalAction."""
    deals: list[_Draft] = []
    held: Mapping[int, tuple[Card, ...]] = FrozenMap()  # as the trick in play began
    _collect(game, deals, game.opening_events, held)
    for text in actions:
        deals[-1].actions.append(text)
        st = game.state
        if not st.trick and text.startswith("play "):
            held = FrozenMap(
                {s: (*st.hands[s], *(tc.card for tc in st.table[s])) for s in st.active}
            )
        _collect(game, deals, game.apply(text), held)
    return [draft.freeze() for draft in deals]


def _collect(
    game: Game,
    deals: list[_Draft],
    events: Sequence[Event],
    held: Mapping[int, tuple[Card, ...]],
) -> None:
    """Add one action's engine events to the deals (a `deal` event opens the next one); `held`:
    what each seat held as the trick in play began."""
    for event in events:
        if isinstance(event, DealStarted):
            deals.append(_Draft(_dealt(game, event)))
            continue
        draft = deals[-1]
        match event:
            case Bid(seat=seat, amount=amount) if game.variant.auction:
                draft.auction.append((seat, f"bid {amount}"))
            case Passed(seat=seat) if game.variant.auction:
                draft.auction.append((seat, "pass"))
            case Contract(seat=seat, amount=amount):
                draft.set(contract=(seat, amount))
            case TrumpFixed(seat=seat, suit=suit):  # named by the declarer in the auction (E-8)
                draft.set(trump=suit, trump_by=seat if game.variant.auction else None)
            case CardsGiven(seat=seat):  # F-5: which cards, from the giver's own record of them
                draft.passes.append((seat, tuple(game.state.gave[seat])))
            case Melded():
                parts = tuple(MeldPart(m.name, tuple(m.cards), m.points) for m in event.melds)
                draft.melds.append(
                    MeldRecord(
                        event.seat, parts, event.points, len(draft.tricks), not event.pending
                    )
                )
            case MeldCredited(seats=seats):
                draft.melds = [
                    replace(m, counted=m.counted or m.seat in seats) for m in draft.melds
                ]
            case DixDeclared(seat=seat, card=card) if game.state.mode != DealMode.TWO_HAND:
                if card is not None:  # three and four hands: the exchange, C-4 (its 10 melds)
                    draft.set(exchange=(seat, card))
            case DealerDix() | DixDeclared():  # the dix scored on its own, C-3
                dix = game.dix_card
                assert dix is not None  # a dix needs a trump
                part = MeldPart("dix", (dix,), event.points)
                draft.melds.append(
                    MeldRecord(event.seat, (part,), event.points, len(draft.tricks), dix=True)
                )
            case TrickTaken():
                draft.tricks.append(TrickRecord(event.trick, event.last, (), held))
            case Draw(seat=seat) if draft.tricks and draft.deal.stock is not None:
                _drew(draft, (seat, draft.deal.stock[_drawn(draft)], "draw"))
            case Show() | TurnupTaken() if draft.tricks:
                how: DrawHow = "show" if isinstance(event, Show) else "take_turnup"
                _drew(draft, (event.seat, event.card, how))
            case DeclaredOut(seat=seat):
                draft.set(declared_out=seat)
            case DealEnded(result=result):
                draft.set(results=result)
                draft.melds = [  # a side that lost its meld (C-6, D-5, E-11): none counted
                    replace(m, counted=m.counted and bool(result.meld[m.seat])) for m in draft.melds
                ]
                _reveal(game, draft)
            case DealThrownIn():
                draft.set(thrown_in=True)
                _reveal(game, draft)
            case _:
                pass


def _drew(draft: _Draft, draw: tuple[int, Card, DrawHow]) -> None:
    """A card drawn (or shown, or the turn-up taken) after the deal's last trick (A-6, A-8)."""
    trick = draft.tricks[-1]
    draft.tricks[-1] = replace(trick, draws=(*trick.draws, draw))


def _reveal(game: Game, draft: _Draft) -> None:
    """A deal over (scored or thrown in): its seed is revealed."""
    if game.dealing is not None:
        draft.set(seed=game.dealing.seed(draft.deal.number))


def _drawn(draft: _Draft) -> int:
    """How many face-down stock cards the deal's tricks have drawn so far (A-6)."""
    return sum(how != "take_turnup" for trick in draft.tricks for _, _, how in trick.draws)


def _dealt(game: Game, event: DealStarted) -> DealRecord:
    """The deal just dealt, read from the engine before anyone acts."""
    two = game.state.mode == DealMode.TWO_HAND
    dealing = game.dealing
    hands = {s: tuple(game.state.hands[s]) for s in range(game.n) if game.state.hands[s]}
    salts = dealing.salts.get(event.deal, {}) if dealing is not None else {}
    return DealRecord(
        salts=FrozenMap(salts),
        draw=dealing.draws.get(event.deal) if dealing is not None else None,
        people=dealing.people.get(event.deal) if dealing is not None else None,
        number=event.deal,
        dealer=event.dealer,
        hands=FrozenMap(hands),
        turnup=event.turnup,
        stock=tuple(game.state.stock) if two else None,
        trump=event.trump,
    )
