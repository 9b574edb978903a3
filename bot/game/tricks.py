"""Who wins a trick (G-3) and which cards may be played to it (RULES §8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .cards import ALL_CARDS, CARD_BY_CODE, Card, Suit
from .options import Options, resolve_options


def _suit(trump: Suit | str | None) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    return Suit.parse(trump)


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Does `card`, played later, beat the card now winning (G-3; an identical card does not)?"""
    if card.suit is best.suit:
        return card.strength > best.strength
    return card.suit is trump


def winning_index(trick: Sequence[Card], trump: Suit | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def trick_winner(trick: Sequence[Card], trump: Suit | str | None) -> int:
    """Index into `trick` (play order, led first) of the winning card (G-3)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winning_index(trick, _suit(trump))


def winning_play(plays: Sequence[tuple[int, Card]], trump: Suit | str | None) -> tuple[int, Card]:
    """The (seat, card) heading a trick as it stands, its winner once complete (G-3)."""
    return plays[trick_winner([card for _, card in plays], trump)]


def strict_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    *,
    head_any_suit: bool = True,
    must_undertrump: bool = True,
    exempt_from_heading: bool = False,
) -> list[Card]:
    """The cards of `hand` that §8 allows, duplicates removed, in hand order.

    `exempt_from_heading` is true when the winning card is a partner's and
    `must_head_partner` is off (P-5), which lifts P-2(b) and P-3(b): under a partner's trump,
    with under-trumping not compulsory, no trump is owed (P-3(c)), as under an opponent's
    trump the player cannot beat.
    """
    if not trick:  # P-1: the leader may lead any card
        return list(dict.fromkeys(hand))
    led = trick[0].suit
    win = trick[winning_index(trick, trump)]
    follow = [c for c in hand if c.suit is led]
    if follow:  # P-2
        if win.suit is led and not exempt_from_heading and (head_any_suit or led is trump):
            higher = [c for c in follow if c.strength > win.strength]
            if higher:  # P-2(b): head the trick
                return list(dict.fromkeys(higher))
        return list(dict.fromkeys(follow))  # P-2(a), P-2(c)
    if trump is not None:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:  # P-3
            if win.suit is trump:
                higher = [c for c in trumps if c.strength > win.strength]
                if higher and not exempt_from_heading:  # P-3(b): over-trump
                    return list(dict.fromkeys(higher))
                if not must_undertrump and (exempt_from_heading or not higher):
                    return list(dict.fromkeys(hand))  # P-3(c) off: no trump is owed
            return list(dict.fromkeys(trumps))  # P-3(a), P-3(c)
    return list(dict.fromkeys(hand))  # P-4, P-6


def bits(cards: Iterable[Card]) -> tuple[int, int]:
    """(codes held, codes held twice) of some cards."""
    have = dup = 0
    for card in cards:
        bit = 1 << card.code
        if have & bit:
            dup |= bit
        have |= bit
    return have, dup


def card_mask(cards: Iterable[Card]) -> int:
    """The cards' faces as bits over `Card.code` (a copy held twice sets its bit once)."""
    out = 0
    for card in cards:
        out |= 1 << card.code
    return out


@lru_cache(maxsize=8)
def beat_masks(trump: Suit | None) -> tuple[int, ...]:
    """For each heading card's code, the codes of the cards that would head the trick over it (G-3)."""
    return tuple(
        card_mask([c for c in ALL_CARDS if beats(c, best, trump)]) for best in CARD_BY_CODE
    )


@lru_cache(maxsize=4096)
def legal_tiers(
    led: int,
    heading: int,
    trump: Suit | None,
    head_any_suit: bool,
    must_undertrump: bool,
    exempt: bool,
) -> tuple[int, ...]:
    """§8 as a cascade of masks: the legal cards of a hand are those in the first mask it meets.

    The engine's `strict_plays` always allows the cards of one best class of
    the hand (head the trick, follow, over-trump, trump, anything), so asking it
    about the whole pack, then about the pack without the cards it allowed, and
    so on, lists the classes in order. `led` is the suit led (its index) and
    `heading` the code of the card heading the trick.
    """
    if heading >> 3 == led:
        trick = [CARD_BY_CODE[heading]]
    else:  # a trump heads a trick led in another suit: any card of that suit led it
        trick = [CARD_BY_CODE[led * 8], CARD_BY_CODE[heading]]
    left = list(ALL_CARDS)
    tiers: list[int] = []
    while left:
        allowed = strict_plays(
            left,
            trick,
            trump,
            head_any_suit=head_any_suit,
            must_undertrump=must_undertrump,
            exempt_from_heading=exempt,
        )
        tiers.append(card_mask(allowed))
        chosen = set(allowed)
        left = [c for c in left if c not in chosen]
    return tuple(tiers)


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | str | None,
    options: Mapping[str, Any] | None = None,
    partner_winning: bool = False,
    *,
    two_handed: bool = False,
) -> list[Card]:
    """Strict legality of RULES §8 for the play-off (two-hand) and every trick of C, D, E.

    `two_handed` selects `twohand_head_rule` instead of `head_rule` (P-5).
    """
    opts = options if isinstance(options, Options) else resolve_options(options)
    head = opts["twohand_head_rule"] if two_handed else opts["head_rule"]
    return strict_plays(
        hand,
        trick,
        _suit(trump),
        head_any_suit=head == "any_suit",
        must_undertrump=opts["must_undertrump"],
        exempt_from_heading=partner_winning and not opts["must_head_partner"],
    )


def refusal_reason(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    allowed: Sequence[Card],
) -> tuple[str, str, dict[str, str]]:
    """Why `card` is not among `allowed`: (error key, rule id, params) for IllegalAction."""
    led = trick[0].suit
    win = trick[winning_index(trick, trump)]
    if card.suit is not led and any(c.suit is led for c in hand):
        return "must_follow", "P-2", {"suit": led.value}
    if card.suit is led:
        return "must_head", "P-2", {"suit": led.value}
    if allowed and allowed[0].suit is trump and win.suit is trump and card.suit is trump:
        return "must_overtrump", "P-3", {"card": str(win)}
    return "must_trump", "P-3", {"led": led.value, "suit": trump.value if trump else "-"}
