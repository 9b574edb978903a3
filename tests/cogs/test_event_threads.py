"""Where a league night's tables play, through the real bot on SimCord: a duplicate round's
tables (every one dealt the same cards) in private threads of their players only, a round held
when such threads cannot be made, and one event's retries never holding up another's commands."""

from __future__ import annotations

import discord
import pytest
from simcord import BackendError, SetupError
from simcord.backend.models.channel import Overwrite
from simcord.enums import ChannelType, OverwriteType

from bot.store.nights import list_entrants, list_events
from tests.cogs.ledger_support import Server, refused
from tests.tables.helpers import lives

#: Card suits as the boards, melds and deal summaries show them.
SUITS = "♠♥♦♣"


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "ann", "ben", "cat", "dan", "eve")
    return server


async def open_event(server: Server, channel=None, **options) -> None:
    settings = {"name": "Friday", "variant": "two-handed", "rounds": 1, "deals_per_round": 1}
    done = await server.admin.slash(
        channel or server.parent, "league event new", **settings | options
    )
    assert done.ephemeral and "open for sign-up" in done.response.content, done.response.content


async def sign_up(server: Server, *names: str, channel=None, name: str | None = None) -> None:
    options = {} if name is None else {"name": name}
    for who in names:
        await server[who].slash(channel or server.parent, "league event join", **options)


def deny_the_bot(server: Server, channel, permission: str) -> None:
    """Take a permission from the bot in `channel` (a server admin's change after the event opened)."""
    flag = getattr(discord.Permissions, permission).flag
    bot_id = server.env.backend.bot_user.id
    server.env.backend.set_overwrite(
        channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=flag)
    )


def bot_lines(channel) -> list[str]:
    return [m.content or "" for m in channel.history() if m.author.bot]


async def test_a_duplicate_rounds_tables_are_private_threads_only_their_players_read(server):
    await open_event(server)
    await sign_up(server, "ann", "ben", "cat", "dan")
    await server.admin.slash(server.parent, "league event start")
    tables = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    assert len(tables) == 2
    backend = server.env.backend
    bot_id = backend.bot_user.id
    for table in tables:
        thread = backend.channels[table.channel_id]
        seated = {s.user_id for s in table.seats.values() if s.user_id is not None}
        assert thread.type == ChannelType.PRIVATE_THREAD and thread.parent_id == server.parent.id
        assert set(thread.thread_members) == seated | {bot_id}  # the seated people, nobody else
    made = [
        r.json
        for r in server.env.http_requests
        if r.method == "POST" and r.path == f"/channels/{server.parent.id}/threads"
    ]
    assert [(m["type"], m["invitable"]) for m in made] == [(12, False), (12, False)]
    round_line = next(line for line in bot_lines(server.parent) if "round 1 of 1" in line)
    assert "private thread" in round_line and "once the round is over" in round_line

    # Each thread shows its deal from the start (the turn-up, then melds and tricks): its players
    # read it; the other table's entrants (dealt the same cards) and an onlooker cannot.
    fast = tables[0]
    thread = next(t for t in server.parent.threads if t.id == fast.channel_id)
    players = {m.id: m for m in server.members.values()}
    seated = [players[s.user_id] for s in fast.seats.values()]
    others = [m for m in server.members.values() if m not in seated]
    assert len(others) == 3  # two entrants at the other table, and eve, who watches
    assert any(
        suit in (m.content or "") for m in thread.history(viewer=seated[0]) for suit in SUITS
    )
    assert (await seated[0].slash(thread, "pinochle hand")).ephemeral
    for outsider in others:
        with pytest.raises(SetupError):
            thread.history(viewer=outsider)
        with pytest.raises(BackendError, match="Missing Access"):
            await outsider.slash(thread, "pinochle hand")
    # The event's channel names no card: round lines and sums only.
    assert not [line for line in bot_lines(server.parent) if any(s in line for s in SUITS)]


async def test_a_duplicate_event_needs_private_threads_to_open(server):
    deny_the_bot(server, server.parent, "create_private_threads")
    reply = await refused(
        server.env,
        server.admin.slash(
            server.parent, "league event new", name="Friday", variant="two-handed", rounds=1
        ),
    )
    assert "Create Private Threads" in reply
    assert await list_events(server.store, server.guild.id) == []
    await open_event(server, duplicate="off")  # no shared cards: public threads do


