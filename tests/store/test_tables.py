"""Table persistence: seed, options and action log stored with each accepted action."""

import asyncio
import json

import pytest

from bot.store import (
    ActionSequenceError,
    AlreadySeated,
    ChannelBusy,
    DuplicateAction,
    Seat,
    Store,
    TableNotFound,
    active_table_in_channel,
    append_action,
    create_table,
    find_player,
    get_table,
    list_tables,
    list_unfinished_tables,
    load_actions,
    put_seat,
    remove_seat,
    set_seats,
    update_table,
)

# Discord snowflakes are 64-bit: the store must keep them exact.
GUILD, CHANNEL, HOST = 100, 1_234_567_890_123_456_789, 987_654_321_098_765_432


async def new_table(store: Store, channel: int = CHANNEL, guild: int = GUILD, **extra):
    async with store.transaction() as tx:
        return await create_table(
            tx, guild_id=guild, channel_id=channel, host_id=HOST, variant="check", **extra
        )


async def test_created_table_round_trips_with_typed_fields(store):
    seats = [Seat(0, "Alice", user_id=HOST), Seat(1, "Computer (hard)", bot_level="hard")]
    table = await new_table(
        store,
        options={"target": 1500},
        seed=2**63 - 1,
        language="ru",
        settings={"turn_timer": 120},
        seats=seats,
    )
    again = await get_table(store, table.id)
    assert again == table
    assert (table.status, table.variant, table.language) == ("lobby", "check", "ru")
    assert table.options == {"target": 1500} and table.settings == {"turn_timer": 120}
    assert table.seed == 2**63 - 1
    assert [(s.seat, s.display_name, s.is_bot) for s in table.seats] == [
        (0, "Alice", False),
        (1, "Computer (hard)", True),
    ]
    assert all(s.player_id is not None for s in table.seats)
    assert table.created_at == "2026-11-29T12:00:00+00:00"


async def test_seed_outside_64_bits_is_refused(store):
    with pytest.raises(ValueError, match="64-bit"):
        await new_table(store, seed=2**63)


async def test_one_active_table_per_channel(store):
    first = await new_table(store)
    with pytest.raises(ChannelBusy) as refused:
        await new_table(store)
    assert refused.value.key == "bot.refuse.table_exists"
    assert refused.value.params["table_id"] == first.id  # the log names the table in the way
    other_channel = await new_table(store, channel=CHANNEL + 1)
    assert other_channel.id != first.id
    async with store.transaction() as tx:
        await update_table(tx, first.id, status="finished")
    second = await new_table(store)
    assert (await active_table_in_channel(store, CHANNEL)).id == second.id
    with pytest.raises(ChannelBusy):
        async with store.transaction() as tx:
            await update_table(tx, first.id, status="playing")


async def test_update_table_changes_only_given_fields(store, clock):
    table = await new_table(store, settings={"turn_timer": 120})
    clock.advance(minutes=1)
    async with store.transaction() as tx:
        updated = await update_table(
            tx,
            table.id,
            status="playing",
            board_message_id=555,
            seed=42,
            settings={"turn_timer": 60},
        )
    assert (updated.status, updated.board_message_id, updated.seed) == ("playing", 555, 42)
    assert updated.settings == {"turn_timer": 60} and updated.host_id == HOST
    assert updated.updated_at == "2026-11-29T12:01:00+00:00"
    async with store.transaction() as tx:
        cleared = await update_table(tx, table.id, board_message_id=None)
    assert cleared.board_message_id is None and cleared.seed == 42
    with pytest.raises(ValueError, match="status"):
        async with store.transaction() as tx:
            await update_table(tx, table.id, status="paused")
    with pytest.raises(TableNotFound):
        async with store.transaction() as tx:
            await update_table(tx, 9999, status="finished")


async def test_seats_fill_replace_and_empty(store):
    table = await new_table(store)
    async with store.transaction() as tx:
        await put_seat(tx, table.id, Seat(0, "Alice", user_id=1))
        await put_seat(tx, table.id, Seat(2, "Bob", user_id=2))
        await put_seat(tx, table.id, Seat(2, "Bob", user_id=2, bot_level="easy", away_strikes=3))
        with pytest.raises(AlreadySeated):
            await put_seat(tx, table.id, Seat(3, "Alice again", user_id=1))
    seats = (await get_table(store, table.id)).seats
    assert [(s.seat, s.user_id, s.away_strikes) for s in seats] == [(0, 1, 0), (2, 2, 3)]
    async with store.transaction() as tx:
        assert await remove_seat(tx, table.id, 0) is True
        assert await remove_seat(tx, table.id, 0) is False
    assert [s.seat for s in (await get_table(store, table.id)).seats] == [2]
    async with store.transaction() as tx:
        await set_seats(tx, table.id, [Seat(0, "Bob", user_id=2), Seat(1, "CPU", bot_level="easy")])
    seats = (await get_table(store, table.id)).seats
    assert [(s.seat, s.display_name) for s in seats] == [(0, "Bob"), (1, "CPU")]


