"""The board is drawn from a snapshot taken under the table's lock, then the lock is let go: an
action is never held up by a drawing, and the board never goes back to an older state."""

from __future__ import annotations

import asyncio

from cogs._board import board_embed
from cogs._common import mention_namer
from tests.cogs.sim import board_body, board_message, take_turn
from tests.tables.helpers import shown


async def open_two_handed(room):
    """A two-handed table of Alice and Bob, dealt the same cards every run, its game started."""
    room.fix_deals(1)
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed", target=10)
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    await room.env.advance_time(10)
    return room.table()


def shown_now(table) -> str:
    return board_embed(shown(table), mention_namer(shown(table))).description or ""


def drawn_boards(room) -> list[str]:
    """The board texts the bot sent to the table's channel (posts and edits), in order."""
    return [
        request.json["embeds"][0]["description"]
        for request in room.env.http_requests
        if f"/channels/{room.channel.id}/messages" in request.path
        and request.method in ("POST", "PATCH")
        and isinstance(request.json, dict)
        and "table #" in ((request.json.get("embeds") or [{}])[0].get("title") or "")
    ]


async def test_a_board_edit_in_flight_never_overtakes_the_next_action(room, monkeypatch):
    """One player plays; while the board showing that is on its way, the other plays: the board
    shows the first card, then the second, and ends there; never the first alone after that."""
    table = await open_two_handed(room)
    settings = room.bot.services.settings
    images_enabled, held = settings.images_enabled, []

    async def slow_board(guild_id, user_id=None):  # the board's draw waits here, its state taken
        if user_id is None and not held:
            held.append(True)
            await asyncio.sleep(3)  # on SimCord's virtual clock
        return await images_enabled(guild_id, user_id) and False  # text only

    monkeypatch.setattr(settings, "images_enabled", slow_board)
    first = room.member_at(table.to_act)
    await take_turn(first, room.channel)
    after_first = shown_now(table)
    await room.env.advance_time(2)  # the board is drawn (COALESCE), and waits to be sent
    assert held and not table.lock.locked()
    second = room.member_at(table.to_act)
    assert second is not first
    await take_turn(second, room.channel)  # the lock is free: the card is taken at once
    after_second = shown_now(table)
    assert after_second != after_first and after_first not in drawn_boards(room)
    await room.env.advance_time(20)  # the next board may wait while the turn stays (SAME_TURN)
    sent = drawn_boards(room)
    assert sent[-1] == after_second == board_body(room.channel)
    later = sent.index(after_second)
    assert after_first in sent[:later] and after_first not in sent[later:]


async def test_the_board_is_drawn_with_the_tables_lock_free(room, monkeypatch):
    """What the board shows is read under the lock (a snapshot); the drawing itself is not."""
    import cogs._presenter as presenter

    table = await open_two_handed(room)
    locked: list[bool] = []

    def drawn(shown, name):
        locked.append(table.lock.locked())
        assert shown is not table  # a snapshot: later changes to the table do not reach it
        return board_embed(shown, name)

    monkeypatch.setattr(presenter, "board_embed", drawn)
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(2)
    assert locked and not any(locked)
    assert board_body(room.channel) == shown_now(table)
