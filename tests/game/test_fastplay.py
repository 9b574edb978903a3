"""The search's integer trick play (`FastTricks`) against the engine, side by side (RULES §8, G-3..G-6).

From random positions of random games, the engine and the fast core play the
same random cards to the end of the deal: at every card they must allow the
same cards, and at the end score the same points per seat.
"""

import random

import pytest

from bot.game import SUITS, VARIANTS, make_pack, new_game
from bot.game.fastplay import FastTricks, bits, legal_tiers
from bot.game.random_play import random_action
from bot.game.tricks import strict_plays, winning_index

OPTION_SETS = [
    {},
    {"head_rule": "trump_lead_only", "twohand_head_rule": "trump_lead_only"},
    {"must_undertrump": False},
    {"must_head_partner": False},
    {"round_card_points": True},
    {"count_scheme": "counters"},
    {"pack64": True},
    {"partnership_meld_timing": "after_first_card"},
]


def codes(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def side_by_side(variant: str, options: dict, seed: int) -> int:
    """Play one game's first deal randomly; from a random card of it on, compare. Cards compared."""
    rng = random.Random(seed)
    game = new_game(variant, seed=seed, options=options)
    start_after = rng.randrange(40)
    compared = played = 0
    fast = None
    while not game.deal_results:
        if fast is None and played >= start_after:
            fast = FastTricks.start(game.clone())
        acts = game.legal_actions()
        if fast is not None:
            assert game.to_act == fast.turn
            engine_cards = sorted(a.card.code for a in acts if a.verb == "play")
            assert codes(fast.legal()) == engine_cards, (variant, options, seed, game.state.trick)
            compared += 1
        act = random_action(game, rng)
        if act.verb == "declare out":
            act = next(a for a in acts if a.verb == "play")
        if act.verb == "play":
            played += 1
            if fast is not None:
                fast.play(act.card.code)
        game.apply(act)
    if fast is not None:
        assert fast.over
        assert fast.points() == list(game.deal_results[0].points), (variant, options, seed)
    return compared


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_fast_trick_play_allows_and_scores_what_the_engine_does(variant, options):
    if options.get("pack64") and not VARIANTS[variant].two_handed:
        pytest.skip("the 64-card pack is for two-handed games only")
    if VARIANTS[variant].double_deck:
        pytest.skip("the double deck's trick play stays with the engine (below)")
    compared = sum(side_by_side(variant, options, seed) for seed in range(40))
    assert compared > 200


def test_the_core_leaves_the_two_hand_stock_phase_to_the_engine():
    """P-0: in the stock phase any card may be played; the core plays only strict tricks."""
    game = new_game("two-handed", seed=3)
    assert game.phase == "stock"
    assert FastTricks.start(game) is None


def test_the_core_leaves_the_double_deck_to_the_engine():
    """H-1: four copies of a card do not fit a hand of two bit sets (held, held twice)."""
    game = new_game("double-deck", seed=3)
    rng = random.Random(3)
    while game.phase != "play":
        game.apply(random_action(game, rng))
    assert FastTricks.start(game) is None


def test_the_legal_tiers_agree_with_strict_plays_on_random_hands():
    """Every §8 case (follow, head, over-trump, under-trump, partner exemption) on random hands."""
    rng = random.Random(26)
    pack = make_pack()
    for _ in range(3000):
        trump = rng.choice([*SUITS, None])
        trick = rng.sample(pack, rng.randint(1, 3))
        hand = rng.sample(pack, rng.randint(1, 12))
        flags = [rng.random() < 0.5 for _ in range(3)]
        expected = strict_plays(
            hand,
            trick,
            trump,
            head_any_suit=flags[0],
            must_undertrump=flags[1],
            exempt_from_heading=flags[2],
        )
        heading = trick[winning_index(trick, trump)]
        tiers = legal_tiers(trick[0].suit_index, heading.code, trump, *flags)
        have = bits(hand)[0]
        legal = next(have & tier for tier in tiers if have & tier)
        assert codes(legal) == sorted(c.code for c in expected), (trick, hand, trump, flags)
