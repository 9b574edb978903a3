"""The meld table (RULES §2.1) and both ways of melding.

* Simultaneous melding (§2.3, Variants C, D, E): the best total of a hand,
  computed class by class, since a card may count once in each class (S-2)
  and doubles replace singles (S-3).
* Sequential melding (§2.2, Variants A, B): one meld per won trick, checked
  against the physical cards on the table and the classes they were used in
  (M-3, M-4, M-7).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from .actions import Action, meld
from .cards import CARD_BY_CODE, RANKS, SUITS, Card, Suit, remove_card, sort_hand
from .errors import IllegalAction
from .options import Options, resolve_options
from .points import scale

CLASS_A, CLASS_B, CLASS_C = "A", "B", "C"

#: Meld name -> class (§2.1). The dix is class A but never a table meld (A-7f).
MELD_CLASS: dict[str, str] = {
    "flush": CLASS_A,
    "double flush": CLASS_A,
    "royal marriage": CLASS_A,
    "marriage": CLASS_A,
    "dix": CLASS_A,
    "aces around": CLASS_B,
    "kings around": CLASS_B,
    "queens around": CLASS_B,
    "jacks around": CLASS_B,
    "eight aces": CLASS_B,
    "eight kings": CLASS_B,
    "eight queens": CLASS_B,
    "eight jacks": CLASS_B,
    "pinochle": CLASS_C,
    "double pinochle": CLASS_C,
    "grand pinochle": CLASS_C,
    "roundhouse": "",
    "roundhouse bonus": "",
    # The double deck's triples and quadruples (H-7).
    "triple flush": CLASS_A,
    "quadruple flush": CLASS_A,
    "twelve aces": CLASS_B,
    "twelve kings": CLASS_B,
    "twelve queens": CLASS_B,
    "twelve jacks": CLASS_B,
    "sixteen aces": CLASS_B,
    "sixteen kings": CLASS_B,
    "sixteen queens": CLASS_B,
    "sixteen jacks": CLASS_B,
    "triple pinochle": CLASS_C,
    "quadruple pinochle": CLASS_C,
}

#: Melds whose cards span suits, shown trump first (the others are built in rank order).
_MIXED_SUITS = {
    "aces around",
    "kings around",
    "queens around",
    "jacks around",
    "eight aces",
    "eight kings",
    "eight queens",
    "eight jacks",
    "pinochle",
    "double pinochle",
    "grand pinochle",
    "roundhouse bonus",
    "twelve aces",
    "twelve kings",
    "twelve queens",
    "twelve jacks",
    "sixteen aces",
    "sixteen kings",
    "sixteen queens",
    "sixteen jacks",
    "triple pinochle",
    "quadruple pinochle",
}
AROUND = {"A": "aces around", "K": "kings around", "Q": "queens around", "J": "jacks around"}
EIGHT = {"A": "eight aces", "K": "eight kings", "Q": "eight queens", "J": "eight jacks"}
_RANK_WORD = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
#: H-7: the double deck's melds by how many copies each card has in it (1 to 4).
DD_AROUNDS = {
    rank: (AROUND[rank], EIGHT[rank], f"twelve {word}", f"sixteen {word}")
    for rank, word in _RANK_WORD.items()
}
DD_FLUSHES = ("flush", "double flush", "triple flush", "quadruple flush")
DD_PINOCHLES = ("pinochle", "double pinochle", "triple pinochle", "quadruple pinochle")
#: H-7 (pagat): the single and double values; the triple and quadruple ones per `dd_multiple_values`.
_DD_VALUES = {
    "flush": (15, 150, 225, 300, 600),
    "A": (10, 100, 150, 200, 400),
    "K": (8, 80, 120, 160, 320),
    "Q": (6, 60, 90, 120, 240),
    "J": (4, 40, 60, 80, 160),
    "pinochle": (4, 30, 60, 90, 120),
}
FLUSH_RANKS = ("A", "10", "K", "Q", "J")
QS, JD, KS = Card("Q", Suit.SPADES), Card("J", Suit.DIAMONDS), Card("K", Suit.SPADES)


@dataclass(frozen=True)
class MeldRules:
    """Meld values and switches resolved from the options (one object per game)."""

    values: Mapping[str, int]
    eight_of_a_kind: bool
    grand_pinochle: bool
    flush_royal_bonus: bool
    roundhouse_bonus: int
    any_higher: bool
    dix_rank: str  # "9", or "7" in the 64-card pack
    first_marriage_value: int
    double_deck: bool = False  # the 80-card meld table (H-7): up to four copies of a meld

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> MeldRules:
        cached = getattr(options, "meld_rules", None)
        if isinstance(cached, MeldRules):
            return cached
        rules = _rules_for(tuple((k, options[k]) for k in MELD_OPTION_ORDER if k in options))
        if isinstance(options, Options):
            options.meld_rules = rules
        return rules

    def value(self, name: str) -> int:
        return self.values[name]


_MELD_OPTIONS = {
    "double_pinochle_value",
    "eight_queens_value",
    "eight_of_a_kind",
    "grand_pinochle",
    "flush_includes_royal_bonus",
    "roundhouse_bonus_points",
    "same_class_upgrades",
    "pack64",
    "first_marriage_value",
    "count_scheme",
    "dd_multiple_values",
}
#: `_MELD_OPTIONS` in order: the key of `_rules_for`, read off the options one by one.
MELD_OPTION_ORDER = tuple(sorted(_MELD_OPTIONS))


def _double_deck_values(doubling: bool) -> dict[str, int]:
    """H-7: the double deck's meld values (its own scale: counters are worth 1)."""
    values = {"royal marriage": 4, "marriage": 2, "dix": 0}
    for key, names in (("flush", DD_FLUSHES), ("pinochle", DD_PINOCHLES), *DD_AROUNDS.items()):
        single, double, triple, quadruple, doubled_quadruple = _DD_VALUES[key]
        if doubling:  # each step doubles the one before (instructables' table)
            triple, quadruple = 2 * double, doubled_quadruple
        values.update(zip(names, (single, double, triple, quadruple), strict=True))
    return values


