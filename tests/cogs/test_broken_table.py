"""One bad table does not stop the bot: a table whose log no longer replays is set aside
at start-up, its channel is told, and every other table resumes."""

from __future__ import annotations

from cogs._bot import create_bot
from tests.cogs.live_support import home_of
from tests.cogs.playing import play_out
from tests.cogs.sim import close_store
from tests.tables.helpers import live_of


async def test_a_corrupted_action_row_sets_one_table_aside_and_the_bot_starts(room, database_path):
    other = room.guild.create_text_channel("second")
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.alice.slash(room.channel, "pinochle start")
    await room.bob.slash(other, "pinochle new", variant="three-handed")
    other = home_of(other)  # the table's own thread
    await room.bob.slash(other, "pinochle start")
    broken, healthy = (
        live_of(room.bot.tables, room.bot.tables.table_in(room.channel.id)),
        live_of(room.bot.tables, room.bot.tables.table_in(other.id)),
    )
    await play_out(room.env, room.bot, broken, [room.alice], until=lambda t: t.version >= 2)
    await play_out(room.env, room.bot, healthy, [room.bob], until=lambda t: t.version >= 2)
    version = healthy.version
    async with room.bot.store.transaction() as tx:  # a rules change made the first action illegal
        await tx.execute(
            "UPDATE actions SET action = 'play nothing' WHERE table_id = ? AND seq = 1",
            (broken.id,),
        )

    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.env.advance_time(10)

    assert live_of(room.bot.tables, room.bot.tables.table_in(room.channel.id)) is None
    again = live_of(room.bot.tables, room.bot.tables.table_in(other.id))
    assert again is not None and again.version >= version
    told = [m.content for m in room.channel.history() if m.author.bot and m.content]
    assert told[-1].startswith(
        f"Table #{broken.id} could not be restored after a restart and is closed."
    )
    await room.env.advance_time(30)  # the server's new_cooldown between two tables of one member
    opened = await room.alice.slash(
        room.channel, "pinochle new", variant="two-handed"
    )  # the bot works
    assert opened.response.content.startswith("Your table is open.")
