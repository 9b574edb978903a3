"""Helpers for the /league event SimCord tests: play every event table to its end."""

from __future__ import annotations

from tests.cogs.sim import take_turn
from tests.tables.helpers import lives


async def finish_event_tables(server, *, turns: int = 2000) -> None:
    """Take the people's turns (the first legal action of their hand view) at every event table,
    in its thread (or the event's channel), until no event table is left playing."""
    bot = server.env.bot
    members = {m.id: m for m in server.members.values()}
    for _ in range(turns):
        await server.env.settle()
        playing = [
            t for t in lives(bot.tables, bot.tables.tables(server.guild.id)) if t.event is not None
        ]
        if not playing:
            return
        acted = False
        for table in playing:
            seat = table.to_act
            user = None if seat is None else table.seats[seat].user_id
            if user is not None and table.awaits(user):
                home = next(
                    (t for t in server.parent.threads if t.id == table.channel_id), server.parent
                )
                await take_turn(members[user], home)
                acted = True
        if not acted:
            await server.env.advance_time(1)
    raise AssertionError("the event's tables did not finish")


def standings_messages(channel) -> list:
    """The bot's standings messages in the event's channel."""
    return [m for m in channel.history() if m.author.bot and "standings" in (m.content or "")]
