"""The state of a game between two actions, in one dataclass.

Everything that changes while a game is played lives in `DealState`, nothing
else: the configuration (variant, options, meld values) stays on the `Game`.
Each field says how it is copied (`clone`), whether a new deal starts it
afresh (`per_deal`) and whether it is hidden from the seats (`hidden`), so a
copy, a new deal and a seat's public snapshot cover a new field without
anyone listing it again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, overload

from .actions import Action, gift_size
from .cards import Card, Suit
from .frozen import FrozenMap
from .melds import TableCard
from .phases import GAME_OVER, DealMode, Phase
from .results import DealResult

T = TypeVar("T")
#: (seat, card): one card played to a trick, in play order.
CardPlay = tuple[int, Card]
#: (name, cards, points): one meld of a simultaneous declaration (§2.3).
MeldEntry = tuple[str, tuple[Card, ...], int]
#: (seat, name, cards, points): one two-hand meld as declared (§2.2).
LoggedMeld = tuple[int, str, tuple[Card, ...], int]


class CompletedTrick(NamedTuple):
    """A trick taken: who led it, its plays in order, who won it and its card points (G-3, G-4)."""

    number: int
    leader: int
    plays: tuple[CardPlay, ...]
    winner: int
    points: int


class AuctionCall(NamedTuple):
    """One call of an auction (E-3..E-6, F-2, F-3): `seat` was offered `lowest` (the least bid it
    could make) and bid `amount`, or passed (None); `forced`: the stuck dealer's bid (E-6)."""

    seat: int
    lowest: int
    amount: int | None
    forced: bool


class _Shape(NamedTuple):
    """How a field's value is copied for a clone, frozen for a view and thawed back for search."""

    copy: Callable[[Any], Any]
    freeze: Callable[[Any], Any]
    thaw: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value  # immutable: shared between copies


def _nested(value: list[list[Any]]) -> list[list[Any]]:
    return [list(inner) for inner in value]


def _freeze_nested(value: list[list[Any]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, value))


def _tables(value: list[list[TableCard]]) -> list[list[TableCard]]:
    return [[TableCard(tc.card, set(tc.uses)) for tc in row] for row in value]


def _freeze_tables(
    value: list[list[TableCard]],
) -> tuple[tuple[tuple[Card, frozenset[str]], ...], ...]:
    return tuple(tuple((tc.card, frozenset(tc.uses)) for tc in row) for row in value)


def _thaw_tables(
    value: tuple[tuple[tuple[Card, frozenset[str]], ...], ...],
) -> list[list[TableCard]]:
    return [[TableCard(card, set(uses)) for card, uses in row] for row in value]


def _thaw_map(value: FrozenMap[Any, Any]) -> dict[Any, Any]:
    return dict(value.pairs)


#: An immutable value (a number, a flag, a card, None): shared as it is.
_KEEP = _Shape(_same, _same, _same)
#: A list of immutable items (cards, actions, numbers, frozen records).
_LIST = _Shape(list.copy, tuple, list)
_SET = _Shape(set.copy, frozenset, set)
_MAP = _Shape(dict.copy, FrozenMap, _thaw_map)
#: A list per seat of immutable items.
_NESTED = _Shape(_nested, _freeze_nested, _nested)
#: Face-up cards per seat, each with the set of melds it served in (M-8).
_TABLES = _Shape(_tables, _freeze_tables, _thaw_tables)


def _meta(
    start: Callable[[int], Any],
    shape: _Shape,
    *,
    per_deal: bool = True,
    hidden: Callable[[Any], Any] | None = None,
) -> dict[str, Any]:
    """A field's metadata: its start value for `n` seats, its shape (how a clone copies it, how
    a view freezes it and the search thaws it), whether it is hidden.

    `hidden` blanks the field in a seat's public snapshot (who holds what is
    concealed); the search fills it in again for each world it deals.
    """
    return {"start": start, "shape": shape, "per_deal": per_deal, "hidden": hidden}


def _seats(value: Callable[[], Any]) -> Callable[[int], list[Any]]:
    """A new `value()` for each seat: lists of their own."""
    return lambda n: [value() for _ in range(n)]


def _each(value: Any) -> Callable[[int], list[Any]]:
    """The same immutable `value` for each seat (a number, a flag, None)."""
    return lambda n: [value] * n


def _empty_list(n: int) -> list[Any]:
    return []


def _const(value: Any) -> Callable[[int], Any]:
    return lambda n: value


