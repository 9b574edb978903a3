"""The `normal` level: a strong heuristic player for every variant and every decision.

It counts the cards seen, infers voids from the history (`knowledge`), values
melds (`meldvalue`, `melding`), bids from meld plus expected tricks
(`bidding`), and scores each card by the chance of taking the trick and the
points at stake (`cardplay`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import Card

from . import bidding, cardplay, melding
from .knowledge import Knowledge, read_view
from .player import Player


def claim_is_right(k: Knowledge) -> bool:
    """A-12: declaring out wins only if this deal's points so far reach the target."""
    points = k.view.get("deal_points", {})
    mine = sum(points.get(key, [0] * k.players)[k.seat] for key in ("meld", "cards"))
    return k.view["scores"][k.seat] + mine >= k.view["target"]


def play_card(k: Knowledge, legal: list[Card]) -> Card:
    if k.phase == "stock":
        return cardplay.stock_play(k, legal)
    return cardplay.strict_play(k, legal)


def decide_normal(view: Mapping[str, Any], legal: list[str]) -> str:
    """The normal level's decision; also the default for decisions the search leaves alone."""
    k = read_view(view)
    if "declare out" in legal:
        if claim_is_right(k):
            return "declare out"
        legal = [a for a in legal if a != "declare out"]
        if len(legal) == 1:
            return legal[0]
    phase = k.phase
    if phase == "auction":
        return bidding.choose_bid(k, legal)
    if phase == "trump":
        return bidding.choose_trump(k, legal)
    if phase == "exchange":
        return "exchange"  # C-4: the exchanger still scores his dix and gains the turn-up
    if phase == "meld":
        return melding.choose_meld(k, legal)
    if phase == "draw":
        turnup = Card.from_text(view["turnup"])
        return "draw turnup" if turnup.suit is k.trump or turnup.rank == "A" else "draw"
    return f"play {play_card(k, k.legal_cards())}"


class NormalPlayer(Player):
    """Card counting, void inference, meld valuation and bidding from meld plus tricks."""

    level = "normal"

    def decide(self, view: Mapping[str, Any], legal: list[str]) -> str:
        return decide_normal(view, legal)
