"""One dataclass holds the state of a game (`DealState`): copies share nothing that changes.

The test walks `dataclasses.fields(DealState)`, so a field added later is
covered without touching it.
"""

from __future__ import annotations

import copy
import random
from dataclasses import fields
from typing import Any

import pytest

from bot.game import VARIANTS, DealState, Game, new_game
from bot.game.core import seeded_shuffle
from bot.game.melds import TableCard

from .helpers import play_randomly


class Marker:
    """A value no game ever holds."""


def _mutate(value: Any) -> None:
    """Change `value` in place, and everything mutable inside it."""
    if isinstance(value, list):
        for item in value:
            _mutate(item)
        value.append(Marker())
    elif isinstance(value, set):
        value.add(Marker())
    elif isinstance(value, dict):
        for item in value.values():
            _mutate(item)
        value[Marker()] = Marker()
    elif isinstance(value, tuple):
        for item in value:
            _mutate(item)
    elif isinstance(value, TableCard):
        value.uses.add("marker")


def _played(variant: str, seed: int, actions: int) -> Game:
    return play_randomly(new_game(variant, seed=seed), random.Random(seed), actions)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("actions", [0, 9, 60, 200])
def test_mutating_every_field_of_a_clone_leaves_the_original_untouched(variant, actions):
    game = _played(variant, 11, actions)
    before = copy.deepcopy(game.state)
    clone = game.clone()
    for f in fields(DealState):
        value = getattr(clone.state, f.name)
        _mutate(value)
        setattr(clone.state, f.name, Marker())
    assert game.state == before
    assert game.view(0) == _played(variant, 11, actions).view(0)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_seats_snapshot_holds_no_hidden_card(variant):
    game = _played(variant, 4, 30)
    for seat in range(game.n):
        world = game.view(seat).world
        assert all(hand == () for hand in world.hands) and world.stock == ()
        assert world.exchange_queue == ()
        for s, dealt in enumerate(world.dealt_dix):
            assert dealt == game.state.dealt_dix[s] if s == seat or game.state.declared[s] else -1


def test_a_new_deal_starts_every_per_deal_field_afresh():
    game = _played("three-handed", 2, 400)
    assert game.deal_no > 1
    fresh = DealState.start(game.n)
    game.state.new_deal(game.n)
    for f in fields(DealState):
        if f.metadata["per_deal"]:
            assert getattr(game.state, f.name) == getattr(fresh, f.name), f.name


@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 48, 64, 80])
def test_the_engines_shuffle_deals_what_the_standard_shuffle_deals(size):
    """Games are stored as a seed and actions: the engine's own Fisher–Yates must lay every
    pack exactly as `random.Random.shuffle` would, or a stored game would replay other cards."""
    for seed in range(300):
        expected, got = list(range(size)), list(range(size))
        random.Random(f"{seed}:deal:{size}").shuffle(expected)
        seeded_shuffle(got, random.Random(f"{seed}:deal:{size}"))
        assert got == expected