@dataclass(slots=True, init=False)
class DealState:
    """Everything that changes during a game; `Game.state`. Read it, never write it from outside."""

    # The game so far.
    phase: Phase = field(metadata=_meta(_const(GAME_OVER), _KEEP, per_deal=False))
    turn: int | None = field(metadata=_meta(_const(None), _KEEP, per_deal=False))
    dealer: int = field(metadata=_meta(_const(0), _KEEP, per_deal=False))
    deal_no: int = field(metadata=_meta(_const(0), _KEEP, per_deal=False))
    target: int = field(metadata=_meta(_const(0), _KEEP, per_deal=False))
    scores: list[int] = field(metadata=_meta(_empty_list, _LIST, per_deal=False))  # per party
    active: list[int] = field(metadata=_meta(lambda n: list(range(n)), _LIST, per_deal=False))
    places: list[int] = field(
        metadata=_meta(_empty_list, _LIST, per_deal=False)
    )  # finished parties, best first
    losers: list[int] = field(
        metadata=_meta(_empty_list, _LIST, per_deal=False)
    )  # out after a wrong claim
    history: list[Action] = field(
        metadata=_meta(_empty_list, _LIST, per_deal=False)
    )  # every action of the game
    deal_results: list[DealResult] = field(metadata=_meta(_empty_list, _LIST, per_deal=False))
    # This deal.
    mode: DealMode = field(metadata=_meta(_const(DealMode.MULTI_HAND), _KEEP))  # the rule set
    no_trump_rules: bool = field(
        metadata=_meta(_const(False), _KEEP)
    )  # Variant B's deal (B-2..B-8)
    pack_size: int = field(metadata=_meta(_const(48), _KEEP))
    order: list[int] = field(metadata=_meta(_empty_list, _LIST))  # eldest first, dealer last
    after: dict[int, int] = field(metadata=_meta(lambda n: {}, _MAP))  # the next seat clockwise
    hands: list[list[Card]] = field(
        metadata=_meta(_seats(list), _NESTED, hidden=lambda v: [[] for _ in v])
    )
    table: list[list[TableCard]] = field(
        metadata=_meta(_seats(list), _TABLES)
    )  # face-up melded cards (M-8)
    known: list[list[Card]] = field(
        metadata=_meta(_seats(list), _NESTED)
    )  # cards shown and still in a hand
    stock: list[Card] = field(metadata=_meta(_empty_list, _LIST, hidden=lambda v: []))
    turnup: Card | None = field(metadata=_meta(_const(None), _KEEP))
    trump: Suit | None = field(metadata=_meta(_const(None), _KEEP))
    won_points: list[int] = field(metadata=_meta(_each(0), _LIST))
    tricks_won: list[int] = field(metadata=_meta(_each(0), _LIST))
    deal_meld: list[int] = field(metadata=_meta(_each(0), _LIST))  # credited meld points
    pending: list[list[MeldEntry]] = field(
        metadata=_meta(_seats(list), _NESTED)
    )  # declared, maybe not credited
    meld_log: list[LoggedMeld] = field(
        metadata=_meta(_empty_list, _LIST)
    )  # two-hand melds as declared
    declared: list[bool] = field(metadata=_meta(_each(False), _LIST))
    credited_units: set[int] = field(metadata=_meta(lambda n: set(), _SET))
    dix_shown: list[int] = field(metadata=_meta(_each(0), _LIST))
    #: 9s of trumps each seat was dealt (S-5); -1 in a snapshot where the seat has not shown it.
    dealt_dix: list[int] = field(metadata=_meta(_each(0), _LIST))
    exchanged: bool = field(metadata=_meta(_const(False), _KEEP))
    exchanger: int | None = field(metadata=_meta(_const(None), _KEEP))
    exchange_queue: list[int] = field(
        metadata=_meta(_empty_list, _LIST, hidden=lambda v: [])
    )  # who holds a dix
    meld_seat: int | None = field(metadata=_meta(_const(None), _KEEP))
    draw_then_meld: bool = field(metadata=_meta(_const(False), _KEEP))
    melded_this_turn: bool = field(metadata=_meta(_const(False), _KEEP))
    awaiting_draws: list[int] = field(metadata=_meta(_empty_list, _LIST))
    trick: list[CardPlay] = field(metadata=_meta(_empty_list, _LIST))  # the trick being played
    tricks: list[CompletedTrick] = field(
        metadata=_meta(_empty_list, _LIST)
    )  # this deal's completed tricks
    first_cards: dict[int, Card] = field(
        metadata=_meta(lambda n: {}, _MAP)
    )  # each seat's card to trick 1
    bids: list[int | None] = field(metadata=_meta(_each(None), _LIST))
    passed: set[int] = field(metadata=_meta(lambda n: set(), _SET))
    high_bid: int = field(metadata=_meta(_const(0), _KEEP))
    calls: list[AuctionCall] = field(metadata=_meta(_empty_list, _LIST))  # the auction so far
    #: The cards each seat passed to its partner this deal (F-5): only the two partners know them.
    gave: list[list[Card]] = field(
        metadata=_meta(_seats(list), _NESTED, hidden=lambda v: [[] for _ in v])
    )
    #: The cards the seat passing now has chosen so far (F-5), still in its hand: once all are
    #: chosen they change hands and join the deal's history as one give. Only the giver knows them.
    giving: list[Card] = field(metadata=_meta(_empty_list, _LIST, hidden=lambda v: []))
    declarer: int | None = field(metadata=_meta(_const(None), _KEEP))
    deal_history: list[Action] = field(
        metadata=_meta(_empty_list, _LIST)
    )  # this deal's actions (all public but the cards of a pass); a pass, once whole, is one

    @classmethod
    def start(cls, n: int) -> DealState:
        """The state of an `n`-seat game before its first deal."""
        state = cls()
        for name, start in _STARTS:
            setattr(state, name, start(n))
        return state

    def new_deal(self, n: int) -> None:
        """Start every per-deal field afresh; the game's progress stays."""
        for name, start in _DEAL_STARTS:
            setattr(self, name, start(n))

    def copy(self) -> DealState:
        """An independent copy (cards, actions and trick records are immutable and shared)."""
        new = object.__new__(DealState)
        for name, copy_field in _COPIES:
            setattr(new, name, copy_field(getattr(self, name)))
        return new

    def public_copy(self, seat: int) -> DealState:
        """What `seat` may know of the state: no hand, no stock, no dix count not yet shown.

        The game's earlier deals are left out too: a search needs only this one.
        """
        new = object.__new__(DealState)
        for name, copy_field in _COPIES:
            if name not in _EARLIER_DEALS:  # never copied, to be thrown away
                setattr(new, name, copy_field(getattr(self, name)))
        new.history, new.deal_results = [], []
        for name, blank in _HIDDEN:
            setattr(new, name, blank(getattr(new, name)))
        new.dealt_dix = [
            k if s == seat or self.declared[s] else -1 for s, k in enumerate(self.dealt_dix)
        ]
        n = len(self.gave)
        for s in {seat, (seat + 2) % n} if n == 4 else {seat}:  # passes go between partners
            new.gave[s] = list(self.gave[s])
        if seat == self.turn:
            new.giving = list(self.giving)
        if self.declarer is not None and (seat - self.declarer) % 2:  # F-5: the other side's
            new.deal_history = [
                gift_size(len(a.cards)) if a.verb == "give" and a.cards else a
                for a in self.deal_history
            ]
        return new

    def freeze(self) -> FrozenState:
        """This state as a value nothing can change, to hand out (a view) or send to a worker."""
        return FrozenState(
            tuple(
                freeze(getattr(self, name)) for name, freeze in zip(_NAMES, _FREEZES, strict=True)
            )
        )

    @property
    def last_trick(self) -> CompletedTrick | None:
        """The trick taken last this deal, if any."""
        return self.tricks[-1] if self.tricks else None

    @property
    def last_trick_winner(self) -> int | None:
        return self.tricks[-1].winner if self.tricks else None

    @property
    def played_cards(self) -> list[Card]:
        """The cards of this deal's completed tricks."""
        return [card for trick in self.tricks for _, card in trick.plays]