async def test_without_private_threads_a_duplicate_round_is_held_and_nothing_leaks(server):
    await open_event(server, rounds=2)
    await sign_up(server, "ann", "ben", "cat", "dan")
    await server.admin.slash(server.parent, "league event start")
    round_1 = {t.id for t in server.parent.threads}
    deny_the_bot(server, server.parent, "create_private_threads")  # an admin's change meanwhile
    # Round 1 ends: a moderator (who may open every private thread) closes its tables.
    moderators = server.guild.create_role(
        "moderators", permissions=discord.Permissions(manage_guild=True, manage_threads=True)
    )
    moderator = server.guild.add_member(server.env.create_user("mod"), roles=[moderators])
    server.env.bot.nights.place_retries = (30.0, 60.0)  # waits long enough to be virtual only
    for thread in server.parent.threads:
        await moderator.slash(thread, "pinochle cancel")
    await server.env.advance_time(100)  # round 2 does not open: every retry fails
    [event] = await list_events(server.store, server.guild.id)
    assert event.status == "paused" and event.round == 1
    held = [line for line in bot_lines(server.parent) if "could not open" in line]
    assert len(held) == 1 and held[0].startswith(server.admin.mention)
    assert "Create Private Threads" in held[0] and "paused" in held[0]
    # No table opened anywhere, in the channel least of all, and no thread was left behind.
    assert lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id)) == []
    assert {t.id for t in server.parent.threads} == round_1
    assert not [line for line in bot_lines(server.parent) if any(s in line for s in SUITS)]
    assert not [line for line in bot_lines(server.parent) if "round 2: table" in line]

    # The organiser's start tries again (at once, this time); without the permission it is
    # refused, and nothing changes.
    server.env.bot.nights.place_retries = ()
    reply = await refused(server.env, server.admin.slash(server.parent, "league event start"))
    assert "Create Private Threads" in reply and "Nothing changed" in reply
    assert (await list_events(server.store, server.guild.id))[0].status == "paused"


async def test_one_events_slow_retries_do_not_hold_up_another_events_commands(server):
    lounge = server.guild.create_text_channel("lounge")
    await open_event(server)
    await open_event(server, lounge, name="Saturday")
    await sign_up(server, "ann", "ben", name="Friday")
    # Friday's first thread fails, and its runner waits (virtual time) before trying again.
    server.env.bot.nights.place_retries = (60.0,)
    server.env.inject_error("POST", f"/channels/{server.parent.id}/threads", status=500, times=1)
    await server.admin.slash(server.parent, "league event start", name="Friday")
    friday = await named(server, "Friday")
    assert friday.status == "signup"  # still waiting to try again
    waiting_since = server.env.now()

    # Meanwhile Saturday's commands are answered at once, Friday still waiting.
    joined = await server["cat"].slash(lounge, "league event join", name="Saturday")
    assert "You are signed up" in joined.response.content
    saturday = await named(server, "Saturday")
    assert [e.user_id for e in await list_entrants(server.store, saturday.id)] == [server["cat"].id]
    assert server.env.now() == waiting_since and (await named(server, "Friday")).status == "signup"

    await server.env.advance_time(61)  # Friday's second try
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    assert table.event.id == friday.id
    assert [t.id for t in server.parent.threads] == [table.channel_id]


async def named(server: Server, name: str):
    return next(e for e in await list_events(server.store, server.guild.id) if e.name == name)


async def test_a_thread_whose_member_could_not_be_added_is_deleted_and_made_again(server):
    await open_event(server)
    await sign_up(server, "ann", "ben")
    server.env.inject_error("PUT", "/channels/*/thread-members/*", status=500, times=1)
    server.env.bot.nights.place_retries = (60.0,)
    await server.admin.slash(server.parent, "league event start")
    await server.env.advance_time(61)  # the runner's wait before its second try
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    [thread] = server.parent.threads  # the first one, short of a member, is gone
    members = set(server.env.backend.channels[thread.id].thread_members)
    assert thread.id == table.channel_id
    assert members == {server["ann"].id, server["ben"].id, server.env.backend.bot_user.id}


async def test_an_entrant_who_left_the_server_does_not_hold_the_round(server):
    await open_event(server)
    await sign_up(server, "ann", "ben")
    gone = server["ben"].id
    server.env.inject_error(
        "PUT", f"/channels/*/thread-members/{gone}", status=404, code=10007, times=None
    )
    await server.admin.slash(server.parent, "league event start")
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    members = set(server.env.backend.channels[table.channel_id].thread_members)
    assert members == {server["ann"].id, server.env.backend.bot_user.id}
    assert (await list_events(server.store, server.guild.id))[0].status == "running"


async def test_an_entrant_who_left_their_tables_thread_finds_the_way_back_with_join(server):
    await open_event(server)
    await sign_up(server, "ann", "ben")
    await server.admin.slash(server.parent, "league event start")
    [table] = lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id))
    [thread] = server.parent.threads
    server.env.backend.remove_thread_member(thread.id, server["ann"].id)  # she left the thread
    with pytest.raises(SetupError):
        thread.history(viewer=server["ann"])

    back = await server["ann"].slash(server.parent, "league event join")
    assert back.ephemeral and thread.mention in back.response.content
    assert "table 1" in back.response.content
    assert (await server["ann"].slash(thread, "pinochle hand")).ephemeral  # in again
    # Nobody else gets in that way: an onlooker's join is refused, as is a dropped entrant's.
    said = await refused(server.env, server["eve"].slash(server.parent, "league event join"))
    assert "sign-up is closed" in said
    await server.admin.slash(server.parent, "league event drop", member=server["ben"])
    server.env.backend.remove_thread_member(thread.id, server["ben"].id)
    said = await refused(server.env, server["ben"].slash(server.parent, "league event join"))
    assert "sign-up is closed" in said
    members = server.env.backend.channels[table.channel_id].thread_members
    assert server["eve"].id not in members and server["ben"].id not in members
