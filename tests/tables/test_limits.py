"""Limits: open tables per member and per server, hard computer seats per table, and a
cooldown on /pinochle new; each refusal names the limit and how to free it."""

from __future__ import annotations

from bot.store import set_guild_settings
from bot.tables import TableService
from bot.tables.limits import Cooldowns
from tests.tables.helpers import ALICE, BOB, CAROL, Clock, live, refusal_of

GUILD = 2  # the default settings: 2 tables a member, 20 a server, 1 hard seat, 30 s cooldown


async def open_at(service, channel, host, variant="two-handed"):
    return await service.open(guild_id=GUILD, channel_id=channel, host=host, variant=variant)


async def test_a_member_may_host_two_tables_and_must_wait_between_two_new_ones(store):
    clock = Clock()
    service = TableService(store, seed=1, turn_seconds=0, clock=clock)
    first = await open_at(service, 20, ALICE)
    soon = await refusal_of(open_at(service, 21, ALICE))
    assert soon.key == "bot.refuse.cooldown"
    assert soon.params == {"seconds": 30, "limit": 30}
    clock.now += 31
    second = await open_at(service, 21, ALICE)
    clock.now += 31
    third = await refusal_of(open_at(service, 22, ALICE))
    assert third.key == "bot.refuse.limit_member"
    assert third.params == {
        "limit": 2,
        "tables": f"#{first.table.id}, #{second.table.id}",
    }
    assert service.table_in(22) is None
    await service.cancel(first.table.id, ALICE)
    await open_at(service, 22, ALICE)  # a table freed, the cooldown long past
    await service.close()


async def test_the_server_limit_counts_every_member_s_tables(store):
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, max_tables_server=2)
    service = TableService(store, seed=1, turn_seconds=0)
    await open_at(service, 20, ALICE)
    await open_at(service, 21, BOB)
    refused = await refusal_of(open_at(service, 22, CAROL))
    assert refused.key == "bot.refuse.limit_server"
    assert refused.params == {"limit": 2}
    await service.close()


async def test_one_hard_computer_seat_per_table_by_default(store):
    service = TableService(store, seed=1, turn_seconds=0)
    table = live(service, (await open_at(service, 20, ALICE, "four-handed")).table.id)
    await service.add_computer(table.id, ALICE, level="hard")
    refused = await refusal_of(service.add_computer(table.id, ALICE, level="hard"))
    assert refused.key == "bot.refuse.limit_hard"
    assert refused.params == {"limit": 1}
    assert len(table.seats) == 2
    await service.add_computer(table.id, ALICE, level="normal")
    await service.close()


def test_the_cooldown_remembers_a_bounded_number_of_members():
    cooldowns = Cooldowns(size=2)
    for member in (1, 2, 3):
        cooldowns.note(GUILD, member, now=100.0)
    assert len(cooldowns) == 2
    assert cooldowns.wait(GUILD, 1, 30, now=110.0) == 0  # forgotten: the oldest went first
    assert cooldowns.wait(GUILD, 3, 30, now=110.0) == 20
