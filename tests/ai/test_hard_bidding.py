"""`hard`'s calls in the games with a passing (RULES F-2, F-9, H-2, H-11): searched, within reason."""

from __future__ import annotations

import pytest

import bot.ai.hard as hard_search
from bot.ai import get_player
from bot.ai.bidding import best_trump
from bot.ai.knowledge import read_view
from bot.game import PASS, meld_points, new_game

pytestmark = pytest.mark.usefixtures("counted_budget_only")


def _first_call(variant: str, seed: int):
    """The eldest hand's first call of a fresh deal: its view and its meld in its best trump."""
    game = new_game(variant, seed=seed)
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
    """A flush with aces (150 meld in the single pack), or 94 meld where 50 is the minimum bid:
    the contract is as good as made, so hard opens the bidding rather than pass."""
    view, meld = _first_call(variant, seed)
    lowest = min(a.amount or 0 for a in view.legal if a.verb == "bid")
    assert meld >= 0.6 * lowest
    assert get_player("hard", seed=3, budget=0.1).choose(view).verb == "bid"


@pytest.mark.parametrize(("variant", "strict"), [("auction", True), ("check", False)])
def test_a_call_with_a_passing_needs_twice_the_noise_to_overrule_normal(
    monkeypatch, variant, strict
):
    """A deal with a passing swings by hundreds of points on one call, so there the searched call
    replaces normal's only when it wins by two standard errors (one elsewhere, as in Check)."""
    gain = [40.0, -10.0, 55.0, 5.0]  # +22.5 a world on average, about 1.5 standard errors
    monkeypatch.setattr(
        hard_search,
        "search_worlds",
        lambda k, candidates, *a, **kw: ([[0.0] * 4] + [gain] * (len(candidates) - 1), 0),
    )
    game = new_game(variant, seed=4)
    view = game.view(game.to_act)
    assert len(view.legal) > 1
    normal = get_player("normal").choose(view)
    hard = get_player("hard", seed=3, budget=0.1).choose(view)
    assert (hard == normal) is strict
