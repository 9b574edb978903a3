"""`hard`'s calls in the games with a passing (RULES F-2, F-9, H-2, H-11): sound by the rule book."""

from __future__ import annotations

import pytest

from bot.ai import get_player
from bot.ai.bidding import best_trump
from bot.ai.knowledge import read_view
from bot.game import PASS, meld_points, new_game

#: F-2: these hands are judged against a 250 opening (a club table's); BIC opens at 100.
CLUB_OPENING = {"auction": {"min_bid": 250}}


def _first_call(variant: str, seed: int):
    """The eldest hand's first call of a fresh deal: its view and its meld in its best trump."""
    game = new_game(variant, seed=seed, options=CLUB_OPENING.get(variant))
    view = game.view(game.to_act)
    k = read_view(view)
    trump, _ = best_trump(k.hand, k.options)
    return view, meld_points(k.hand, trump, k.options)


@pytest.mark.parametrize(("variant", "seed"), [("auction", 43), ("double-deck", 24)])
def test_hard_passes_a_hand_that_cannot_make_the_lowest_bid(variant, seed):
    """F-9: a side that falls short loses the whole contract; with next to no meld and no power
    (10 meld against a 250 minimum; none against the double deck's 50) hard does not open."""
    view, meld = _first_call(variant, seed)
    assert meld <= 10
    assert get_player("hard", seed=3, budget=0.1).choose(view) == PASS


@pytest.mark.parametrize(("variant", "seed"), [("auction", 23), ("double-deck", 36)])
def test_hard_bids_a_hand_whose_meld_and_power_make_the_contract_sure(variant, seed):
    """A spade flush and two more aces (150 meld against a 250 minimum), or 94 meld where 50 is
    the minimum bid: the contract is as good as made, so hard opens the bidding rather than pass."""
    view, meld = _first_call(variant, seed)
    lowest = min(a.amount or 0 for a in view.legal if a.verb == "bid")
    assert meld >= 0.6 * lowest
    assert get_player("hard", seed=3, budget=0.1).choose(view).verb == "bid"
