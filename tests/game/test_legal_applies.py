"""Every entry of `legal_actions()` applies as given, in every variant and option set (F-5's
passing included: a card at a time). A program that chooses among the legal actions can never
be refused, and the text of each entry reads back to it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import OPTIONS, VARIANTS, Game, OptionError, Phase, new_game, parse_action

#: Deals played through for each drawn option set.
DEALS = 2
#: Random steps of a deal at which every legal entry is applied (besides each phase's first step).
EVERY_ENTRY_AT = 3


def playable(variant: str) -> dict[str, tuple]:
    """The options `variant` plays that have listed values, each with its values."""
    game = VARIANTS[variant]
    return {
        name: spec.values
        for name, spec in OPTIONS.items()
        if spec.values and game.plays_option(name) and name != "target"
    }


@st.composite
def option_sets(draw: st.DrawFn, variant: str) -> dict:
    """A few of the variant's options, each at one of its values (most left at the default)."""
    choices = playable(variant)
    names = draw(st.lists(st.sampled_from(sorted(choices)), max_size=6, unique=True))
    return {name: draw(st.sampled_from(choices[name])) for name in names}


def codes(cards: list) -> list[int]:
    return sorted(card.code for card in cards)


def every_entry_applies(game: Game) -> None:
    """Apply each entry of the legal list to a copy of the game: none may be refused."""
    legal = game.legal_actions()
    assert legal, "a seat to act has something to do"
    for action in legal:
        assert parse_action(str(action)) == action
        game.clone().apply(action)  # raises IllegalAction if the entry is not applicable


def play_deals(game: Game, rng: random.Random) -> int:
    """Play `DEALS` deals choosing uniformly among the legal entries; apply every entry at each
    phase's first step and at a few random steps. The number of steps checked in full."""
    checked, phase = 0, None
    while not game.is_over and len(game.deal_results) < DEALS:
        legal = game.legal_actions()
        if game.phase != phase or rng.random() < EVERY_ENTRY_AT / 100:
            every_entry_applies(game)
            checked += 1
        phase = game.phase
        game.apply(legal[int(rng.random() * len(legal))])
    return checked


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_every_legal_entry_applies_as_given(variant: str, data: st.DataObject, seed: int) -> None:
    options = data.draw(option_sets(variant), label="options")
    try:
        game = new_game(variant, seed=seed, options=options)
    except OptionError:  # a combination the game refuses (the 64-card pack's hand size alone...)
        return
    assert play_deals(game, random.Random(seed)) > 0


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
@pytest.mark.parametrize("pass_count", [3, 4])
def test_the_passing_lists_each_card_still_free_and_each_applies(
    variant: str, pass_count: int
) -> None:
    """F-5: through a whole pass, a card at a time, every card held and not chosen is listed once,
    each applies, and the chosen cards stay in the hand until the last is chosen."""
    passes = 0
    for seed in range(6):
        game, rng = (
            new_game(variant, seed=seed, options={"pass_count": pass_count}),
            random.Random(seed),
        )
        while game.phase is not Phase.PASSING and not game.deal_results:
            legal = game.legal_actions()
            game.apply(legal[-1] if game.phase is Phase.AUCTION else rng.choice(legal))
        if game.phase is not Phase.PASSING:
            continue
        for _giver in ("partner", "declarer"):
            seat = game.to_act
            assert seat is not None
            held = list(game.state.hands[seat])
            for chosen in range(pass_count):
                view = game.view(seat)
                assert (len(view.giving), view.give_due) == (chosen, pass_count - chosen)
                free = list(held)
                for card in view.giving:
                    free.remove(card)
                legal = game.legal_actions()
                assert {a.cards[0] for a in legal} == set(free) and len(legal) == len(set(free))
                every_entry_applies(game)
                assert codes(game.state.hands[seat]) == codes(held)  # nothing has moved yet
                game.apply(rng.choice(legal))
            assert len(game.state.hands[seat]) == len(held) - pass_count  # now they have gone
            passes += 1
    assert passes >= 4
