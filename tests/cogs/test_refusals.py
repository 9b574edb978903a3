"""One refusal mechanism: whatever refuses (the table service, the store, a cog), the member gets
one private answer in their own language, nothing raised reaches the bot's error log, and nothing
changes."""

from __future__ import annotations

from bot.i18n import t
from bot.store import get_table, list_seasons, load_actions
from tests.cogs.ledger_support import Server, refused
from tests.cogs.sim import board_body


async def stored(room, table_id: int) -> tuple:
    row = await get_table(room.bot.store, table_id)
    actions = await load_actions(room.bot.store, table_id)
    return row.status, row.host_id, [(s.seat, s.user_id) for s in row.seats], len(actions)


async def test_a_lobby_refusal_answers_in_the_member_s_language_and_changes_nothing(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle language", language="ru")
    await room.bob.slash(room.channel, "pinochle join")
    table = room.table()
    before, board = await stored(room, table.id), board_body(room.channel)

    text = await refused(room.env, room.bob.slash(room.channel, "pinochle start"))
    assert text == t("bot.refuse.not_host", "ru") == "Это может сделать только хозяин стола."
    full = await refused(room.env, room.carol.slash(room.channel, "pinochle join"))
    assert full == t("bot.refuse.table_full", "en", players=2)

    assert table.status == "lobby" and await stored(room, table.id) == before
    assert board_body(room.channel) == board


async def test_playing_out_of_turn_is_refused_in_russian_naming_whose_turn_it_is(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.slash(room.channel, "pinochle start")
    await room.env.settle()
    table = room.table()
    waiting = room.member_at(1 - table.to_act)
    await waiting.slash(room.channel, "pinochle language", language="ru")
    before, version = await stored(room, table.id), table.version

    result = await waiting.slash(room.channel, "pinochle pass")
    assert result.ephemeral
    mover = f"<@{room.member_at(table.to_act).id}>"
    assert result.response.content.startswith(t("bot.refuse.not_your_turn", "ru", who=mover))
    assert table.version == version and await stored(room, table.id) == before


async def test_a_refusal_with_no_table_here_is_said_in_the_member_s_language(room):
    await room.eve.slash(room.channel, "pinochle language", language="ru")
    text = await refused(room.env, room.eve.slash(room.channel, "pinochle join"))
    assert text == t("bot.refuse.no_table", "ru")


async def test_store_refusals_come_in_the_member_s_language_and_write_nothing(simcord_env):
    """The store checks the season name and the grant; the cogs no longer repeat its checks."""
    server = Server(simcord_env, "ann")
    admin = server.admin
    await admin.slash(server.channel, "pinochle language", language="ru")
    await admin.slash(server.channel, "league season", action="start", name="Весна")
    await admin.slash(server.channel, "league season", action="end")

    again = await refused(
        server.env, admin.slash(server.channel, "league season", action="start", name="ВЕСНА")
    )
    assert again == t("chips.league.refuse.season_exists", "ru", name="ВЕСНА")
    ended = await refused(server.env, admin.slash(server.channel, "league season", action="end"))
    assert ended == t("chips.league.refuse.no_running", "ru")
    assert [s.name for s in await list_seasons(server.store, server.guild.id)] == ["Весна"]

    zero = await refused(
        server.env,
        admin.slash(server.channel, "chips adjust", member=server["ann"], amount=0, reason="x"),
    )
    assert zero == t("chips.refuse.amount_zero", "ru")
    too_much = await refused(
        server.env,
        admin.slash(
            server.channel, "chips grant", member=server["ann"], amount=2_000_000, reason="x"
        ),
    )
    assert too_much == t("chips.refuse.amount_limit", "ru", amount="2000000", limit="1000000")
