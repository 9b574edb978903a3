"""A command upload Discord refuses is loud, and the bot serves on: one error line names the field
Discord named (in the commands' own names too), and the owner's status says the slash commands
are not registered. Discord refuses the whole upload for one bad field, so a silent refusal
would leave every server with a bot that has no slash commands."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from cogs._bot import create_bot

#: Beyond Discord's largest option integer (2^53 - 1): Discord refuses the upload.
TOO_BIG = 2**62


@pytest.fixture
def simcord_bot(database_path):
    bot = create_bot(database_path)

    @app_commands.command(name="broken", description="An option Discord refuses")
    async def broken(interaction, number: app_commands.Range[int, 1, TOO_BIG]) -> None:
        """Never called: Discord never registers it."""

    bot.tree.add_command(broken)
    return bot


def refusal_lines(caplog) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.get_records("setup") + caplog.get_records("call")
        if record.levelno >= logging.ERROR and record.name == "cogs._bot"
    ]


async def test_a_refused_upload_is_one_error_line_naming_the_field(
    room, caplog, discord_conformance
):
    (violation,) = discord_conformance.take()
    assert (
        violation.method == "PUT" and violation.route == "/applications/{application_id}/commands"
    )
    index = violation.pointer.split("/")[1]
    assert violation.pointer == f"/{index}/options/0/max_value"
    assert "maximum 9007199254740991" in violation.rule

    (line,) = refusal_lines(caplog)
    assert "\n" not in line
    assert line.startswith("Discord refused the slash commands (HTTP 400, code 50035):")
    assert f"{index}.options.0.max_value (/broken number: max_value)" in line
    assert "These commands are not registered" in line


async def test_after_a_refusal_the_owner_s_status_says_commands_are_not_registered(
    room, discord_conformance
):
    discord_conformance.take()
    room.bot.owner_id = room.alice.id
    mention = room.bot.user.mention

    await room.alice.send(room.channel, f"{mention} status")

    status = room.channel.last_message.content
    assert status.startswith("Open tables: 0, playing: 0.")
    assert (
        "Slash commands: NOT registered (Discord keeps the ones it had before, if any)." in status
    )
    assert "Discord refused the slash commands (HTTP 400, code 50035)" in status
    assert "/broken number: max_value" in status

    await room.alice.send(room.channel, f"{mention} sync")
    assert room.channel.last_message.content.startswith("Commands NOT synced: Discord refused")
    assert len(discord_conformance.take()) == 1  # the forced sync was refused again
