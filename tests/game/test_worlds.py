"""Search support: Game.clone and world_from_view rebuild the same game from a seat's view."""

import random
from dataclasses import fields

import pytest

from bot.game import VARIANTS, Game, new_game, world_from_view
from bot.game.actions import Action
from bot.game.events import DealEnded
from bot.game.random_play import random_action


def first_action(game: Game) -> Action:
    """The first legal action (in the passing, F-5, a card of the hand)."""
    return game.legal_actions()[0]


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seed", range(8))
def test_world_from_view_with_the_true_cards_plays_on_identically(variant, seed):
    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 80)):
        if game.is_over:
            return
        game.apply(random_action(game, rng))
    if game.is_over:
        return
    seat = game.to_act
    view = game.view(seat)
    world = world_from_view(
        view,
        {s: list(game.state.hands[s]) for s in range(game.n) if s != seat},
        list(game.state.stock),
    )
    copy = game.clone()
    assert world.view(seat) == view
    deal = game.deal_no
    while not copy.is_over and copy.deal_no == deal:
        action = first_action(copy)
        assert world.legal_actions() == copy.legal_actions()
        ours, theirs = world.apply(action), copy.apply(action)
        end = next((i for i, e in enumerate(theirs) if isinstance(e, DealEnded)), len(theirs))
        assert (
            ours[: end + 1] == theirs[: end + 1]
        )  # the next deal's shuffle comes from the game's seed
    assert game.to_json() != copy.to_json() or game.is_over  # the clone moved on alone


def test_world_from_view_checks_hand_sizes():
    game = new_game("three-handed", seed=1)
    view = game.view(game.to_act)
    with pytest.raises(ValueError, match="holds"):
        world_from_view(view, {s: [] for s in range(3) if s != game.to_act})


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_public_view_is_the_seat_view_without_anything_private(variant):
    game = new_game(variant, seed=3)
    board = game.public_view()
    public = {f.name for f in fields(board)}
    assert not {"hand", "legal", "unseen", "world", "known", "history"} & public
    for seat in range(game.n):
        view = game.view(seat)
        assert {k: getattr(view, k) for k in public} == {k: getattr(board, k) for k in public}
