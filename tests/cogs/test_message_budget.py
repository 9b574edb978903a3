"""Two people playing two-handed leave at most 10 messages per deal where the table lives.

The deals are fixed (the table's seed and fair-dealing key), so the count is the same every run:
a deal's meld lines stand (one per meld round), and a deal with unusually many melds may leave
more."""

from __future__ import annotations

from benchmarks.messages_bench import play_game
from bot.game.fair import key_maker
from tests.cogs.sim import board_body, channel_lines

BUDGET = 10


async def test_a_whole_two_handed_game_stays_within_the_message_budget(room):
    room.bot.tables._lobby._rng.seed(1)
    room.bot.tables._lobby._new_key = key_maker(1)
    count = await play_game(
        room.env, room.guild, room.parent, [room.alice, room.bob], "two-handed", target=200
    )
    assert count.deals >= 1 and max(count.per_deal) <= BUDGET, count
    assert count.parent == 0
    lines = channel_lines(room.channel)
    assert not any(
        line.startswith(("Trick ", "Last trick")) for line in lines
    )  # tricks are on the board
    assert sum(line.endswith("is over.") for line in lines) == count.deals  # one summary per deal
    assert lines[-1].startswith("Game over. 1. ")
    assert "Final standings: 1. " in board_body(room.channel)
