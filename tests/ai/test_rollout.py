"""Playouts on the engine's integer core play and score exactly as playouts through `Game.apply`."""

import pytest

from bot.ai import rollout
from bot.ai.knowledge import read_view
from bot.game import VARIANTS

from .helpers import random_positions


def playout_points(game, *, fast: bool, monkeypatch) -> tuple[list[int], int]:
    if not fast:
        monkeypatch.setattr(rollout.FastTricks, "start", classmethod(lambda cls, game: None))
    k = read_view(game.view(game.to_act))
    playout = rollout.Playout(
        hands={s: list(game.state.hands[s]) for s in range(game.n)},
        trick=list(k.trick),
        trump=k.trump,
        variant=k.variant,
        options=k.options,
        value=k.value,
        free_play=k.phase.stock_round,
    )
    points = playout.run(game.clone())
    monkeypatch.undo()
    return points, playout.actions


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_integer_playout_plays_the_easy_rules_to_the_same_points(variant, monkeypatch):
    """Same cards by the same rules of thumb, so the same deal points and the same count of actions."""
    compared = 0
    for seed in range(4):
        for n, game in enumerate(random_positions(variant, seed)):
            if n % 3 or game.to_act is None:
                continue
            slow = playout_points(game, fast=False, monkeypatch=monkeypatch)
            assert playout_points(game, fast=True, monkeypatch=monkeypatch) == slow, (seed, n)
            compared += 1
    assert compared > 20
