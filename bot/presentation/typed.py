"""Reading back what a person types: any label the hand shows, or a verb of the catalogue, in
either language ("Show the dix", "Объявить Д♠ В♦", "ставка 250", "козырь ч").

The catalogue (`game.action.*`, `bot.action.*`) is the one mapping between actions and words:
a typed text is matched against the labels the legal actions are shown under, and failing
that its leading words are looked up among the catalogue's verbs and the rest is handed to the
engine's parser (`bot.game.parse_action`), which knows cards in both notations ("Дп", "10h")
and refuses anything else with its own reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.game import Action, Card, IllegalAction, SeatView, Suit, parse_action
from bot.game.actions import VERBS
from bot.i18n import LANGUAGES, action_label, t
from bot.presentation.texts import hand_action_label

#: How a salt word is typed, on Discord (`/pinochle move action:`) and in the terminal:
#: "salt lucky7" (or "соль удача7").
SALT_WORDS = ("salt", "соль")
#: What separates words in a label: spaces and the punctuation labels use around names and points.
_WORDS = re.compile(r"[^\s,;:()·—–]+")
#: A placeholder no label text contains, to find where a template's argument starts.
_SLOT = "\x00"


def salt_of(typed: str) -> tuple[str, bool]:
    """The word after "salt" (the service checks it), and whether `typed` is a salt at all."""
    head, _, word = typed.strip().partition(" ")
    return word.strip(), head.lower() in SALT_WORDS


def words(text: str) -> tuple[str, ...]:
    """A text as comparable words: case and ё folded, every card and suit in the engine's notation."""
    found = []
    for word in _WORDS.findall(text.casefold().replace("ё", "е")):
        try:
            found.append(str(Card.from_text(word)))
            continue
        except ValueError:
            pass
        try:
            found.append(Suit.parse(word).value)
        except ValueError:
            found.append(word)
    return tuple(found)


def shown_labels(view: SeatView, action: Action) -> Iterable[str]:
    """Every label `action` is shown under, in every language (the hand's and the plain one)."""
    for lang in LANGUAGES:
        yield hand_action_label(view, action, lang)
        yield action_label(action, lang)


@lru_cache(maxsize=len(LANGUAGES) * (len(VERBS) + 1))
def _verb_words(verb: str, lang: str) -> tuple[str, ...]:
    """The words a verb's label starts with before its argument ("объявить" for a meld)."""
    template = t(
        f"game.action.{verb.replace(' ', '_')}", lang, cards=_SLOT, amount=_SLOT, suit=_SLOT
    )
    return words(template.split(_SLOT)[0])


def _verbs() -> list[tuple[tuple[str, ...], str]]:
    """(label words, engine verb) for every verb in every language, the longest words first, so
    "объявить выход" (declare out) is tried before "объявить" (meld)."""
    found = {(_verb_words(verb, lang), verb) for verb in VERBS for lang in LANGUAGES}
    return sorted(found, key=lambda pair: -len(pair[0]))


def typed_action(text: str, view: SeatView, legal: Iterable[Action]) -> Action | str:
    """The legal action whose shown label `text` is, else the engine's text for it ("meld K♥ Q♥"
    from "объявить Кч Дч", "play 9♠" from "9п"): the engine then says why that is refused."""
    typed = words(text)
    for action in legal:
        if any(words(label) == typed for label in shown_labels(view, action)):
            return action
    return engine_text(text)


#: The most digits a bare number may have to be read as an entry or a bid (a bid's ceiling
#: has four; longer numbers are no bid, and reading them costs nothing).
NUMBER_DIGITS = 9


@dataclass(frozen=True)
class BothReadings:
    """A bare number that is both an entry shown under it and a legal bid of that amount: neither
    is taken; the person is shown both and types the one meant."""

    number: int
    entry: Action
    bid: Action


def read_number(
    text: str, shown: dict[int, Action], legal: Iterable[Action]
) -> Action | str | BothReadings | None:
    """A bare number ("55"): the entry shown on the screen under it, else, while bids are offered,
    the bid of that amount (F-2: the engine judges it, so "2000" is refused for its real reason);
    both at once is `BothReadings`. None: not a bare number, or neither reading applies.
    `shown` is empty where nothing is numbered (Discord's `/pinochle move`)."""
    if not (text.isascii() and text.isdigit()) or len(text) > NUMBER_DIGITS:
        return None
    number = int(text)
    bids = [action for action in legal if action.verb == "bid"]
    bid = next((action for action in bids if action.amount == number), None)
    entry = shown.get(number)
    if entry is not None and bid is not None and entry != bid:
        return BothReadings(number, entry, bid)
    if entry is not None:
        return entry
    if bid is not None:
        return bid
    return f"bid {number}" if bids else None


def engine_text(text: str) -> str:
    """`text` in the engine's words: a verb of either language as the engine's ("give Т♠ 10♠"
    from "передать Тп 10п"), a lone card as playing it ("play 9♠" from "9п"); else `text`."""
    typed = words(text)
    for verb_words, verb in _verbs():
        if verb_words and typed[: len(verb_words)] == verb_words:
            return _readable(" ".join((verb, *typed[len(verb_words) :])), text)
    if len(typed) == 1:
        try:
            return f"play {Card.from_text(typed[0])}"
        except ValueError:
            pass
    return text


def _readable(engines: str, typed: str) -> str:
    """The engine's text, unless it reads no action there: then what was typed, so the refusal
    quotes the person's own words (not "meld ж" for "объявить ж")."""
    try:
        parse_action(engines)
    except IllegalAction as error:
        if error.name == "bad_action":
            return typed
    return engines


@dataclass(frozen=True)
class GiveDraft:
    """A give of the passing (F-5) as typed so far, for autocomplete to build it card by card:
    `chosen`, the held cards it names in the order typed; `more`, the held cards it may add next
    (one of each, in the hand's order; only those an unfinished last word begins, if it begins
    any); `count`, how many the engine still wants."""

    count: int
    chosen: tuple[Card, ...]
    more: tuple[Card, ...]


def give_draft(count: int, held: Sequence[Card], text: str) -> GiveDraft | None:
    """What `text` ("give A♥ 10♥ k", "передать Тч 1") builds from the cards `held` (those not
    chosen yet), while the seat has `count` cards still to give in the passing; None when it has
    none (`SeatView.give_due` of the seat to act).

    Only held cards are ever named (a card typed beyond the copies held is left out, so nothing
    but the hand shows through); the engine still judges the give that is sent.
    """
    if count <= 0:
        return None
    raw = _WORDS.findall(text.casefold().replace("ё", "е"))
    typed = words(text)  # the same words, cards in the engine's notation
    left = Counter(held)
    chosen: list[Card] = []
    unfinished = ""
    for index, word in enumerate(typed):  # the verb, and any other word, is no card: passed over
        card = _card(word)
        if card is not None and left[card] > 0:
            chosen.append(card)
            left[card] -= 1
        elif index == len(typed) - 1 and not text[-1:].isspace():
            unfinished = raw[index]
    more = [card for card in dict.fromkeys(held) if left[card] > 0]
    begun = [
        card
        for card in more
        if any(card.text(lang).casefold().startswith(unfinished) for lang in LANGUAGES)
    ]
    return GiveDraft(count, tuple(chosen), tuple(begun or more))


def _card(word: str) -> Card | None:
    try:
        return Card.from_text(word)
    except ValueError:
        return None
