"""The engine's words in a player's language: cards, suits, melds, actions, variants, phases,
options, refusals.

Everything here reads the "game" domain of the catalog (keys listed in the
package docstring); card notation itself comes from the engine's one table
(`bot.game.cards.RANK_TEXT`), so what is shown is what `parse_cards` reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from bot.game.actions import Action, parse_action
from bot.game.cards import Card, Suit, format_cards, parse_cards
from bot.game.errors import PinochleError, Refusal, Typed, speak_with
from bot.game.options import OPTIONS, OptionSpec

from .catalog import catalog, t
from .languages import check_language
from .numbers import number


class OptionText(NamedTuple):
    """A short label (a select-menu entry) and a one-line description (its hint)."""

    label: str
    description: str


def card_text(card: Card, lang: str) -> str:
    """One card in the language's notation: `Д♠` in Russian, `Q♠` in English."""
    return card.text(check_language(lang))


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """Cards separated by spaces, in order; `parse_cards(cards_text(c, lang)) == c`."""
    return format_cards(cards, check_language(lang))


def suit_name(suit: Suit | str, lang: str) -> str:
    """The suit's name ("пики", "hearts"); `suit` is a Suit or any text `Suit.parse` reads."""
    suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return t(f"game.suit.{suit.name.lower()}", lang)


def meld_name(name: str, lang: str) -> str:
    """A meld's name, from the engine's meld name ("royal marriage" -> "королевский марьяж")."""
    return t(f"game.meld.{name}", lang)


def chip_reason(reason: str, detail: str, lang: str, memo: str = "") -> str:
    """What chips moved for, as the channel, `/chips history` and the web ledger all say it:
    "contract 320", "meld: flush", "game", "forfeit" (a leaver's game premium), "grant: welcome"."""
    if reason == "game" and detail == "forfeit":
        return t("chips.reason.forfeit", lang)
    shown = meld_name(detail, lang) if reason == "meld" and detail else detail
    return t(f"chips.reason.{reason}", lang, detail=shown, memo=memo)


def action_label(action: Action, lang: str) -> str:
    """An action as a button, menu or autocomplete label: "10♥", "Meld K♥ Q♥", "Ставка 250"."""
    if action.verb == "play":
        return card_text(action.card, lang)
    return t(
        f"game.action.{action.verb.replace(' ', '_')}",
        lang,
        cards=cards_text(action.cards, lang),
        amount=action.amount,
        suit=action.argument,
    )


def variant_name(variant: str, lang: str) -> str:
    """A variant's display name, from its engine name ("two-handed")."""
    return t(f"game.variant.{variant}.name", lang)


def variant_summary(variant: str, lang: str) -> str:
    """One paragraph of a variant's rules (RULES §3–§7), for `/pinochle rules`."""
    return t(f"game.variant.{variant}.summary", lang)


def phase_name(phase: str, lang: str) -> str:
    """A phase of play as shown on the board ("auction" -> "Торговля")."""
    return t(f"game.phase.{phase}", lang)


def option_text(name: str, lang: str) -> OptionText:
    """Label and description of a house rule (RULES §11), by its name in `OPTIONS`."""
    _spec(name)
    return OptionText(
        t(f"game.option.{name}.label", lang), t(f"game.option.{name}.description", lang)
    )


def option_value_text(name: str, value: Any, lang: str) -> OptionText:
    """Label and description of one value of a house rule.

    Raises ValueError for a value the option does not allow. On/off options
    take their label from `game.switch`; options without a fixed list of values
    (such as `target`) format their `any` texts with `{value}`.
    """
    spec = _spec(name)
    spec.validate(value)
    if isinstance(value, bool):
        key = "on" if value else "off"
        label = t(f"game.switch.{key}", lang)
    else:
        key = _value_key(value, fixed=spec.choices is not None)
        label = t(f"game.option.{name}.values.{key}.label", lang, value=value)
    return OptionText(label, t(f"game.option.{name}.values.{key}.description", lang, value=value))


def describe_error(
    error: Refusal, lang: str, *, rule: bool = True, word: Callable[[Any], Any] | None = None
) -> str:
    """Any refusal in `lang`: the one path every surface puts a `Refusal` into words by.

    The text ends with the rule id in parentheses like `str(error)` when it has one; players never
    see rule ids (their texts pass `rule=False`), logs and tools keep it. `word` is the speaking
    layer's own way with a parameter (a seat as a mention, a person's words escaped); then a
    refusal within a refusal is said too, numbers take the typographic minus, and a member's own
    words (`Typed`) are shown as typed.

    In the engine's refusals, cards and meld names are shown in the language (`Т♠` rather than
    `A♠`, "королевский марьяж" rather than "royal marriage"), and so is an action in languages
    other than the engine's English, by its label ("declare out" -> «Объявить выход»): English
    refusals are the engine's own sentences, which name an action as it is typed ("you cannot
    draw now"). Other parameters (suit symbols, text a player typed that is no action) stay as
    the engine gave them.
    """
    params = {
        name: _refusal_param(error, name, value, lang, word) for name, value in error.params.items()
    }
    text = t(error.key, lang, **params)
    return f"{text} ({error.rule})" if rule and error.rule else text


def _refusal_param(
    error: Refusal, name: str, value: Any, lang: str, word: Callable[[Any], Any] | None
) -> Any:
    if isinstance(value, Refusal):
        return describe_error(value, lang, rule=False, word=word)
    if word is not None:
        value = word(value)
    if isinstance(error, PinochleError):
        if name in _WORD_PARAMS:
            return _localize(value, lang)
        return _action_words(value, lang) if name == "action" else value
    if isinstance(value, Typed):
        return value.text
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _english(error: Refusal) -> str:
    return describe_error(error, "en")


speak_with(_english)  # every refusal's `str` is its English sentence wherever this layer is loaded


#: Refusal parameters that hold cards or meld names (see bot.game's IllegalAction calls).
_WORD_PARAMS = frozenset({"card", "cards", "meld", "meld_class"})


#: The engine's language: its refusals name an action by its typed text.
_ENGINE_LANGUAGE = "en"


def _action_words(text: str, lang: str) -> str:
    """An action parameter of a refusal in `lang`: its label, or the text as it came if it is no action."""
    if lang == _ENGINE_LANGUAGE:
        return text
    try:
        return action_label(parse_action(text), lang)
    except ValueError:
        return text


def _localize(value: str, lang: str) -> str:
    if catalog().lookup(f"game.meld.{value}", "en") is not None:
        return meld_name(value, lang)
    try:
        cards = parse_cards(value)
    except ValueError:
        return value
    return cards_text(cards, lang) if cards else value


def _spec(name: str) -> OptionSpec:
    try:
        return OPTIONS[name]
    except KeyError:
        raise ValueError(f"unknown option {name!r}") from None


def _value_key(value: Any, *, fixed: bool) -> str:
    """The catalog key of a non-boolean option value: "auto" for None, "any" for free values."""
    if value is None:
        return "auto"
    return str(value) if fixed else "any"
