"""The command tree: every command loads once, syncs only when changed, owner tools by mention."""

from __future__ import annotations

import os

import pytest

from bot.config import Config, ConfigError
from cogs._bot import create_bot
from cogs._sync import marker_path
from tests.cogs.sim import close_store

#: Every /pinochle subcommand: the ones the issues name, and `move` for the rarer typed actions.
PINOCHLE = {
    "new",
    "join",
    "leave",
    "addbot",
    "start",
    "cancel",
    "kick",
    "tables",
    "score",
    "rules",
    "hand",
    "play",
    "meld",
    "bid",
    "pass",
    "trump",
    "move",
    "settings",
    "images",
    "language",
    "notify",
    "hint",
    "stats",
    "history",
    "replay",
}


async def test_every_command_loads_once(room):
    assert room.bot.failed_extensions == {}
    offered = room.alice.available_commands(room.channel)
    mine = {name.split(" ", 1)[1] for name in offered if name.startswith("pinochle ")}
    assert mine == PINOCHLE
    assert len(offered) == len(set(offered))


async def test_sync_only_when_the_tree_changed(room, database_path):
    marker = marker_path(database_path.parent, None)
    assert marker.exists()
    first = marker.read_text()
    old = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old)
    puts = [r for r in room.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 1 and marker.read_text() == first


async def test_owner_can_force_a_sync_and_see_status(room):
    room.bot.owner_id = room.alice.id
    bot_mention = room.bot.user.mention
    await room.alice.send(room.channel, f"{bot_mention} sync")
    assert room.channel.last_message.content == "Commands synced."
    await room.alice.slash(room.channel, "pinochle new", variant="check")
    await room.alice.send(room.channel, f"{bot_mention} status")
    assert (
        room.channel.last_message.content
        == "Open tables: 1, playing: 0. Extensions that failed: -.\nSlash commands: registered."
    )
    puts = [r for r in room.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 2


async def test_a_refused_forced_sync_is_reported_until_a_sync_succeeds(room):
    """Discord can refuse an upload without naming a field (no `applications.commands` scope:
    403): the owner is told, the status says so, and the next sync that succeeds clears it."""
    room.bot.owner_id = room.alice.id
    bot_mention = room.bot.user.mention
    room.env.inject_error(
        "PUT", "/applications/*/commands", status=403, code=50001, message="Missing Access"
    )

    await room.alice.send(room.channel, f"{bot_mention} sync")
    assert room.channel.last_message.content.startswith(
        "Commands NOT synced: Discord refused the slash commands (HTTP 403, code 50001):"
        " Missing Access. These commands are not registered"
    )
    await room.alice.send(room.channel, f"{bot_mention} status")
    assert "Slash commands: NOT registered" in room.channel.last_message.content

    await room.alice.send(room.channel, f"{bot_mention} sync")
    assert room.channel.last_message.content == "Commands synced."
    await room.alice.send(room.channel, f"{bot_mention} status")
    assert room.channel.last_message.content.endswith("\nSlash commands: registered.")


def test_settings_from_the_environment(tmp_path):
    settings = Config.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DEV_GUILD_ID": "42",
            "TURN_SECONDS": "0",
            "DATABASE_PATH": str(tmp_path / "x.db"),
        }
    )
    assert settings.token == "abc" and settings.dev_guild_id == 42 and settings.turn_seconds == 0
    assert settings.data_dir == tmp_path
    assert Config.from_env({}).database_path.as_posix() == "data/pinochle.db"
    assert Config.from_env({"DISCORD_TOKEN": ""}).token is None
    assert settings.ai_budget == 1.0 and Config.from_env({"AI_BUDGET": "0.25"}).ai_budget == 0.25


@pytest.mark.parametrize("value", ["0", "-1", "11", "fast"])
def test_a_malformed_ai_budget_is_refused_by_name(value):
    with pytest.raises(ConfigError, match="AI_BUDGET"):
        Config.from_env({"AI_BUDGET": value})


def test_ai_workers_default_to_all_cores_but_one():
    """One core stays with the event loop; a one-core machine still gets a worker."""
    assert Config.from_env({}).ai_workers == max(1, (os.cpu_count() or 1) - 1)
    assert Config.from_env({"AI_WORKERS": " 3 "}).ai_workers == 3


@pytest.mark.parametrize("value", ["0", "-2", "65", "1.5", "many"])
def test_a_malformed_ai_workers_is_refused_by_name(value):
    with pytest.raises(ConfigError, match="AI_WORKERS"):
        Config.from_env({"AI_WORKERS": value})


async def test_dev_guild_gets_its_commands_at_once(room, database_path):
    old = room.bot
    await room.env.restart_bot(create_bot(database_path, config=Config(dev_guild_id=room.guild.id)))
    await close_store(old)
    puts = [
        r.path for r in room.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")
    ]
    assert puts[-1].endswith(f"/guilds/{room.guild.id}/commands")
    assert marker_path(database_path.parent, room.guild.id).exists()


async def test_an_unexpected_error_gets_an_error_id_and_the_bot_carries_on(
    room, monkeypatch, caplog
):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")

    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(room.bot.tables, "hand", broken)
    result = await room.alice.slash(room.channel, "pinochle hand")
    assert result.ephemeral and result.response.content.startswith(
        "Sorry, something went wrong on my side (error "
    )
    error_id = result.response.content.split("(error ")[1][:8]
    assert any(error_id in record.getMessage() and record.exc_info for record in caplog.records)
    assert [type(e) for e in room.env.errors][-1].__name__ == "CommandInvokeError"
    monkeypatch.undo()
    again = await room.alice.slash(room.channel, "pinochle hand")
    assert again.response.content == "The game has not started yet."
