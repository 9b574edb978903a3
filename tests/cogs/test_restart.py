"""A restart in the middle of a deal on the same SQLite file: nothing lost, nothing repeated."""

from __future__ import annotations

from bot.store import load_actions
from cogs._bot import create_bot
from tests.cogs.playing import play_out
from tests.cogs.sim import board_message, channel_lines, close_store, take_turn
from tests.cogs.test_play import two_people


def command_syncs(env) -> int:
    return sum(1 for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands"))


async def test_restart_mid_deal_then_the_game_finishes(room, database_path):
    table, _, _ = await two_people(room)
    for _ in range(7):
        await take_turn(room.member_at(table.to_act), room.channel)
        await room.env.advance_time(2)
    await room.env.advance_time(10)
    version, views = table.version, [table.game.view(0), table.game.view(1)]
    old_board, messages, lines = (
        board_message(room.channel),
        len(room.channel.history()),
        channel_lines(room.channel),
    )
    assert command_syncs(room.env) == 1

    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.env.advance_time(10)

    again = room.table()
    assert again is not table and again.version == version
    assert [again.game.view(0), again.game.view(1)] == views
    assert command_syncs(room.env) == 1  # the tree did not change: no sync
    assert channel_lines(room.channel) == lines  # nothing announced twice
    # The board is edited in place, or, when the restart found three messages below it (the turn
    # ping counts: pings are not remembered across a restart), posted again at the bottom with the
    # old one deleted: either way one board, in view.
    board = board_message(room.channel)
    assert len(room.channel.history()) == messages
    assert board.id == old_board.id or room.channel.history()[-1].id == board.id

    mover = room.member_at(again.to_act)
    shown = await mover.click(board, label="Show my hand")  # its buttons reach the resumed table
    assert shown.ephemeral and shown.response.content.startswith("Your hand: ")
    await take_turn(mover, room.channel)
    assert again.version > version
    await play_out(room.env, room.bot, again, [room.alice, room.bob])
    assert (
        again.status == "finished"
        and len(await load_actions(room.bot.store, again.id)) == again.version
    )
