"""A whole game told deal by deal, and its text record.

A game is its variant, options, seed and actions (`Game.to_json`), so a record
is made by replaying the stored action log through the engine: each deal's
hands as dealt (and, in the two-hand games, the turn-up and the stock in the
order it is drawn, RULES A-3), the auction (E-5), the melds as declared, every
trick in order with its winner and card points, and the engine's deal result.
It is the one record of a finished game: the game-end hooks (deal figures,
best melds), *Review last deal*, `/pinochle replay` and the web replay all read
it, built once for each game and log length and kept in `RECORDS`. The
text form (`to_text`) is what `python -m bot.game record export` writes, and
`GameRecord.parse` reads it back. `check` replays the record's own actions and
lists every line the engine would write differently, so an edited or damaged
record is caught. A record holds every hand: offer it only for finished games.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, NamedTuple, Protocol

from .cards import Card, Suit, format_cards, parse_cards
from .events import (
    Bid,
    Contract,
    DealEnded,
    DealerDix,
    DealStarted,
    DeclaredOut,
    DixDeclared,
    Draw,
    Event,
    MeldCredited,
    Melded,
    Passed,
    Show,
    TrickTaken,
    TrumpFixed,
    TurnupTaken,
)
from .fair import KEY_BYTES, Dealing
from .game import Game, new_game
from .plain import plain
from .results import DealResult
from .variants import get_variant

#: The first line of every text record; the number changes if the format ever does.
MAGIC = "Pinochle game record 1"
#: The largest text record `parse` reads (a long game is about 100 kB).
MAX_RECORD_CHARS = 4_000_000
#: Differences `check` lists before it stops looking.
MAX_PROBLEMS = 20
#: Built records kept (`RECORDS`): a long game's record is about 100 kB.
RECORDS_KEPT: Final = 64
_SEP = " | "


class StoredGame(Protocol):
    """What a store keeps of a game (`bot.store.GameLog`)."""

    @property
    def variant(self) -> str: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def actions(self) -> list[str]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def hints(self) -> tuple[int, ...]: ...
    @property
    def game_id(self) -> int: ...
    @property
    def dealing(self) -> Dealing | None: ...


class RecordError(ValueError):
    """A text record that cannot be read (its line number and what was expected)."""


#: How a card reached a two-hand holding after a trick (RULES A-6, A-8): drawn face down,
#: the last face-down card shown, or the turn-up taken.
DrawHow = Literal["draw", "show", "take_turnup"]


@dataclass
class TrickRecord:
    """One completed trick: the plays in order (the leader first), its winner and card points;
    built from the engine, also its number, whether it was the deal's last (G-5), the draws
    after it as (seat, card, `DrawHow`) and what each seat held as it began (hand and
    face-up cards, RULES §0.3)."""

    plays: list[tuple[int, Card]]
    winner: int
    points: int
    number: int = 0
    last: bool = False
    draws: list[tuple[int, Card, DrawHow]] = field(default_factory=list)
    held: dict[int, list[Card]] = field(default_factory=dict)

    @property
    def leader(self) -> int:
        return self.plays[0][0]


class MeldPart(NamedTuple):
    """One meld of a declaration: the engine's name, its cards and points."""

    name: str
    cards: list[Card]
    points: int


@dataclass
class MeldRecord:
    """A meld declaration (or the dix scored on its own: A-4, A-7, C-3): the seat, its parts,
    its points, after which trick, and whether it counted (C-6, D-5, E-11: a declared meld
    counts once its side wins a trick)."""

    seat: int
    parts: list[MeldPart]
    points: int
    after_trick: int = 0
    counted: bool = True
    dix: bool = False


