"""Actions and their text forms: `play 10♥`, `meld K♥ Q♥`, `bid 250`, `trump ♥`, ...

The text is context-free, so `parse_action(str(a)) == a`; whether an action is
legal is for the game to say (like python-chess's `Move` and `board.parse_san`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_BY_CODE, MAX_HAND, Card, Suit, format_cards, parse_cards, sort_hand
from .errors import IllegalAction, shorten


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a verb and its argument (cards, an amount or a suit)."""

    verb: str
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.verb in ("play", "meld"):
            return f"{self.verb} {format_cards(self.cards)}"
        if self.verb == "bid":
            return f"bid {self.amount}"
        if self.verb == "trump":
            return f"trump {self.suit.value}"
        return self.verb

    @property
    def card(self) -> Card:
        return self.cards[0]


_PLAYS: dict[Card, Action] = {}
_MELDS: dict[tuple[Card, ...], Action] = {}
#: Melds kept for sharing; past this many the table starts afresh (typed melds are unbounded in variety).
MELDS_SHARED = 4096


def play(card: Card) -> Action:
    """The (shared) action of playing `card`; actions are values, so sharing is safe and fast."""
    act = _PLAYS.get(card)
    if act is None:
        act = _PLAYS[card] = Action("play", (card,))
    return act


#: The play action of each card, indexed by `Card.code` (the hot path of playouts).
PLAY_BY_CODE: tuple[Action, ...] = ()


def meld(cards) -> Action:
    """A meld with its cards in the canonical order (by suit, then rank)."""
    key = tuple(sorted(cards, key=lambda c: c.code))
    act = _MELDS.get(key)
    if act is None:
        if len(_MELDS) >= MELDS_SHARED:
            _MELDS.clear()
        act = _MELDS[key] = Action("meld", key)
    return act


PASS = Action("pass")
DIX = Action("dix")
EXCHANGE = Action("exchange")
DRAW = Action("draw")
DRAW_TURNUP = Action("draw turnup")
PLAY_BY_CODE = tuple(play(card) for card in CARD_BY_CODE)
DECLARE_OUT = Action("declare out")
_SIMPLE_ACTIONS = {a.verb: a for a in (PASS, DIX, EXCHANGE, DRAW, DRAW_TURNUP, DECLARE_OUT)}


def parse_action(text: str | Action) -> Action:
    """Read an action's text; unknown verbs or bad arguments raise IllegalAction('bad_action').

    A meld of more cards than a hand holds is refused ('too_many_cards') before
    its cards are read; a refusal repeats the text `shorten`ed.
    """
    if isinstance(text, Action):
        return text
    words = text.strip().split(None, 1)
    if not words:
        raise IllegalAction("bad_action", text=repr(text))
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    try:
        if verb == "play":
            cards = parse_cards(rest)
            if len(cards) != 1:
                raise ValueError("play takes one card")
            return play(cards[0])
        if verb == "meld":
            cards = parse_cards(rest, limit=MAX_HAND)
            if not cards:
                raise ValueError("meld takes cards")
            return meld(cards)
        if verb == "bid":
            return Action("bid", amount=int(rest))
        if verb == "trump":
            return Action("trump", suit=Suit.parse(rest))
        phrase = f"{verb} {rest.lower()}".strip()
        if phrase in _SIMPLE_ACTIONS:
            return _SIMPLE_ACTIONS[phrase]
    except IllegalAction:
        raise
    except ValueError:
        pass  # the parser's own reason is English prose; the player is told what they typed, in their language
    raise IllegalAction("bad_action", text=shorten(repr(text.strip())))


def sorted_meld_cards(cards, trump: Suit | None) -> list[Card]:
    """Meld cards as shown to people: trump first, high to low."""
    return sort_hand(cards, trump)
