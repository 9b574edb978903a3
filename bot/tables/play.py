"""Hands: a person's hand and actions, and the deals a table has finished.

A person acts on their own turn, from the state they saw (`version`); the action
is stored in the transaction that accepts it (`TableCore.apply`), and an
illegal one is refused with the rule that forbids it, changing nothing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace

from bot.ai.thinking import Thinker
from bot.game import Action, IllegalAction, Phase, SeatView
from bot.game.errors import Refusal
from bot.game.events import Melded
from bot.game.fair import SALT_CHARS, clean_salt
from bot.game.record import DealRecord
from bot.store.deals import add_salt
from bot.store.tables import last_finished_table, mark_hinted
from bot.tables.announce import meld_parts
from bot.tables.core import Person, TableCore
from bot.tables.guard import guard, guard_seat
from bot.tables.hints import best_meld, hint_text, whole_pass
from bot.tables.model import Table, computer_plays
from bot.tables.outcome import Act, Cards, Name, Outcome, Text, told
from bot.tables.review import guard_shown
from bot.tables.snapshot import TableSnapshot, snapshot_of


@dataclass(frozen=True, slots=True)
class Hand:
    """What one seated person may see now: their view, the legal actions, the version."""

    table: TableSnapshot
    seat: int
    view: SeatView
    legal: tuple[Action, ...]  # the seat's legal actions now (none while the computer covers it)
    version: int
    covered: bool  # the computer plays this seat until the person joins again
    #: Why the seat, to speak in an auction, is offered no bid but a pass (E-5), if so.
    only_pass: IllegalAction | None = None


@dataclass(frozen=True, slots=True)
class Pressed:
    """A press of a hand view's action, and the person's hand after it: `outcome` when it was
    applied, else `refused` (the view was out of date, or the action is refused now)."""

    hand: Hand
    outcome: Outcome | None = None
    refused: Refusal | None = None


class Hands:
    """What a seated person sees and does, and the reviews of finished deals."""

    def __init__(self, core: TableCore, thinker: Thinker) -> None:
        """`thinker` works out hints (as the `hard` computer player would choose)."""
        self._core = core
        self._thinker = thinker
        #: Tables whose hint is being worked out now.
        self._hinting: set[int] = set()

    async def hand(self, table_id: int, user_id: int) -> Hand:
        """The person's hand and legal actions; a `Refusal` if they are not seated or no game runs.

        Taken under the table's lock, so it never shows an action still being stored.
        """
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(found, user_id, playing=True)
            return _hand_of(table, seat)

    async def legal_for(
        self, table_id: int, user_id: int, verb: str | None = None
    ) -> tuple[Action, ...]:
        """Legal actions for this person now (optionally of one `Action.verb`): for autocomplete."""
        try:
            hand = await self.hand(table_id, user_id)
        except Refusal:
            return ()
        return tuple(a for a in hand.legal if verb is None or a.verb == verb)

    async def act(
        self, table_id: int, person: Person, action: str | Action, *, version: int | None = None
    ) -> Outcome:
        """A person's action: an `Action` (a button), or its text as typed ("play 10♥");
        `version` is the state they saw, if any."""
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(
                found, person.user_id, playing=True, version=version, turn=True
            )
            return await self._apply(table, seat, person, action)

    async def press(self, table_id: int, person: Person, index: int, version: int) -> Pressed:
        """A press of the action at `index` of the hand drawn at `version`: checked once, applied,
        and answered with the hand after it, all under one take of the table's lock.

        A press at another version, or of an index the hand does not have, changes nothing and
        is refused as out of date (`bot.refuse.stale`), with the hand as it is now; a person with
        no hand here (not seated, no game) gets the `Refusal` raised.
        """
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(found, person.user_id, playing=True)
            hand = _hand_of(table, seat)
            try:
                guard_seat(found, person.user_id, playing=True, version=version, turn=True)
                if not 0 <= index < len(hand.legal):
                    raise Refusal("bot.refuse.stale", table.id)
                outcome = await self._apply(table, seat, person, hand.legal[index])
            except Refusal as refusal:
                return Pressed(hand, refused=refusal)
            return Pressed(_hand_of(table, seat), outcome)

    async def _apply(
        self, table: Table, seat: int, person: Person, action: str | Action
    ) -> Outcome:
        """Apply the person's action (the caller holds the lock and has guarded the seat)."""
        phase = table.started_game.phase  # "Done: No meld", as the button said
        outcome = await self._core.apply(  # IllegalAction, the engine's, if the rules refuse it
            table, seat, action, user_id=person.user_id, click=person.click
        )
        assert outcome.action is not None  # set for every accepted action
        return replace(outcome, private=(*outcome.private, _done(outcome, table, seat, phase)))

    async def hint(self, table_id: int, person: Person) -> Outcome:
        """What the `hard` player would do in the person's seat now, with a reason; in a
        two-hand meld phase, the meld worth the most points; in the passing (F-5), the whole
        rest of the pass.

        Decided from the seat's own view only, outside the table's lock (the person may act
        meanwhile: then the hint is refused as out of date). At most one hint per table is
        worked out at a time, and a hint asked again at the same state is not worked out
        again. The first hint of a seat is stored (`hints_used`) before it is shown.
        """
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(found, person.user_id, playing=True, hints=True, turn=True)
            version, options = table.version, table.started_game.options  # resolved for its game
            view = table.seat_view(seat)  # frozen: shared with every other reader
            cached = table.last_hint
        if cached is not None and cached[:2] == (version, seat):
            choice = cached[2]
        elif (best := best_meld(view)) is not None:
            choice = best[0]
        elif (gift := whole_pass(view)) is not None:
            choice = gift
        elif table_id in self._hinting:  # one search per table at a time, whoever asks
            raise Refusal("records.refuse.hint_busy", table.id)
        else:
            self._hinting.add(table_id)
            try:  # hints wait under the table's negative id: never in the way of its computers
                choice = await self._thinker.choose(
                    -table_id, "hard", view, list(view.legal), table.decision_seed(version)
                )
            finally:
                self._hinting.discard(table_id)
        async with self._core.registry.locked(table_id) as again:
            if again is None or again.version != version or again.status != "playing":
                raise Refusal("records.refuse.hint_stale", None if again is None else again.id)
            if seat not in again.hints_used:
                async with self._core.store.transaction() as tx:
                    await mark_hinted(tx, again.id, seat)
                again.hints_used.add(seat)
            again.last_hint = (version, seat, choice)
        reason = hint_text(view, choice, options)
        return told(
            again,
            private=[Text.of("records.hint.answer", action=Act(choice, view.phase), reason=reason)],
        )

    async def salt(self, table_id: int, user_id: int, word: str) -> Outcome:
        """A seated player's salt word for the next deal (the lobby's: the first), mixed into its
        shuffle (bot.game.fair): the deal's fingerprint is already shown, so the bot cannot pick
        a seed to suit the salt, and the player never sees the seed. One word a seat a deal
        (a new one replaces it); shown in the deal's record."""
        async with self._core.registry.locked(table_id) as found:
            table, seat = guard_seat(found, user_id)
            if table.deal_key is None:
                raise Refusal("bot.refuse.salt_old_table", table.id)
            if table.event is not None and table.event.duplicate:
                raise Refusal("bot.refuse.salt_duplicate", table.id)
            game = table.game
            if game is not None and (
                game.is_over
                or table.over
                or (table.event is not None and game.deal_no >= table.event.deals)
            ):
                # (or an event table's last deal)
                raise Refusal("bot.refuse.salt_no_deal", table.id)
            clean = clean_salt(word)
            if clean is None:
                raise Refusal("bot.refuse.salt_word", table.id, limit=SALT_CHARS)
            deal = 1 if game is None else game.deal_no + 1
            async with self._core.store.transaction() as tx:
                salts = await add_salt(tx, table.id, deal, seat, clean)
            table.salts[deal] = salts
            return self._core.publish(
                told(
                    table,
                    private=[Text.of("bot.done.salted", deal=deal, word=Name(clean))],
                    board=True,
                )
            )

    async def last_finished(
        self, guild_id: int, channel_id: int, *, home_key: str | None = None
    ) -> TableSnapshot | None:
        """The channel's most recently finished table: what score and rules speak of after the end
        (`home_key`: the `Table.home` key of the channel a table was opened from, which counts too)."""
        row = await last_finished_table(self._core.store, guild_id, channel_id, home_key=home_key)
        table = None if row is None else await self._core.finished_table(row.id)
        return None if table is None else snapshot_of(table)

    async def review(self, table_id: int) -> tuple[TableSnapshot, DealRecord]:
        """The last deal of a table that is over, for anyone to read (refused while none is, and
        while another open table holds its cards: `guard_shown`).

        Only a deal the game has finished is read, so the deal in play never shows. It comes
        from the game's record, built once for each length of the log and kept
        (`bot.game.record.RECORDS`): pressing the button again costs nothing.
        """
        table = guard(
            self._core.registry.get(table_id) or await self._core.finished_table(table_id)
        )
        async with table.lock:  # a deal's last action is in the store once its lock is let go
            ended = table.game.deal_results if table.game is not None else []
            deal = ended[-1].deal if ended else None
            actions = [str(action) for action in table.started_game.history] if ended else []
            shown = snapshot_of(table)
        if deal is None:
            raise Refusal("bot.refuse.no_deal_over", table.id)
        await guard_shown(self._core.store, table_id)
        record = await asyncio.to_thread(table.record, actions)
        return shown, next(d for d in record.deals if d.number == deal)

    async def revealed_deals(self, table_id: int) -> tuple[DealRecord, ...]:
        """The deals of a finished game whose seeds its record reveals (bot.game.fair: every deal
        that is over), for anyone to check against the fingerprints shown before them; refused
        while another open table holds their cards (`guard_shown`), and before the game ends."""
        table = guard(await self._core.finished_table(table_id))
        await guard_shown(self._core.store, table_id)
        record = await asyncio.to_thread(table.record)
        return tuple(deal for deal in record.deals if deal.seed is not None)


def _done(outcome: Outcome, table: Table, seat: int, phase: Phase) -> Text:
    """The acting person's confirmation: a card chosen to pass while more are due (F-5), a meld
    named with its points as the engine scored it (M-1), any other action by its button's words
    ("Done: No meld")."""
    action = outcome.action
    assert action is not None  # set for every accepted action
    game = table.started_game
    if game.phase is Phase.PASSING and game.to_act == seat:  # F-5: chosen, not given yet
        return Text.of("bot.done.chosen", cards=Cards(action.cards))
    melded = next(
        (e for e in outcome.events if isinstance(e, Melded) and e.seat == seat),
        None,
    )
    if action.verb == "meld" and melded is not None:
        return Text.of("bot.done.melded", melds=meld_parts(melded), points=melded.points)
    return Text.of("bot.done.acted", action=Act(action, phase))


def _hand_of(table: Table, seat: int) -> Hand:
    """The seat's hand now (the caller holds the table's lock)."""
    view = table.seat_view(seat)
    covered = computer_plays(table.seats[seat])
    legal = () if covered else view.legal
    only_pass = table.started_game.why_no_bid() if legal else None
    return Hand(snapshot_of(table), seat, view, legal, table.version, covered, only_pass)
