"""League events in the store, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from bot.store import create_table, get_table
from bot.store.nights import (
    EventError,
    ScoreRow,
    absences,
    acting_users,
    add_absences,
    add_entrant,
    add_event_table,
    add_scores,
    create_event,
    drop_entrant,
    event_scores,
    event_table_of,
    event_tables,
    finish_event_table,
    list_entrants,
    list_events,
    open_event_named,
    player_event_results,
    remove_entrant,
    save_results,
    seating_history,
    update_event,
)
from bot.store.tables import Seat, append_action, put_seat

GUILD = 1


async def new_event(tx, name="Friday", **changes):
    settings = {
        "guild_id": GUILD,
        "channel_id": 10,
        "organiser_id": 99,
        "name": name,
        "variant": "two-handed",
        "rounds": 3,
        "deals_per_round": 4,
        "duplicate": True,
        "language": "en",
        "seed": 2**61,
        "round_seconds": 2400.0,
        "turn_seconds": 120.0,
    }
    return await create_event(tx, **(settings | changes))


async def test_an_event_its_entrants_and_a_name_open_once(store):
    async with store.transaction() as tx:
        event = await new_event(tx)
        await add_entrant(tx, event.id, GUILD, 1, "Ann", 12.5)
        await add_entrant(tx, event.id, GUILD, 2, "Bob", 20.0)
        with pytest.raises(EventError):
            await new_event(tx, name="friday")  # names are compared in any case
    assert event.status == "signup" and event.duplicate and event.seed == 2**61
    assert [e.display_name for e in await list_entrants(store, event.id)] == ["Bob", "Ann"]
    assert (await open_event_named(store, GUILD, "FRIDAY")).id == event.id
    with pytest.raises(EventError):
        async with store.transaction() as tx:
            await add_entrant(tx, event.id, GUILD, 1, "Ann", 0.0)
    async with store.transaction() as tx:
        assert await remove_entrant(tx, event.id, 2)
        assert not await remove_entrant(tx, event.id, 2)
        assert await drop_entrant(tx, event.id, 1, 2)
        assert not await drop_entrant(tx, event.id, 1, 3)
        done = await update_event(tx, event.id, status="finished", round=3, deadline=None)
    [ann] = await list_entrants(store, event.id)
    assert ann.dropped == 2 and ann.plays_in(1) and not ann.plays_in(2)
    assert done.status == "finished" and await list_events(store, GUILD) == []
    assert [e.id for e in await list_events(store, GUILD, ("finished",), limit=5)] == [event.id]
    async with store.transaction() as tx:
        again = await new_event(tx)  # the name is free once the first event is over
    assert again.id != event.id


async def test_tables_scores_absences_and_results(store):
    async with store.transaction() as tx:
        event = await new_event(tx)
        ann = await add_entrant(tx, event.id, GUILD, 1, "Ann", 0.0)
        await add_entrant(tx, event.id, GUILD, 2, "Bob", 0.0)
        table = await create_table(
            tx, guild_id=GUILD, channel_id=500, host_id=1, variant="two-handed", seed=5
        )
        await put_seat(tx, table.id, Seat(0, "Ann", user_id=1))
        await put_seat(tx, table.id, Seat(1, "Ada", bot_level="easy"), bot_name="Ada")
        await add_event_table(tx, event.id, 1, 0, table.id)
        await append_action(tx, table.id, 1, 0, 1, "pass")
        rows = [ScoreRow(1, 0, 1, 0, 1, 120), ScoreRow(1, 0, 1, 1, None, 130)]
        await add_scores(tx, event.id, rows)
        await add_scores(tx, event.id, rows)  # a retry stores nothing twice
        await add_absences(tx, event.id, 1, [2])
        assert await finish_event_table(tx, table.id)
        assert not await finish_event_table(tx, table.id)
        await save_results(tx, event.id, [(1, ann.player_id, 1, 7)], 2)
        await update_event(tx, event.id, status="finished")
    assert await event_scores(store, event.id) == rows
    assert await absences(store, event.id) == [(2, 1)]
    assert await acting_users(store, table.id) == {1}
    [linked] = await event_tables(store, event.id, 1)
    assert linked.done and (await event_table_of(store, table.id)) == linked
    assert await seating_history(store, event.id, 2) == [[(1, None)]]
    assert (await get_table(store, table.id)).seats[0].user_id == 1
    [result] = await player_event_results(store, GUILD, ann.player_id)
    assert (result.name, result.place, result.entrants, result.total) == ("Friday", 1, 2, 7)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Турнир", "турнир"),
        ("ÉTÉ", "été"),
        ("Straße", "STRASSE"),
        ("Ｆｒｉｄａｙ", "friday"),
        ("Fri\u200bday", "FRIDAY"),
    ],
)
async def test_names_that_differ_only_in_unicode_case_are_one_name(store, first, second):
    async with store.transaction() as tx:
        event = await new_event(tx, name=first)
    with pytest.raises(EventError):
        async with store.transaction() as tx:
            await new_event(tx, name=second)
    assert (await open_event_named(store, GUILD, second)).id == event.id
    assert [e.name for e in await list_events(store, GUILD)] == [first]


async def test_the_index_holds_a_twin_name_the_check_did_not_see(store):
    """Two processes checking at once: the unique index on the folded name still refuses one."""
    async with store.transaction() as tx:
        await new_event(tx, name="Été")
    with pytest.raises(EventError):
        async with store.transaction() as tx:
            await tx.execute("UPDATE events SET name = 'other'")  # hides it from the check
            await new_event(tx, name="ÉTÉ")


async def test_the_standings_messages_are_kept_in_order(store):
    async with store.transaction() as tx:
        event = await new_event(tx)
        assert event.standings_messages == ()
        event = await update_event(tx, event.id, standings_messages=[2**62, 5, 7])
    assert event.standings_messages == (2**62, 5, 7)
