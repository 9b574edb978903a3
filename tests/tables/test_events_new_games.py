"""League nights of partnership auction and double-deck (issue 25): duplicate rounds deal the same
cards at every table, the passing included, and the event finishes with its standings."""

from __future__ import annotations

import pytest

from bot.store import get_table
from bot.store.nights import event_tables, get_event
from tests.tables.event_support import dealt_hands, play_event
from tests.tables.test_events import (  # noqa: F401  (the event tests' fixtures)
    ANN,
    PEOPLE,
    make_runner,
    new_event,
    notices,
    runner,
)


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
async def test_a_duplicate_night_deals_the_same_cards_at_both_tables(
    runner,  # noqa: F811
    notices,  # noqa: F811
    store,
    variant,
):
    people = PEOPLE[:8]  # two tables of four, partners opposite
    event = await new_event(runner, people, variant=variant, rounds=1, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    assert (await get_event(store, event.id)).status == "finished"
    rows = [await get_table(store, t.table_id) for t in await event_tables(store, event.id, 1)]
    assert len(rows) == 2 and len({(row.seed, row.deal_key) for row in rows}) == 1
    hands = [await dealt_hands(runner.service, row) for row in rows]
    assert hands[0][:1] == hands[1][:1]  # deal 1: the same 12 (or 20) cards in the same seats
    assert len(notices.boards[-1].rows) == 8