async def test_seat_players_keep_the_last_display_name(store):
    table = await new_table(store)
    async with store.transaction() as tx:
        first = await put_seat(tx, table.id, Seat(0, "Alice", user_id=1))
        renamed = await put_seat(tx, table.id, Seat(0, "Alice B.", user_id=1))
        bot = await put_seat(tx, table.id, Seat(1, "Computer", bot_level="hard"))
    assert first.player_id == renamed.player_id
    player = await find_player(store, GUILD, user_id=1)
    assert player.display_name == "Alice B." and not player.is_bot
    computer = await find_player(store, GUILD, bot_level="hard")
    assert computer.id == bot.player_id and computer.key == "bot:hard" and computer.is_bot
    assert await find_player(store, GUILD + 1, user_id=1) is None


async def test_action_log_is_consecutive_and_catches_double_clicks(store):
    table = await new_table(store)
    async with store.transaction() as tx:
        await append_action(tx, table.id, 1, 0, 1, "bid 250")
        await append_action(tx, table.id, 2, 1, None, "pass", snapshot_json='{"phase": "auction"}')
    with pytest.raises(DuplicateAction, match="already has action 2"):
        async with store.transaction() as tx:
            await append_action(tx, table.id, 2, 0, 1, "bid 260")
    with pytest.raises(ActionSequenceError, match="expects action 3, not 5"):
        async with store.transaction() as tx:
            await append_action(tx, table.id, 5, 0, 1, "bid 260")
    with pytest.raises(TableNotFound):
        async with store.transaction() as tx:
            await append_action(tx, 9999, 1, 0, 1, "bid 260")
    actions = await load_actions(store, table.id)
    assert [(a.seq, a.seat, a.user_id, a.action) for a in actions] == [
        (1, 0, 1, "bid 250"),
        (2, 1, None, "pass"),
    ]
    saved = await get_table(store, table.id)
    assert (json.loads(saved.snapshot), saved.snapshot_seq) == ({"phase": "auction"}, 2)
    assert await load_actions(store, table.id, after_seq=saved.snapshot_seq) == []


async def test_an_action_rolled_back_with_its_caller_is_not_stored(store):
    table = await new_table(store)
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await append_action(tx, table.id, 1, 0, 1, "bid 250")
            raise RuntimeError("announcing failed")
    assert await load_actions(store, table.id) == []


async def test_listing_tables_for_a_guild_and_for_a_restart(store):
    lobby = await new_table(store, channel=1)
    playing = await new_table(store, channel=2)
    done = await new_table(store, channel=3)
    elsewhere = await new_table(store, channel=4, guild=GUILD + 1)
    async with store.transaction() as tx:
        await update_table(tx, playing.id, status="playing")
        await update_table(tx, done.id, status="finished")
    assert [t.id for t in await list_tables(store, GUILD)] == [lobby.id, playing.id]
    assert [t.id for t in await list_tables(store, GUILD, statuses=["finished"])] == [done.id]
    assert [t.id for t in await list_unfinished_tables(store)] == [
        lobby.id,
        playing.id,
        elsewhere.id,
    ]
    with pytest.raises(ValueError):
        await list_tables(store, GUILD, statuses=["gone"])


async def test_a_restart_finds_tables_and_actions_again(tmp_path):
    path = tmp_path / "bot.db"
    store = await Store.open(path)
    table = await new_table(store, seed=7, seats=[Seat(0, "Alice", user_id=1)])
    async with store.transaction() as tx:
        await update_table(tx, table.id, status="playing")
        await append_action(tx, table.id, 1, 0, 1, "bid 250")
    await store.close()
    store = await Store.open(path)
    try:
        [resumed] = await list_unfinished_tables(store)
        assert (resumed.id, resumed.seed, resumed.status) == (table.id, 7, "playing")
        assert [a.action for a in await load_actions(store, table.id)] == ["bid 250"]
    finally:
        await store.close()


async def test_two_simultaneous_clicks_store_exactly_one_action(store):
    table = await new_table(store)

    async def click(text: str) -> str:
        try:
            async with store.transaction() as tx:
                await append_action(tx, table.id, 1, 0, 1, text)
        except DuplicateAction:
            return "refused"
        return "stored"

    results = await asyncio.gather(click("play A♠"), click("play 10♠"))
    assert sorted(results) == ["refused", "stored"]
    [action] = await load_actions(store, table.id)
    assert action.action == ("play A♠" if results[0] == "stored" else "play 10♠")


async def test_a_thread_tables_result_belongs_to_the_channel_it_was_opened_from(store):
    """`/pinochle score` in a channel speaks of the last game played in a thread opened from it."""
    from bot.store.tables import last_finished_table

    here = await new_table(store, channel=CHANNEL)
    thread = await new_table(store, channel=CHANNEL + 1, settings={"home": {"parent": CHANNEL}})
    other = await new_table(store, channel=CHANNEL + 3, settings={"home": {"parent": CHANNEL + 2}})
    async with store.transaction() as tx:
        for done in (here, thread, other):
            await update_table(tx, done.id, status="finished")
    assert (await last_finished_table(store, GUILD, CHANNEL)).id == here.id  # the channel's own
    found = await last_finished_table(store, GUILD, CHANNEL, home_key="parent")
    assert found.id == thread.id  # the newer, in its thread
    assert (await last_finished_table(store, GUILD, CHANNEL + 1, home_key="parent")).id == thread.id
    assert await last_finished_table(store, GUILD + 1, CHANNEL, home_key="parent") is None
    assert await last_finished_table(store, GUILD, CHANNEL + 4, home_key="parent") is None
