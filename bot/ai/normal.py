"""The `normal` level: a strong heuristic player for every variant and every decision.

It counts the cards seen, infers voids from the history (`knowledge`), values
melds (`meldvalue`, `melding`), bids from meld plus expected tricks
(`bidding`), and scores each card by the chance of taking the trick and the
points at stake (`cardplay`).
"""

from __future__ import annotations

from bot.game import DECLARE_OUT, DRAW, DRAW_TURNUP, EXCHANGE, Action, Card, Phase, SeatView

from . import bidding, cardplay, melding, passing
from .knowledge import Knowledge, read_view
from .player import Player


def play_card(k: Knowledge, legal: list[Card]) -> Card:
    if k.phase == Phase.STOCK:
        return cardplay.stock_play(k, legal)
    return cardplay.strict_play(k, legal)


def decide_normal(view: SeatView, legal: list[Action]) -> Action:
    """The normal level's decision; also the default for decisions the search leaves alone.

    It declares out exactly when the engine says the claim wins (A-12).
    """
    if DECLARE_OUT in legal:
        if view.claim_wins:
            return DECLARE_OUT
        legal = [a for a in legal if a != DECLARE_OUT]
        if len(legal) == 1:
            return legal[0]
    k = read_view(view)
    phase = k.phase
    if phase == Phase.PASSING:
        return passing.give(k)
    if phase == Phase.AUCTION:
        return bidding.choose_bid(k, legal)
    if phase == Phase.TRUMP:
        return bidding.choose_trump(k, legal)
    if phase == Phase.EXCHANGE:
        return EXCHANGE  # C-4: the exchanger still scores his dix and gains the turn-up
    if phase == Phase.MELD:
        return melding.choose_meld(k, legal)
    if phase == Phase.DRAW:
        turnup = view.turnup
        good = turnup is not None and (turnup.suit is k.trump or turnup.rank == "A")
        return DRAW_TURNUP if good else DRAW
    return Action.play(play_card(k, k.legal_cards()))


class NormalPlayer(Player):
    """Card counting, void inference, meld valuation and bidding from meld plus tricks."""

    level = "normal"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        return decide_normal(view, legal)
