"""The SimCord room every cog test plays in (`tests.cogs.sim.Room`); `simcord_env` closes its store."""

from __future__ import annotations

import pytest

from tests.cogs.sim import Room


@pytest.fixture
async def room(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("pinochle")
    people = [
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave", "eve")
    ]
    room = Room(env, guild, channel, *people)
    return room