@dataclass
class DealRecord:
    """One deal from the deal to its result; `results` stays None while it is in play."""

    number: int
    dealer: int
    hands: dict[int, list[Card]]  # seat -> its cards as dealt (seats sitting out are absent)
    turnup: Card | None = None  # two-hand: the card under the stock; 3-4 hands: dealer's last (C-2)
    stock: list[Card] | None = None  # two-hand: face down, in the order drawn
    auction: list[tuple[int, str]] = field(default_factory=list)  # (seat, "bid 250" | "pass")
    contract: tuple[int, int] | None = None  # (declarer, amount), auction games (E-7)
    trump: Suit | None = None
    trump_by: int | None = None  # who named trump, auction games (E-8)
    melds: list[MeldRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    #: The engine's deal result (`DealResult`); a record read from text holds its plain form.
    results: DealResult | Mapping[str, Any] | None = None
    actions: list[str] = field(default_factory=list)  # the deal's actions, as stored
    #: A fair deal (bot.game.fair): the players' salt words by seat, and its seed once it is over.
    salts: dict[int, str] = field(default_factory=dict)
    seed: bytes | None = None
    exchange: tuple[int, Card] | None = None  # three-/four-hand: the dix for the turn-up (C-4)
    declared_out: int | None = None  # the seat that claimed to be out, ending it early

    #: No game of the rule book deals a widow; the attribute is part of the shared interface.
    widow: None = None

    @property
    def finished(self) -> bool:
        return self.results is not None

    @property
    def result(self) -> DealResult | None:
        """The engine's typed result (a record built from a log; None from text or in play)."""
        return self.results if isinstance(self.results, DealResult) else None

    @property
    def cards_dealt(self) -> list[Card]:
        """Every card dealt: the hands, the turn-up (two-hand: the stock's last card) and the
        face-down stock as it was drawn (the turn-up taken last may be a dix exchanged for it)."""
        drawn = [
            card for trick in self.tricks for _, card, how in trick.draws if how != "take_turnup"
        ]
        turnup = [self.turnup] if self.stock is not None and self.turnup else []
        return [card for hand in self.hands.values() for card in hand] + turnup + drawn


@dataclass
class GameRecord:
    """A game as a list of deals; build it with `from_log` or read it with `parse`."""

    variant: str
    options: dict[str, Any]
    seed: int
    deals: list[DealRecord]
    final_scores: list[int] | None  # per seat (partners share their side's), None while unfinished
    names: list[str] | None = None  # who sat in each seat, when the exporter knows
    hints: tuple[int, ...] = ()  # seats that asked for a hint
    #: Dealt fairly (bot.game.fair): the table whose fingerprints name it; None: dealt from `seed`.
    table_id: int | None = None

    @property
    def players(self) -> int:
        return get_variant(self.variant).players

    @property
    def finished(self) -> bool:
        return self.final_scores is not None

    @property
    def actions(self) -> list[str]:
        """Every action of the game in order: what the action log holds."""
        return [action for deal in self.deals for action in deal.actions]

    @property
    def dealing(self) -> Dealing | None:
        """What the record's fair deals are dealt from: the seeds it reveals and the salts."""
        if self.table_id is None:
            return None
        return Dealing(
            seeds={d.number: d.seed for d in self.deals if d.seed is not None},
            salts={d.number: dict(d.salts) for d in self.deals if d.salts},
        )

    # ------------------------------------------------------------------ building

    @classmethod
    def from_log(
        cls,
        variant: str,
        options: Mapping[str, Any] | None,
        seed: int | None,
        actions: Iterable[str],
        *,
        names: Sequence[str] | None = None,
        hints: Iterable[int] = (),
        dealing: Dealing | None = None,
        table_id: int | None = None,
    ) -> GameRecord:
        """Replay `actions` from the start; an action the engine refuses raises IllegalAction.

        A fairly dealt game (`dealing`, of table `table_id`) reveals the seed of each deal that
        is over, never the key; a deal whose seed `dealing` does not know is left out.
        """
        if seed is None:
            raise ValueError("a game record needs the game's seed")
        if (dealing is None) != (table_id is None):
            raise ValueError("a fairly dealt record needs its dealing and its table")
        game = new_game(variant, seed=seed, options=options, dealing=dealing)
        deals: list[DealRecord] = []
        held: dict[int, list[Card]] = {}  # what each seat held as the trick in play began
        _collect(game, deals, game.opening_events, held)
        for text in actions:
            deals[-1].actions.append(text)
            st = game.state
            if not st.trick and text.startswith("play "):
                held = {s: st.hands[s] + [tc.card for tc in st.table[s]] for s in st.active}
            _collect(game, deals, game.apply(text), held)
        if dealing is not None:
            deals = [deal for deal in deals if dealing.seed(deal.number) is not None]
        return cls(
            variant=game.variant.name,
            options=dict(game.options.given),
            seed=seed,
            deals=deals,
            final_scores=game.seat_scores() if game.is_over else None,
            names=list(names) if names is not None else None,
            hints=tuple(sorted(set(hints))),
            table_id=table_id,
        )

    @classmethod
    def from_stored(cls, game: StoredGame) -> GameRecord:
        """The record of a stored game (`bot.store.game_log`), with its players' names and hints:
        built once and kept (`RECORDS`)."""
        record = RECORDS.get(
            game.game_id,
            game.variant,
            game.options,
            game.seed,
            game.actions,
            dealing=game.dealing,
            table_id=game.game_id if game.dealing is not None else None,
        )
        return replace(record, names=list(game.names), hints=tuple(sorted(set(game.hints))))

    def replay(self) -> Game:
        """The engine's game after every action of the record (raises on a refused action)."""
        game = new_game(self.variant, seed=self.seed, options=self.options, dealing=self.dealing)
        for action in self.actions:
            game.apply(action)
        return game

    def check(self) -> list[str]:
        """Replay the record's actions through the engine; the lines it would write otherwise.

        An empty list means the record is exactly the game its actions make.
        """
        try:
            again = GameRecord.from_log(
                self.variant,
                self.options,
                self.seed,
                self.actions,
                names=self.names,
                hints=self.hints,
                dealing=self.dealing,
                table_id=self.table_id,
            )
        except ValueError as error:  # IllegalAction and OptionError are ValueErrors
            return [f"the engine refuses the record's actions: {error}"]
        mine, engine = self.to_text().splitlines(), again.to_text().splitlines()
        problems = [
            f"line {number}: the record says {have!r}, the engine {want!r}"
            for number, (have, want) in enumerate(zip(mine, engine, strict=False), start=1)
            if have != want
        ]
        if len(mine) != len(engine):
            problems.append(f"the record has {len(mine)} lines, the engine {len(engine)}")
        return problems[:MAX_PROBLEMS]

    # ------------------------------------------------------------------ text

    def to_text(self) -> str:
        """The text record: a header, then each deal (see `parse` for the exact lines)."""
        final = "unfinished" if self.final_scores is None else _ints(self.final_scores)
        lines = [
            MAGIC,
            f"variant: {self.variant}",
            f"options: {_json(self.options)}",
            f"seed: {self.seed}",
            *([f"dealing: fair, table {self.table_id}"] if self.table_id is not None else []),
            f"seats: {_json(self.names) if self.names is not None else '-'}",
            f"hints: {_ints(self.hints) or '-'}",
            f"final: {final}",
        ]
        for deal in self.deals:
            lines += ["", f"deal {deal.number}, dealer {deal.dealer}"]
            if self.table_id is not None:
                lines.append(f"seed: {deal.seed.hex() if deal.seed else 'hidden'}")
                lines.append(f"salts: {_json(deal.salts) if deal.salts else '-'}")
            lines += [f"hand {seat}: {format_cards(cards)}" for seat, cards in deal.hands.items()]
            lines.append(f"turnup: {deal.turnup or '-'}")
            lines.append(f"stock: {_cards(deal.stock)}")
            lines.append("auction: " + (", ".join(f"{s} {w}" for s, w in deal.auction) or "-"))
            lines.append(f"contract: {_ints(deal.contract) if deal.contract else '-'}")
            lines.append(f"trump: {deal.trump.value if deal.trump else '-'}")
            lines += [
                f"meld {meld.seat}: {format_cards(part.cards)} = {part.points}"
                for meld in deal.melds
                for part in meld.parts
            ]
            lines += [
                f"trick {n}: "
                + ", ".join(f"{s} {c}" for s, c in t.plays)
                + f" -> {t.winner}, {t.points}"
                for n, t in enumerate(deal.tricks, start=1)
            ]
            results = _json(plain(deal.results)) if deal.results is not None else "-"
            lines.append(f"results: {results}")
            lines.append(f"actions: {_SEP.join(deal.actions) or '-'}")
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a text record back (RecordError says which line is wrong).

        The header is the magic line and `variant:`, `options:` (JSON), `seed:`,
        `seats:` (JSON names or -), `hints:` (seats or -) and `final:` (scores or
        "unfinished"); each deal starts with `deal N, dealer S` and holds
        `hand S:`, `turnup:`, `stock:`, `auction:`, `contract:`, `trump:`, any
        `meld S: cards = points` and `trick N: S card, … -> winner, points`
        lines, `results:` (JSON or -) and `actions:` (separated by " | ").
        """
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError(f"a game record has at most {MAX_RECORD_CHARS} characters")
        reader = _Reader(text.splitlines())
        if reader.line() != MAGIC:
            raise reader.error(f"expected {MAGIC!r}")
        variant = reader.field("variant")
        options = reader.field("options", json.loads)
        seed = reader.field("seed", int)
        table_id = (
            reader.field("dealing", _read_dealing) if reader.peek().startswith("dealing:") else None
        )
        names = reader.field("seats", lambda v: None if v == "-" else json.loads(v))
        hints = reader.field("hints", lambda v: () if v == "-" else tuple(_read_ints(v)))
        final = reader.field("final", lambda v: None if v == "unfinished" else _read_ints(v))
        try:
            get_variant(variant)
        except ValueError as error:
            raise reader.error(str(error)) from None
        if not isinstance(options, dict) or not (names is None or isinstance(names, list)):
            raise reader.error("options must be a JSON object and seats a JSON list")
        deals: list[DealRecord] = []
        while reader.more():
            deals.append(_read_deal(reader, len(deals) + 1, fair=table_id is not None))
        return cls(variant, options, seed, deals, final, names, hints, table_id)


# ---------------------------------------------------------------------- replay


def _collect(
    game: Game, deals: list[DealRecord], events: Sequence[Event], held: dict[int, list[Card]]
) -> None:
    """Add one action's engine events to the deals (a `deal` event opens the next one); `held`:
    what each seat held as the trick in play began."""
    for event in events:
        if isinstance(event, DealStarted):
            deals.append(_dealt(game, event))
            continue
        deal = deals[-1]
        match event:
            case Bid(seat=seat, amount=amount) if game.variant.auction:
                deal.auction.append((seat, f"bid {amount}"))
            case Passed(seat=seat) if game.variant.auction:
                deal.auction.append((seat, "pass"))
            case Contract(seat=seat, amount=amount):
                deal.contract = (seat, amount)
            case TrumpFixed(seat=seat, suit=suit):
                deal.trump = suit
                if game.variant.auction:  # named by the declarer (E-8)
                    deal.trump_by = seat
            case Melded():
                parts = [MeldPart(m.name, list(m.cards), m.points) for m in event.melds]
                deal.melds.append(
                    MeldRecord(event.seat, parts, event.points, len(deal.tricks), not event.pending)
                )
            case MeldCredited(seats=seats):
                for meld in deal.melds:
                    meld.counted = meld.counted or meld.seat in seats
            case DixDeclared(seat=seat, card=card) if game.state.mode != "two":
                if card is not None:  # three and four hands: the exchange, C-4 (its 10 melds)
                    deal.exchange = (seat, card)
            case DealerDix() | DixDeclared():  # the dix scored on its own, C-3
                dix = game.dix_card
                assert dix is not None  # a dix needs a trump
                part = MeldPart("dix", [dix], event.points)
                deal.melds.append(
                    MeldRecord(event.seat, [part], event.points, len(deal.tricks), dix=True)
                )
            case TrickTaken():
                trick = TrickRecord(list(event.cards), event.winner, event.points)
                trick.number, trick.last, trick.held = event.number, event.last, held
                deal.tricks.append(trick)
            case Draw(seat=seat) if deal.tricks and deal.stock is not None:
                deal.tricks[-1].draws.append((seat, deal.stock[_drawn(deal)], "draw"))
            case Show() | TurnupTaken() if deal.tricks:
                how: DrawHow = "show" if isinstance(event, Show) else "take_turnup"
                deal.tricks[-1].draws.append((event.seat, event.card, how))
            case DeclaredOut(seat=seat):
                deal.declared_out = seat
            case DealEnded(result=result):
                deal.results = result
                if game.dealing is not None:  # over: its seed is revealed
                    deal.seed = game.dealing.seed(deal.number)
            case _:
                pass


def _drawn(deal: DealRecord) -> int:
    """How many face-down stock cards the deal's tricks have drawn so far (A-6)."""
    return sum(how != "take_turnup" for trick in deal.tricks for _, _, how in trick.draws)


def _dealt(game: Game, event: DealStarted) -> DealRecord:
    """The deal just dealt, read from the engine before anyone acts."""
    two = game.state.mode == "two"
    dealing = game.dealing
    return DealRecord(
        salts=dict(dealing.salts.get(event.deal, {})) if dealing is not None else {},
        number=event.deal,
        dealer=event.dealer,
        hands={s: list(game.state.hands[s]) for s in range(game.n) if game.state.hands[s]},
        turnup=event.turnup,
        stock=list(game.state.stock) if two else None,
        trump=event.trump,
    )


class RecordCache:
    """The last `size` records built, keyed by game id and log length (and whether dealt from the
    key): a finished game (or a finished deal) never changes, so each is replayed once for its
    readers: the game-end hooks and the deal review (`Table.record`), `/pinochle replay` and the
    web replay (`GameRecord.from_stored`). Entries hold no names or
    hints (each reader adds its own, `from_stored`); never change one in place."""

    def __init__(self, size: int = RECORDS_KEPT) -> None:
        self.size = size
        self._records: OrderedDict[tuple[int, int, bool], GameRecord] = OrderedDict()
        self._lock = threading.Lock()  # read from worker threads too (the review, the replays)

    def __len__(self) -> int:
        return len(self._records)

    def get(
        self,
        game_id: int,
        variant: str,
        options: Mapping[str, Any],
        seed: int | None,
        actions: Sequence[str],
        *,
        dealing: Dealing | None = None,
        table_id: int | None = None,
    ) -> GameRecord:
        """The record of game `game_id` after `actions`, kept or built (`GameRecord.from_log`)."""
        # A record dealt from the key holds the deal in play as dealt; one from the revealed
        # seeds leaves it out: never one for the other.
        key = (game_id, len(actions), dealing is not None and dealing.key is not None)
        with self._lock:
            record = self._records.get(key)
            if record is not None and _same(record, variant, seed, table_id, actions):
                self._records.move_to_end(key)
                return record
        record = GameRecord.from_log(
            variant, dict(options), seed, actions, dealing=dealing, table_id=table_id
        )
        with self._lock:
            self._records[key] = record
            self._records.move_to_end(key)
            while len(self._records) > self.size:
                self._records.popitem(last=False)
        return record


def _same(
    record: GameRecord, variant: str, seed: int | None, table_id: int | None, actions: Sequence[str]
) -> bool:
    """Whether a kept record is the game asked for (another store may reuse a game id)."""
    last = record.deals[-1].actions[-1:] if record.deals else []
    return (
        get_variant(variant).name == record.variant
        and seed == record.seed
        and table_id == record.table_id
        and last == list(actions[-1:])
    )


#: The one cache of built records in this process.
RECORDS: Final = RecordCache()


# ---------------------------------------------------------------------- text helpers


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _ints(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def _cards(cards: list[Card] | None) -> str:
    if cards is None:
        return "-"
    return format_cards(cards) or "(empty)"


def _read_ints(text: str) -> list[int]:
    return [int(word) for word in text.split()]


def _read_cards(text: str) -> list[Card]:
    return [] if text == "(empty)" else parse_cards(text)


class _Reader:
    """The lines of a record, read one at a time, with the line number for errors."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0

    def more(self) -> bool:
        while self.at < len(self.lines) and not self.lines[self.at].strip():
            self.at += 1
        return self.at < len(self.lines)

    def peek(self) -> str:
        return self.lines[self.at] if self.more() else ""

    def line(self) -> str:
        if not self.more():
            raise self.error("the record ends too soon")
        self.at += 1
        return self.lines[self.at - 1].strip()

    def error(self, message: str) -> RecordError:
        return RecordError(f"line {self.at}: {message}")

    def field(self, name: str, read: Any = str) -> Any:
        """The value of the next line, which must be `name: value`."""
        key, sep, value = self.line().partition(": ")
        if key != name or not sep:
            raise self.error(f"expected '{name}: …'")
        try:
            return read(value.strip())
        except ValueError as error:  # json.JSONDecodeError and IllegalAction are ValueErrors
            raise self.error(f"bad {name}: {error}") from None

    def keyed(self, word: str) -> tuple[int, str] | None:
        """`word N: rest` as (N, rest), consumed; None (nothing consumed) for another line."""
        head, sep, rest = self.peek().partition(": ")
        parts = head.split()
        if not sep or len(parts) != 2 or parts[0] != word:
            return None
        self.line()
        try:
            return int(parts[1]), rest.strip()
        except ValueError:
            raise self.error(f"bad {word} number {parts[1]!r}") from None


def _read_dealing(text: str) -> int:
    head, _, table = text.partition(", table ")
    if head != "fair":
        raise ValueError(f"unknown dealing {head!r}")
    return int(table)


def _read_seed(text: str) -> bytes | None:
    if text == "hidden":
        return None
    seed = bytes.fromhex(text)
    if len(seed) != KEY_BYTES:
        raise ValueError(f"a seed is {KEY_BYTES} bytes")
    return seed


def _read_salts(text: str) -> dict[int, str]:
    if text == "-":
        return {}
    salts = json.loads(text)
    if not isinstance(salts, dict) or not all(isinstance(w, str) for w in salts.values()):
        raise ValueError("salts must be a JSON object of words")
    return {int(seat): word for seat, word in salts.items()}


def _read_deal(reader: _Reader, number: int, *, fair: bool) -> DealRecord:
    head = reader.line()
    expected = f"deal {number}, dealer "
    if not head.startswith(expected):
        raise reader.error(f"expected '{expected}S'")
    try:
        deal = DealRecord(number=number, dealer=int(head[len(expected) :]), hands={})
        if fair:
            deal.seed = reader.field("seed", _read_seed)
            deal.salts = reader.field("salts", _read_salts)
        while (hand := reader.keyed("hand")) is not None:
            deal.hands[hand[0]] = parse_cards(hand[1])
        deal.turnup = reader.field("turnup", lambda v: None if v == "-" else Card.from_text(v))
        deal.stock = reader.field("stock", lambda v: None if v == "-" else _read_cards(v))
        deal.auction = reader.field("auction", _read_auction)
        deal.contract = reader.field("contract", _read_contract)
        deal.trump = reader.field("trump", lambda v: None if v == "-" else Suit.parse(v))
        while (meld := reader.keyed("meld")) is not None:
            cards, _, points = meld[1].rpartition(" = ")
            part = MeldPart("", parse_cards(cards), int(points))
            deal.melds.append(MeldRecord(meld[0], [part], part.points))
        while (trick := reader.keyed("trick")) is not None:
            deal.tricks.append(_read_trick(trick[1], trick[0]))
        deal.results = reader.field("results", lambda v: None if v == "-" else json.loads(v))
        deal.actions = reader.field("actions", lambda v: [] if v == "-" else v.split(_SEP))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise reader.error(str(error)) from None
    return deal


def _read_auction(text: str) -> list[tuple[int, str]]:
    if text == "-":
        return []
    calls = []
    for call in text.split(", "):
        seat, _, word = call.partition(" ")
        calls.append((int(seat), word))
    return calls


def _read_contract(text: str) -> tuple[int, int] | None:
    if text == "-":
        return None
    declarer, amount = _read_ints(text)
    return declarer, amount


def _read_trick(text: str, number: int) -> TrickRecord:
    plays_text, _, outcome = text.rpartition(" -> ")
    winner, _, points = outcome.partition(", ")
    plays = []
    for play in plays_text.split(", "):
        seat, _, card = play.partition(" ")
        plays.append((int(seat), Card.from_text(card)))
    return TrickRecord(plays, int(winner), int(points), number)
