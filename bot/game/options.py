"""House-rule options (RULES §11): names, defaults and allowed values.

Options are passed as a mapping without the `opt.` prefix. `resolve_options`
fills in defaults (some depend on the variant) and raises OptionError (a
ValueError) for an unknown name or a value outside the option's range, with a
catalog key and parameters so the bot can say it in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from .errors import OptionError, shorten
from .variants import Variant, get_variant


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    choices: tuple[Any, ...] | None = None  # None: checked by `check`
    check: Callable[[Any], bool] | None = None
    description: str = ""
    refusal: str = "option_not_one_of"  # the error key when `check` says no
    rule: str = ""
    table: bool = True  # offered as a house rule when opening a table
    honour_only: bool = (
        False  # only matters in honour mode (RULES §0.3); enforced mode never needs it
    )

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            if isinstance(value, bool) or any(isinstance(c, bool) for c in self.choices):
                ok = any(
                    value is c or (type(value) is type(c) and value == c) for c in self.choices
                )
            else:
                ok = value in self.choices and not isinstance(value, bool)
            if not ok:
                raise OptionError(
                    "option_not_one_of",
                    name=self.name,
                    value=shorten(repr(value)),
                    allowed=", ".join(map(str, self.values)),
                )
            return value
        if self.check is not None and not self.check(value):
            raise OptionError(self.refusal, name=self.name, value=shorten(repr(value)))
        return value

    @property
    def values(self) -> tuple[Any, ...]:
        """The values a person may give, numbers in numeric order (80, 300, 400); () when `check` decides."""
        given = tuple(c for c in self.choices or () if c is not None)
        if all(isinstance(c, int) and not isinstance(c, bool) for c in given):
            return tuple(sorted(given))
        return given


def _positive_multiple_of_10(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0 and v % 10 == 0


def _bonus(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000 and v % 10 == 0


B = (False, True)

OPTIONS: dict[str, OptionSpec] = {
    o.name: o
    for o in [
        OptionSpec(
            "target",
            None,
            check=lambda v: v is None or _positive_multiple_of_10(v),
            description="a positive multiple of 10",
            refusal="option_not_multiple_of_10",
            rule="G-12",
        ),
        OptionSpec("tie_over_target", "raise_250", ("raise_250", "highest_wins"), rule="G-13"),
        OptionSpec("declare_out", False, B, rule="A-12"),
        OptionSpec("running_tally_game_call", False, B, rule="DX-G7"),
        OptionSpec(
            "count_scheme",
            "hoyle",
            ("hoyle", "counters", "five_ten", "one_point", "double_deck"),
            rule="G-7",
        ),
        OptionSpec("round_card_points", False, B, rule="G-6"),
        OptionSpec("packet_size", None, (None, 3, 4), rule="G-10"),
        OptionSpec("double_pinochle_value", 300, (300, 400, 80), rule="DX-M1"),
        OptionSpec("eight_queens_value", 600, (600, 400), rule="DX-M2"),
        OptionSpec("eight_of_a_kind", True, B, rule="DX-M5"),
        OptionSpec("grand_pinochle", False, B, rule="§2.1"),
        OptionSpec(
            "roundhouse_bonus_points",
            0,
            check=_bonus,
            description="0 to 1000 in tens",
            refusal="option_not_bonus",
            rule="DX-M7",
        ),
        OptionSpec("same_class_upgrades", "flush_only", ("flush_only", "any_higher"), rule="M-4"),
        OptionSpec("flush_includes_royal_bonus", False, B, rule="DX-S1"),
        OptionSpec("draw_before_meld", False, B, rule="M-1"),
        OptionSpec("dix_exchange_mandatory", False, B, rule="A-7"),
        OptionSpec("winner_chooses_last_card", False, B, rule="A-8"),
        OptionSpec("twohand_head_rule", "any_suit", ("any_suit", "trump_lead_only"), rule="P-5"),
        OptionSpec(
            "renege_penalty_2h",
            "all_deal_points",
            ("all_deal_points", "card_points_only"),
            rule="A-13",
            table=False,
            honour_only=True,
        ),
        OptionSpec(
            "renege_penalty_3h",
            "all_deal_points",
            ("all_deal_points", "card_points_only"),
            rule="C-11",
            table=False,
            honour_only=True,
        ),
        OptionSpec("head_rule", "any_suit", ("any_suit", "trump_lead_only"), rule="P-5"),
        OptionSpec("pack64", False, B, rule="A-14"),
        OptionSpec("pack64_hand_size", 12, (12, 16), rule="A-14"),
        OptionSpec("first_marriage_value", 40, (40, 20), rule="B-4"),
        OptionSpec("b_no_trump_fallback", "no_trump", ("no_trump", "redeal"), rule="B-8"),
        OptionSpec("turnup_dix_immediate", False, B, rule="DX-C2"),
        OptionSpec("three_hand_playon", "two_hand_A", ("two_hand_A", "stop"), rule="C-10"),
        OptionSpec("must_undertrump", True, B, rule="P-3"),
        OptionSpec("must_head_partner", True, B, rule="P-5"),
        OptionSpec(
            "partnership_meld_timing",
            "after_first_card",
            ("after_first_card", "before_play"),
            rule="D2-1",
        ),
        OptionSpec("meld_excludes_first_card", False, B, rule="DX-D2"),
        OptionSpec("meld_credit_unit", "side", ("side", "player"), rule="DX-D3"),
        OptionSpec("bid_increment", 10, (1, 5, 10, 20, 25, 50), rule="E-4"),
        OptionSpec(
            "min_bid",
            None,
            check=lambda v: v is None or (_positive_multiple_of_10(v) and v <= 1000),
            description="a positive multiple of 10 up to 1000",
            refusal="option_not_multiple_of_10",
            rule="F-2",
        ),
        OptionSpec("bid_ladder", False, B, rule="H-3"),
        OptionSpec("bid_requires_marriage", True, B, rule="E-5"),
        OptionSpec("all_pass", "dealer_stuck", ("dealer_stuck", "redeal"), rule="F-3"),
        OptionSpec("pass_count", 0, (0, 3, 4), rule="F-5"),
        OptionSpec("first_lead", "bidder", ("bidder", "eldest"), rule="F-7"),
        OptionSpec("save_meld_counters", 0, (0, 20), rule="H-10"),
        OptionSpec("min_counters", 0, (0, 20), rule="H-12"),
        OptionSpec("min_meld", 0, (0, 20), rule="H-13"),
        OptionSpec("set_scoring", "deduct", ("deduct", "progressive"), rule="H-14"),
        OptionSpec("dd_last_trick", 2, (2, 1), rule="H-9"),
        OptionSpec("shoot_the_moon", False, B, rule="F-11"),
        OptionSpec("only_bidder_goes_out", False, B, rule="F-10"),
        OptionSpec("dd_multiple_values", "pagat", ("pagat", "doubling"), rule="H-7"),
        OptionSpec("trump_requires_marriage", False, B, rule="DX-E3"),
        OptionSpec("trump_without_marriage", "set", ("set", "any_suit"), rule="DX-E3"),
        OptionSpec("set_side_forfeits_meld_checks", False, B, rule="DX-E6"),
        OptionSpec("roundtrip_checks_additive", False, B, rule="DX-E7"),
        OptionSpec("double_meld_checks", "twice_single", ("twice_single", "none"), rule="DX-E8"),
        OptionSpec("slam_defenders_eligible", True, B, rule="E-19"),
        OptionSpec(
            "no_marriage_remedy_default",
            "opponents_choose",
            ("opponents_choose", "cancel", "take_contract", "play_at_high_bid"),
            rule="E-21",
            table=False,
            honour_only=True,
        ),
    ]
}


#: Why an auction game (E, F, H) refuses an option it does not play (`Variant.plays`): the
#: refusal's key, by option; any other is "a rule of another game" (its rule id says which).
UNPLAYED: dict[str, str] = {
    "tie_over_target": "option_unplayed_bidder_first",
    "declare_out": "option_unplayed_bidder_first",
    "running_tally_game_call": "option_unplayed_bidder_first",
    "meld_credit_unit": "option_unplayed_side_meld",
    "partnership_meld_timing": "option_unplayed_meld_time",
    "meld_excludes_first_card": "option_unplayed_meld_time",
    "bid_ladder": "option_unplayed_ladder",
    "double_pinochle_value": "option_unplayed_meld_table",
    "eight_queens_value": "option_unplayed_meld_table",
    "eight_of_a_kind": "option_unplayed_meld_table",
    "grand_pinochle": "option_unplayed_meld_table",
    "roundhouse_bonus_points": "option_unplayed_meld_table",
    "flush_includes_royal_bonus": "option_unplayed_meld_table",
    "round_card_points": "option_unplayed_count",
    "count_scheme": "option_unplayed_count",
}


class Options(Mapping[str, Any]):
    """A resolved, read-only set of options with every default filled in."""

    __slots__ = ("_values", "given", "meld_rules")

    def __init__(self, values: dict[str, Any], given: dict[str, Any]):
        self._values = MappingProxyType(values)
        self.given = MappingProxyType(given)  # what the caller chose (for storage and display)
        self.meld_rules: object = (
            None  # the MeldRules these options make, once asked for (bot.game.melds)
        )

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def as_dict(self) -> dict[str, Any]:
        """Every option and its value, as a plain dict of its own (quicker to read than this)."""
        return dict(self._values)

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __repr__(self) -> str:
        return f"Options({dict(self.given)!r})"


def resolve_options(
    options: Mapping[str, Any] | None, *, players: int = 2, variant: str | None = None
) -> Options:
    """Validate `options` and fill in defaults; `players` and `variant` set the defaults that
    depend on the game (a variant's own defaults, §11).

    The 64-card pack is for two players only (A-14); the double deck has its own count (H-9),
    which no 48-card game has.
    """
    if not options:  # a game's defaults: read-only, so one object serves every such game
        return _defaults(players, variant)
    return _resolve(options, players, variant)


@lru_cache(maxsize=64)
def _defaults(players: int, variant: str | None) -> Options:
    return _resolve({}, players, variant)


def _resolve(options: Mapping[str, Any], players: int, variant: str | None) -> Options:
    game = get_variant(variant) if variant is not None else None
    given = dict(options)
    values: dict[str, Any] = {}
    for name in given:
        if name not in OPTIONS:
            key = name[4:] if name.startswith("opt.") else None
            if key in OPTIONS:
                raise OptionError("unknown_option_prefix", name=repr(name), option=repr(key))
            raise OptionError("unknown_option", name=shorten(repr(name)))
    if game is not None:
        for name in given:
            if not game.plays_option(name):
                raise OptionError(
                    _unplayed_reason(game, name),
                    name=name,
                    game=game.name,
                    source=OPTIONS[name].rule,
                )
    defaults = game.defaults if game is not None else {}
    for name, spec in OPTIONS.items():
        if name in given:
            values[name] = spec.validate(given[name])
        else:
            values[name] = defaults.get(name, spec.default)
    if values["pack64"] and players != 2:
        raise OptionError("pack64_two_handed")
    double_deck = game is not None and game.double_deck
    if (values["count_scheme"] == "double_deck") != double_deck and variant is not None:
        allowed = ("double_deck",) if double_deck else OPTIONS["count_scheme"].values[:-1]
        raise OptionError(
            "option_not_one_of",
            name="count_scheme",
            value=repr(values["count_scheme"]),
            allowed=", ".join(allowed),
        )
    if values["packet_size"] is None:
        values["packet_size"] = 3 if players == 4 else 4
    if values["target"] is None:
        values["target"] = 100 if values["count_scheme"] == "one_point" else 1000
    return Options(values, given)


def _unplayed_reason(game: Variant, name: str) -> str:
    """The refusal key of an option `game` does not play (G-14): a penalty of honour mode (§0.3),
    a reuse rule where nobody melds twice (M-4), the 64-card pack (A-14), the auction games' own
    reasons, or a rule of another game."""
    if OPTIONS[name].honour_only:
        return "honour_only_option"
    if name == "same_class_upgrades":
        return "option_unplayed_sequential"
    if name == "pack64":
        return "pack64_two_handed"
    if game.auction:
        return UNPLAYED.get(name, "option_unplayed_other_game")
    return "option_unplayed_other_game"


def parse_option_value(name: str, text: str) -> Any:
    """Read an option value typed by a user ("400", "on", "any_higher") into its type."""
    if name not in OPTIONS:
        raise OptionError("unknown_option", name=shorten(repr(name)))
    spec = OPTIONS[name]
    raw = text.strip().lower()
    if spec.choices is not None and set(spec.choices) <= {False, True}:
        if raw in ("on", "true", "yes", "1", "да", "вкл"):
            return True
        if raw in ("off", "false", "no", "0", "нет", "выкл"):
            return False
        raise OptionError("option_not_switch", name=name, value=shorten(repr(text)))
    try:
        value: Any = int(raw)
    except ValueError:
        value = raw
    return spec.validate(value)
