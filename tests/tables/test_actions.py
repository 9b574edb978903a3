"""Actions across the table service's boundary: `Action` objects in, `Action` objects out, and
their text only where a person types one or the store keeps the log."""

from __future__ import annotations

import random

from bot.game import PASS, Action, SeatView
from bot.store import load_actions
from bot.tables import SimplePlayer, TableService
from tests.tables.helpers import ALICE, BOB, open_table, play_out


class RecordingPlayer(SimplePlayer):
    """`SimplePlayer`, keeping every (legal, choice) it was asked and gave."""

    def __init__(self, asked: list[tuple[list[Action], Action]]) -> None:
        self.asked = asked

    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action:
        choice = super().choose(view, legal, rng)
        self.asked.append((list(legal), choice))
        return choice


async def test_a_hands_legal_actions_are_the_engines_actions_and_print_as_typed(service):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    seat = table.to_act
    hand = await service.hand(table.id, table.seats[seat].user_id)
    assert list(hand.legal) == table.game.legal_actions()
    assert all(isinstance(action, Action) for action in hand.legal)
    assert [str(action) for action in hand.legal] == [
        str(action) for action in table.game.view(seat).legal
    ]
    waiter = table.seats[1 - seat].user_id
    assert (await service.hand(table.id, waiter)).legal == ()  # not their turn: nothing to choose


async def test_legal_for_filters_by_the_actions_verb(service):
    """RULES E-4/E-6: in a Check auction the person may bid (every amount) or pass."""
    table = await open_table(service, "check")
    await service.start(table.id, ALICE)
    await play_out(  # Alice's turn in an auction where she may bid or pass (E-6: not forced)
        service,
        table,
        ALICE,
        until=lambda t: (
            t.to_act == 0 and {a.verb for a in t.game.legal_actions()} == {"bid", "pass"}
        ),
    )
    everything = await service.legal_for(table.id, ALICE.user_id)
    bids = await service.legal_for(table.id, ALICE.user_id, verb="bid")
    assert bids and all(action.verb == "bid" and action.amount for action in bids)
    assert await service.legal_for(table.id, ALICE.user_id, verb="pass") == (PASS,)
    assert everything == (*bids, PASS)
    assert await service.legal_for(table.id, ALICE.user_id, verb="play") == ()
    assert await service.legal_for(table.id, BOB.user_id) == ()  # not seated: nothing


async def test_a_computers_choice_is_an_action_stored_as_its_text(store):
    asked: list[tuple[list[Action], Action]] = []
    service = TableService(
        store, players=lambda level: RecordingPlayer(asked), seed=3, turn_seconds=0
    )
    table = await open_table(service)
    await service.start(table.id, ALICE)  # the computer takes the other seat
    await play_out(service, table, ALICE, until=lambda t: len(asked) >= 5)
    assert len(asked) >= 5
    assert all(isinstance(choice, Action) and choice in legal for legal, choice in asked)
    computer = next(n for n, seat in table.seats.items() if seat.user_id is None)
    stored = [row.action for row in await load_actions(store, table.id) if row.seat == computer]
    assert stored[: len(asked)] == [str(choice) for _, choice in asked]
    await service.close()
