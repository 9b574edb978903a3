"""Discord's global request budget at a live table (docs/discord-budget.md): a person's click pays
for the turn ping it causes, and a thread that refuses the bot is left alone."""

from __future__ import annotations

from tests.cogs.live_support import ping_requests, turn_pings
from tests.cogs.sim import board_message, take_turn


async def open_two_handed(room):
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed", target=10)
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    await room.env.advance_time(10)
    return room.table()


def channel_requests(room, since: int) -> list:
    """Globally limited requests in the table's thread since the `since`-th request."""
    return [
        r
        for r in room.env.http_requests[since:]
        if r.path.startswith(f"/channels/{room.channel.id}/")
    ]


async def test_the_ping_a_click_causes_and_the_old_pings_removal_go_through_the_click(room):
    table = await open_two_handed(room)
    [start] = turn_pings(room.channel)
    mover = room.member_at(table.to_act)
    before = len(room.env.http_requests)
    await take_turn(mover, room.channel)
    await room.env.advance_time(10)
    after = room.member_at(table.to_act)
    assert after is not mover  # the first bid passes the turn
    [ping] = turn_pings(room.channel)
    assert ping.content == f"<@{after.id}>, your turn." and start.id != ping.id
    assert ping_requests(room.env, room.channel)[-1]["content"] == ping.content
    spent = channel_requests(room, before)
    assert [r.method for r in spent] == ["PATCH"]  # only the board's edit counts toward the budget
    removed = [r for r in room.env.http_requests[before:] if r.method == "DELETE"]
    assert [r.path.split("/")[1] for r in removed] == ["webhooks"]
    assert removed[0].path.endswith(f"/messages/{start.id}")


async def test_a_thread_that_refuses_the_bot_is_not_asked_again_and_play_goes_on(room):
    table = await open_two_handed(room)
    room.env.inject_error(
        "*", f"/channels/{room.channel.id}/messages*", status=403, code=50001, times=None
    )
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(10)
    refused = len(room.env.http_requests)
    for _ in range(3):
        hand = await take_turn(room.member_at(table.to_act), room.channel)
        assert hand.response.content  # the players still get their answers
        await room.env.advance_time(10)
    assert channel_requests(room, refused) == []
    assert table.version >= 4
