"""Each computer seat is a league player of its own: games with computers are rated."""

from __future__ import annotations

from bot.presentation.texts import plain_namer
from bot.services.ledger_hook import ledger_hook
from bot.store import Seat, balance, find_player, game_results, ledger_check, put_seat
from bot.tables import Person, TableService, shown_name
from tests.tables.helpers import ALICE, GUILD, live, lives, open_table, play_out, shown


async def test_one_person_and_three_computers_play_a_check_game_that_enters_the_league(
    store, recorder
):
    """RULES E-14/E-15: the game is ranked and chips move between every pair of opponents."""
    service = TableService(store, publisher=recorder, seed=5, turn_seconds=0, hooks=[ledger_hook])
    table = await open_table(service, "check", options={"target": 300})
    await service.start(table.id, ALICE)
    assert [table.seats[s].display_name for s in (1, 2, 3)] == ["Ada", "Alan", "Grace"]
    assert [shown_name(table.seats[s]) for s in (1, 2, 3)] == ["🤖 Ada", "🤖 Alan", "🤖 Grace"]
    await play_out(service, table, ALICE)
    assert table.game.is_over and table.status == "finished"

    rows = await game_results(store, GUILD)
    assert {row.game_id for row in rows} == {table.id}
    assert sorted(row.seat for row in rows) == [0, 1, 2, 3]
    assert {row.player_id for row in rows} == {seat.player_id for seat in table.seats.values()}
    assert len({row.player_id for row in rows}) == 4
    for seat, name in ((1, "Ada"), (2, "Alan"), (3, "Grace")):
        player = await find_player(store, GUILD, bot_level="easy", bot_name=name)
        assert player is not None and player.id == table.seats[seat].player_id and player.is_bot
        assert player.key == f"bot:easy:{name}" and player.display_name == name
    assert (await find_player(store, GUILD, user_id=ALICE.user_id)).id == table.seats[0].player_id

    chips = [sum(r.chips[seat] for r in table.game.deal_results) for seat in range(4)]
    assert [await balance(store, GUILD, table.seats[seat].player_id) for seat in range(4)] == chips
    assert any(chips[1:]) and await ledger_check(store) == []


async def test_the_same_computer_name_and_level_is_the_same_player_at_every_table(store):
    service = TableService(store, seed=5, turn_seconds=0)
    first = await open_table(service, "three-handed")
    await service.start(first.id, ALICE)
    await service.cancel(first.id, ALICE)
    second = await open_table(service, "three-handed")
    await service.add_computer(second.id, ALICE, level="hard")
    await service.start(second.id, ALICE)
    assert second.seats[2].player_id == first.seats[2].player_id  # 🤖 Alan, easy, both times
    assert second.seats[1].player_id != first.seats[1].player_id  # 🤖 Ada: hard, then easy
    await service.close()


async def test_a_computer_stored_with_the_robot_in_its_name_reads_as_before(store):
    """Names were once stored as "🤖 Ada": such a seat resumes as Ada, shown once with the robot."""
    service = TableService(store, seed=5, turn_seconds=0)
    table = await open_table(service)
    async with store.transaction() as tx:
        await put_seat(tx, table.id, Seat(1, "🤖 Ada", user_id=None, bot_level="easy"))
    await service.close()
    resumed = TableService(store, seed=5, turn_seconds=0)
    [table] = lives(resumed, await resumed.resume())
    assert table.seats[1].display_name == "Ada"
    assert plain_namer(shown(table))(1) == "🤖 Ada"
    await resumed.start(table.id, ALICE)
    assert [shown_name(seat) for seat in table.seats.values()] == ["Alice", "🤖 Ada"]
    await resumed.close()


async def test_a_person_named_like_a_computer_is_not_shown_as_one(store):
    """Only computers carry the robot: a member named "🤖 Ada" reads as "Ada" on the board, so
    the other players can tell them from the computer Ada beside them."""
    service = TableService(store, seed=5, turn_seconds=0)
    impostor = Person(ALICE.user_id, "🤖\ufe0f 🤖 Ada")
    opened = await service.open(guild_id=GUILD, channel_id=11, host=impostor, variant="two-handed")
    table = live(service, opened.table.id)
    await service.add_computer(table.id, impostor)
    names = [plain_namer(shown(table))(seat) for seat in (0, 1)]
    assert names == ["Ada", "🤖 Ada"]
    await service.close()
