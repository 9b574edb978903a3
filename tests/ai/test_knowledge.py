"""What a seat may infer (RULES §8) and the worlds the search deals from it."""

from __future__ import annotations

import random

import pytest

from bot.ai.knowledge import read_view
from bot.ai.worlds import deal_hidden

from .helpers import random_positions, sample_world


@pytest.mark.parametrize("variant", ["three-handed", "four-handed", "partnership", "check"])
def test_inferred_voids_never_contradict_the_real_hands(variant):
    ruled_out = 0
    for seed in range(4):
        for game in random_positions(variant, seed):
            knowledge = read_view(game.view(game.to_act))
            for seat, cards in knowledge.excluded.items():
                ruled_out += len(cards)
                assert not cards & set(game.state.hands[seat]), (
                    seat,
                    sorted(map(str, cards & set(game.state.hands[seat]))),
                )
    assert ruled_out > 50  # the history does teach something


def test_a_seat_that_fails_to_follow_suit_is_known_void_in_it():
    """P-2(a): a discard on a led suit proves the suit is gone from that hand."""
    for game in random_positions("four-handed", 21):
        trick = game.state.trick
        if len(trick) >= 2 and trick[-1][1].suit is not trick[0][1].suit:
            seat, led = trick[-1][0], trick[0][1].suit
            watcher = next(s for s in game.active if s != seat and game.to_act == s)
            assert read_view(game.view(watcher)).void_known(seat, led)
            return
    pytest.fail("no discard happened in this deal")


@pytest.mark.parametrize(
    "variant", ["two-handed", "two-handed-no-trump", "three-handed", "partnership", "check"]
)
def test_worlds_keep_every_known_fact(variant):
    rng = random.Random(1)
    for n, game in enumerate(random_positions(variant, 3)):
        if n % 4:
            continue
        seat = game.to_act
        view = game.view(seat)
        knowledge = read_view(view)
        hands, _stock = deal_hidden(knowledge, rng)
        for other, cards in hands.items():
            assert len(cards) == view.hand_sizes[other]
            for card in knowledge.known.get(other, []):
                assert card in cards
            assert not set(cards) - set(knowledge.known.get(other, [])) & knowledge.excluded.get(
                other, set()
            )
        world = sample_world(knowledge, rng)
        seen = world.view(seat)
        assert seen.hand == view.hand and seen.legal == view.legal and seen.trick == view.trick


def test_the_two_hand_play_off_has_one_world():
    """Once the stock is gone every unseen card is in the opponent's hand (A-9)."""
    for game in random_positions("two-handed", 2):
        if game.phase == "playoff":
            knowledge = read_view(game.view(game.to_act))
            hands, stock = deal_hidden(knowledge, random.Random(0))
            other = 1 - game.to_act
            assert stock == []
            assert sorted(map(str, hands[other])) == sorted(map(str, game.state.hands[other]))
            return
    pytest.fail("the deal never reached the play-off")
