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


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
def test_the_cards_chosen_so_far_are_the_givers_alone(variant: str) -> None:
    """F-5: in the middle of a pass (a card at a time), the giver's view shows the cards it chose;
    the partner, the other side and the public see how many, never which, and nothing has moved."""
    game = new_game(variant, seed=2, options={"pass_count": 4})
    while game.phase != Phase.PASSING:
        legal = game.legal_actions()
        game.apply(legal[-1] if game.phase == Phase.AUCTION else legal[0])
    giver = game.to_act
    assert giver is not None
    held = list(game.state.hands[giver])
    first, second = game.legal_actions()[0], game.legal_actions()[-1]
    game.apply(first)
    game.apply(second)
    mine = game.view(giver)
    assert mine.giving == first.cards + second.cards and mine.give_due == 2
    assert sorted(c.code for c in mine.hand) == sorted(c.code for c in held)
    for seat in range(4):
        if seat == giver:
            continue
        view = game.view(seat)
        assert view.giving == () and view.world.giving == ()
        assert not [a for a in view.history if a.verb == "give"]  # the pass is not whole yet
        assert (view.give_count, view.give_chosen) == (4, 2)
    public = game.public_view()
    assert (public.give_count, public.give_chosen) == (4, 2)
