"""A table in a live server: its own thread, a board that stays in view, turn pings."""

from __future__ import annotations

import discord

from tests.cogs.live_support import (
    board_rank,
    boards,
    may_mention,
    ping_requests,
    posted,
    turn_pings,
    without_pictures,
)
from tests.cogs.playing import play_out
from tests.cogs.sim import board_message, channel_lines, take_turn
from tests.tables.helpers import live_of, lives


async def open_two_handed(room, **options):
    """Alice opens a two-handed table to 10 points (one deal), Bob joins, Alice starts."""
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed", target=10, **options)
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    await room.env.advance_time(10)
    return room.table()


async def test_a_whole_game_in_its_thread_keeps_the_board_in_view_and_pings_each_turn_once(room):
    """Alice and Bob play a whole deal by clicks while Eve chats in the thread."""
    await without_pictures(room)
    table = await open_two_handed(room)
    thread = room.channel
    assert thread.is_thread and table.channel_id == thread.id
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    [start] = ping_requests(room.env, thread)
    assert may_mention(start) == sorted(people)
    assert start["content"] == f"<@{room.alice.id}>, <@{room.bob.id}>: the game begins. Good luck!"
    twice = 0
    while room.table() is not None:
        mover = people[table.seats[table.to_act].user_id]
        assert board_rank(thread) <= 5, "the board scrolled out of the last five messages"
        assert len(turn_pings(thread)) == 1
        pings_before = len(ping_requests(room.env, thread))
        await take_turn(mover, thread)
        await room.eve.send(thread, "nice one")
        await room.env.advance_time(10)
        if room.table() is None:
            break
        new = ping_requests(room.env, thread)[pings_before:]
        after = table.seats[table.to_act].user_id
        if after == mover.id:  # the same person acts again (meld, then lead): no second ping
            twice += 1
            assert new == []
        else:
            assert [ping["content"] for ping in new] == [f"<@{after}>, your turn."]
            assert may_mention(new[0]) == [after]
    assert twice > 0, "no one acted twice in a row in this deal: the test proved nothing about it"
    for _ in range(3):
        await room.env.advance_time(10)
    assert turn_pings(thread) == [] and len(boards(thread)) == 1
    assert channel_lines(thread)[-1].startswith("Game over. 1. ")
    opening, result = posted(room.parent)
    assert opening.content == (
        f"New table: Two-handed, hosted by <@{room.alice.id}>. "
        f"It plays in <#{thread.id}>: join there."
    )
    assert result.content.startswith(f"The game in <#{thread.id}> is over: 1. ")
    assert opening.id == thread.id  # the thread hangs under its opening line


async def test_the_board_moves_down_when_people_talk_and_its_buttons_still_work(room):
    table = await open_two_handed(room)
    first = board_message(room.channel)
    for word in ("so", "who", "deals", "now"):
        await room.eve.send(room.channel, word)
    mover = room.member_at(table.to_act)
    await take_turn(mover, room.channel)
    await room.env.advance_time(10)
    moved = board_message(room.channel)
    assert moved.id != first.id and board_rank(room.channel) <= 2
    assert first.id not in [m.id for m in room.channel.history()]
    assert table.board_message_id == moved.id
    hand = await room.member_at(table.to_act).click(moved, label="Show my hand")
    assert hand.ephemeral and hand.response.content.startswith("Your hand: ")


async def test_pings_respect_notify_off_and_a_quiet_table(room):
    off = await room.bob.slash(room.parent, "pinochle notify", state="off")
    assert off.ephemeral and off.response.content.startswith("The bot no longer pings you")
    table = await open_two_handed(room)
    [start] = ping_requests(room.env, room.channel)
    assert may_mention(start) == [room.alice.id]
    for _ in range(8):
        await take_turn(room.member_at(table.to_act), room.channel)
        await room.env.advance_time(10)
    assert all(
        may_mention(ping) == [room.alice.id] for ping in ping_requests(room.env, room.channel)
    )
    await room.alice.slash(room.channel, "pinochle cancel")
    await room.env.advance_time(10)
    assert turn_pings(room.channel) == []

    await room.bob.slash(room.parent, "pinochle notify", state="on")
    quiet = await open_two_handed(room, quiet=True)
    assert quiet.home.quiet is True
    for _ in range(8):
        await take_turn(room.member_at(quiet.to_act), room.channel)
        await room.env.advance_time(10)
    assert ping_requests(room.env, room.channel) == [] and turn_pings(room.channel) == []


async def test_the_half_time_reminder_replaces_the_turn_ping(room):
    table = await open_two_handed(room)
    waiting = room.member_at(table.to_act)
    assert len(turn_pings(room.channel)) == 1  # the start ping stands for the first turn
    await room.env.advance_time(55)
    reminders = [
        m for m in room.channel.history() if m.author.bot and "it is your turn" in m.content
    ]
    assert [m.content for m in reminders] == [f"<@{waiting.id}>, it is your turn: 60 seconds left."]
    assert turn_pings(room.channel) == []  # the start ping made way for it
    assert may_mention(ping_requests(room.env, room.channel)[-1]) == [waiting.id]
    await take_turn(waiting, room.channel)
    await room.env.advance_time(10)
    assert not [m for m in room.channel.history() if "it is your turn" in m.content]


