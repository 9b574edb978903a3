"""Every refusal crosses a process boundary intact: a thinking-pool worker's or a pool's refusal
reaches the parent with its key, parameters, rule and text, never re-read as something else."""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import bot.services
import bot.web  # noqa: F401
from bot.game import IllegalAction, OptionError, PinochleError, Refusal, Typed, new_game
from bot.game.errors import REFUSALS
from bot.i18n import catalog, describe_error
from bot.store.errors import ChannelBusy, LeaseLost, StoreRefusal
from bot.store.ledger import LedgerRefusal, NegativeBalance
from bot.store.nights import EventNameTaken
from bot.store.seasons import LeagueRefusal
from bot.store.settings import SettingsRefusal

#: One refusal of each type the bot defines, with parameters of each kind a refusal carries.
EXAMPLES: list[Refusal] = [
    Refusal("bot.refuse.not_your_turn", who="Ann"),
    Refusal("chips.league.refuse.no_season", name=Typed("Winter"), names=Typed("Spring")),
    PinochleError("game_over"),
    IllegalAction("give_count", "F-5", count=4),
    OptionError("option_not_one_of", name="target", value="7", allowed="500, 1000"),
    StoreRefusal("bot.refuse.moving"),
    ChannelBusy(10, 3),
    LeaseLost(3),
    LedgerRefusal("chips.refuse.reason_missing"),
    NegativeBalance("chips.refuse.negative", balance=5, amount=-6, name=Typed("Ann")),
    SettingsRefusal(
        "settings.refuse.out_of_range", setting="starting_balance", value=-1, low=0, high=10
    ),
    LeagueRefusal("chips.league.refuse.name_required"),
    EventNameTaken("Friday night"),
]


def _every_subclass(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(_every_subclass(sub) for sub in found))


def test_the_examples_cover_every_refusal_type():
    assert {type(e) for e in EXAMPLES} == _every_subclass(Refusal) | {Refusal}


@pytest.mark.parametrize("refusal", EXAMPLES, ids=lambda e: type(e).__name__)
def test_a_pickled_refusal_keeps_its_type_key_parameters_rule_and_text(refusal: Refusal):
    back = pickle.loads(pickle.dumps(refusal))
    assert type(back) is type(refusal)
    assert (back.key, back.params, back.rule) == (refusal.key, refusal.params, refusal.rule)
    assert str(back) == str(refusal)
    for lang in ("en", "ru"):
        assert describe_error(back, lang) == describe_error(refusal, lang)


@pytest.mark.parametrize("refusal", EXAMPLES, ids=lambda e: type(e).__name__)
def test_every_refusal_type_is_said_from_both_catalogues_never_from_code(refusal: Refusal):
    """A key and its parameters only: the English and the Russian both come from the catalogues,
    and the English `str` is the catalogue's sentence, not a message written in the code."""
    for lang in ("en", "ru"):
        assert catalog().lookup(refusal.key, lang) is not None, (refusal.key, lang)
    assert str(refusal) == describe_error(refusal, "en")
    assert refusal.args == (refusal.key,)


def test_every_engine_refusal_keeps_its_text_through_pickling():
    for name, params in REFUSALS.items():
        refusal = IllegalAction(name, "P-2", **dict.fromkeys(params, "A♠"))
        back = pickle.loads(pickle.dumps(refusal))
        assert str(back) == str(refusal) == describe_error(refusal, "en")


def _refused_in_a_worker() -> None:
    game = new_game("check", seed=1)
    assert game.to_act is not None
    game.apply("pass", seat=(game.to_act + 1) % 4)


def test_a_refusal_raised_in_a_worker_process_reaches_the_parent_intact():
    """Not a KeyError naming the English sentence: the engine's refusal itself (E-5)."""
    with ProcessPoolExecutor(1) as pool, pytest.raises(IllegalAction) as refused:
        pool.submit(_refused_in_a_worker).result()
    assert refused.value.key == "game.error.not_your_turn"
    assert str(refused.value).startswith("it is not your turn")
