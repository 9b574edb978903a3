"""The two-hand play-off solver against a brute-force search through the engine itself."""

from __future__ import annotations

import pytest

from bot.ai import get_player
from bot.ai.knowledge import read_view
from bot.ai.solver import PlayoffSolver
from bot.game import Card, Game, new_game


def _engine_value(game: Game, me: int) -> int:
    """Minimax over the engine's own moves: our deal points minus theirs at the end of the deal."""
    if game.deal_results:
        points = game.deal_results[-1].points
        return points[me] - points[1 - me]
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(_engine_value(child, me))
    return max(values) if game.to_act == me else min(values)


def _late_play_off(seed: int, tricks_left: int) -> Game:
    game = new_game("two-handed", seed=seed)
    player = get_player("normal", seed=seed)
    while not (
        game.phase == "playoff"
        and len(game.view(game.to_act).hand) <= tricks_left
        and not game.state.trick
    ):
        game.apply(player.choose(game.view(game.to_act)))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_the_solver_finds_a_best_card_of_a_late_play_off(seed):
    game = _late_play_off(seed, tricks_left=4)
    me = game.to_act
    knowledge = read_view(game.view(me))
    legal = knowledge.legal_cards()
    choice = PlayoffSolver(
        knowledge.trump, knowledge.value, knowledge.options, knowledge.last_bonus, budget=1.0
    ).best_card(knowledge, legal[0])

    def value_of(card: Card) -> int:
        child = game.clone()
        child.apply(f"play {card}")
        return _engine_value(child, me)

    assert value_of(choice) == max(value_of(c) for c in legal)
