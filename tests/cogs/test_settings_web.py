"""`/pinochle settings web:on|off` and `web_rotate` through the real bot on SimCord."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.store import get_guild_settings
from bot.web.tokens import page_token
from tests.cogs.ledger_support import Server, refused

SECRET = "settings-secret-0123456789"
BASE = "https://pinochle.example"


@pytest.fixture
async def server(simcord_env):
    simcord_env.bot.config = replace(simcord_env.bot.config, web_secret=SECRET, web_base_url=BASE)
    server = Server(simcord_env, "ann")
    return server


async def setting(server: Server, name: str, value: str | None = None) -> str:
    options = {"name": name} | ({"value": value} if value is not None else {})
    result = await server.admin.slash(server.channel, "pinochle settings", **options)
    assert result.ephemeral  # the link only ever reaches the manager who asked
    return result.response.content


def link(guild: int, generation: int) -> str:
    return f"{BASE}/s/{page_token(SECRET, guild, generation)}/"


async def test_turning_pages_on_gives_the_manager_the_link_privately(server):
    guild = server.guild.id
    answer = await setting(server, "web", "on")
    assert answer.startswith("`web` is now **on** on this server.\nThis server's pages: ")
    assert link(guild, 0) in answer
    stored = await get_guild_settings(server.store, guild)
    assert stored.web is True and stored.web_generation == 0
    listing = await setting_list(server)
    assert "`web`: **on**" in listing and link(guild, 0) in listing
    off = await setting(server, "web", "off")
    assert off == "`web` is now **off** on this server."
    assert link(guild, 0) not in await setting_list(server)


async def setting_list(server: Server) -> str:
    result = await server.admin.slash(server.channel, "pinochle settings")
    assert result.ephemeral
    return result.response.content


async def test_rotation_issues_a_new_link_and_the_old_stops(server):
    guild = server.guild.id
    await setting(server, "web", "on")
    answer = await setting(server, "web_rotate")
    assert answer == (
        f"A new link for this server's pages: {link(guild, 1)}\nThe old link no longer works."
    )
    assert (await get_guild_settings(server.store, guild)).web_generation == 1
    await setting(server, "web", "off")
    assert await setting(server, "web_rotate") == (
        "The old link no longer works. The pages are off: turn them on with"
        " `/pinochle settings web on` to be given the new link."
    )
    assert link(guild, 2) in await setting(server, "web", "on")


async def test_rotation_takes_no_value_and_members_cannot_use_it(server):
    before = await get_guild_settings(server.store, server.guild.id)
    assert await setting(server, "web_rotate", "yes") == (
        "`web_rotate` takes no value: give the name alone."
    )
    member = await refused(
        server.env,
        server["ann"].slash(server.channel, "pinochle settings", name="web_rotate"),
    )
    assert member.startswith("Only members with the Manage Server permission")
    assert await get_guild_settings(server.store, server.guild.id) == before


async def test_without_a_secret_pages_cannot_be_turned_on(server):
    server.env.bot.config = replace(server.env.bot.config, web_secret=None)
    assert await setting(server, "web", "on") == (
        "The web pages cannot be turned on: the bot's host has not set WEB_SECRET."
    )
    assert (await get_guild_settings(server.store, server.guild.id)).web is False
