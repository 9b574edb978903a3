"""The lobby on Discord: opening a table, the board's buttons, refusals, cancel."""

from __future__ import annotations

from tests.cogs.sim import board_body, board_message, labels


async def open_two_handed(room):
    result = await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    assert result.ephemeral and "Your table is open" in result.response.content
    return board_message(room.channel)


async def test_new_posts_one_board_with_the_lobby_buttons(room):
    board = await open_two_handed(room)
    assert board.embeds[0].title == "Two-handed · table #1"
    assert labels(board) == ["Join", "Leave", "Add computer player", "Start"]
    assert f"1. <@{room.alice.id}> (host) · 2. (empty)" in board.embeds[0].description
    again = await room.bob.slash(room.channel, "pinochle new", variant="check")
    assert again.ephemeral and "already has a table" in again.response.content
    boards = [m for m in room.channel.history() if m.embeds]
    assert len(boards) == 1


async def test_join_by_button_edits_the_board_and_a_full_table_refuses(room):
    board = await open_two_handed(room)
    joined = await room.bob.click(board, label="Join")
    assert joined.ephemeral and joined.response.content == "You have a seat."
    assert f"2. <@{room.bob.id}>" in board_body(room.channel)
    before = board_body(room.channel)
    full = await room.carol.click(board_message(room.channel), label="Join")
    assert full.ephemeral and full.response.content == "The table is full (2 players)."
    assert board_body(room.channel) == before
    assert len([m for m in room.channel.history() if m.embeds]) == 1  # edited, never re-posted


async def test_cancel_by_someone_else_is_refused_and_the_host_can_cancel(room):
    await open_two_handed(room)
    await room.bob.slash(room.channel, "pinochle join")
    before = board_body(room.channel)
    refused = await room.bob.slash(room.channel, "pinochle cancel")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert board_body(room.channel) == before and room.table().status == "lobby"
    done = await room.alice.slash(room.channel, "pinochle cancel")
    assert done.response.content == "The table is cancelled."
    board = board_message(room.channel)
    assert "This table was cancelled." in board.embeds[0].description and labels(board) == []
    assert room.table() is None


async def test_add_computer_start_and_house_rules(room):
    result = await room.alice.slash(
        room.channel,
        "pinochle new",
        variant="three-handed",
        options="double_pinochle_value=400 turnup_dix_immediate=off",
        timer=60,
    )
    assert "Your table is open" in result.response.content
    body = board_body(room.channel)
    assert "Turn timer: 60 seconds." in body and "Double pinochle: 400" in body
    await room.alice.click(board_message(room.channel), label="Add computer player")
    assert "2. 🤖 Ada" in board_body(room.channel)
    refused = await room.bob.click(board_message(room.channel), label="Start")
    assert refused.response.content == "Only the host can do that."
    started = await room.alice.click(board_message(room.channel), label="Start")
    assert started.response.content == "The game begins."
    board = board_message(room.channel)
    assert labels(board) == ["Show my hand", "Join", "Leave"]
    assert "3. 🤖 Alan" in board.embeds[0].description


async def test_bad_house_rule_is_refused(room):
    result = await room.alice.slash(
        room.channel, "pinochle new", variant="two-handed", options="pinochle=1"
    )
    assert result.ephemeral and "no house rule called pinochle" in result.response.content
    assert room.table() is None
    choices = await room.alice.autocomplete(
        room.channel, "pinochle new", "options", "double_p", variant="two-handed"
    )
    assert [c["value"] for c in choices] == ["double_pinochle_value="]
    values = await room.alice.autocomplete(
        room.channel,
        "pinochle new",
        "options",
        "pack64=on double_pinochle_value=",
        variant="two-handed",
    )
    assert [c["value"] for c in values] == [
        f"pack64=on double_pinochle_value={v}" for v in (80, 300, 400)
    ]


async def test_kick_offers_the_seats_and_only_the_host_may_kick(room):
    await room.alice.slash(room.channel, "pinochle new", variant="four-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.slash(room.channel, "pinochle addbot")
    offered = await room.alice.autocomplete(room.channel, "pinochle kick", "member", "")
    assert [c["value"] for c in offered] == ["2", "3"]
    refused = await room.bob.slash(room.channel, "pinochle kick", member="3")
    assert "Only the host" in refused.response.content and 2 in room.table().seats
    done = await room.alice.slash(room.channel, "pinochle kick", member="2")
    assert done.response.content == "Done." and 1 not in room.table().seats


async def test_tables_rules_and_score(room):
    await open_two_handed(room)
    listed = await room.eve.slash(room.channel, "pinochle tables")
    assert listed.ephemeral and listed.response.content == (
        f"#1 Two-handed in <#{room.channel.id}>: waiting for players, 1 of 2 seated"
    )
    rules = await room.eve.slash(room.channel, "pinochle rules", variant="check")
    text = rules.response.embeds[0].description
    assert (
        rules.ephemeral
        and "Bidding starts left of the dealer" in text
        and "double pinochle 300" in text
    )
    score = await room.eve.slash(room.channel, "pinochle score")
    assert score.response.content == "The game has not started yet."
