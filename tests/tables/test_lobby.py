"""The lobby: opening, seats, host, computer players, start and cancel."""

from __future__ import annotations

from bot.game import OptionError
from bot.presentation.texts import numbered, say
from bot.store import ChannelBusy, create_table, get_table
from bot.tables import Name, Refusal, shown_name
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    EVE,
    GUILD,
    open_table,
    refusal_of,
)


async def test_open_seats_the_host_and_persists(service, store):
    table = await open_table(service, "check")
    assert table.status == "lobby" and table.host_id == ALICE.user_id
    assert table.seats[0].user_id == ALICE.user_id
    row = await get_table(store, table.id)
    assert (
        row.status == "lobby"
        and row.variant == "check"
        and [s.user_id for s in row.seats] == [ALICE.user_id]
    )


async def test_one_table_per_channel(service):
    await open_table(service)
    again = await refusal_of(
        service.open(guild_id=GUILD, channel_id=CHANNEL, host=BOB, variant="check")
    )
    assert again.key == "bot.refuse.table_exists"


async def test_a_table_another_process_opened_in_the_channel_is_refused_by_the_store_as_it_is(
    service, store
):
    """The store alone knows of a table this process never loaded: its refusal reaches the caller
    unwrapped, said as the lobby's own, and nothing is opened."""
    async with store.transaction() as tx:
        other = await create_table(
            tx, guild_id=GUILD, channel_id=CHANNEL, host_id=BOB.user_id, variant="check"
        )
    refused = await refusal_of(
        service.open(guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="check")
    )
    assert isinstance(refused, ChannelBusy) and refused.params["table_id"] == other.id
    for lang in ("en", "ru"):
        assert say(refused, lang, numbered) == say(
            Refusal("bot.refuse.table_exists"), lang, numbered
        )
    assert service.table_in(CHANNEL) is None


async def test_unknown_variant_and_bad_house_rule_are_refused(service):
    bad = await refusal_of(
        service.open(guild_id=GUILD, channel_id=CHANNEL, host=ALICE, variant="bridge")
    )
    assert bad.key == "bot.refuse.bad_variant"
    rule = await refusal_of(
        service.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host=ALICE,
            variant="two-handed",
            options={"double_pinochle_value": 500},
        )
    )
    assert isinstance(rule, OptionError)  # the engine's own refusal, passed through
    assert "double_pinochle_value" in str(rule)
    assert say(rule, "en", numbered).startswith("That house rule cannot be used: ")
    assert service.table_in(CHANNEL) is None


async def test_table_full_is_refused_without_change(service, store):
    table = await open_table(service, "three-handed")
    await service.join(table.id, BOB)
    await service.join(table.id, CAROL)
    full = await refusal_of(service.join(table.id, DAVE))
    assert full.key == "bot.refuse.table_full"
    assert full.params == {"players": 3}
    assert len((await get_table(store, table.id)).seats) == 3
    again = await refusal_of(service.join(table.id, BOB))
    assert again.key == "bot.refuse.already_seated"


async def test_host_leaving_passes_the_table_on_and_the_last_person_closes_it(service, store):
    table = await open_table(service, "four-handed")
    await service.join(table.id, BOB)
    await service.leave(table.id, ALICE)
    assert (
        table.host_id == BOB.user_id and (await get_table(store, table.id)).host_id == BOB.user_id
    )
    await service.add_computer(table.id, BOB)
    await service.leave(table.id, BOB)
    assert (await get_table(store, table.id)).status == "cancelled"
    assert service.table_in(CHANNEL) is None


async def test_only_seated_people_add_computers_and_only_the_host_kicks(service):
    table = await open_table(service, "four-handed")
    stranger = await refusal_of(service.add_computer(table.id, EVE))
    assert stranger.key == "bot.refuse.not_seated"
    await service.join(table.id, BOB)
    await service.add_computer(table.id, BOB)
    computer_seat = next(n for n, s in table.seats.items() if s.user_id is None)
    refused = await refusal_of(service.kick(table.id, BOB, computer_seat))
    assert refused.key == "bot.refuse.not_host" and computer_seat in table.seats
    await service.kick(table.id, ALICE, computer_seat)
    assert computer_seat not in table.seats
    assert (await refusal_of(service.kick(table.id, ALICE, 0))).key == "bot.refuse.kick_self"
    assert (await refusal_of(service.kick(table.id, ALICE, 3))).key == "bot.refuse.empty_seat"


async def test_a_kick_mid_game_names_the_person_removed_not_the_computer_that_follows(service):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    seat = table.seat_of(BOB.user_id)
    present = await refusal_of(service.kick(table.id, ALICE, seat))
    assert present.key == "bot.refuse.kick_present"
    await service.leave(table.id, BOB)
    kicked = await service.kick(table.id, ALICE, seat)
    assert kicked.public[0].key == "bot.line.kicked" and kicked.public[0].params == {
        "name": Name("Bob")
    }
    assert table.seats[seat].user_id is None and shown_name(table.seats[seat]).startswith("🤖 ")
    await service.settle()


async def test_start_is_for_the_host_and_fills_empty_seats_with_computers(service, store):
    table = await open_table(service, "check")
    await service.join(table.id, BOB)
    refused = await refusal_of(service.start(table.id, BOB))
    assert refused.key == "bot.refuse.not_host" and table.status == "lobby"
    started = await service.start(table.id, ALICE)
    assert started.private[0].key == "bot.done.started" and table.status == "playing"
    row = await get_table(store, table.id)
    assert row.status == "playing"
    assert [s.user_id for s in row.seats] == [ALICE.user_id, BOB.user_id, None, None]
    assert all(s.bot_level for s in row.seats[2:])
    late = await refusal_of(service.join(table.id, CAROL))
    assert late.key == "bot.refuse.game_started"


async def test_cancel_by_a_non_host_is_refused_and_a_manager_may_cancel(service, store):
    table = await open_table(service)
    await service.join(table.id, BOB)
    refused = await refusal_of(service.cancel(table.id, BOB))
    assert refused.key == "bot.refuse.not_host_cancel"
    assert (await get_table(store, table.id)).status == "lobby"
    await service.cancel(table.id, BOB, manager=True)
    assert (await get_table(store, table.id)).status == "cancelled"
    assert service.table(table.id) is None


async def test_board_message_id_is_stored(service, store):
    table = await open_table(service)
    await service.set_board_message(table.id, 555)
    assert (await get_table(store, table.id)).board_message_id == 555
