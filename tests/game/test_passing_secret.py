"""The cards passed between partners (F-5) are secret to the two of them: the other side's view,
its history and its search world say how many cards went, never which."""

from __future__ import annotations

import pytest

from bot.ai.table_players import SimplePlayer
from bot.game import Phase, new_game


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_only_the_partners_see_the_passed_cards(variant: str, seed: int) -> None:
    import random

    game = new_game(variant, seed=seed, options={"pass_count": 4})  # F-5, H-5
    player, rng = SimplePlayer(), random.Random(seed)
    while game.phase != Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        game.apply(player.choose(view, list(view.legal), rng))
    declarer = game.state.declarer
    assert declarer is not None
    passed = {card for gift in game.state.gave for card in gift}
    assert passed
    for seat in range(4):
        view = game.view(seat)
        gives = [a for a in view.history if a.verb == "give"]
        in_world = [a for a in view.world.deal_history if a.verb == "give"]
        assert len(gives) == len(in_world) == 2
        if (seat - declarer) % 2:  # the other side
            assert all(not a.cards and a.amount == 4 for a in gives + in_world)
            assert not view.gave and not view.received
            assert not any(view.world.gave)
        else:
            assert {c for a in gives for c in a.cards} == passed
