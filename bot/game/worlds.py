"""Copies of a game for search: `Game.clone` and `world_from_view`.

A computer player sees only `Game.view(seat)`. To search, it assigns the
cards it has not seen to the other hands and the stock (a "world") and asks
the engine for a complete game consistent with the view. The view carries a
public snapshot of the deal (`view["world"]`) with every hidden card left out,
so nothing hidden can leak through this door either.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .cards import Card
from .melds import TableCard

if TYPE_CHECKING:
    from .game import Game

#: Plain values, copied as they are.
_SCALARS = (
    "deal_no",
    "phase",
    "turn",
    "dealer",
    "target",
    "mode",
    "no_trump_rules",
    "exchanged",
    "melded_this_turn",
    "tricks_played",
    "last_trick_winner",
    "turnup",
    "trump",
    "high_bid",
    "declarer",
    "pack_size",
    "meld_seat",
    "draw_then_meld",
    "exchanger",
)
#: Flat lists or sets of values.
_FLAT = (
    "scores",
    "active",
    "after",
    "places",
    "losers",
    "won_points",
    "tricks_won",
    "deal_meld",
    "declared",
    "credited_units",
    "dix_shown",
    "dealt_dix",
    "trick",
    "last_trick",
    "bids",
    "passed",
    "awaiting_draws",
    "played_cards",
    "deal_history",
    "order",
    "exchange_queue",
)
#: Lists of per-seat lists.
_NESTED = ("known", "pending")


def clone(game: Game) -> Game:
    """A fast independent copy (cards are immutable and shared)."""
    new = object.__new__(type(game))
    d = game.__dict__
    nd = new.__dict__
    nd.update(d)
    for name in _FLAT:
        if name in d:
            value = d[name]
            nd[name] = value.copy()
    for name in _NESTED:
        nd[name] = [list(x) for x in d[name]]
    nd["hands"] = [list(h) for h in d["hands"]]
    nd["table"] = [[TableCard(tc.card, set(tc.uses)) for tc in t] for t in d["table"]]
    nd["first_cards"] = dict(d["first_cards"])
    nd["meld_log"] = list(d["meld_log"])
    nd["stock"] = list(d["stock"])
    nd["history"] = list(d["history"])
    nd["_legal"] = None
    nd["deal_results"] = list(d["deal_results"])
    return new


def public_snapshot(game: Game, seat: int) -> dict:
    """The state of the deal as `seat` may know it: no other hand, no stock, no undeclared dix count."""
    snap: dict = {name: getattr(game, name, None) for name in _SCALARS}
    for name in _FLAT + _NESTED:
        snap[name] = copy.copy(getattr(game, name, None))
    snap["table"] = [[TableCard(tc.card, set(tc.uses)) for tc in t] for t in game.table]
    snap["first_cards"] = dict(game.first_cards)
    snap["meld_log"] = list(game.meld_log)
    snap["variant"] = game.variant.name
    snap["options"] = dict(game.options.given)
    snap["exchange_queue"] = None  # who else holds a dix is hidden; rebuilt from the world
    snap["dealt_dix"] = [
        k if s == seat or game.declared[s] else None for s, k in enumerate(game.dealt_dix)
    ]
    return snap


def world_from_view(
    view: Mapping, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card] = ()
) -> Game:
    """A complete game consistent with `view`, with `hands` for the other seats and `stock` face down.

    `hands[s]` must hold exactly `view["hand_sizes"][s]` cards (the seat's own
    hand comes from the view); `stock` holds the face-down stock in drawing order.
    """
    from .game import Game
    from .melds import MeldRules
    from .options import resolve_options
    from .points import point_table, scale
    from .variants import get_variant

    snap = view["world"]
    seat = view["seat"]
    game = object.__new__(Game)
    game.variant = get_variant(snap["variant"])
    game.n = game.variant.players
    game.options = resolve_options(snap["options"], players=game.n)
    game.opt = dict(game.options)
    game.seed = 0
    game.first_deck = None
    game.rules = MeldRules.from_options(game.options)
    game._dix_rank_index = ("A", "10", "K", "Q", "J", "9", "8", "7").index(game.rules.dix_rank)
    game.points = point_table(game.options)
    game.scale = scale(game.options)
    game.parties = 2 if game.variant.partnership else game.n
    game.history = []
    game._legal = None
    game._declare_out_allowed = game.options["declare_out"] and not game.variant.partnership
    game.deal_results = []
    game.opening_events = []
    for name in _SCALARS:
        setattr(game, name, snap[name])
    for name in _FLAT + _NESTED:
        value = snap[name]
        setattr(game, name, copy.deepcopy(value) if name in _NESTED else copy.copy(value))
    game.table = [[TableCard(tc.card, set(tc.uses)) for tc in t] for t in snap["table"]]
    game.first_cards = dict(snap["first_cards"])
    game.meld_log = list(snap["meld_log"])
    game.hands = [[] for _ in range(game.n)]
    game.hands[seat] = [Card.from_text(c) for c in view["hand"]]
    for s, cards in hands.items():
        if s == seat:
            continue
        if len(cards) != view["hand_sizes"][s]:
            raise ValueError(f"seat {s} holds {view['hand_sizes'][s]} cards, not {len(cards)}")
        game.hands[s] = list(cards)
    game.stock = list(stock)
    dix = game.dix_card
    for s in range(game.n):
        if game.dealt_dix[s] is None:  # rebuilt from the world: who was dealt a 9 of trumps
            game.dealt_dix[s] = (
                (game.hands[s].count(dix) if dix else 0)
                + (1 if game.exchanger == s else 0)
                - (1 if game.exchanged and s == game.dealer else 0)
            )
    game.exchange_queue = []
    if game.phase == "exchange":
        later = game.order[game.order.index(game.turn) + 1 : -1]
        game.exchange_queue = [game.turn] + [s for s in later if dix in game.hands[s]]
    return game
