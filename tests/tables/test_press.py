"""A press of a hand view's button is one call: the service checks it once, applies it and answers
with the hand after it, under one take of the table's lock."""

from __future__ import annotations

import pytest

from bot.store import load_actions
from bot.tables import TableService
from bot.tables.registry import Registry
from tests.tables.helpers import ALICE, BOB, EVE, open_table, refusal_of


@pytest.fixture
def lock_takes(monkeypatch) -> list[int]:
    """The table ids whose lock is taken, in order."""
    taken: list[int] = []
    locked = Registry.locked

    def counting(self: Registry, table_id: int):
        taken.append(table_id)
        return locked(self, table_id)

    monkeypatch.setattr(Registry, "locked", counting)
    return taken


async def _started(service: TableService):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    return table


def _person(table, seat):
    return {ALICE.user_id: ALICE, BOB.user_id: BOB}[table.seats[seat].user_id]


async def test_a_press_is_applied_and_answered_with_the_new_hand_under_one_lock(
    service, store, lock_takes
):
    table = await _started(service)
    mover = _person(table, table.to_act)
    hand = await service.hand(table.id, mover.user_id)
    lock_takes.clear()
    pressed = await service.press(table.id, mover, 0, hand.version)
    assert lock_takes == [table.id]
    assert pressed.refused is None and pressed.outcome is not None
    assert pressed.outcome.action == hand.legal[0]
    assert pressed.hand.version == table.version == hand.version + 1
    assert pressed.hand.seat == hand.seat and pressed.hand.legal == ()  # the other's turn now
    [row] = await load_actions(store, table.id)
    assert row.action == str(hand.legal[0])


async def test_a_stale_or_out_of_range_press_changes_nothing_and_shows_the_hand_now(
    service, store, lock_takes
):
    table = await _started(service)
    mover = _person(table, table.to_act)
    hand = await service.hand(table.id, mover.user_id)
    for index, version in (
        (0, hand.version - 1),
        (len(hand.legal), hand.version),
        (-1, hand.version),
    ):
        lock_takes.clear()
        pressed = await service.press(table.id, mover, index, version)
        assert lock_takes == [table.id]
        assert pressed.outcome is None and pressed.refused is not None
        assert pressed.refused.key == "bot.refuse.stale"
        assert pressed.hand.version == hand.version and pressed.hand.legal == hand.legal
    waiter = _person(table, 1 - table.to_act)
    out_of_turn = await service.press(table.id, waiter, 0, hand.version)
    assert out_of_turn.refused is not None and out_of_turn.refused.key == "bot.refuse.not_your_turn"
    assert table.version == hand.version and await load_actions(store, table.id) == []
    stranger = await refusal_of(service.press(table.id, EVE, 0, hand.version))
    assert stranger.key == "bot.refuse.not_seated"
