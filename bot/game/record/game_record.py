"""A whole game as its deals (`GameRecord`), and the one cache of built records (`RECORDS`).

`GameRecord.from_log` replays an action log through the engine (`build`); `to_text` and
`parse` are the text form (`writer`, `reader`); `check` lists every line the engine would write
otherwise; `from_stored` is a stored game's record, built once and kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

from ..fair import Dealing
from ..game import Game, new_game
from ..variants import get_variant
from .build import deals_of
from .deals import DealRecord, read_only
from .reader import read_text
from .writer import write_text

#: Differences `check` lists before it stops looking.
MAX_PROBLEMS = 20
#: Built records kept (`RECORDS`): a long game's record is about 100 kB.
RECORDS_KEPT: Final = 64


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


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its deals; build it with `from_log` or read it with `parse`. Frozen all the
    way down: one record is shared by all its readers (`RECORDS`)."""

    variant: str
    options: Mapping[str, Any]  # read-only
    seed: int
    deals: tuple[DealRecord, ...]
    #: Per seat (partners share their side's), None while unfinished.
    final_scores: tuple[int, ...] | None
    names: tuple[str, ...] | None = None  # who sat in each seat, when the exporter knows
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
            draws={d.number: d.draw for d in self.deals if d.draw is not None},
            people={d.number: d.people for d in self.deals if d.people is not None},
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
        deals = deals_of(game, actions)
        if dealing is not None:
            deals = [deal for deal in deals if dealing.seed(deal.number) is not None]
        return cls(
            variant=game.variant.name,
            options=read_only(game.options.given),
            seed=seed,
            deals=tuple(deals),
            final_scores=tuple(game.seat_scores()) if game.is_over else None,
            names=tuple(names) if names is not None else None,
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
        return replace(record, names=tuple(game.names), hints=tuple(sorted(set(game.hints))))

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
        return write_text(self)

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a text record back (RecordError says which line is wrong).

        Seats are numbered from 1, as people number them (a record of the first format, from
        0, is read too). The header is the magic line and `variant:`, `options:` (JSON), `seed:`,
        `seats:` (JSON names or -), `hints:` (seats or -) and `final:` (scores or
        "unfinished"); each deal starts with `deal N, dealer S` and holds
        `hand S:`, `turnup:`, `stock:`, `auction:`, `contract:`, `trump:`, any
        `gave S: cards` (the passing, F-5), any `meld S: cards = points` and `trick N: S card, … -> winner, points`
        lines, `results:` (JSON, "thrown in" or -) and `actions:` (separated by " | ").
        """
        return cls(*read_text(text))


class RecordCache:
    """The last `size` records built, keyed by game id and log length (and whether dealt from the
    key): a finished game (or a finished deal) never changes, so each is replayed once for its
    readers: the game-end hooks and the deal review (`Table.record`), `/pinochle replay` and the
    web replay (`GameRecord.from_stored`). Entries hold no names or
    hints (each reader adds its own, `from_stored`, on a copy); they are frozen, so shared."""

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
    last = record.deals[-1].actions[-1:] if record.deals else ()
    return (
        get_variant(variant).name == record.variant
        and seed == record.seed
        and table_id == record.table_id
        and last == tuple(actions[-1:])
    )


#: The one cache of built records in this process.
RECORDS: Final = RecordCache()
