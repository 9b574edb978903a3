"""Rule facts the layers above ask of the engine, so none of them works one out again: whether a
meld counted, a side's deal points, the ranking of sides, a partner."""

from __future__ import annotations

import random

import pytest

from bot.game import VARIANTS, new_game, place_ranks
from bot.game.random_play import random_action
from bot.game.record import GameRecord
from bot.services.records_hook import seat_deals


def _played(variant: str, seed: int) -> GameRecord:
    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not game.is_over and len(actions) < 4000:
        action = random_action(game, rng)
        actions.append(str(action))
        game.apply(action)
    return GameRecord.from_log(variant, None, seed, actions)


@pytest.mark.parametrize("variant", ["four-handed", "partnership", "check", "auction"])
def test_a_meld_counted_exactly_when_its_side_was_credited_meld(variant):
    """C-6, D-5, E-11: a side that takes no trick loses its meld; the record says so per meld,
    and each seat's stats count what the record says counted."""
    uncounted = 0
    for seed in (17, 62) if variant == "auction" else (1, 2):
        record = _played(variant, seed)
        for deal in record.deals:
            if deal.result is None:
                continue
            for meld in deal.melds:
                assert meld.counted == bool(deal.result.meld[meld.seat]), (seed, deal.number)
                uncounted += not meld.counted
        stats = seat_deals(record)
        for seat in range(record.players):
            counted = sum(
                part.points
                for deal in record.deals
                if deal.result is not None and seat in deal.hands
                for meld in deal.melds
                if meld.seat == seat and meld.counted
                for part in meld.parts
            )
            assert stats[seat].meld == counted
    if variant == "auction":
        assert uncounted  # these deals leave a side without a trick


def test_a_sides_deal_points_are_its_seats_together():
    game = new_game("check", seed=3)
    while game.tricks_played < 3:
        game.apply(random_action(game, random.Random(game.state.turn)))
    points = game.public_view().deal_points
    for side in game.variant.sides():
        assert points.of_side(side) == (
            sum(points.meld[s] for s in side),
            sum(points.cards[s] for s in side),
        )


def test_sides_rank_by_place_and_a_side_with_a_leaver_comes_last():
    assert place_ranks([[1, 3], [0, 2]]) == {1: 1, 3: 1, 0: 2, 2: 2}
    assert place_ranks([[1, 3], [0, 2]], behind={3}) == {0: 1, 2: 1, 1: 2, 3: 2}
    assert place_ranks([[0, 1], [2]]) == {0: 1, 1: 1, 2: 2}  # a tie shares its place


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_partners_are_the_engines(variant):
    rules = VARIANTS[variant]
    for seat in range(rules.players):
        partner = rules.partner(seat)
        assert (partner is not None) == rules.partnership
        if partner is not None:
            assert rules.partner(partner) == seat and rules.same_side(seat, partner)
