"""A game played by nobody: when the last person leaves, the table pauses; if nobody
comes back within the server's grace (abandon_minutes, default 5) it closes as abandoned — no
further deals, no game premium, not rated; the deals completed before stay settled."""

from __future__ import annotations

from bot.presentation.texts import board_text, plain_namer
from bot.services.ledger_hook import FORFEIT_DEAL
from bot.store import game_results, get_table, ledger_check, load_actions
from tests.cogs.playing import leave_game, play_out
from tests.tables.helpers import shown


async def check_game_after_one_deal(room):
    await room.alice.slash(room.channel, "pinochle new", variant="check")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.slash(room.channel, "pinochle start")
    table = room.table()
    await play_out(
        room.env,
        room.bot,
        table,
        [room.alice, room.bob],
        until=lambda t: len(t.game.deal_results) == 1 and not t.is_computer_turn(),
    )
    return table


async def settled_deals(store, table_id: int) -> list[int]:
    rows = await store.fetchall(
        "SELECT deal_no FROM settlements WHERE game_id = ? ORDER BY deal_no", (table_id,)
    )
    return [row[0] for row in rows]


async def test_both_people_leave_the_table_pauses_and_closes_as_abandoned_after_the_grace(room):
    table = await check_game_after_one_deal(room)
    first = await leave_game(room.alice, room.channel)
    second = await leave_game(room.bob, room.channel)  # the table is still there for him
    assert second.response.content.startswith("You left the game and forfeit it")
    version = table.version
    await room.env.advance_time(4 * 60)
    assert (
        table.paused and room.table() is table and table.version == version
    )  # no computer played on
    # What the board shows (its message may still wait for the channel's pace: the game was played fast).
    assert "Paused: nobody is playing." in board_text(shown(table), "en", plain_namer(shown(table)))

    await room.env.advance_time(2 * 60)
    assert room.table() is None
    row = await get_table(room.bot.store, table.id)
    assert row.status == "cancelled" and row.settings["abandoned"] is True
    assert len(await load_actions(room.bot.store, table.id)) == version
    forfeits = sorted(FORFEIT_DEAL + table.seat_of(m.id) for m in (room.alice, room.bob))
    assert await settled_deals(room.bot.store, table.id) == [
        1,
        *forfeits,
    ]  # deal 1 stays, nothing after
    assert await game_results(room.bot.store, room.guild.id) == []  # not rated
    assert await ledger_check(room.bot.store) == []
    assert "This table was closed: nobody came back to play." in board_text(
        shown(table), "en", plain_namer(shown(table))
    )
    assert first.response.content.startswith("You left the game and forfeit it")


async def test_a_person_who_comes_back_within_the_grace_plays_on(room):
    table = await check_game_after_one_deal(room)
    await leave_game(room.alice, room.channel)
    await leave_game(room.bob, room.channel)
    await room.env.advance_time(3 * 60)
    back = await room.alice.slash(room.channel, "pinochle join")
    assert back.response.content == "Welcome back: your seat is yours again."
    assert not table.paused
    await room.env.advance_time(10 * 60)
    assert room.table() is table and table.status == "playing"
