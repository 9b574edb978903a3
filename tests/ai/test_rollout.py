"""Playouts on the engine's integer core play and score exactly as playouts through `Game.apply`."""

import pytest

from bot.ai import rollout
from bot.ai.knowledge import read_view
from bot.game import VARIANTS

from .helpers import random_positions


def playout(game) -> tuple[list[int], int]:
    """Deal points of a playout from `game`'s position, and the actions it played."""
    k = read_view(game.view(game.to_act))
    out = rollout.Playout(
        hands={s: list(game.state.hands[s]) for s in range(game.n)},
        trick=list(k.trick),
        trump=k.trump,
        variant=k.variant,
        options=k.options,
        value=k.value,
        free_play=k.phase.stock_round,
    )
    return out.run(game.clone()), out.actions


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_integer_playout_plays_the_easy_rules_to_the_same_points(variant, monkeypatch):
    """Same cards by the same rules of thumb, so the same deal points and the same count of actions."""
    compared = strict = 0
    for seed in range(4):
        for n, game in enumerate(random_positions(variant, seed)):
            if n % 3 or game.to_act is None:
                continue
            with monkeypatch.context() as engine_only:
                engine_only.setattr(rollout.FastTricks, "start", classmethod(lambda cls, g: None))
                slow = playout(game)
            assert playout(game) == slow, (seed, n)
            compared += 1
            strict += game.phase.binds_play  # the integer core plays from here
    assert compared > 20 and strict > 10
