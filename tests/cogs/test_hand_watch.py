"""An open hand view follows the game: the turn comes, the buttons appear.

Discord lets an interaction edit its ephemeral message for 15 minutes, so a
view older than that is left alone (`cogs._hand_watch.LIFETIME`).
"""

from __future__ import annotations

from cogs._hand_watch import LIFETIME
from tests.cogs.sim import components, take_turn
from tests.cogs.test_play import two_people


def action_items(message) -> list[dict]:
    return [
        c
        for c in components(message)
        if c.get("custom_id", "").startswith(("pinochle:act:", "pinochle:pick:"))
    ]


async def test_a_waiting_players_open_hand_gets_its_buttons_when_the_turn_comes(room):
    table, mover, waiter = await two_people(room)
    waiting = (await waiter.slash(room.channel, "pinochle hand")).response
    assert "Your turn" not in waiting.content and not action_items(waiting)
    mine = (await mover.slash(room.channel, "pinochle hand")).response
    before = mine.content

    await take_turn(mover, room.channel)
    await room.env.advance_time(2)
    assert table.to_act == table.seat_of(waiter.id)
    assert waiting.ephemeral and "Your turn: choose below." in waiting.content
    assert action_items(waiting)  # the legal actions, ready to click
    assert (
        mine.content == before
    )  # the mover's older view was replaced by the one they acted in, not redrawn

    version = table.version
    clicked = await waiter.click(waiting, custom_id=action_items(waiting)[0]["custom_id"])
    assert (
        clicked.response.id == waiting.id and table.version > version
    )  # the redrawn view's buttons work


async def test_a_view_older_than_discord_lets_us_edit_is_left_alone(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed", timer=0)
    await room.bob.click(room.channel.history()[0], label="Join")
    await room.alice.click(room.channel.history()[0], label="Start")
    table = room.table()
    mover, waiter = room.member_at(table.to_act), room.member_at(1 - table.to_act)
    waiting = (await waiter.slash(room.channel, "pinochle hand")).response
    shown = waiting.content
    await room.env.advance_time(LIFETIME + 1)
    await take_turn(mover, room.channel)
    await room.env.advance_time(2)
    assert table.to_act == table.seat_of(waiter.id)
    assert waiting.content == shown  # too old to edit: Show my hand gives a fresh one
    fresh = (await waiter.slash(room.channel, "pinochle hand")).response
    assert "Your turn: choose below." in fresh.content


async def test_the_watch_forgets_a_finished_tables_views_entirely():
    """A table that ends leaves nothing behind in the watch (it runs for the bot's whole life)."""
    import asyncio
    from types import SimpleNamespace

    from cogs import _hand_watch

    redrawn: list[int] = []

    async def redraw(interaction, table_id):  # the game is over: no hand view is drawn again
        redrawn.append(table_id)

    watch = _hand_watch.HandWatch(redraw)
    table = SimpleNamespace(id=7, is_active=True, awaits=lambda user_id: True)
    watch.shown(
        SimpleNamespace(user=SimpleNamespace(id=1)), SimpleNamespace(table=table, legal=["pass"])
    )
    table.is_active = False
    watch.table_changed(table)
    await asyncio.sleep(_hand_watch.PAUSE + 0.1)
    assert redrawn == [7] and watch._views == {}


async def test_hand_views_shown_again_and_again_leave_nothing_running(room):
    """A hand view's buttons are answered by their custom ids: however often Show my hand is
    pressed, no view is kept waiting for the 15 minutes Discord lets its buttons be clicked."""
    import asyncio

    table, mover, waiter = await two_people(room)
    for _ in range(5):
        await waiter.slash(room.channel, "pinochle hand")
        await mover.slash(room.channel, "pinochle hand")
    view_timers = [
        task
        for task in asyncio.all_tasks()
        if "timeout_task" in getattr(task.get_coro(), "__qualname__", "")
    ]
    assert view_timers == []
    version = table.version
    await take_turn(mover, room.channel)  # the buttons of the view shown last still work
    assert table.version > version
