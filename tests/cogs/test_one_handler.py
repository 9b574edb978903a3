"""One refusal handler per Discord surface: a refusal raised by any layer (the engine, the table
service, the store) reaches the command tree's `on_error`, a `PinochleView`'s `on_error` or a
persistent button's guard, and comes back privately in the member's language, changing nothing;
a bug gets the apology and a logged traceback, never its own text."""

from __future__ import annotations

import logging

import cogs._pager
from bot.game import IllegalAction, Refusal
from bot.game.cards import MAX_HAND
from bot.i18n import describe_error, t
from bot.store import balance
from tests.cogs.ledger_support import Server
from tests.cogs.sim import board_body, board_message, bugs


def answered(env, cursor: int) -> list[type]:
    """What reached the bot's one handler since `cursor`: the refusals' own types."""
    captured = env.errors_since(cursor)
    assert bugs(captured) == [], captured
    return [type(getattr(error, "original", error)) for error in captured]


async def test_an_engine_refusal_to_a_typed_command_is_answered_by_the_tree_in_russian(
    room, caplog
):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.slash(room.channel, "pinochle start")
    await room.env.settle()
    table = room.table()
    await room.bob.slash(room.channel, "pinochle language", language="ru")
    version, board = table.version, board_body(room.channel)
    cursor = room.env.error_cursor

    too_many = " ".join(["Q♠"] * (MAX_HAND + 1))  # MAX_HAND: 24, the double deck's (H-5)
    result = await room.bob.slash(room.channel, "pinochle meld", cards=too_many)

    engine = IllegalAction("too_many_cards", limit=MAX_HAND)
    said = t("bot.refuse.illegal", "ru", error=describe_error(engine, "ru", rule=False))
    assert result.ephemeral and result.response.content == said
    assert said == f"Так нельзя: в комбинации не может быть больше {MAX_HAND} карт."
    assert answered(room.env, cursor) == [IllegalAction]  # the engine's own, passed through
    assert table.version == version and board_body(room.channel) == board
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_refusal_repeats_what_was_typed_as_typed_never_as_markdown_or_a_ping(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    cursor = room.env.error_cursor
    result = await room.alice.slash(room.channel, "pinochle play", card="**@everyone**")
    assert result.ephemeral and result.response.content.startswith(
        "\\*\\*@\u200beveryone\\*\\* is not a card."
    )
    assert answered(room.env, cursor) == [Refusal]


async def test_a_service_refusal_from_a_board_button_is_answered_privately_in_russian(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.bob.slash(room.channel, "pinochle language", language="ru")
    table = room.table()
    board = board_body(room.channel)

    result = await room.bob.click(board_message(room.channel), label="Start")

    assert result.ephemeral
    assert result.response.content == t("bot.refuse.not_host", "ru")
    assert table.status == "lobby" and board_body(room.channel) == board


async def test_a_store_refusal_to_a_command_is_answered_by_the_tree_and_grants_nothing(
    simcord_env, caplog
):
    server = Server(simcord_env, "ann")
    await server.admin.slash(server.channel, "pinochle language", language="ru")
    ann = (await server.players("ann"))["ann"]
    before = await balance(server.store, server.guild.id, ann)
    cursor = simcord_env.error_cursor

    result = await server.admin.slash(
        server.channel, "chips grant", member=server["ann"], amount=1_000_001, reason="прибавка"
    )

    assert result.ephemeral
    assert result.response.content == "1000001 — больше предела в 1000000 фишек за раз."
    assert answered(simcord_env, cursor) and all(
        issubclass(kind, Refusal) for kind in answered(simcord_env, cursor)
    )
    assert await balance(server.store, server.guild.id, ann) == before

    await server["ann"].slash(server.channel, "pinochle language", language="ru")
    cursor = simcord_env.error_cursor
    own = await server["ann"].slash(
        server.channel, "chips grant", member=server["ann"], amount=5, reason="себе"
    )
    assert own.ephemeral  # the Manage Server check, answered by the same handler
    assert own.response.content == "Это могут только участники с правом «Управлять сервером»."
    assert answered(simcord_env, cursor) == [Refusal]
    assert await balance(server.store, server.guild.id, ann) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_bug_in_a_view_s_button_gets_the_apology_and_its_traceback_is_logged(
    room, monkeypatch, caplog
):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.slash(room.channel, "pinochle join")
    await room.alice.slash(room.channel, "pinochle start")
    await room.env.settle()
    table = room.table()
    asked = await room.bob.slash(room.channel, "pinochle leave")

    async def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(room.bot.tables, "leave", broken)
    result = await room.bob.click(asked.response, label="Leave and forfeit")

    answer = result.response.content if result.response else result.followups[-1].content
    assert answer.startswith("Sorry, something went wrong on my side (error ")
    assert "secret internals" not in answer and "Traceback" not in answer
    error_id = answer.split("(error ")[1][:8]
    assert any(error_id in r.getMessage() and r.exc_info for r in caplog.records)
    assert [type(e) for e in room.env.errors][-1] is RuntimeError  # the view's on_error had it
    assert table.status == "playing" and table.seat_of(room.bob.id) is not None


async def test_a_refusal_under_a_view_s_button_is_answered_by_the_base_view(
    simcord_env, monkeypatch
):
    server = Server(simcord_env, "ann")
    ann = server["ann"]
    await ann.slash(server.channel, "pinochle language", language="ru")
    shown = await ann.slash(server.channel, "chips balance")
    posted = len(server.channel.history())

    async def refuse(interaction):
        raise Refusal("bot.refuse.no_table")

    monkeypatch.setattr(cogs._pager, "guild_lang", refuse)
    cursor = simcord_env.error_cursor
    result = await ann.click(shown.response, label="Показать в канале")

    answer = result.followups[-1] if result.followups else result.response
    assert answer.ephemeral and answer.content == t("bot.refuse.no_table", "ru")
    assert answered(simcord_env, cursor) == [Refusal]  # the Pager's on_error, from PinochleView
    assert len(server.channel.history()) == posted