@lru_cache(maxsize=64)
def _rules_for(items: tuple[tuple[str, Any], ...]) -> MeldRules:
    o = dict(items)
    if o["count_scheme"] == "double_deck":
        return MeldRules(
            values=_double_deck_values(o["dd_multiple_values"] == "doubling"),
            eight_of_a_kind=True,
            grand_pinochle=False,
            flush_royal_bonus=False,
            roundhouse_bonus=0,
            any_higher=False,
            dix_rank="9",
            first_marriage_value=0,
            double_deck=True,
        )
    div = scale(o)
    base = {
        "flush": 150,
        "double flush": 1500,
        "royal marriage": 40,
        "marriage": 20,
        "dix": 10,
        "aces around": 100,
        "kings around": 80,
        "queens around": 60,
        "jacks around": 40,
        "eight aces": 1000,
        "eight kings": 800,
        "eight queens": o["eight_queens_value"],
        "eight jacks": 400,
        "pinochle": 40,
        "double pinochle": o["double_pinochle_value"],
        "grand pinochle": 80,
    }
    return MeldRules(
        values={k: v // div for k, v in base.items()},
        eight_of_a_kind=o["eight_of_a_kind"],
        grand_pinochle=o["grand_pinochle"],
        flush_royal_bonus=o["flush_includes_royal_bonus"],
        roundhouse_bonus=o["roundhouse_bonus_points"] // div,
        any_higher=o["same_class_upgrades"] == "any_higher",
        dix_rank="7" if o["pack64"] else "9",
        first_marriage_value=o["first_marriage_value"] // div,
    )


def enabled_melds(options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """The melds a table with these options scores, and their values (§2.1, DX-M1..DX-M7, G-7).

    Eight of a kind and the grand pinochle only when their options are on; the
    roundhouse bonus (DX-M7) only when it is worth something.
    """
    rules = MeldRules.from_options(_resolved(options))
    if rules.double_deck:
        return {name: value for name, value in rules.values.items() if value}
    melds = {
        name: value
        for name, value in rules.values.items()
        if (rules.eight_of_a_kind or not name.startswith("eight "))
        and (rules.grand_pinochle or name != "grand pinochle")
    }
    if rules.roundhouse_bonus:
        melds["roundhouse bonus"] = rules.roundhouse_bonus
    return melds


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 32
    for c in cards:
        counts[c.code] += 1
    return counts


_RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}
#: The ranks that go around (S-2's class B), each with its rank index.
_AROUND_RANKS = tuple((rank, _RANK_INDEX[rank]) for rank in ("A", "K", "Q", "J"))


def _card(rank: str, suit: Suit) -> Card:
    """Card(rank, suit) without the interning lookup: this runs thousands of times per playout."""
    return CARD_BY_CODE[suit.index * 8 + _RANK_INDEX[rank]]


def _n(counts: list[int], rank: str, suit: Suit) -> int:
    return counts[suit.index * 8 + _RANK_INDEX[rank]]


# --------------------------------------------------------------------------- simultaneous


def best_melds(
    hand: Iterable[Card], trump: Suit | None, rules: MeldRules, dix_count: int | None = None
) -> list[tuple[str, list[Card], int]]:
    """The maximum legal decomposition of a hand (S-2..S-4), class by class.

    `dix_count` overrides the number of dixes scored (S-5: each 9 of trumps
    scores for the player dealt it, so the exchange changes who holds it but
    not who scores it). Counts are read by card code (suit * 8 + rank: A 10 K Q J 9 8 7).
    """
    counts = _counts(hand)
    if rules.double_deck:
        return _best_double_deck(counts, trump, rules)
    out: list[tuple[str, list[Card], int]] = []
    v = rules.values
    cards = CARD_BY_CODE
    # Class A: flushes, royal marriages, marriages, dix. (Most hands hold none of a meld's
    # cards, so each test first asks whether every card is there at all.)
    royal = 0
    t = -1 if trump is None else trump.index
    if t >= 0:
        ace = t * 8
        flushes = min(counts[ace : ace + 5])  # A 10 K Q J of trump
        if flushes:
            flush_cards = list(cards[ace : ace + 5])
            if flushes >= 2:
                out.append(("double flush", flush_cards * 2, v["double flush"]))
            else:
                bonus = v["royal marriage"] if rules.flush_royal_bonus else 0
                out.append(("flush", flush_cards, v["flush"] + bonus))
        royal = min(counts[ace + 2], counts[ace + 3]) - min(flushes, 2)
        for _ in range(royal):
            out.append(("royal marriage", [cards[ace + 2], cards[ace + 3]], v["royal marriage"]))
    suits_married = 0
    for king in (2, 10, 18, 26):  # the code of each suit's king; its queen's is one more
        if king >> 3 == t or not (counts[king] and counts[king + 1]):
            continue
        suits_married += 1
        for _ in range(min(counts[king], counts[king + 1])):
            out.append(("marriage", [cards[king], cards[king + 1]], v["marriage"]))
    if t >= 0:
        dix = t * 8 + _RANK_INDEX[rules.dix_rank]
        dixes = counts[dix] if dix_count is None else dix_count
        for _ in range(dixes):
            out.append(("dix", [cards[dix]], v["dix"]))
    # Class B: arounds and eight of a kind.
    for rank, r in _AROUND_RANKS:
        if not (counts[r] and counts[8 + r] and counts[16 + r] and counts[24 + r]):
            continue
        m = min(counts[r], counts[8 + r], counts[16 + r], counts[24 + r])
        if m >= 2 and rules.eight_of_a_kind:
            out.append(
                (
                    EIGHT[rank],
                    [cards[s * 8 + r] for s in range(4) for _ in range(2)],
                    v[EIGHT[rank]],
                )
            )
        else:
            for _ in range(m):
                out.append((AROUND[rank], [cards[s * 8 + r] for s in range(4)], v[AROUND[rank]]))
    # Class C: pinochles (and the optional grand pinochle).
    qs, jd, ks = counts[QS.code], counts[JD.code], counts[KS.code]
    grands = pins = 0
    if qs and jd:
        best: tuple[int, int, int] = (0, 0, 0)  # value, grands, pinochles
        for grands in range(min(qs, jd, ks) + 1 if rules.grand_pinochle else 1):
            pins = min(qs, jd) - grands
            value = grands * v["grand pinochle"] + (
                v["double pinochle"] if pins >= 2 else pins * v["pinochle"]
            )
            best = max(best, (value, grands, pins))
        _, grands, pins = best
    for _ in range(grands):
        out.append(("grand pinochle", [KS, QS, JD], v["grand pinochle"]))
    if pins >= 2:
        out.append(("double pinochle", [QS, QS, JD, JD], v["double pinochle"]))
    elif pins == 1:
        out.append(("pinochle", [QS, JD], v["pinochle"]))
    if rules.roundhouse_bonus and t >= 0 and royal > 0 and suits_married == 3:
        out.append(
            (
                "roundhouse bonus",
                [cards[s * 8 + r] for s in range(4) for r in (2, 3)],
                rules.roundhouse_bonus,
            )
        )
    return [
        (name, list(_shown(tuple(cs), trump)) if name in _MIXED_SUITS else cs, pts)
        for name, cs, pts in out
    ]


@lru_cache(maxsize=512)
def _shown(cards: tuple[Card, ...], trump: Suit | None) -> tuple[Card, ...]:
    """A meld's cards across suits as people hold them (`sort_hand`): the same few lists, so
    sorted once each."""
    return tuple(sort_hand(cards, trump))


def _best_double_deck(
    counts: list[int], trump: Suit | None, rules: MeldRules
) -> list[tuple[str, list[Card], int]]:
    """H-7, H-8: the double deck's meld of a hand: each class counted once, the most copies of a
    meld held scoring as one meld (a triple run, not three runs), royal marriages beyond the runs."""
    v = rules.values
    out: list[tuple[str, list[Card], int]] = []
    runs = 0
    if trump is not None:
        runs = min(_n(counts, r, trump) for r in FLUSH_RANKS)
        if runs:
            name = DD_FLUSHES[runs - 1]
            out.append((name, [_card(r, trump) for r in FLUSH_RANKS] * runs, v[name]))
    for suit in SUITS:
        pairs = min(_n(counts, "K", suit), _n(counts, "Q", suit)) - (runs if suit is trump else 0)
        name = "royal marriage" if suit is trump else "marriage"
        out.extend((name, [_card("K", suit), _card("Q", suit)], v[name]) for _ in range(pairs))
    for rank, names in DD_AROUNDS.items():
        copies = min(_n(counts, rank, s) for s in SUITS)
        if copies:
            name = names[copies - 1]
            out.append((name, [_card(rank, s) for s in SUITS for _ in range(copies)], v[name]))
    pins = min(counts[QS.code], counts[JD.code])
    if pins:
        name = DD_PINOCHLES[pins - 1]
        out.append((name, [QS, JD] * pins, v[name]))
    return [
        (name, list(_shown(tuple(cs), trump)) if name in _MIXED_SUITS else cs, pts)
        for name, cs, pts in out
    ]


def is_roundhouse(breakdown: Sequence[tuple[str, Sequence[Card], int]]) -> bool:
    """E-16: a scoring marriage in every suit, the trump one a royal marriage not absorbed in a flush."""
    names = [name for name, _, _ in breakdown]
    plain = {cards[0].suit for name, cards, _ in breakdown if name == "marriage"}
    return "royal marriage" in names and len(plain) == 3


def cards_melded(melds: Iterable[tuple[str, Sequence[Card]]]) -> dict[Card, int]:
    """How many of each card simultaneous melds (name, cards) need in hand (§2.1, H-6): within
    a class each card counts once, so equal melds (two marriages of a suit) hold their copies
    apart; across classes melds share a card (a marriage's Q♠ in a pinochle)."""
    by_class: dict[str, dict[Card, int]] = {}
    for name, cards in melds:
        need = by_class.setdefault(MELD_CLASS[name], {})
        for card in cards:
            need[card] = need.get(card, 0) + 1
    held: dict[Card, int] = {}
    for cls in sorted(by_class):  # a stable order
        for card, count in by_class[cls].items():
            held[card] = max(held.get(card, 0), count)
    return held


def _resolved(options: Mapping[str, Any] | None) -> Options:
    return options if isinstance(options, Options) else resolve_options(options)


def meld_breakdown(
    hand: Iterable[Card], trump: Suit | str | None, options: Mapping[str, Any] | None = None
) -> list[tuple[str, list[Card], int]]:
    """The best simultaneous meld of a hand (§2.3) as (name, cards, points) entries."""
    suit = Suit.parse(trump) if isinstance(trump, str) else trump
    return best_melds(list(hand), suit, MeldRules.from_options(_resolved(options)))


def meld_points(
    hand: Iterable[Card], trump: Suit | str | None, options: Mapping[str, Any] | None = None
) -> int:
    """Total of `meld_breakdown` (MX-10: 440; MX-11: 290; MX-12: 520)."""
    return sum(points for _, _, points in meld_breakdown(hand, trump, options))


# --------------------------------------------------------------------------- sequential


@dataclass(slots=True)
class TableCard:
    """A physical card lying face up in front of its owner (M-8), with the melds it served in."""

    card: Card
    uses: set[str] = field(default_factory=set)

    def to_json(self) -> list[Any]:
        return [str(self.card), sorted(self.uses)]

    @classmethod
    def from_json(cls, data: list[Any]) -> TableCard:
        return cls(Card.from_text(data[0]), set(data[1]))


def identify_meld(
    cards: Sequence[Card],
    trump: Suit | None,
    rules: MeldRules,
    trump_fixed_by_marriage: bool = False,
) -> str | None:
    """The sequential meld `cards` form (§2.1 rows usable in two-hand), or None.

    With `trump_fixed_by_marriage` (Variant B before trump), any K-Q marriage is
    the trump-fixing marriage (B-4).
    """
    key = tuple(sorted(c.code for c in cards))
    return _patterns(
        trump, rules.eight_of_a_kind, rules.grand_pinochle, trump_fixed_by_marriage
    ).get(key)


def sequential_meld_value(
    cards: Sequence[Card],
    trump: Suit | None,
    options: Mapping[str, Any] | None = None,
    *,
    names_trump: bool = False,
) -> tuple[str, int] | None:
    """The two-hand meld `cards` form and the points it is credited (§2.1), or None.

    `names_trump`: Variant B before trump, where any K-Q is the first marriage,
    worth `first_marriage_value` (B-4). Hints and computers ask this, not the table.
    """
    return meld_value_under(cards, trump, MeldRules.from_options(_resolved(options)), names_trump)


def meld_value_under(
    cards: Sequence[Card], trump: Suit | None, rules: MeldRules, names_trump: bool
) -> tuple[str, int] | None:
    """`sequential_meld_value` under rules already resolved (the game's own, on its hot path)."""
    name = identify_meld(cards, trump, rules, names_trump)
    if name is None:
        return None
    if names_trump and name == "royal marriage":
        return name, rules.first_marriage_value
    return name, rules.value(name)


@lru_cache(maxsize=64)
def _patterns(
    trump: Suit | None, eight: bool, grand: bool, b_open: bool
) -> dict[tuple[int, ...], str]:
    pats: dict[tuple[int, ...], str] = {}

    def add(name: str, cards: list[Card]) -> None:
        pats[tuple(sorted(c.code for c in cards))] = name

    for suit in SUITS:
        name = "royal marriage" if suit is trump or (b_open and trump is None) else "marriage"
        add(name, [Card("K", suit), Card("Q", suit)])
    if trump is not None:
        add("flush", [Card(r, trump) for r in FLUSH_RANKS])
    for rank in ("A", "K", "Q", "J"):
        add(AROUND[rank], [Card(rank, s) for s in SUITS])
        if eight:
            add(EIGHT[rank], [Card(rank, s) for s in SUITS for _ in range(2)])
    add("pinochle", [QS, JD])
    add("double pinochle", [QS, QS, JD, JD])
    if grand:
        add("grand pinochle", [KS, QS, JD])
    return pats


def reuse_allowed(uses: set[str], new: str, rules: MeldRules) -> bool:
    """M-4: may a table card already used in `uses` count again in meld `new`?"""
    cls = MELD_CLASS[new]
    earlier = [u for u in uses if MELD_CLASS[u] == cls]
    if not earlier:
        return True  # a different class
    if rules.any_higher:
        return rules.values[new] > max(rules.values[u] for u in earlier)
    return new == "flush" and all(u == "royal marriage" for u in earlier)  # the one upgrade (M-4)


class Unlayable(NamedTuple):
    """Why a holding cannot lay a sequential meld: an `IllegalAction`'s key, rule and params."""

    key: str
    rule: str
    params: dict[str, str]


def assign_meld(
    cards: Sequence[Card],
    name: str,
    hand: Sequence[Card],
    table: Sequence[TableCard],
    rules: MeldRules,
) -> tuple[list[Card], list[int]]:
    """Choose the physical cards for a sequential meld: (cards from hand, indexes into table).

    Table copies are preferred (they keep the concealed hand for later melds),
    but at least one card must come from hand (M-3). Raises IllegalAction when
    the holding cannot make the meld legally.
    """
    chosen = meld_assignment(cards, name, hand, table, rules)
    if isinstance(chosen, Unlayable):
        raise IllegalAction(chosen.key, chosen.rule, **chosen.params)
    return chosen


def meld_assignment(
    cards: Sequence[Card],
    name: str,
    hand: Sequence[Card],
    table: Sequence[TableCard],
    rules: MeldRules,
) -> tuple[list[Card], list[int]] | Unlayable:
    """`assign_meld`'s choice, or why there is none, without raising: the legal list asks
    this of every meld a holding might lay."""
    hand_left = list(hand)
    free_table = list(range(len(table)))
    from_hand: list[Card] = []
    from_table: list[int] = []
    reuse_blocked: Card | None = None
    for card in cards:
        pick = None
        for i in free_table:
            if table[i].card is card and reuse_allowed(table[i].uses, name, rules):
                pick = i
                break
        if pick is not None:
            free_table.remove(pick)
            from_table.append(pick)
        elif remove_card(hand_left, card):
            from_hand.append(card)
        else:
            if any(table[i].card is card for i in free_table):
                reuse_blocked = card
            break
    else:
        if not from_hand:
            # M-3: swap one table card for an identical hand card, if any.
            for idx in list(from_table):
                card = table[idx].card
                if card in hand_left:
                    from_table.remove(idx)
                    from_hand.append(card)
                    break
            else:
                return Unlayable("meld_needs_hand_card", "M-3", {})
        return from_hand, from_table
    if reuse_blocked is not None:
        used = sorted(
            u
            for i in range(len(table))
            if table[i].card is reuse_blocked
            for u in table[i].uses
            if MELD_CLASS[u] == MELD_CLASS[name]
        )
        meld_class = used[0] if used else name
        return Unlayable(
            "meld_reuse", "M-4", {"card": str(reuse_blocked), "meld_class": meld_class}
        )
    return Unlayable("meld_not_held", "M-9", {"cards": " ".join(str(c) for c in cards)})


#: A two-hand meld shape: (name, cards, ((card code, copies needed), ...)).
Candidate = tuple[str, list[Card], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=64)
def _candidates(
    trump: Suit | None, eight: bool, grand: bool, b_open: bool
) -> tuple[Candidate, ...]:
    out: list[Candidate] = []
    for key, name in sorted(_patterns(trump, eight, grand, b_open).items(), key=lambda kv: kv[0]):
        need = tuple((code, key.count(code)) for code in sorted(set(key)))
        out.append((name, [CARD_BY_CODE[code] for code in key], need))
    return tuple(out)


def sequential_candidates(
    trump: Suit | None, rules: MeldRules, b_open: bool
) -> tuple[Candidate, ...]:
    """Every meld shape declarable in two-hand play with this trump: (name, cards, ((code, count), ...))."""
    return _candidates(trump, rules.eight_of_a_kind, rules.grand_pinochle, b_open)


#: A sequential shape for the hot path: name, cards, the codes it needs once and twice (bit sets),
#: and its action.
Shape = tuple[str, list[Card], int, int, Action]


def sequential_shapes(trump: Suit | None, rules: MeldRules, b_open: bool) -> tuple[Shape, ...]:
    """`sequential_candidates` with each shape's needs as bit sets and its `meld` action."""
    return _shapes(trump, rules.eight_of_a_kind, rules.grand_pinochle, b_open)


@lru_cache(maxsize=64)
def _shapes(trump: Suit | None, eight: bool, grand: bool, b_open: bool) -> tuple[Shape, ...]:
    out: list[Shape] = []
    for name, cards, need in _candidates(trump, eight, grand, b_open):
        once = sum(1 << code for code, _ in need)
        twice = sum(1 << code for code, k in need if k > 1)
        out.append((name, cards, once, twice, meld(cards)))
    return tuple(out)
