"""An attack on Discord's limits: the longest names the bot and Discord allow, in Russian,
through a whole league night (threads named after the event, boards, hands, standings, the
player's page). Every request goes through the conformance check (`tests.conformance`), so a
thread name over 100 characters, a message over 2,000 or an embed field over 1,024 fails here."""

from __future__ import annotations

import re

import pytest

from bot.nights.runner import NAME_LIMIT
from tests.cogs.events_support import finish_event_tables
from tests.cogs.ledger_support import Server
from tests.tables.helpers import lives

#: Discord's longest user name.
LONGEST_USER = 32
#: The longest event name the bot takes, in Cyrillic (wider than Latin in every font).
EVENT = ("Пятничный турнир по пиноклю " * 3)[:NAME_LIMIT]
NAMES = ("ж" * (LONGEST_USER - 1) + "1", "ж" * (LONGEST_USER - 1) + "2")


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, *NAMES)
    return server


async def test_the_longest_names_in_russian_through_a_league_night(server):
    for name in NAMES:
        await server[name].slash(server.parent, "pinochle language", language="ru")
    await server.admin.slash(server.parent, "pinochle language", language="ru")
    await server.admin.slash(server.parent, "pinochle settings", name="language", value="ru")
    done = await server.admin.slash(
        server.parent,
        "league event new",
        name=EVENT,
        variant="two-handed",
        rounds=1,
        deals_per_round=1,
    )
    assert EVENT in done.response.content
    for name in NAMES:
        await server[name].slash(server.parent, "league event join")
    await server.admin.slash(server.parent, "league event start")
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    hand = await server[NAMES[0]].slash(server.channel, "pinochle hand")
    assert hand.ephemeral

    await finish_event_tables(server)

    [thread] = [t for t in server.parent.threads if t.id == table.channel_id]
    assert EVENT[:40] in thread.name and len(thread.name) <= 100
    [final] = [m for m in server.parent.history() if m.author.bot and "```" in (m.content or "")]
    # Both players, each name cut to the table's column with an ellipsis.
    assert "итоговая" in final.content and len(re.findall("ж+…", final.content)) == 2
    for name in NAMES:
        standings = await server[name].slash(server.parent, "league event standings", name=EVENT)
        assert standings.ephemeral and "жжжжжжжж" in standings.response.content
        player = await server[name].slash(server.parent, "league player")
        assert EVENT in player.response.content
