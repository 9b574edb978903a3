"""The search's integer trick play (`FastTricks`) against the engine, side by side (RULES §8, G-3..G-6).

From random positions of random games, the engine and the fast core play the
same random cards to the end of the deal: at every card they must allow the
same cards, and at the end score the same points per seat.
"""

import random

import pytest

from bot.game import SUITS, VARIANTS, OptionError, make_pack, new_game
from bot.game.fastplay import FastTricks, count_layers
from bot.game.random_play import random_action
from bot.game.tricks import bits, legal_tiers, strict_plays, winning_index

OPTION_SETS = [
    {},
    {"head_rule": "trump_lead_only"},
    {"twohand_head_rule": "trump_lead_only"},  # P-5: two-handed only (the auction games refuse it)
    {"must_undertrump": False},
    {"must_head_partner": False},
    {"must_head_partner": False, "must_undertrump": False},  # P-3(c) beside a partner's trump
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
    try:
        new_game(variant, seed=0, options=options)
    except OptionError:
        pytest.skip(f"the option set is not one of {variant}'s")
    compared = sum(side_by_side(variant, options, seed) for seed in range(40))
    assert compared > 200


def test_the_core_leaves_the_two_hand_stock_phase_to_the_engine():
    """P-0: in the stock phase any card may be played; the core plays only strict tricks."""
    game = new_game("two-handed", seed=3)
    assert game.phase == "stock"
    assert FastTricks.start(game) is None


def test_a_hand_holds_a_card_up_to_four_times_in_its_count_layers():
    """H-1: the double deck has four of each card; each layer holds the codes held that often."""
    pack = make_pack(double_deck=True)
    ace = next(c for c in pack if c.rank == "A")
    hand = [c for c in pack if c == ace] + [pack[-1]]
    once, twice, thrice, four = count_layers(hand)
    assert once == 1 << ace.code | 1 << pack[-1].code
    assert twice == thrice == four == 1 << ace.code


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
