"""Hidden cards on Discord: a duplicate league night's deal stays hidden while another table
still has to play it, from a player of that table and from an onlooker alike, on every
surface (Review last deal and its Show in channel, /pinochle replay, stats and history);
a replay never lists a deal dealt but not played (issue 22, item 1). The table's board itself
is in a private thread of its players, out of the others' reach."""

from __future__ import annotations

import pytest
from simcord import SetupError

from tests.cogs.aftergame_support import board_of
from tests.cogs.ledger_support import Server, refused
from tests.cogs.sim import labels
from tests.tables.helpers import live_of, lives

#: Virtual seconds the computer may take to play a table's deal; a safeguard, never a measure.
TURNS = 600


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "ann", "ben", "cat", "dan", "eve")
    simcord_env.bot.presenter.per_window = 10_000  # boards at once: the test reads them
    return server


async def computer_plays(server: Server, table_id: int) -> None:
    """The computer plays every seat of an event table until it has played its deals."""
    tables = server.env.bot.tables
    for user_id in [s.user_id for s in tables.table(table_id).seats.values() if s.user_id]:
        await tables.cover(table_id, user_id)
    for _ in range(TURNS):
        await tables.settle()  # the computers' turns, thought out in worker threads
        await server.env.settle()
        if tables.table(table_id) is None:
            return
        await server.env.advance_time(1)
    raise AssertionError(f"table #{table_id} did not finish")


async def final_board(server: Server, thread, table_id: int) -> None:
    """Let the bot catch up until the table's board offers Review last deal (a safeguard of a
    minute of virtual time, never a measurement)."""
    for _ in range(60):
        if "Review last deal" in labels(board_of(thread, table_id)):
            return
        await server.env.bot.store.fetchone("SELECT 1")  # queued behind the board's read
        await server.env.advance_time(1)
    raise AssertionError(f"the board of table #{table_id} never offered its review")


async def test_a_deal_another_table_still_plays_is_hidden_on_every_discord_surface(server):
    settings = {"name": "Friday", "variant": "two-handed", "rounds": 1, "deals_per_round": 1}
    await server.admin.slash(server.parent, "league event new", **settings)
    for name in ("ann", "ben", "cat", "dan"):
        await server[name].slash(server.parent, "league event join")
    await server.admin.slash(server.parent, "league event start")
    fast, slow = sorted(
        lives(server.env.bot.tables, server.env.bot.tables.tables(server.guild.id)),
        key=lambda t: t.id,
    )
    by_id = {m.id: m for m in server.members.values()}
    slower = by_id[next(s.user_id for s in slow.seats.values() if s.user_id)]
    faster = by_id[next(s.user_id for s in fast.seats.values() if s.user_id)]
    onlooker = server["eve"]
    thread = next(t for t in server.parent.threads if t.id == fast.channel_id)

    await computer_plays(server, fast.id)  # the first table has played the round's deal
    await final_board(server, thread, fast.id)
    assert (
        live_of(server.env.bot.tables, server.env.bot.tables.table(slow.id)).game.deal_no == 1
    )  # still on the same cards

    # The fast table's private thread is its players' only: the others cannot even see its board.
    for member in (slower, onlooker):
        with pytest.raises(SetupError):
            await member.click(board_of(thread, fast.id), label="Review last deal")
    # Its own player may look (their table has played the deal) but is refused while the slower
    # table plays the same cards, so there is nothing to Show in channel.
    review = await faster.click(board_of(thread, fast.id), label="Review last deal")
    assert review.ephemeral and not review.response.components
    said = review.response.content
    assert "still being played at another table" in said and "round 1" in said, said
    for member in (slower, onlooker):
        said = await refused(
            server.env, member.slash(server.parent, "pinochle replay", game=fast.id)
        )
        assert "still being played at another table" in said and "round 1" in said, said
        stats = await member.slash(server.parent, "pinochle stats", member=faster)
        assert "no recorded games" in stats.response.content
        history = await member.slash(server.parent, "pinochle history", member=faster)
        assert "no recorded games" in history.response.content
    await onlooker.slash(server.parent, "pinochle language", language="ru")
    said = await refused(server.env, onlooker.slash(server.parent, "pinochle replay", game=fast.id))
    assert "тур 1 закончится" in said, said
    await onlooker.slash(server.parent, "pinochle language", language="en")

    await computer_plays(server, slow.id)  # the round is over everywhere: it opens

    review = await faster.click(board_of(thread, fast.id), label="Review last deal")
    assert review.response.content.startswith(f"Table #{fast.id}, deal 1 · ")
    assert "Hands as dealt:" in review.response.content
    await faster.click(review.response, label="Show in channel")
    posted = [m.content for m in thread.history() if m.author.bot and not m.embeds]
    assert posted[-1].startswith(f"Table #{fast.id}, deal 1 · ")
    replay = await slower.slash(server.parent, "pinochle replay", game=fast.id)
    # The table dealt deal 2 before it stopped: only the deal it played is in the replay.
    assert f"Replay of game #{fast.id} · Two-handed · deal 1 of 1 ·" in replay.response.content
    stats = await onlooker.slash(server.parent, "pinochle stats", member=faster)
    assert "no recorded games" not in stats.response.content
    history = await onlooker.slash(server.parent, "pinochle history", member=faster)
    assert f"#{fast.id}" in history.response.content
