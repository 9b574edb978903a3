"""Typed input has bounds: a meld lists at most a hand's worth of cards, shared melds are bounded,
refusals repeat only a little of what was typed, and option refusals carry catalog keys (RULES §11)."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.game import (
    ALL_CARDS,
    Card,
    IllegalAction,
    OptionError,
    actions,
    parse_action,
    resolve_options,
)
from bot.game.cards import MAX_HAND
from bot.i18n.game_text import describe_error


def test_a_meld_of_more_cards_than_a_hand_is_refused_before_its_cards_are_read(monkeypatch):
    """1,900 cards pasted as a meld: one count, no card read, a short refusal."""
    read = []
    real = Card.from_text.__func__
    monkeypatch.setattr(
        Card, "from_text", classmethod(lambda cls, text: read.append(text) or real(cls, text))
    )
    with pytest.raises(IllegalAction) as refused:
        parse_action("meld " + " ".join(["K♥"] * 1900))
    assert refused.value.name == "too_many_cards"
    assert str(refused.value) == f"a meld has at most {MAX_HAND} cards"
    assert read == []


def test_a_hand_of_melded_cards_is_still_read():
    """Three-handed hands hold 16 cards (C-1): a meld of all of them is still an action."""
    sixteen = " ".join(str(card) for card in ALL_CARDS[:MAX_HAND])
    assert len(parse_action("meld " + sixteen).cards) == MAX_HAND


def test_shared_melds_are_bounded():
    """Every distinct meld used to be kept for good (3,000 typed melds: +58 MB); now at most MELDS_SHARED."""
    for cards in list(combinations(ALL_CARDS, 4))[: actions.MELDS_SHARED + 500]:
        assert actions.meld(cards).cards == tuple(sorted(cards, key=lambda c: c.code))
    assert len(actions._MELDS) <= actions.MELDS_SHARED


@pytest.mark.parametrize("text", ["fly " + "x" * 2000, "bid " + "9" * 5000, "play " + "x" * 2000])
def test_a_refusal_repeats_only_the_start_of_a_long_input(text):
    with pytest.raises(IllegalAction) as refused:
        parse_action(text)
    assert (
        refused.value.name == "bad_action"
        and len(str(refused.value)) < 200
        and "…" in str(refused.value)
    )


def test_option_refusals_are_value_errors_with_keys_and_numbers_in_order():
    with pytest.raises(ValueError) as refused:
        resolve_options({"double_pinochle_value": 7})
    assert isinstance(refused.value, OptionError) and refused.value.name == "option_not_one_of"
    assert refused.value.params == {
        "name": "double_pinochle_value",
        "value": "7",
        "allowed": "80, 300, 400",
    }
    with pytest.raises(OptionError) as wrong_pack:
        resolve_options({"pack64": True}, players=3)  # the 64-card pack is for two
    assert wrong_pack.value.name == "pack64_two_handed"


@pytest.mark.parametrize("text", ["play xx", "meld", "bid many", "trump purple"])
def test_a_malformed_action_is_told_in_the_readers_language_only(text):
    """Russian refusals carried the parser's English reason ("not a card: 'xx'")."""
    with pytest.raises(IllegalAction) as refused:
        parse_action(text)
    assert describe_error(refused.value, "ru", rule=False) == f"непонятное действие: {text!r}"
