"""The turn timer on SimCord's virtual clock: reminder at half time, computer at expiry, away after three,
and the same deadline after a restart."""

from __future__ import annotations

from cogs._bot import create_bot
from tests.cogs.sim import board_body, board_message, channel_lines, close_store, take_turn


async def test_reminder_timeout_and_away_then_join_takes_the_seat_back(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    alice, bob = table.seat_of(room.alice.id), table.seat_of(room.bob.id)
    while table.to_act != alice:
        await take_turn(room.bob, room.channel)
    version = table.version

    await room.env.advance_time(59)
    assert not any(
        "it is your turn" in line for line in channel_lines(room.channel)
    )  # no reminder yet
    await room.env.advance_time(2)
    reminder = [
        m for m in room.channel.history() if f"<@{room.alice.id}>, it is your turn" in m.content
    ]
    assert (
        reminder and reminder[0].content.endswith("60 seconds left.") and table.version == version
    )

    await room.env.advance_time(60)
    assert f"<@{room.alice.id}> ran out of time: a computer plays this turn." in channel_lines(
        room.channel
    )
    assert table.version > version and table.seats[alice].away_strikes == 1

    while table.seats[alice].away_strikes < 3:  # Bob keeps playing in time, Alice never does
        if table.to_act == bob:
            await take_turn(room.bob, room.channel)
        else:
            await room.env.advance_time(121)
    await room.env.advance_time(5)
    assert any(
        line.startswith(f"<@{room.alice.id}> missed three turns in a row")
        for line in channel_lines(room.channel)
    )
    assert table.seats[bob].away_strikes == 0 and table.to_act == bob
    assert "computer plays" in board_body(room.channel)
    hand = await room.alice.slash(room.channel, "pinochle hand")
    assert "A computer is playing your seat." in hand.response.content

    back = await room.alice.slash(room.channel, "pinochle join")
    assert back.response.content == "Welcome back: your seat is yours again."
    assert table.seats[alice].away_strikes == 0
    await room.env.advance_time(5)
    assert f"<@{room.alice.id}> came back to the table." in channel_lines(room.channel)
    while table.to_act != alice:
        await take_turn(room.bob, room.channel)
    mine = await room.alice.slash(room.channel, "pinochle hand")
    assert "Your turn: choose below." in mine.response.content


async def test_a_move_in_time_stops_the_timer(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed", timer=30)
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    await room.env.advance_time(20)
    legal, version = table.game.view(table.to_act).legal, table.version
    await room.alice.slash(room.channel, "pinochle play", card=str(legal[0].card))
    assert table.version > version  # the move was taken
    await room.env.advance_time(14)
    assert not any("ran out of time" in line for line in channel_lines(room.channel))


async def test_a_restart_mid_turn_leaves_the_player_the_time_that_was_left(room, database_path):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    mover = room.member_at(room.table().to_act)
    await room.env.advance_time(70)
    reminder = f"<@{mover.id}>, it is your turn: 60 seconds left."
    assert channel_lines(room.channel).count(reminder) == 1

    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.env.advance_time(45)  # 115 seconds into the turn
    assert not any("ran out of time" in line for line in channel_lines(room.channel))
    await room.env.advance_time(10)
    assert f"<@{mover.id}> ran out of time: a computer plays this turn." in channel_lines(
        room.channel
    )
    assert channel_lines(room.channel).count(reminder) == 1  # no second reminder after the restart
    assert room.table().seats[room.table().seat_of(mover.id)].away_strikes == 1
