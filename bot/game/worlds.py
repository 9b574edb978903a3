"""A complete game from one seat's view, for search: `world_from_view`.

A computer player sees only `Game.view(seat)`. To search, it assigns the
cards it has not seen to the other hands and the stock (a "world") and asks
the engine for a complete game consistent with the view. The view carries
the deal's state as that seat may know it (`view.world`, every hidden card
left out), so nothing hidden can leak through this door either; it is frozen,
so each world thaws a state of its own and no search can change the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card
from .game import Game
from .phases import EXCHANGE
from .views import SeatView


def world_from_view(
    view: SeatView, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card] = ()
) -> Game:
    """A complete game consistent with `view`, with `hands` for the other seats and `stock` face down.

    `hands[s]` must hold exactly `view.hand_sizes[s]` cards (the seat's own
    hand comes from the view); `stock` holds the face-down stock in drawing order.
    """
    seat = view.seat
    state = view.world.thaw()
    state.hands[seat] = list(view.hand)
    for s, cards in hands.items():
        if s == seat:
            continue
        if len(cards) != view.hand_sizes[s]:
            raise ValueError(f"seat {s} holds {view.hand_sizes[s]} cards, not {len(cards)}")
        state.hands[s] = list(cards)
    state.stock = list(stock)
    game = Game.from_state(view.variant, view.options, state)
    dix = game.dix_card
    for s in range(game.n):
        if state.dealt_dix[s] < 0:  # rebuilt from the world: who was dealt a 9 of trumps
            state.dealt_dix[s] = (
                (state.hands[s].count(dix) if dix else 0)
                + (1 if state.exchanger == s else 0)
                - (1 if state.exchanged and s == state.dealer else 0)
            )
    if state.phase == EXCHANGE and state.turn is not None:
        later = state.order[state.order.index(state.turn) + 1 : -1]
        state.exchange_queue = [state.turn] + [s for s in later if dix in state.hands[s]]
    return game
