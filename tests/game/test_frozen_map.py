"""`FrozenMap`: read like a dict, changed by no one, pickled and hashed as a value."""

from __future__ import annotations

import copy
import pickle

import pytest

from bot.game import FrozenMap


def test_it_reads_like_the_dict_it_was_made_from() -> None:
    given = {2: "b", 0: "a"}
    frozen = FrozenMap(given)
    assert frozen == given and given == frozen and frozen != {2: "b"}
    assert frozen[2] == "b" and frozen.get(0) == "a" and frozen.get(9, "none") == "none"
    assert list(frozen.items()) == [(2, "b"), (0, "a")]  # in the order given
    assert len(frozen) == 2 and 0 in frozen and 9 not in frozen
    with pytest.raises(KeyError):
        frozen[9]


def test_no_one_can_change_it() -> None:
    frozen = FrozenMap({1: 2})
    with pytest.raises(TypeError):
        frozen[3] = 4  # type: ignore[index]
    with pytest.raises(AttributeError):
        frozen._lookup = {3: 4}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        frozen.__dict__  # noqa: B018 (no room for new attributes either)
    assert frozen == {1: 2}


def test_it_pickles_copies_and_hashes_as_a_value() -> None:
    frozen = FrozenMap({"pass_count": 3, "min_bid": 300})
    for again in (pickle.loads(pickle.dumps(frozen)), copy.deepcopy(frozen)):
        assert again == frozen and type(again) is FrozenMap
        assert list(again.items()) == list(frozen.items())
    assert hash(FrozenMap({"a": 1, "b": 2})) == hash(FrozenMap({"b": 2, "a": 1}))
    assert {FrozenMap({1: 2}): "kept"}[FrozenMap({1: 2})] == "kept"
