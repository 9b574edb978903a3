"""The hook wired into the real table service: a Check game played through `TableService.act`,
with a restart in the middle, settles every deal exactly once and is recorded once at the end."""

from __future__ import annotations

import random

from bot.services.ledger_hook import ledger_hook
from bot.store import balance, game_results, ledger_check
from bot.tables import Person, TableService
from tests.tables.helpers import live, lives

from .helpers import GUILD, choose

PEOPLE = [Person(101, "North"), Person(102, "East"), Person(103, "South"), Person(104, "West")]


async def open_check_table(service: TableService) -> int:
    opened = await service.open(guild_id=GUILD, channel_id=10, host=PEOPLE[0], variant="check")
    for person in PEOPLE[1:]:
        await service.join(opened.table.id, person)
    await service.start(opened.table.id, PEOPLE[0])
    return opened.table.id


async def play_until(
    service: TableService, table_id: int, rng: random.Random, *, deals: int | None
) -> None:
    """Act for whoever is to act until the game ends (or `deals` deals are over)."""
    while service.table(table_id) is not None:
        table = live(service, table_id)
        if deals is not None and len(table.game.deal_results) >= deals:
            return
        person = next(p for p in PEOPLE if p.user_id == table.seats[table.to_act].user_id)
        await service.act(table_id, person, choose(table.game, rng))


async def test_a_check_game_through_the_service_settles_once_across_a_restart(store):
    rng = random.Random(5)
    first = TableService(store, seed=11, turn_seconds=0, hooks=[ledger_hook])
    table_id = await open_check_table(first)
    seats = dict(first.table(table_id).seats)
    await play_until(first, table_id, rng, deals=2)
    await first.close()

    second = TableService(store, seed=11, turn_seconds=0, hooks=[ledger_hook])
    [resumed] = lives(second, await second.resume())
    assert len(resumed.game.deal_results) == 2  # replayed from the action log, not settled again
    await play_until(second, table_id, rng, deals=None)
    await second.close()

    game = resumed.game
    assert game.is_over
    chips = [sum(result.chips[seat] for result in game.deal_results) for seat in range(4)]
    assert [await balance(store, GUILD, seats[seat].player_id) for seat in range(4)] == chips
    assert await ledger_check(store) == []
    settled = await store.fetchall("SELECT deal_no FROM settlements WHERE game_id = ?", (table_id,))
    assert sorted(row[0] for row in settled) == [r.deal for r in game.deal_results]
    rows = await game_results(store, GUILD)
    ranking = game.view(0).ranking
    assert [(row.display_name, row.rank) for row in rows] == [
        (PEOPLE[seat].name, 1 if seat in ranking[0] else 2) for seat in range(4)
    ]
