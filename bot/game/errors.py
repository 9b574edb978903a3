"""The bot's one refusal type, and the names of the engine's refusals.

`Refusal` lives here, in the bottom layer, so that every layer above (the services, the store,
the web) raises the same type. A refusal carries a catalog key and parameters, never a sentence:
the catalogs (`bot/i18n/locales/<lang>`) hold every text, English included, and
`bot.i18n.describe_error` says a refusal in the reader's language. `str(refusal)` is its English
sentence once the language layer is loaded (it installs itself with `speak_with`), so logs and
tracebacks read as before; the engine alone, with no catalog, shows the key and its parameters.
A refusal is rebuilt from its key and parameters when unpickled, so one raised in a worker
process reaches the parent intact.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: Every refusal of the engine by name, with the parameters its text names: the catalogs hold
#: `game.error.<name>` in every language with exactly these placeholders (tests/i18n checks).
REFUSALS: Mapping[str, frozenset[str]] = {
    "bad_action": frozenset({"text"}),
    "game_over": frozenset(),
    "not_your_turn": frozenset(),
    "not_now": frozenset({"action"}),
    "not_in_hand": frozenset({"card"}),
    "must_follow": frozenset({"suit"}),
    "must_head": frozenset({"suit"}),
    "must_trump": frozenset({"led", "suit"}),
    "must_overtrump": frozenset({"card"}),
    "not_a_meld": frozenset({"cards"}),
    "meld_needs_trump": frozenset({"meld"}),
    "meld_not_held": frozenset({"cards"}),
    "meld_needs_hand_card": frozenset(),
    "meld_reuse": frozenset({"card", "meld_class"}),
    "one_meld_per_turn": frozenset(),
    "no_dix": frozenset({"card"}),
    "no_exchange_done": frozenset(),
    "no_exchange_turnup": frozenset(),
    "exchange_first": frozenset(),
    "bid_too_low": frozenset({"minimum"}),
    "bid_not_higher": frozenset({"high"}),
    "bid_step": frozenset({"step"}),
    "give_count": frozenset({"count"}),
    "give_rest": frozenset({"count", "chosen"}),
    "already_chosen": frozenset({"card"}),
    "bid_needs_marriage": frozenset(),
    "bid_forced": frozenset({"minimum"}),
    "trump_needs_marriage": frozenset(),
    "not_legal": frozenset({"action"}),
    "too_many_cards": frozenset({"limit"}),
    "unknown_option": frozenset({"name"}),
    "unknown_option_prefix": frozenset({"name", "option"}),
    "not_house_rule": frozenset({"name"}),
    "honour_only_option": frozenset({"name"}),
    "target_not_house_rule": frozenset(),
    "option_not_one_of": frozenset({"allowed", "name", "value"}),
    "option_not_switch": frozenset({"name", "value"}),
    "option_not_multiple_of_10": frozenset({"name", "value"}),
    "option_not_bonus": frozenset({"name", "value"}),
    "pack64_two_handed": frozenset(),
    # A game refuses an option it does not play (RULES §13, §14), saying why.
    "option_unplayed_other_game": frozenset({"name", "game", "source"}),
    "option_unplayed_bidder_first": frozenset({"name", "game"}),
    "option_unplayed_side_meld": frozenset({"name", "game"}),
    "option_unplayed_meld_time": frozenset({"name", "game"}),
    "option_unplayed_ladder": frozenset({"name", "game"}),
    "option_unplayed_meld_table": frozenset({"name", "game"}),
    "option_unplayed_count": frozenset({"name", "game"}),
    "option_unplayed_sequential": frozenset({"name", "game"}),
    "bid_over_ceiling": frozenset({"ceiling"}),
}

#: The most characters of a person's own text that a refusal repeats back to them.
ECHO_LIMIT = 60


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` cut to `limit` characters, ending in "…" when cut: what a refusal repeats of a person's
    text, so no refusal outgrows its message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Refusal(ValueError):
    """The one error a person is told: raised by the engine, the services, the store and the web.

    `key` is a full catalog key ("bot.refuse.not_your_turn", "game.error.must_follow",
    "chips.refuse.amount_limit", "web.error.bad_page"); `params` fill its text and may be objects
    the speaking layer puts into words (a seat, a member's own words, another `Refusal`);
    `table_id` (positional, for the table service) names the table, so that layer can name its
    players (a refusal carries ids, never the table itself); `rule` is the
    RULES id that refuses it, if any. Every surface answers it in one handler, privately and in
    the reader's language (`bot.i18n.describe_error`); a refused call changes nothing.
    """

    def __init__(
        self, key: str, table_id: int | None = None, /, *, rule: str | None = None, **params: Any
    ) -> None:
        super().__init__(key)
        self.key = key
        self.table_id = table_id
        self.rule = rule
        self.params: dict[str, Any] = params

    def __str__(self) -> str:
        """The English sentence (with the rule id) once a speaker is installed, else the key and
        its parameters: what logs and tracebacks show."""
        if _speaker is not None:
            try:
                return _speaker(self)
            except (KeyError, IndexError, ValueError):  # a text that does not fit its parameters
                pass
        said = ", ".join(f"{name}={value}" for name, value in self.params.items())
        return f"{self.key}({said})" + (f" ({self.rule})" if self.rule else "")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and state, never through `__init__`: every subclass, whatever its
        signature, comes back from a worker process with its key, parameters and rule."""
        return (_rebuilt, (type(self), self.args), self.__dict__)


def _rebuilt(cls: type[Refusal], args: tuple[Any, ...]) -> Refusal:
    refusal = cls.__new__(cls)
    refusal.args = args
    return refusal


_speaker: Callable[[Refusal], str] | None = None


def speak_with(speaker: Callable[[Refusal], str]) -> None:
    """Install how `str(refusal)` reads: the language layer gives its English on import."""
    global _speaker
    _speaker = speaker


@dataclass(frozen=True)
class Typed:
    """A person's own words among a refusal's `params` (a season's name): shown as typed."""

    text: str

    def __str__(self) -> str:
        return self.text


#: The catalog domain of the engine's refusals (`game.error.<name>`).
GAME_ERRORS = "game.error."


class PinochleError(Refusal):
    """An engine refusal: one of `REFUSALS` by name (its catalog key `game.error.<name>`), with
    the rule id that refuses it."""

    def __init__(self, name: str, /, rule: str | None = None, **params: Any):
        super().__init__(GAME_ERRORS + name, rule=rule, **{k: str(v) for k, v in params.items()})
        self.name = name


class IllegalAction(PinochleError):
    """An action that the rules refuse now; the game is unchanged."""


class OptionError(PinochleError):
    """A house-rule option (RULES §11) that cannot be used: an unknown name or a value it does not take."""
