"""G-14: every game plays only the options some rule of its own reads, and refuses the others
with the reason, never ignoring one (F-12, H-15 for the auction games; G-14 for the rest)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import OptionError, new_game
from bot.game.errors import REFUSALS
from bot.game.options import OPTIONS, resolve_options
from bot.game.random_play import random_action
from bot.game.variants import VARIANTS

#: A value of each option given to a game (those `check` decides have no list of values).
_SAMPLE = {"target": 500, "roundhouse_bonus_points": 10, "min_bid": 300}
_REASONS = {key for key in REFUSALS if key.startswith("option_unplayed")} | {
    "honour_only_option",
    "pack64_two_handed",
}


def _values(name: str) -> tuple[Any, ...]:
    values = OPTIONS[name].values
    return values if values else (_SAMPLE[name],)


def _unplayed(variant: str) -> list[str]:
    return [name for name in OPTIONS if not VARIANTS[variant].plays_option(name)]


def _playable(variant: str, name: str) -> list[Any]:
    """The values of an option `variant` plays that it takes alone (the double deck's count is
    its only one, H-9; the 48-card games take any other)."""
    double_deck = VARIANTS[variant].double_deck
    return [
        v for v in _values(name) if name != "count_scheme" or (v == "double_deck") == double_deck
    ]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_g14_every_option_a_game_does_not_play_is_refused_with_the_reason(variant):
    """G-14: each option a game does not play is refused, naming the option and why."""
    assert _unplayed(variant), variant
    for name in _unplayed(variant):
        with pytest.raises(OptionError) as refused:
            new_game(variant, seed=1, options={name: _values(name)[0]})
        assert refused.value.name in _REASONS, (variant, name)
        assert name in str(refused.value)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_g14_every_option_a_game_plays_is_accepted_at_each_value(variant):
    """G-14: a game takes every option it plays at every value (one at a time)."""
    for name in sorted(VARIANTS[variant].plays):
        for value in _playable(variant, name):
            new_game(variant, seed=1, options={name: value})


def test_g14_the_two_hand_options_are_refused_by_the_partnership_game():
    """G-14, A-12, A-14, M-4: the partnership game deals no stock and melds once: it refuses the
    two-hand deal's options and declaring out, each naming another game's rule, and the 64-card
    pack saying it is the two-handed games'."""
    for name in ("draw_before_meld", "declare_out", "twohand_head_rule"):
        with pytest.raises(OptionError) as refused:
            new_game("partnership", seed=1, options={name: _values(name)[-1]})
        assert refused.value.name == "option_unplayed_other_game"
        assert "partnership" in str(refused.value) and OPTIONS[name].rule in str(refused.value)
    with pytest.raises(OptionError) as refused:
        new_game("partnership", seed=1, options={"pack64": True})
    assert refused.value.name == "pack64_two_handed"


def test_m4_no_simultaneous_meld_game_plays_same_class_upgrades():
    """M-4, G-14: a card melds twice only in the two-hand deal's sequential melding; the games
    that meld once, all together, refuse the reuse rule with that reason."""
    for variant in ("partnership", "auction", "check", "double-deck"):
        with pytest.raises(OptionError) as refused:
            new_game(variant, seed=1, options={"same_class_upgrades": "any_higher"})
        assert refused.value.name == "option_unplayed_sequential"
    new_game("three-handed", seed=1, options={"same_class_upgrades": "any_higher"})  # C-10 play-on


def test_honour_mode_penalties_are_refused_everywhere():
    """§0.3, A-13, C-11, E-21: play is enforced, so no game takes an honour-mode penalty."""
    for variant in VARIANTS:
        for name in ("renege_penalty_2h", "renege_penalty_3h", "no_marriage_remedy_default"):
            with pytest.raises(OptionError) as refused:
                new_game(variant, seed=1, options={name: _values(name)[-1]})
            assert refused.value.name == "honour_only_option"


@st.composite
def _accepted_sets(draw: st.DrawFn) -> tuple[str, dict[str, Any], str]:
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    plays = sorted(n for n in VARIANTS[variant].plays if _playable(variant, n))
    names = draw(st.lists(st.sampled_from(plays), unique=True, max_size=6))
    options = {n: draw(st.sampled_from(_playable(variant, n))) for n in names}
    extra = draw(st.sampled_from(_unplayed(variant)))
    return variant, options, extra


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_accepted_sets())
def test_g14_an_unplayed_option_added_to_an_accepted_set_is_refused(case):
    """G-14: whatever a game accepts, adding an option it does not play is refused, naming that
    option (never the others), and the accepted set still resolves as it did."""
    variant, options, extra = case
    game = VARIANTS[variant]
    try:
        before = resolve_options(options, players=game.players, variant=variant)
    except OptionError:
        return  # a combination the game refuses for its own reason (A-14's pack and hand)
    with pytest.raises(OptionError) as refused:
        resolve_options(
            {**options, extra: _values(extra)[0]}, players=game.players, variant=variant
        )
    assert refused.value.name in _REASONS and extra in str(refused.value)
    assert resolve_options(options, players=game.players, variant=variant) == before


def _played_game(variant: str, options: dict[str, Any], seed: int) -> list[str]:
    """A game's actions and deal results with random play, up to 3 deals."""
    game = new_game(variant, seed=seed, options={"target": 200, **options})
    rng = random.Random(seed)
    log: list[str] = []
    while not game.is_over and game.deal_no <= 3:
        act = random_action(game, rng)
        log.append(str(act))
        game.apply(act)
    log += [repr(r.points) for r in game.deal_results]
    return log


#: The options the store drops from old tables (G-14): all a game without an auction refuses;
#: of the auction games' (F-12, whose refusals of options with no source came first), M-4's and
#: the honour-mode remedy.
_DROPPED = {
    **{v: None for v, game in VARIANTS.items() if not game.auction},
    "auction": ("same_class_upgrades",),
    "check": ("same_class_upgrades", "no_marriage_remedy_default"),
}


@pytest.mark.parametrize("variant", sorted(_DROPPED))
def test_g14_an_option_a_game_refuses_would_change_nothing(variant, monkeypatch):
    """G-14, and why old tables may lose these options: let the game take every option and each
    one the store drops leaves random games exactly as they were (nothing in it reads it)."""
    base, unplayed, tried = VARIANTS[variant], _DROPPED[variant] or _unplayed(variant), 0
    seeds = range(4)
    plain = {seed: _played_game(variant, {}, seed) for seed in seeds}
    monkeypatch.setitem(VARIANTS, variant, dataclasses.replace(base, plays=frozenset(OPTIONS)))
    for name in unplayed:
        for value in _values(name):
            if value == (base.defaults.get(name, OPTIONS[name].default)):
                continue
            try:
                resolve_options({name: value}, players=base.players, variant=variant)
            except OptionError:
                continue  # refused for another reason too (A-14, H-9)
            tried += 1
            for seed in seeds:
                assert _played_game(variant, {name: value}, seed) == plain[seed], (name, value)
    assert tried >= len(unplayed) // 2
