"""Helpers for whole games on SimCord: leave with the confirmation, and play the people's turns to the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.tables import Person, SimplePlayer


async def leave_game(member, channel):
    """`/pinochle leave` mid-game, then *Leave and forfeit* on the question; the answer's result."""
    asked = await member.slash(channel, "pinochle leave")
    assert asked.response.content.startswith("Leave the game?"), asked.response.content
    return await member.click(asked.response, label="Leave and forfeit")


async def play_out(
    room_env,
    bot,
    table,
    members,
    *,
    seed: int = 0,
    until: Callable[[Any], bool] = lambda table: False,
) -> None:
    """Play the people's turns (SimplePlayer's choices) through the table service until the game
    ends (or `until` holds).

    A table with nobody present pauses, so whole games keep someone at the table.
    Hundreds of turns by hand view would take minutes; the board shows the end (the channel
    lines, paced, may still be on their way).
    """
    by_id = {member.id: member for member in members}
    rng, player = random.Random(seed), SimplePlayer()
    for _ in range(5000):
        await room_env.settle()
        if not table.is_active:
            await room_env.advance_time(60)
            return
        if until(table):
            return
        if table.to_act is None or table.is_computer_turn():  # a move being stored, or a computer's
            await bot.tables.settle()  # the computers think in the bot's worker pool
            continue
        member = by_id[table.seats[table.to_act].user_id]
        hand = await bot.tables.hand(table.id, member.id)
        choice = player.choose(hand.view, hand.legal, rng)
        await bot.tables.act(table.id, Person(member.id, member.name), choice, version=hand.version)
    raise AssertionError("the game did not end")
