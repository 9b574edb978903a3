"""Table leases on PostgreSQL (the issue's "two processes can never drive the same table").

A service whose lease connection the server ends mid-deal stops driving the table at once: no
computer move, every call refused as "being moved". Taken back, the table is read again from the
store and play goes on with nothing lost. Taken over by another process meanwhile, the table is
that process's alone: the first forgets it and stores nothing more, even before it has heard.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Lease, LeaseLost, Store, get_table, load_actions, set_guild_settings
from bot.tables import TableService
from bot.tables.model import Table, computer_plays
from tests.pg_cutoff import STUCK, LeaseNews, cut_off, end_unnoticed
from tests.tables.helpers import (
    ALICE,
    GUILD,
    Clock,
    Recorder,
    live,
    lives,
    open_table,
    play_out,
    refusal_of,
)


async def lease_store(url: str) -> Store:
    store = await Store.open(url)
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, new_cooldown=0)
    return store


def service_on(store: Store, recorder: Recorder, clock: Clock) -> TableService:
    """No turn timer; the computers play at once; retries wait on the test's clock."""
    return TableService(
        store, publisher=recorder, seed=7, turn_seconds=0, clock=clock, sleep=clock.sleep
    )


async def mid_deal(service: TableService) -> Table:
    """Alice against a computer, some way into the first deal, Alice to act."""
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await play_out(
        service,
        table,
        ALICE,
        until=lambda t: t.version >= 8 and not t.game.deal_results and t.awaits(ALICE.user_id),
    )
    return table


async def stored(store: Store, table: Table) -> list[str]:
    return [row.action for row in await load_actions(store, table.id)]


async def played_to_the_end(store: Store, table: Table, before: list[str]) -> None:
    """The table finished; its stored log begins with `before`, holds each action it took once,
    and replayed (seed, options, actions: what any process would load) ends the game."""
    log = await stored(store, table)
    assert table.status == "finished" and log[: len(before)] == before
    assert len(log) == table.version
    game = table.new_game()
    for action in log:
        game.apply(action)
    assert game.is_over


async def close_all(services: list[TableService], stores: list[Store]) -> None:
    for service in services:
        await service.close()
    for store in stores:
        await store.close()


async def test_cut_off_mid_deal_the_table_stops_then_is_taken_back_and_plays_on(
    postgres_server, postgres_url
):
    store, clock, recorder = await lease_store(postgres_url), Clock(), Recorder()
    service = service_on(store, recorder, clock)
    news = LeaseNews(store)  # hears after the service, which watches from its start
    try:
        table = await mid_deal(service)
        hand = await service.hand(table.id, ALICE.user_id)
        before = await stored(store, table)
        assert len(before) == table.version

        async with cut_off(postgres_server, postgres_url, store):
            assert await news.next() == (table.id, Lease.SUSPENDED)
            assert table.moving
            assert (
                table.id not in service._clock._timers
                and table.id not in service._computers._drivers
            )
            for call in (
                service.act(table.id, ALICE, hand.legal[0], version=hand.version),
                service.hand(table.id, ALICE.user_id),
                service.leave(table.id, ALICE),
            ):
                assert (await refusal_of(call)).key == "bot.refuse.moving"
            await service.settle()
            assert await stored(store, table) == before and table.version == len(before)

        assert await news.next() == (table.id, Lease.HELD)
        await recorder.until(lambda: not table.moving)  # read again, its board shown again
        assert table.version == len(before) and live(service, table.id) is table
        await service.act(table.id, ALICE, hand.legal[0], version=hand.version)  # as it was
        await play_out(service, table, ALICE)
        await played_to_the_end(store, table, before)
    finally:
        await close_all([service], [store])


