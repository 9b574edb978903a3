"""The interaction deadlines, held on SimCord's virtual clock for every test
(`tests.conformance.timing`): a bot that answers after 3 s, or sends through an interaction's
token after 15 minutes, fails the test that made it do so. Planted here in a command of the test's
own, beside the bot's: the check names the route and the rule."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from cogs._bot import create_bot


@pytest.fixture
def simcord_bot(database_path):
    bot = create_bot(database_path)

    @app_commands.command(name="late", description="Answers after 4 seconds")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(4)
        await interaction.response.send_message("late")

    @app_commands.command(name="stale", description="Follows up after 16 minutes")
    async def stale(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("at once")
        await asyncio.sleep(16 * 60)
        await interaction.followup.send("too late")

    bot.tree.add_command(late)
    bot.tree.add_command(stale)
    return bot


async def test_an_answer_after_three_seconds_fails_the_test(room, discord_conformance):
    await room.alice.slash(room.channel, "late")
    await room.env.advance_time(5)

    (violation,) = discord_conformance.take()  # the apology that followed was not sent late
    assert violation.route == "/interactions/{interaction_id}/{interaction_token}/callback"
    assert violation.rule.startswith("the first answer within 3 s")
    assert violation.detail == "4.0 s after the interaction"
    room.env.errors  # noqa: B018 (acknowledged: SimCord refused the late answer, as Discord does)


async def test_a_follow_up_after_fifteen_minutes_fails_the_test(room, discord_conformance):
    await room.alice.slash(room.channel, "stale")
    await room.env.advance_time(17 * 60)

    (violation,) = discord_conformance.take()
    assert violation.route == "/webhooks/{webhook_id}/{webhook_token}"
    assert violation.rule.startswith("nothing through an interaction token after 15 minutes")
    room.env.errors  # noqa: B018
