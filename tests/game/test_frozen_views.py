"""Every view the engine hands out is frozen to the bottom and pickles equal.

A view is handed to every reader (the board, a person's hand, a computer player) and sent to the
thinking pool's worker processes (`bot.ai.thinking`), so no reader may change what another sees
and a view must cross a process boundary unchanged. The search thaws its own state from a view
(`world_from_view`) and plays on it; the view stays as it was.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from bot.game import VARIANTS, FrozenMap, Game, Phase, PublicView, new_game, world_from_view
from bot.game.random_play import random_action
from tests.frozen_walk import thawed_in_value

#: A house rule for each game that plays it, so a view's options are not empty (E-8, F-5, A-14).
OPTIONS: dict[str, dict[str, Any]] = {
    "auction": {"pass_count": 3},
    "double-deck": {"pass_count": 3},
    "check": {"min_bid": 300},
    "two-handed": {"pack64": True},
}


def _views_of_a_game(variant: str, seed: int) -> list[PublicView]:
    """The public view and every seat's view after each action of a random game (its first 300)."""
    game = new_game(variant, seed=seed, options=OPTIONS.get(variant))
    rng = random.Random(seed)
    views: list[PublicView] = []
    for _ in range(300):
        views += _views_now(game)
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    return views


def _views_now(game: Game) -> list[PublicView]:
    return [game.public_view(), *(game.view(seat) for seat in range(game.n))]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_view_pickles_equal_and_is_frozen_to_the_bottom(variant: str) -> None:
    views = _views_of_a_game(variant, seed=5)
    phases = {view.phase for view in views}
    if VARIANTS[variant].auction:
        assert Phase.AUCTION in phases
    if variant in ("auction", "double-deck"):
        assert Phase.PASSING in phases  # F-5: the cards chosen so far are in the giver's view
    if VARIANTS[variant].players == 2:
        assert any(view.table for view in views)  # melded cards lying face up (M-8)
    assert any(getattr(view, "options", None) for view in views) == (variant in OPTIONS)
    for view in views:
        again = pickle.loads(pickle.dumps(view))
        assert again == view and hash(again) == hash(view)
        assert thawed_in_value(view) == [], view.phase


def test_the_walk_finds_what_a_reader_could_change() -> None:
    """The walk itself: a dict, a list and the engine's live state are each found."""
    game = new_game("two-handed", seed=1)
    assert thawed_in_value({"a": 1}) == [": dict"]
    assert thawed_in_value((1, [2])) == ["[1]: list"]
    assert thawed_in_value(FrozenMap({1: {2}})) == ["[1]: set"]
    assert thawed_in_value(game.state) == [": DealState is not frozen"]


@pytest.mark.parametrize("variant", ["two-handed", "four-handed", "auction", "double-deck"])
def test_a_world_thawed_from_a_view_is_its_own(variant: str) -> None:
    """The search plays a whole deal on the state it thaws: the view keeps what it showed."""
    game = new_game(variant, seed=3, options=OPTIONS.get(variant))
    rng = random.Random(3)
    while not game.phase.binds_play and not game.is_over:
        game.apply(random_action(game, rng))
    for _ in range(3):
        game.apply(random_action(game, rng))
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    before = pickle.dumps(view)
    state = game.state
    hands = {s: list(state.hands[s]) for s in range(game.n) if s != seat}
    world = world_from_view(view, hands, list(state.stock))
    assert world.state.freeze() != view.world  # the hidden cards are filled in
    play_randomly = random.Random(4)
    while not world.is_over and world.deal_no == game.deal_no:
        world.apply(random_action(world, play_randomly))
    assert pickle.dumps(view) == before
    assert view.world.thaw().freeze() == view.world


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_field_of_the_state_freezes_and_thaws_back_as_it_was(variant: str) -> None:
    """Each field's shape says how it freezes and thaws, so a new field cannot be left out."""
    game = new_game(variant, seed=8, options=OPTIONS.get(variant))
    rng = random.Random(8)
    for _ in range(120):
        frozen = game.state.freeze()
        assert frozen.thaw() == game.state and thawed_in_value(frozen) == []
        if game.is_over:
            break
        game.apply(random_action(game, rng))
