"""The table service's parts, each through its own interface: the registry of tables, the turn
clock with the computer driver, and the board message the service keeps for a table that ended."""

from __future__ import annotations

import asyncio

from bot.store import get_table
from bot.tables import TableService
from bot.tables.clock import TurnClock
from bot.tables.computers import ComputerDriver
from bot.tables.core import TableCore
from bot.tables.model import Table
from bot.tables.registry import Registry
from bot.tables.seating import Seating
from tests.tables.aftergame_helpers import play_until
from tests.tables.helpers import ALICE, open_table

SHORT = {"target": 10, "tie_over_target": "highest_wins"}  # one deal decides the game (G-13)


def a_table(table_id: int, channel_id: int = 10, guild_id: int = 1, **fields) -> Table:
    return Table(
        id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=101,
        variant="two-handed",
        options={},
        seed=0,
        language="en",
        turn_seconds=0,
        **fields,
    )


# ------------------------------------------------------------ the registry


def test_the_registry_finds_open_tables_by_id_channel_and_guild():
    registry = Registry()
    first, second, elsewhere = a_table(1, 10), a_table(2, 11), a_table(3, 12, guild_id=2)
    for table in (first, second, elsewhere):
        registry.add(table)
    assert registry.get(2) is second and registry.in_channel(10) is first
    assert registry.active(1) == [first, second] and registry.active() == [first, second, elsewhere]
    assert registry.get(4) is None and registry.in_channel(13) is None
    assert registry.ended(1) is None  # open: not ended


async def test_a_table_that_ended_is_no_longer_open_but_stays_known_a_while():
    registry = Registry()
    table = a_table(1, status="playing")
    registry.add(table)
    table.status = "finished"
    registry.drop(table)
    assert registry.get(1) is None and registry.in_channel(10) is None and registry.active() == []
    assert registry.ended(1) is table and registry.known(1) is table
    async with registry.locked(1) as locked:
        assert locked is None  # no call acts on it any more
    rematch = a_table(2, status="lobby")
    registry.add(rematch)  # the channel's next table
    registry.drop(table)  # dropping the old one again leaves the new one in its channel
    assert registry.in_channel(10) is rematch


def test_a_table_another_process_took_over_is_known_but_never_ended():
    registry = Registry()
    table = a_table(1, status="playing")
    registry.add(table)
    registry.drop(table)  # its lease lost: it plays on elsewhere
    assert registry.known(1) is table and registry.ended(1) is None and registry.get(1) is None


def test_the_registry_keeps_only_the_last_tables_it_let_go():
    registry = Registry(dropped_kept=2)
    tables = [a_table(n, channel_id=10 + n, status="cancelled") for n in range(1, 4)]
    for table in tables:
        registry.drop(table)
    assert [registry.known(n) for n in (1, 2, 3)] == [None, tables[1], tables[2]]


# ------------------------------------------------------------ the turn clock and the computers


def clock_parts(store) -> tuple[TurnClock, ComputerDriver]:
    core = TableCore(
        store,
        Registry(),
        publisher=None,
        turn_seconds=0,
        hooks=(),
        clock=lambda: 0.0,
        sleep=asyncio.sleep,
        retry=(0.5, 30.0),
    )
    computers = ComputerDriver(core, thinker=None)  # no computer thinks here
    clock = TurnClock(core, Seating(core), computers)
    core.wait_with(clock)
    return clock, computers


async def test_a_table_being_moved_stops_waiting_but_keeps_its_stand_in(store):
    clock, computers = clock_parts(store)
    table = a_table(1, version=5)
    clock.wait_for(1, asyncio.sleep(3600), name="waiting")
    computers.stand_in(1, 5)  # a computer plays the person's turn at version 5, once
    waiting = next(task for task in asyncio.all_tasks() if task.get_name() == "waiting")
    clock.stop(1)
    await asyncio.gather(waiting, return_exceptions=True)
    assert waiting.cancelled()
    assert computers.to_act(table)  # taken back, the computer still plays that turn
    table.version = 6
    assert not computers.to_act(table)  # only that one turn


async def test_a_table_forgotten_from_its_own_task_lets_that_task_finish(store):
    clock, computers = clock_parts(store)
    computers.stand_in(1, 0)

    async def reload_finds_it_ended() -> None:
        clock.forget(1)  # as a lease's reload does for a table that ended meanwhile
        await asyncio.sleep(0)

    clock.wait_for(1, reload_finds_it_ended(), name="reload")
    task = next(task for task in asyncio.all_tasks() if task.get_name() == "reload")
    await task
    assert not task.cancelled() and not computers.to_act(a_table(1))  # no stand-in left
    assert clock.cancel_all() == []  # nothing left waiting


# ------------------------------------------------------------ the board message of a table that ended


async def test_the_board_posted_after_the_game_ended_is_stored_and_found_after_a_restart(
    service, store
):
    table = await open_table(service, options=SHORT)
    await service.add_computer(table.id, ALICE)
    await service.start(table.id, ALICE)
    await service.set_board_message(table.id, 555)
    await play_until(service, table, [ALICE], lambda: table.status == "finished")
    assert service.table(table.id) is None and service.board_message(table.id) == 555

    await service.set_board_message(table.id, 777)  # the final board, posted anew
    assert service.board_message(table.id) == 777
    assert (await get_table(store, table.id)).board_message_id == 777
    assert (await service.finished_table(table.id)).board_message_id == 777

    again = TableService(store, seed=7, turn_seconds=0)  # a restart
    assert again.board_message(table.id) is None  # not read yet
    assert (await again.finished_table(table.id)).board_message_id == 777
    assert again.board_message(table.id) == 777
    await again.close()


async def test_a_board_of_a_table_the_service_never_held_changes_nothing(service, store):
    table = await open_table(service)
    other = TableService(store, seed=8, turn_seconds=0)  # a process that does not drive it
    await other.set_board_message(table.id, 999)
    assert other.board_message(table.id) is None
    assert (await get_table(store, table.id)).board_message_id is None
    await other.close()
