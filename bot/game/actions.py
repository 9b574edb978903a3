"""Actions and their text forms: `play 10♥`, `meld K♥ Q♥`, `bid 250`, `trump ♥`, `give A♥`...

The text is context-free, so `parse_action(str(a)) == a`; whether an action is
legal is for the game to say (like python-chess's `Move` and `board.parse_san`).
Every action the game lists applies as given: the passing (F-5) lists one card at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import CARD_BY_CODE, MAX_HAND, Card, Suit, format_cards, parse_cards
from .errors import IllegalAction, shorten


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a verb and its argument (cards, an amount or a suit)."""

    verb: str
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        argument = self.argument
        return f"{self.verb} {argument}" if argument else self.verb

    @property
    def argument(self) -> str:
        """The text after the verb: the cards, the amount or the suit ("" for a bare verb)."""
        if self.cards:
            return format_cards(self.cards)
        if self.amount is not None:
            return str(self.amount)
        if self.suit is not None:
            return self.suit.value
        return ""

    @property
    def card(self) -> Card:
        """The card of a `play` action."""
        return self.cards[0]

    @staticmethod
    def play(card: Card) -> Action:
        """The action of playing `card`."""
        return play(card)

    @staticmethod
    def give(cards: Iterable[Card]) -> Action:
        """The action of passing `cards` to the partner (F-5): see `give`."""
        return give(cards)


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


def meld(cards: Iterable[Card]) -> Action:
    """A meld with its cards in the canonical order (by suit, then rank)."""
    key = tuple(sorted(cards, key=lambda c: c.code))
    act = _MELDS.get(key)
    if act is None:
        if len(_MELDS) >= MELDS_SHARED:
            _MELDS.clear()
        act = _MELDS[key] = Action("meld", key)
    return act


def give(cards: Iterable[Card]) -> Action:
    """Passing these cards to the partner (F-5, H-5), in the canonical order (by suit, then rank):
    one card (what the passing lists), or all the cards still due at once (a typed give, and the
    one action a pass was before it went card by card: old logs replay)."""
    cards = tuple(cards)
    if len(cards) == 1:
        return GIVE_BY_CODE[cards[0].code]
    return Action("give", tuple(sorted(cards, key=lambda c: c.code)))


def gift_size(count: int) -> Action:
    """A give as the other side sees it (F-5): how many cards went, never which. It names no
    card, so typed it is refused with how many cards to pass."""
    return Action("give", amount=count)


PASS = Action("pass")
DIX = Action("dix")
EXCHANGE = Action("exchange")
DRAW = Action("draw")
DRAW_TURNUP = Action("draw turnup")
#: The play action of each card, indexed by `Card.code` (the hot path of playouts).
PLAY_BY_CODE: tuple[Action, ...] = tuple(play(card) for card in CARD_BY_CODE)
#: The one-card give of each card (F-5), indexed by `Card.code`: the passing's legal list.
GIVE_BY_CODE: tuple[Action, ...] = tuple(Action("give", (card,)) for card in CARD_BY_CODE)
#: The play actions of each suit's eight codes, per set of them (a byte of a code mask): `plays_in`.
_PLAYS_BY_BYTE: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(
        tuple(PLAY_BY_CODE[suit * 8 + rank] for rank in range(8) if byte >> rank & 1)
        for byte in range(256)
    )
    for suit in range(4)
)


def plays_in(mask: int) -> list[Action]:
    """The play actions of the card codes in `mask` (bit `code` set), in code order: a legal
    list from a bit set in four lookups instead of a sort."""
    spades, hearts, diamonds, clubs = _PLAYS_BY_BYTE
    return [
        *spades[mask & 255],
        *hearts[mask >> 8 & 255],
        *diamonds[mask >> 16 & 255],
        *clubs[mask >> 24],
    ]


DECLARE_OUT = Action("declare out")
#: A bare `give`, without its cards: refused with how many cards to pass (F-5).
GIVE = Action("give")
_SIMPLE_ACTIONS = {a.verb: a for a in (PASS, DIX, EXCHANGE, DRAW, DRAW_TURNUP, DECLARE_OUT)}
#: Every verb an action may have.
VERBS = frozenset({"play", "meld", "bid", "trump", "give", *_SIMPLE_ACTIONS})


def lowest_bid(actions: Iterable[Action]) -> Action | None:
    """The lowest bid among a seat's legal actions: the minimum or the next step (E-4, E-6);
    None when it may not bid."""
    return min((a for a in actions if a.verb == "bid"), key=lambda a: a.amount or 0, default=None)


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
        if verb == "give":
            if not rest:
                return GIVE  # F-5: the engine answers how many cards to pass
            if rest.isdigit():
                return gift_size(int(rest))
            cards = parse_cards(rest, limit=MAX_HAND)
            if not cards:
                raise ValueError("give takes cards")
            return give(cards)
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
