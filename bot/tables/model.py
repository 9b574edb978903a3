"""A table in memory: its row fields, seats, game and the lock that serialises it.

The store's `TableRow` and `Seat` are frozen snapshots; a `Table` is the live
object the service mutates under `Table.lock`, writing every change through
the store in the same step (see `bot.tables.service`); callers outside the
service see it only as a frozen `bot.tables.snapshot.TableSnapshot`. The views of
the game that the board and the hand views show are computed once per state version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.game import VARIANTS, Action, Dealing, Game, PublicView, SeatView, fingerprint, new_game
from bot.game.record import RECORDS, GameRecord
from bot.store import Seat, TableRow
from bot.tables.deallog import DealLog
from bot.tables.row_settings import EventPlace, TableHome, TableSettings

#: Timer expiries in a row after which the computer keeps playing a person's seat.
AWAY_AFTER = 3
#: The computer level that covers a person's seat and fills empty ones.
DEFAULT_LEVEL = "easy"
#: Names of computer players, in the order they sit down (stored plain, unique at a table).
COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald")
#: What marks a computer player wherever a name is shown ("🤖 Ada"); never stored.
COMPUTER_MARK = "🤖 "


@dataclass(eq=False)
class Table:
    """One table; `game` is None until the host starts it."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    options: dict[str, Any]
    seed: int
    language: str
    turn_seconds: float  # 0: no turn timer
    status: str = "lobby"
    seats: dict[int, Seat] = field(default_factory=dict)
    game: Game | None = None
    version: int = 0  # actions applied so far: the state version a client saw
    board_message_id: int | None = None
    #: How the caller shows the table (on Discord: the channel it was opened from, a quiet table);
    #: kept with the table for the caller, never read by the service.
    home: TableHome = field(default_factory=TableHome)
    #: The running turn timer as (state version, deadline in the service's clock), if any.
    turn: tuple[int, float] | None = None
    #: Seats whose person left or was kicked mid-game -> that person's player id (the forfeit).
    left: dict[int, int] = field(default_factory=dict)
    #: While nobody is present: when the table closes as abandoned (the service's clock).
    paused_until: float | None = None
    #: Closed because nobody came back before `paused_until`.
    abandoned: bool = False
    rematch: int | None = None  # the table opened as this finished table's rematch, if any
    #: A league event's table: it never pauses and ends after `event.deals` deals (`over`), its
    #: persons' seats played by the computer when away.
    event: EventPlace | None = None
    #: Whether players may ask for a hint (`/pinochle hint`), and who has.
    hints: bool = False
    hints_used: set[int] = field(default_factory=set)
    #: The last hint given, as (state version, seat, action): asked again, it is not worked out again.
    last_hint: tuple[int, int, Action] | None = field(default=None, repr=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    #: This process's lease on the table is in doubt or gone (`bot.tables.leases`): nothing is
    #: done here (no timer, no computer move, every call refused) until it is back.
    moving: bool = field(default=False, repr=False)
    #: People the computer is to cover once a moving table is taken back (`Lobby.cover`).
    covers_due: set[int] = field(default_factory=set, repr=False)
    #: Lines waiting for their meld round or auction to close, and the board's recent tricks.
    deal_log: DealLog = field(default_factory=DealLog, repr=False)
    #: Fair dealing (bot.game.fair): the secret key (None: an older table, dealt from `seed`) and
    #: the salt words given for each deal (deal -> seat -> word), which the game deals from.
    deal_key: bytes | None = field(default=None, repr=False)
    salts: dict[int, dict[int, str]] = field(default_factory=dict)
    #: Each dealt deal's draw (a person's Discord interaction id) and the seats people held then.
    draws: dict[int, int] = field(default_factory=dict)
    people: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: The Discord id of the last click by a person since the deal in play was dealt (after the
    #: next deal's fingerprint was shown): the next deal's draw. Memory only.
    last_click: int | None = field(default=None, repr=False)
    _views: dict[int | None, PublicView] = field(default_factory=dict, repr=False)
    _views_of: tuple[Any, int] | None = field(default=None, repr=False)

    @classmethod
    def from_row(cls, row: TableRow, *, turn_seconds: float) -> Table:
        settings = TableSettings.from_json(row.settings)
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            variant=row.variant,
            options=dict(row.options),
            seed=int(row.seed or 0),
            language=row.language,
            status=row.status,
            turn_seconds=turn_seconds if settings.turn_seconds is None else settings.turn_seconds,
            seats={s.seat: _plain_seat(s) for s in row.seats},
            board_message_id=row.board_message_id,
            home=settings.home,
            turn=settings.turn,
            left=dict(settings.left),
            paused_until=settings.paused_until,
            abandoned=settings.abandoned,
            rematch=settings.rematch,
            event=settings.event,
            hints=settings.hints,
            hints_used=set(row.hints_used),
            deal_key=row.deal_key,
        )

    @property
    def dealing(self) -> Dealing | None:
        """What the game deals from (its salts the table's own, so a salt given reaches it)."""
        if self.deal_key is None:
            return None
        return Dealing(key=self.deal_key, salts=self.salts, draws=self.draws, people=self.people)

    def undealt(self) -> int:
        """The first deal not dealt yet (1 in the lobby): salts for it and later ones may change."""
        return 1 if self.game is None else self.game.deal_no + 1

    def drop_salts(self, seat: int) -> None:
        """Forget a seat's salts for the deals not dealt yet (`bot.store.deals.drop_salts`)."""
        for deal, words in self.salts.items():
            if deal >= self.undealt():
                words.pop(seat, None)

    def draws_people(self) -> bool:
        """Whether people's clicks go into its deals: never at a duplicate league round's table
        (every table of the round must get the same cards)."""
        return self.deal_key is not None and not (self.event and self.event.duplicate)

    def people_seats(self) -> tuple[int, ...]:
        """The seats people hold now (a computer's seat never salts)."""
        return tuple(sorted(n for n, seat in self.seats.items() if seat.user_id is not None))

    def new_game(self, click: int | None = None) -> Game:
        """The game from its first deal: variant, options, seed and the fair dealing (`click`:
        the first deal's draw, the host's Start, when it is dealt now)."""
        dealing = self.dealing
        if dealing is not None and click is not None and self.draws_people():
            people = {**dealing.people, 1: self.people_seats()}
            dealing = replace(dealing, draws={**dealing.draws, 1: click}, people=people)
        return new_game(self.variant, seed=self.seed, options=self.options, dealing=dealing)

    def record(self, actions: Sequence[str] | None = None) -> GameRecord:
        """The game so far (or after `actions`, its log) as a record (bot.game.record): seeds
        only of the deals that are over. Built once for each length of the log and kept
        (`RECORDS`), so the game-end hooks, the review and the replays share one replay."""
        game = self.started_game
        return RECORDS.get(
            self.id,
            game.variant.name,
            game.options.given,
            game.seed,
            [str(a) for a in game.history] if actions is None else actions,
            dealing=game.dealing,
            table_id=None if game.dealing is None else self.id,
        )

    def fingerprint(self, deal: int) -> str | None:
        """The commitment to deal `deal`'s cards (bot.game.fair), or None for an older table."""
        dealing = self.dealing
        seed = None if dealing is None else dealing.seed(deal)
        return None if seed is None else fingerprint(seed, self.id, deal)

    def commitments(self, *deals: int) -> dict[int, str]:
        """The fingerprints of these deals, to publish (none for an older table)."""
        found = {deal: self.fingerprint(deal) for deal in deals}
        return {deal: fp for deal, fp in found.items() if fp is not None}

    @property
    def size(self) -> int:
        """How many seats the variant has."""
        return VARIANTS[self.variant].players

    @property
    def is_active(self) -> bool:
        return self.status in ("lobby", "playing")

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person holds here, or None."""
        return seat_of(self.seats, user_id)

    def free_seat(self) -> int | None:
        return next((n for n in range(self.size) if n not in self.seats), None)

    def is_computer_turn(self) -> bool:
        """Whether the seat to act is played by a computer (its own or a stand-in)."""
        seat = self.to_act
        if seat is None:
            return False
        return computer_plays(self.seats[seat])

    def awaits(self, user_id: int) -> bool:
        """Whether the game waits for this person now (their turn, and no computer covers their seat)."""
        return awaits(self.seats, self.to_act, user_id)

    @property
    def to_act(self) -> int | None:
        if self.status != "playing" or self.game is None:
            return None
        seat: int | None = self.game.to_act
        return seat

    @property
    def started_game(self) -> Game:
        """The game, where the table must have one (started, playing or just finished);
        reaching for it in the lobby is a bug in the caller, not something a user can cause."""
        if self.game is None:
            raise RuntimeError(f"table {self.id} has no game yet")
        return self.game

    def public_view(self) -> PublicView:
        """The board's view of the game now (`Game.public_view`): computed once per version."""
        return self._view(None, self.started_game.public_view)

    def seat_view(self, seat: int) -> SeatView:
        """`Game.view(seat)` now, computed once per version."""
        game = self.started_game
        view = self._view(seat, lambda: game.view(seat))
        assert isinstance(view, SeatView)  # a seat's key holds that seat's view
        return view

    def _view(self, key: int | None, make: Callable[[], PublicView]) -> PublicView:
        of = self._views_of
        if of is None or of[0] is not self.game or of[1] != self.version:
            self._views, self._views_of = {}, (self.game, self.version)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = make()
        return view

    def with_seat(self, number: int, **changes: Any) -> Seat:
        """The seat with some fields changed (store seats are frozen)."""
        seat = replace(self.seats[number], **changes)
        self.seats[number] = seat
        return seat

    def decision_seed(self, version: int) -> int:
        """The seed of the decision at state `version`, the same for the computer that plays it
        and for a hint asked there, so the hint names the computer's move."""
        return self.seed ^ (version * 0x9E3779B97F4A7C15 & (2**64 - 1))

    def forfeit_payees(self, seat: int) -> list[int]:
        """Who may collect the forfeit premium of `seat`'s person leaving (the forfeit policy,
        `bot.services.ledger_hook`), first choice first: the opponent E-15 pairs the seat with, else the
        opponents still playing; none when every opponent has left."""
        own, other = sorted(self.started_game.variant.sides(), key=lambda side: seat not in side)
        paired = other[own.index(seat)]
        if paired not in self.left:
            return [paired, *other]
        return [s for s in other if s not in self.left]

    def humans(self) -> list[int]:
        return humans(self.seats)

    def present(self) -> list[int]:
        """Seats whose person plays them now: not left, not covered after three timer expiries."""
        return present(self.seats)

    @property
    def over(self) -> bool:
        """The game is over, or an event's table has played its deals."""
        return self.ends(self.started_game)

    def ends(self, game: Game) -> bool:
        """Whether this table is over once its game is `game` (an action's result, not yet kept)."""
        if game.is_over:
            return True
        return self.event is not None and len(game.deal_results) >= self.event.deals

    @property
    def paused(self) -> bool:
        """A game with nobody present waits (no computer plays) until someone comes back."""
        return self.paused_until is not None


def computer_name(taken: Collection[str], number: int) -> str:
    """The first computer name not in `taken`; seat `number`'s own ("5") once all are taken."""
    return next((name for name in COMPUTER_NAMES if name not in taken), str(number + 1))


def shown_name(seat: Seat) -> str:
    """The seat's name as players read it: a computer's with `COMPUTER_MARK`; a person's without
    any robot in front, so nobody named "🤖 Ada" passes for a computer."""
    if seat.user_id is None:
        return COMPUTER_MARK + seat.display_name
    return person_name(seat.display_name)


def person_name(name: str) -> str:
    """A person's name with the computers' mark (and its emoji variant) taken off its front."""
    plain = name.strip()
    while plain.startswith(COMPUTER_MARK.strip()):
        plain = plain.removeprefix(COMPUTER_MARK.strip()).lstrip("\ufe0f \t")
    return plain or "?"


def _plain_seat(seat: Seat) -> Seat:
    """A stored seat with its plain name: computers stored before names were kept plain had the mark."""
    if seat.user_id is not None or not seat.display_name.startswith(COMPUTER_MARK):
        return seat
    return replace(seat, display_name=seat.display_name.removeprefix(COMPUTER_MARK))


def seat_of(seats: Mapping[int, Seat], user_id: int) -> int | None:
    """The seat a person holds among `seats`, or None."""
    return next((number for number, seat in seats.items() if seat.user_id == user_id), None)


def awaits(seats: Mapping[int, Seat], to_act: int | None, user_id: int) -> bool:
    """Whether the seat to act is this person's and no computer covers it."""
    return (
        to_act is not None
        and seats[to_act].user_id == user_id
        and not computer_plays(seats[to_act])
    )


def humans(seats: Mapping[int, Seat]) -> list[int]:
    """The people seated (left or covered too)."""
    return [s.user_id for s in seats.values() if s.user_id is not None]


def present(seats: Mapping[int, Seat]) -> list[int]:
    """Seats whose person plays them now: not left, not covered after three timer expiries."""
    return [n for n, s in seats.items() if s.user_id is not None and not computer_plays(s)]


def computer_plays(seat: Seat) -> bool:
    """A computer seat, or a person's seat the computer covers after AWAY_AFTER expiries."""
    return seat.user_id is None or seat.away_strikes >= AWAY_AFTER