@dataclass(frozen=True, slots=True)
class FrozenState:
    """A `DealState` frozen to the bottom (tuples, frozensets, `FrozenMap`s): equal, hashable and
    picklable, so a view can carry it to anyone and across processes.

    Its fields are the state's own, read by name (`frozen.declared`, a tuple), so a field added to
    `DealState` is frozen and thawed with no one listing it again; `thaw` gives a fresh state to
    play on (the search's worlds, `world_from_view`).
    """

    values: tuple[Any, ...]

    def __getattr__(self, name: str) -> Any:
        place = _PLACES.get(name)
        if place is None:
            raise AttributeError(f"a frozen deal state has no field {name!r}")
        return self.values[place]

    def thaw(self) -> DealState:
        """A new `DealState` with these values, its own to change."""
        new = object.__new__(DealState)
        for (name, thaw), value in zip(_THAWS, self.values, strict=True):
            setattr(new, name, thaw(value))
        return new


class StateField(Generic[T]):
    """A read-only attribute of a game that reads the `DealState` field of the same name."""

    __slots__ = ("name",)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> StateField[T]: ...

    @overload
    def __get__(self, game: HasState, owner: type | None = None) -> T: ...

    def __get__(self, game: HasState | None, owner: type | None = None) -> T | StateField[T]:
        if game is None:
            return self
        value: T = getattr(game.state, self.name)
        return value


class HasState(Protocol):
    state: DealState


_FIELDS = fields(DealState)
#: (name, start) of every field, and of the fields a new deal starts afresh.
_STARTS = tuple((f.name, f.metadata["start"]) for f in _FIELDS)
_DEAL_STARTS = tuple((f.name, f.metadata["start"]) for f in _FIELDS if f.metadata["per_deal"])
_COPIES = tuple((f.name, f.metadata["shape"].copy) for f in _FIELDS)
_NAMES = tuple(f.name for f in _FIELDS)
_FREEZES = tuple(f.metadata["shape"].freeze for f in _FIELDS)
_THAWS = tuple((f.name, f.metadata["shape"].thaw) for f in _FIELDS)
#: Where each field's value sits in a `FrozenState`.
_PLACES = {f.name: place for place, f in enumerate(_FIELDS)}
_HIDDEN = tuple((f.name, f.metadata["hidden"]) for f in _FIELDS if f.metadata["hidden"])
#: The game's earlier deals, which a seat's public copy leaves out.
_EARLIER_DEALS = frozenset({"history", "deal_results"})
