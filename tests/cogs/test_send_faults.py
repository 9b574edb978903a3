"""A table's messages under Discord's faults: a turn ping or a board whose sends fail is sent
again, never dropped, and a channel that refuses files gets text-only boards and one notice."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from simcord.backend.errors import BackendError
from simcord.http import router

from tests.cogs.live_support import ping_requests, without_pictures
from tests.cogs.sim import board_message, take_turn
from tests.cogs.test_request_budget import open_two_handed
from tests.tables.helpers import live_of


def refuse(
    monkeypatch, wanted: Callable[[str, str, Any, list], bool], error: BackendError, times=1
):
    """Make SimCord answer requests `wanted(method, path, json, files)` picks with `error`
    (`times` of them; None: all), as Discord would."""
    real = router.dispatch
    left = [times]

    def dispatch(backend, method, path, *, json=None, files=None, **kwargs):
        if wanted(method, path, json, files or []) and left[0] != 0:
            if left[0] is not None:
                left[0] -= 1
            backend.http_requests.append(router.HttpLogEntry(method, path, {}, json, None))
            raise error
        return real(backend, method, path, json=json, files=files, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatch)


def _content(json: Any) -> str:
    return json.get("content") or "" if isinstance(json, dict) else ""


async def test_a_turn_ping_whose_follow_up_and_channel_send_both_fail_is_sent_again(
    room, monkeypatch
):
    await without_pictures(room)
    table = await open_two_handed(room)
    mover = room.member_at(table.to_act)
    # Both ways a ping goes out fail once each: the interaction's follow-up and the channel.
    refuse(
        monkeypatch,
        lambda method, path, json, files: method == "POST" and "your turn" in _content(json),
        BackendError(500, 0, "Internal Server Error"),
        times=2,
    )
    await take_turn(mover, room.channel)
    await room.env.advance_time(10)
    waiting = table.seats[table.to_act].user_id
    if waiting == mover.id:  # the same person acts again: a turn ping needs another move
        await take_turn(mover, room.channel)
        await room.env.advance_time(10)
        waiting = table.seats[table.to_act].user_id
    sent = [ping["content"] for ping in ping_requests(room.env, room.channel)]
    assert sent[-1] == f"<@{waiting}>, your turn."
    assert [m for m in room.channel.history() if m.content == f"<@{waiting}>, your turn."]


async def test_a_board_whose_edits_and_then_its_post_fail_is_posted_again(room, monkeypatch):
    await without_pictures(room)
    table = await open_two_handed(room)
    board = board_message(room.channel)
    room.env.inject_error(
        "PATCH", f"/channels/{room.channel.id}/messages/{board.id}", status=500, times=4
    )
    refuse(
        monkeypatch,
        lambda method, path, json, files: (
            method == "POST"
            and path == f"/channels/{room.channel.id}/messages"
            and isinstance(json, dict)
            and bool(json.get("embeds"))
        ),
        BackendError(503, 0, "Service Unavailable"),
    )
    mover = room.member_at(table.to_act)
    await take_turn(mover, room.channel)
    await room.env.advance_time(30)
    waiting = table.seats[table.to_act].user_id
    assert waiting != mover.id  # the board must show the turn passed on
    shown = board_message(room.channel)
    assert table.board_message_id == shown.id
    # the turn now, not the last one
    assert re.search(rf"<@{waiting}> \((host, )?to act\)", shown.embeds[0].description)


async def test_a_channel_refusing_attachments_gets_text_boards_and_one_notice(room, monkeypatch):
    refuse(
        monkeypatch,
        # The bot's own messages in the thread: it may send there, but not attach files.
        lambda method, path, json, files: bool(files) and path.startswith("/channels/"),
        BackendError(403, 50013, "Missing Permissions"),
        times=None,
    )
    table = await open_two_handed(room)
    for _ in range(3):
        await take_turn(room.member_at(table.to_act), room.channel)
        await room.env.advance_time(10)
    await room.env.advance_time(700)  # past the time a refusing channel used to be shut
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(10)
    board = board_message(room.channel)
    assert board.attachments == [] and table.board_message_id == board.id
    assert live_of(room.bot.tables, room.bot.tables.table(table.id)).version == table.version
    assert f"table #{table.id}" in board.embeds[0].title
    notices = [m for m in room.channel.history() if "may not attach files" in m.content]
    assert len(notices) == 1 and notices[0].content.startswith(f"<@{room.alice.id}>, ")
    assert ping_requests(room.env, room.channel)  # pings go out: the thread is not dark
