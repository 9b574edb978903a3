"""An action changes the table in memory only once the store has committed it: a failed write
leaves the game exactly as it was (the same object, never rebuilt), and the table goes on."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import load_actions
from bot.tables import TableService
from tests.tables.faults import FlakyStore
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, live


async def started_pair(store, hooks=()):
    """Alice and Bob at a started two-handed table (no timer, no computer), on a flaky store."""
    flaky = FlakyStore(store)
    service = TableService(flaky, seed=3, turn_seconds=0, hooks=hooks)
    opened = await service.open(
        guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="two-handed"
    )
    table = live(service, opened.table.id)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    return flaky, service, table


def person_to_act(table):
    return ALICE if table.awaits(ALICE.user_id) else BOB


async def test_a_failed_write_leaves_the_game_as_it_was_and_the_next_action_works(store):
    flaky, service, table = await started_pair(store)
    # Nothing may rebuild the game from the log: a call would fail loudly.
    service._core.replay = None
    game, version, to_act = table.game, table.version, table.to_act
    history, scores = list(game.history), list(game.scores)
    who = person_to_act(table)
    hand = await service.hand(table.id, who.user_id)
    flaky.fail()
    with pytest.raises(sqlite3.OperationalError):
        await service.act(table.id, who, hand.legal[0], version=hand.version)
    assert table.game is game and table.version == version and table.to_act == to_act
    assert list(game.history) == history and list(game.scores) == scores
    assert len(await load_actions(store, table.id)) == version
    again = await service.hand(table.id, who.user_id)
    assert again.version == version and again.legal == hand.legal
    await service.act(table.id, who, hand.legal[0], version=hand.version)
    assert table.version == version + 1 and list(table.game.history) == [*history, hand.legal[0]]
    stored = [row.action for row in await load_actions(store, table.id)]
    assert stored == [str(action) for action in table.game.history]
    await service.close()


async def test_a_table_under_a_failing_store_keeps_answering_and_plays_on_when_it_recovers(store):
    flaky, service, table = await started_pair(store)
    board, version = table.public_view(), table.version
    for _ in range(3):  # three writes in a row fail
        who = person_to_act(table)
        hand = await service.hand(table.id, who.user_id)
        flaky.fail()
        with pytest.raises(sqlite3.OperationalError):
            await service.act(table.id, who, hand.legal[0], version=hand.version)
        assert table.public_view() is board  # the board's view of the same, unchanged state
    for _ in range(5):  # the store works again: the game goes on from where it was
        who = person_to_act(table)
        hand = await service.hand(table.id, who.user_id)
        await service.act(table.id, who, hand.legal[0], version=hand.version)
    assert flaky.failures == 3 and table.version == version + 5
    assert len(await load_actions(store, table.id)) == table.version
    await service.close()


async def test_the_hooks_see_the_action_applied_and_a_failing_hook_changes_nothing(store):
    seen: list[int] = []

    async def hook(tx, table, events):
        seen.append(table.version)
        if len(seen) == 1:
            raise RuntimeError("the hook fails once")

    _, service, table = await started_pair(store, hooks=[hook])
    game, version = table.game, table.version
    who = person_to_act(table)
    hand = await service.hand(table.id, who.user_id)
    with pytest.raises(RuntimeError):
        await service.act(table.id, who, hand.legal[0], version=hand.version)
    assert table.game is game and table.version == version
    assert len(await load_actions(store, table.id)) == version
    await service.act(table.id, who, hand.legal[0], version=hand.version)
    assert seen == [version + 1, version + 1]
    await service.close()
