"""Cards, suits, ranks, packs and their text forms (RULES G-1, G-2).

A `Card` is a value: two physical copies of A♠ are the same `Card`. The engine
tracks where each copy lies (hand, table, trick), which is all the meld-reuse
rules (RULES §0.3, M-4) need. Cards are interned, so identity comparison,
hashing and sorting are cheap on the hot path of playouts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from itertools import islice
from typing import ClassVar

from .errors import IllegalAction


class Suit(StrEnum):
    """The four suits; the value is the symbol used in every text form."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    def __str__(self) -> str:
        return self.value

    @property
    def index(self) -> int:  # type: ignore[override]  # a public name of the engine; str.index is not used on suits
        """The suit's position in SUITS (0-3): `Card.code` is suit index * 8 + rank index."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its symbol, English letter or word, or Russian letter or word."""
        key = text.strip().lower()
        suit = _SUIT_WORDS.get(key)
        if suit is None:
            raise ValueError(f"not a suit: {text!r}")
        return suit


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

#: Ranks from high to low (RULES G-2); 8 and 7 exist only in the 64-card pack.
RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")

#: Rank and suit names per language: the one notation table of the project.
RANK_TEXT = {
    "en": dict(zip(RANKS, ("A", "10", "K", "Q", "J", "9", "8", "7"), strict=False)),
    "ru": dict(zip(RANKS, ("Т", "10", "К", "Д", "В", "9", "8", "7"), strict=False)),
}

_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in {
    Suit.SPADES: ("♠", "s", "spade", "spades", "п", "пики", "пика", "♤"),
    Suit.HEARTS: ("♥", "h", "heart", "hearts", "ч", "черви", "червы", "♡", "❤"),
    Suit.DIAMONDS: ("♦", "d", "diamond", "diamonds", "б", "бубны", "бубна", "♢"),
    Suit.CLUBS: ("♣", "c", "club", "clubs", "т", "трефы", "трефа", "♧"),
}.items():
    for _w in _words:
        _SUIT_WORDS[_w] = _suit

_RANK_WORDS = {
    "a": "A",
    "10": "10",
    "t": "10",
    "k": "K",
    "q": "Q",
    "j": "J",
    "9": "9",
    "8": "8",
    "7": "7",
    # Russian: туз, король, дама, валет.
    "т": "A",
    "к": "K",
    "д": "Q",
    "в": "J",
}


class Card:
    """One card face: rank and suit. Interned: `Card("A", Suit.SPADES) is Card("A", "♠")`."""

    __slots__ = ("_text", "code", "rank", "rank_index", "strength", "suit", "suit_index")
    _interned: ClassVar[dict[tuple[str, Suit], Card]] = {}

    rank: str
    suit: Suit
    code: int  # suit_index * 8 + rank_index: dense, for tables and bitmasks
    suit_index: int
    rank_index: int  # 0 = ace ... 7 = seven
    strength: int  # higher beats lower within a suit
    _text: str

    def __new__(cls, rank: str, suit: Suit | str) -> Card:
        suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            if rank not in RANKS:
                raise ValueError(f"not a rank: {rank!r}")
            card = object.__new__(cls)
            card.rank, card.suit = rank, suit
            card.suit_index = suit.index
            card.rank_index = RANKS.index(rank)
            card.code = card.suit_index * 8 + card.rank_index
            card.strength = 7 - card.rank_index
            card._text = f"{rank}{suit.value}"
            cls._interned[key] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.from_text({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __eq__(self, other: object) -> bool:
        """Identity, as without it (cards are interned); spelled out because defining `__lt__`
        sends every comparison through Python, and without `__eq__` an unequal pair costs two
        calls (each side declines): `hand.remove(card)` and `card in hand` are on the hot path."""
        return self is other if isinstance(other, Card) else NotImplemented

    __hash__ = object.__hash__

    def text(self, lang: str = "en") -> str:
        """The card in a language's notation (`Д♠` for Q♠ in Russian)."""
        return f"{RANK_TEXT.get(lang, RANK_TEXT['en'])[self.rank]}{self.suit.value}"

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Parse one card: `AS`, `10h`, `Td`, `Q♠`, Russian `Дп`, `10ч`, `Т♣`."""
        token = text.strip()
        match = _TOKEN.fullmatch(token)
        if not match:
            raise ValueError(f"not a card: {text!r}")
        rank = _RANK_WORDS.get(match["rank"].lower())
        suit = _SUIT_WORDS.get(match["suit"].lower())
        if rank is None or suit is None:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, suit)


_TOKEN = re.compile(
    r"(?P<rank>10|[2-9]|[A-Za-zА-Яа-яЁё])(?P<suit>[♠♥♦♣♤♡♢♧❤]|[A-Za-zА-Яа-яЁё])\ufe0f?"
)

ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
CARD_BY_CODE: tuple[Card, ...] = ALL_CARDS  # index == code


_SEPARATED = re.compile(r"[^\s,;]+")

#: The most cards a hand ever holds: 24 (the double-deck bid winner between the two passes, H-5);
#: 16 in the 48- and 64-card games (C-1, A-14), 20 dealt in the double deck (H-1).
MAX_HAND = 24


def parse_cards(text: str, *, limit: int | None = None) -> list[Card]:
    """Read cards separated by spaces or commas; a bad token raises ValueError naming it.

    With `limit`, more tokens than that raise IllegalAction("too_many_cards")
    before any is read: a pasted wall of text is looked at only up to its
    `limit + 1`-th token.
    """
    tokens = [
        m.group() for m in islice(_SEPARATED.finditer(text), None if limit is None else limit + 1)
    ]
    if limit is not None and len(tokens) > limit:
        raise IllegalAction("too_many_cards", limit=limit)
    cards = []
    for token in tokens:
        try:
            cards.append(Card.from_text(token))
        except ValueError:
            raise ValueError(f"not a card: {token!r}") from None
    return cards


def remove_card(cards: list[Card], card: Card) -> bool:
    """Take the first copy of `card` out of `cards`; False when there is none. By identity
    (cards are interned): `list.remove` would call `Card.__eq__` on every card before it."""
    for index, held in enumerate(cards):
        if held is card:
            del cards[index]
            return True
    return False


def format_cards(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as text, in the given order; `parse_cards(format_cards(c)) == c`."""
    return " ".join(card.text(lang) for card in cards)


def make_pack(pack64: bool = False, *, double_deck: bool = False) -> list[Card]:
    """The pinochle pack (RULES G-1): two copies of A 10 K Q J 9 (and 8 7) in each suit; the
    double deck (H-1): four copies of A 10 K Q J, no nines (80 cards). A new list each time."""
    return list(_PACKS[double_deck][pack64])


def _pack(ranks: int, copies: int) -> tuple[Card, ...]:
    return tuple(card for card in ALL_CARDS if card.rank_index < ranks for _ in range(copies))


#: [double_deck][pack64]: the three packs, built once (a deal starts from a copy of one).
_PACKS = ((_pack(6, 2), _pack(8, 2)), (_pack(5, 4), _pack(5, 4)))


def pack_of_size(size: int) -> list[Card]:
    """The pack a deal of `size` cards was dealt from: 48 (G-1), 64 (A-14) or 80 (H-1)."""
    return make_pack(size == 64, double_deck=size == 80)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Sorted by suit (trump first), then rank high to low: how players hold cards."""

    def key(card: Card) -> tuple[int, int]:
        return (0 if card.suit is trump else 1 + card.suit_index, card.rank_index)

    return sorted(cards, key=key)