async def test_a_seat_covered_while_the_table_is_moved_is_covered_once_it_is_back(
    postgres_server, postgres_url
):
    """A league event's round ends (or an entrant drops) while the table is being moved: the
    computer is to play the person's seat. Nothing is stored while the lease is in doubt; once
    the table is taken back and read again, the seat is covered, and said so."""
    store, clock, recorder = await lease_store(postgres_url), Clock(), Recorder()
    service = service_on(store, recorder, clock)
    news = LeaseNews(store)
    try:
        table = await mid_deal(service)
        seat = table.seat_of(ALICE.user_id)
        assert seat is not None and not computer_plays(table.seats[seat])
        before = await stored(store, table)

        async with cut_off(postgres_server, postgres_url, store):
            assert await news.next() == (table.id, Lease.SUSPENDED)
            assert await service.cover(table.id, ALICE.user_id)
            await service.settle()
            assert not computer_plays(table.seats[seat])
            assert "bot.line.covered" not in recorder.keys

        assert await news.next() == (table.id, Lease.HELD)
        await recorder.until(lambda: "bot.line.covered" in recorder.keys)
        assert not table.moving and computer_plays(table.seats[seat])
        assert not table.covers_due
        [row] = [s for s in (await get_table(store, table.id)).seats if s.seat == seat]
        assert computer_plays(row)  # stored, so a restart keeps it covered
        assert (await stored(store, table))[: len(before)] == before
    finally:
        await close_all([service], [store])


async def test_taken_over_meanwhile_the_table_is_the_other_process_s_alone(
    postgres_server, postgres_url
):
    clock = Clock()
    first_store, second_store = await lease_store(postgres_url), await lease_store(postgres_url)
    heard_first, heard_second = Recorder(), Recorder()
    first = service_on(first_store, heard_first, clock)
    second = service_on(second_store, heard_second, clock)
    news = LeaseNews(first_store)
    try:
        table = await mid_deal(first)
        hand = await first.hand(table.id, ALICE.user_id)
        assert await second.resume() == ()  # the first process drives it
        before, said = await stored(first_store, table), len(heard_first.outcomes)

        async with cut_off(postgres_server, postgres_url, first_store):
            assert await news.next() == (table.id, Lease.SUSPENDED)
            [taken] = await resumed_once_free(second)  # the other process takes it over as it was
            assert taken.id == table.id and taken.version == len(before)
            await second.act(table.id, ALICE, hand.legal[0], version=hand.version)
            await play_out(second, taken, ALICE, until=lambda t: t.version >= len(before) + 4)
            refused = await refusal_of(first.act(table.id, ALICE, hand.legal[0]))
            assert refused.key == "bot.refuse.moving"

        assert await news.next() == (table.id, Lease.LOST)  # connected again, it finds out
        assert first.table(table.id) is None
        assert table.id not in first._clock._timers and table.id not in first._computers._drivers
        refused = await refusal_of(first.act(table.id, ALICE, hand.legal[0]))
        assert refused.key == "bot.refuse.no_table"
        await play_out(second, taken, ALICE)
        await played_to_the_end(second_store, taken, before)

        # The first process moved no computer and stored nothing after the cut: its table stands
        # where the cut found it, it said nothing more, and the log is the second one's game.
        assert table.version == len(before) and len(heard_first.outcomes) == said
    finally:
        await close_all([first, second], [first_store, second_store])


async def test_a_process_that_has_not_heard_yet_stores_nothing_once_another_took_over(
    postgres_server, postgres_url
):
    """A lease connection can die without its process noticing (a network gone quiet). The store's
    fencing check refuses that process's next action; it then forgets the table."""
    clock = Clock()
    first_store, second_store = await lease_store(postgres_url), await lease_store(postgres_url)
    first = service_on(first_store, Recorder(), clock)
    second = service_on(second_store, Recorder(), clock)
    try:
        table = await mid_deal(first)
        hand = await first.hand(table.id, ALICE.user_id)
        before = await stored(first_store, table)
        await end_unnoticed(postgres_server, first_store)
        [taken] = await resumed_once_free(second)
        assert not table.moving  # the first process still thinks the table is its own

        with pytest.raises(LeaseLost) as refused:
            await first.act(table.id, ALICE, hand.legal[0], version=hand.version)
        assert refused.value.key == "bot.refuse.moving"  # what the member is told
        assert await stored(first_store, table) == before
        await asyncio.sleep(0)  # the store's word reaches the service
        assert first.table(table.id) is None

        await second.act(taken.id, ALICE, hand.legal[0], version=hand.version)
        await play_out(second, taken, ALICE)
        await played_to_the_end(second_store, taken, before)
    finally:
        await close_all([first, second], [first_store, second_store])


async def resumed_once_free(service: TableService) -> list[Table]:
    """`resume()` again until the ended connection's leases are free (the server lets go of them
    as the ended backend exits)."""
    async with asyncio.timeout(STUCK):
        while True:
            tables = await service.resume()
            if tables:
                return lives(service, tables)
            await asyncio.sleep(0.05)