async def test_without_thread_permission_the_table_opens_in_the_channel_and_the_host_is_told(
    simcord_env,
):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(
        "pinochle", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "pinochle new", variant="two-handed")
    assert opened.response.content.endswith(
        "I may not create threads in this channel, so the table plays here in the channel. A server admin can give "
        "me the Create Public Threads permission, or set `table_place` to `channel` in /pinochle settings."
    )
    assert (
        channel.threads == []
        and live_of(env.bot.tables, env.bot.tables.table_in(channel.id)) is not None
    )
    assert [m.embeds[0].title for m in posted(channel)] == ["Two-handed · table #1"]
    await env.bot.tables.close()
    await env.bot.store.close()


async def test_a_thread_that_cannot_be_made_leaves_no_trace_and_the_table_opens_in_the_channel(
    room,
):
    room.env.inject_error(
        "POST",
        "/channels/*/messages/*/threads",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    opened = await room.alice.slash(room.parent, "pinochle new", variant="two-handed")
    assert "so the table plays here in the channel" in opened.response.content
    assert (
        room.parent.threads == []
        and live_of(room.bot.tables, room.bot.tables.table_in(room.parent.id)) is not None
    )
    assert [m.embeds[0].title for m in posted(room.parent)] == ["Two-handed · table #1"]


async def test_place_channel_and_a_table_opened_inside_a_thread_stay_where_they_are(room):
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed", place="channel")
    assert (
        room.parent.threads == []
        and live_of(room.bot.tables, room.bot.tables.table_in(room.parent.id)) is not None
    )
    await room.alice.slash(room.parent, "pinochle cancel")
    await room.env.advance_time(30)  # the server's new_cooldown between two tables of one member
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed")
    thread = room.channel
    await room.alice.slash(thread, "pinochle cancel")
    await room.env.advance_time(30)
    again = await room.alice.slash(thread, "pinochle new", variant="check")
    assert "own thread" not in again.response.content
    assert [t.id for t in room.parent.threads] == [thread.id] and live_of(
        room.bot.tables, room.bot.tables.table_in(thread.id)
    ).variant == "check"


async def test_commands_in_the_parent_channel_point_to_the_tables_threads(room):
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed")
    first = room.channel
    await room.bob.slash(room.parent, "pinochle new", variant="check")
    second = room.channel
    assert first.id != second.id
    joined = await room.carol.slash(room.parent, "pinochle join")
    assert joined.response.content == (
        f"The tables opened from this channel play in their own threads: "
        f"<#{first.id}>, <#{second.id}>. Use the command there."
    )
    assert (
        len(
            live_of(
                room.bot.tables, room.bot.tables.table(room.bot.tables.table_in(first.id).id)
            ).seats
        )
        == 1
    )
    assert (await room.carol.slash(first, "pinochle join")).response.content == "You have a seat."


async def test_a_board_edit_failing_with_a_500_is_tried_again_and_then_posted_anew(room):
    table = await open_two_handed(room)
    board = board_message(room.channel)
    room.env.inject_error("PATCH", f"/channels/{room.channel.id}/messages/{board.id}", status=500)
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(10)
    assert (
        board_message(room.channel).id == board.id and f"table #{table.id}" in board.embeds[0].title
    )
    assert table.board_message_id == board.id
    edits = [
        r
        for r in room.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{board.id}")
    ]
    assert len(edits) >= 2  # the failed one and the one that went through

    room.env.inject_error(
        "PATCH", f"/channels/{room.channel.id}/messages/{board.id}", status=403, times=None
    )
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(30)
    moved = board_message(room.channel)
    assert moved.id != board.id and table.board_message_id == moved.id
    assert board.id not in [m.id for m in room.channel.history()]
    hand = await room.member_at(table.to_act).click(moved, label="Show my hand")
    assert hand.response.content.startswith("Your hand: ")


async def test_a_table_refused_after_its_thread_was_made_takes_back_thread_and_opening_line(room):
    refused = await room.alice.slash(
        room.parent, "pinochle new", variant="three-handed", options="pack64=on"
    )
    assert refused.response.content.startswith("That house rule cannot be used: ")
    assert room.parent.threads == [] and posted(room.parent) == []
    assert lives(room.bot.tables, room.bot.tables.tables(room.guild.id)) == []


async def test_a_cancelled_thread_table_edits_its_opening_line_and_posts_nothing_more_in_the_channel(
    room,
):
    await room.alice.slash(room.parent, "pinochle new", variant="check")
    await room.alice.slash(room.channel, "pinochle cancel")
    await room.env.advance_time(10)
    [opening] = posted(room.parent)
    assert (
        opening.content == f"The Check Pinochle table hosted by <@{room.alice.id}> was cancelled."
    )
    assert board_message(room.channel).embeds[0].description.endswith("This table was cancelled.")


async def test_the_channel_names_the_places_also_when_the_others_played_on(room):
    """RULES C-10: in three-handed the others play on for second and third place; the line left
    under the thread's opening names all three places, and why the first may have fewer points."""
    await room.alice.slash(room.parent, "pinochle new", variant="three-handed", target=10)
    for _ in range(2):
        await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    thread, table = room.channel, room.table()
    await play_out(room.env, room.bot, table, [room.alice])
    for _ in range(3):
        await room.env.advance_time(10)
    assert "the others played on" in channel_lines(thread)[-1]
    _, result = posted(room.parent)
    assert result.content.startswith(f"The game in <#{thread.id}> is over. 1. "), result.content
    assert "first to reach the target; the others played on for the next places: 2. " in (
        result.content
    )
    assert ", 3. " in result.content
