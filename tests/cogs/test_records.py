"""Player records, replays and hints on Discord, in English and Russian:
/pinochle stats, history, replay and hint through SimCord."""

from __future__ import annotations

import re

import pytest

from bot.ai.table_players import ai_players
from bot.ai.thinking import ThreadThinker
from bot.game import parse_action, parse_cards
from bot.game.fair import deal_seed
from bot.i18n import cards_text, number
from bot.presentation.texts import action_label
from bot.store import load_actions
from cogs._bot import create_bot
from tests.cogs.aftergame_support import all_pages, finished_two_hand_game, two_hand_game
from tests.cogs.sim import board_message, close_store, labels, take_turn

STEP = {"en": "Trick ▶", "ru": "Взятка ▶"}


@pytest.fixture
def simcord_bot(database_path):
    """The bot, with `hard` thinking briefly in a thread of the test: a hint is answered at once,
    never behind the start of a worker process (which SimCord could not wait for)."""
    bot = create_bot(database_path)
    bot.thinker = ThreadThinker(ai_players(budget=0.05))
    return bot


async def replay_pages(env, member, response, lang: str) -> list[str]:
    """Every page of a replay, pressing the next-trick button until it greys out."""
    return await all_pages(env, member, response, lang, button=STEP[lang], most=200)


async def logged_plays(room, table) -> list[str]:
    """The oracle: every card played, in order, as the action log holds it."""
    rows = await load_actions(room.bot.store, table.id)
    played = [parse_action(row.action) for row in rows]
    return [action.argument for action in played if action.verb == "play"]


async def test_replay_shows_exactly_the_logged_game_in_both_languages(room):
    table = await finished_two_hand_game(room)
    replay = await room.eve.slash(room.channel, "pinochle replay", game=table.id)
    assert replay.ephemeral
    pages = await replay_pages(room.env, room.eve, replay.response, "en")
    assert pages[0].startswith(f"Replay of game #{table.id} · Two-handed · deal 1 of ")
    assert "Before the first trick." in pages[0] and "Hands as dealt:" in pages[0]
    seed = deal_seed(table.deal_key, 1).hex()  # the deal is over: its seed is revealed with it
    assert f"🔓 Fair deal: seed `{seed}` · fingerprint `{table.fingerprint(1)[:32]}`" in pages[0]
    shown = []
    for page in pages[1:]:
        line = next(line for line in page.splitlines() if line.startswith("Trick "))
        shown += re.findall(r"(?:10|[AKQJ9])[♠♥♦♣]", line.split(": ", 1)[1].split(" → ")[0])
        assert all(len(p) <= 2000 for p in pages)
    assert shown == await logged_plays(room, table)
    held = pages[-1].splitlines()
    start = held.index("Cards held as this trick began:")
    for line in held[start + 1 : start + 3]:  # the last trick is played from one card each
        assert len(re.findall(r"(?:10|[AKQJ9])[♠♥♦♣]", line.split(": ", 1)[1])) == 1, line
    assert "Result of the deal: " in pages[-1] and "Final scores: " in pages[-1]

    await room.eve.slash(room.channel, "pinochle language", language="ru")
    russian = await room.eve.slash(room.channel, "pinochle replay", game=table.id)
    ru_pages = await replay_pages(room.env, room.eve, russian.response, "ru")
    assert ru_pages[0].startswith(f"Повтор партии №{table.id} · ")
    assert f"Честная сдача: зерно `{seed}`" in ru_pages[0]
    assert "Перед первой взяткой." in ru_pages[0] and "Итоговый счёт: " in ru_pages[-1]
    assert len(ru_pages) == len(pages)
    first_trick = next(line for line in ru_pages[1].splitlines() if line.startswith("Взятка 1 из"))
    assert cards_text(parse_cards(shown[0]), "ru") in first_trick


async def test_replay_buttons_answer_after_a_restart(room, database_path):
    """The buttons carry their position, not state: a replay opened before a restart steps on."""
    table = await finished_two_hand_game(room)
    replay = await room.eve.slash(room.channel, "pinochle replay", game=table.id)
    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.eve.click(replay.response, label=STEP["en"])
    page = room.env.backend.get_message(replay.response.channel_id, replay.response.id).content
    first = (await logged_plays(room, table))[:2]
    assert "Trick 1 of 24: " in page and all(
        card in page.split("Trick 1 of 24: ")[1] for card in first
    )


async def test_a_game_not_finished_or_unknown_has_no_replay(room):
    table = await two_hand_game(room, target=1000, until=lambda: True)
    running = await room.alice.slash(room.channel, "pinochle replay", game=table.id)
    assert running.response.content == f"There is no finished game #{table.id} in this server."
    unknown = await room.alice.slash(room.channel, "pinochle replay", game=999)
    assert unknown.response.content == "There is no finished game #999 in this server."


async def test_stats_and_history_of_a_finished_game(room):
    table = await finished_two_hand_game(room)
    rows = await load_actions(room.bot.store, table.id)
    record = table.record()
    assert record.actions == [r.action for r in rows]
    won = record.final_scores[0] > record.final_scores[1]
    own_meld = sum(meld.points for deal in record.deals for meld in deal.melds if meld.seat == 0)

    stats = (await room.alice.slash(room.channel, "pinochle stats")).response.content
    lines = stats.splitlines()
    assert lines[0] == "**alice**: player record"
    assert lines[1] == f"Games: 1, won {int(won)} ({100 if won else 0}%)"
    assert f"Average meld per deal: {number(own_meld, 1)} (deals: 1)" in stats
    assert "Contracts" not in stats  # no auction in two-handed (RULES §3)
    assert f"Longest winning streak: {int(won)}" in stats
    assert "Favourite opponents: 🤖 Ada (played 1, won " in stats

    history = (await room.alice.slash(room.channel, "pinochle history")).response.content
    assert history.splitlines()[0] == "**alice**: recent games"
    assert f"#{table.id} · " in history and f"`/pinochle replay game:{table.id}`" in history
    assert "hints used" not in history

    await room.bob.slash(room.channel, "pinochle language", language="ru")
    nobody = (await room.bob.slash(room.channel, "pinochle stats")).response.content
    assert nobody == "У игрока bob ещё нет записанных партий."
    of_alice = await room.bob.slash(room.channel, "pinochle history", member=room.alice)
    assert f"повтор: `/pinochle replay game:{table.id}`" in of_alice.response.content


async def test_hint_on_your_turn_where_the_table_allows_it(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed", hints="on")
    await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    await room.bot.tables.settle()
    await room.env.advance_time(2)
    if not table.awaits(room.alice.id):
        await take_turn(room.alice, room.channel)
    while not table.awaits(room.alice.id):
        await room.bot.tables.settle()
        await room.env.advance_time(2)
    hint = await room.alice.slash(room.channel, "pinochle hint")
    text = hint.response.content
    assert text.startswith("Hint: **"), text
    legal = (await room.bot.tables.hand(table.id, room.alice.id)).legal
    assert any(f"**{action_label(action, 'en')}**" in text for action in legal)
    onlooker = await room.eve.slash(room.channel, "pinochle hint")
    assert onlooker.response.content == "You are not seated at this table."
    await room.alice.slash(room.channel, "pinochle language", language="ru")
    russian = await room.alice.slash(room.channel, "pinochle hint")
    assert russian.response.content.startswith("Подсказка: **")
    assert table.hints_used == {0}


async def test_hint_refused_where_hints_are_off(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    refused = await room.alice.slash(room.channel, "pinochle hint")
    assert refused.response.content.startswith("Hints are off at this table.")
    await room.alice.slash(room.channel, "pinochle language", language="ru")
    russian = await room.alice.slash(room.channel, "pinochle hint")
    assert russian.response.content.startswith("За этим столом подсказки выключены.")
    assert room.table().hints_used == set()
    assert "Start" not in labels(board_message(room.channel))


async def test_the_start_click_discord_numbered_is_deal_ones_draw(room):
    """docs/fair-deals.md, "The draw": the interaction id Discord gave the host's Start goes
    into deal 1's shuffle, and the record says it with the seats people held."""
    from bot.game import Dealing, new_game
    from tests.cogs.sim import board_message

    await room.alice.slash(room.parent, "pinochle new", variant="three-handed")
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    answered = [r.path for r in room.env.http_requests if r.path.startswith("/interactions/")]
    click = int(answered[-1].split("/")[2])  # Start's: the last interaction answered
    assert table.draws[1] == click and table.people[1] == (0, 1)  # seat 3: a computer
    dealing = Dealing(key=table.deal_key, draws={1: click})
    fresh = new_game("three-handed", seed=table.seed, options=table.options, dealing=dealing)
    dealt = table.record().deals[0].hands  # as dealt (a computer may have acted since)
    assert dealt == {seat: tuple(hand) for seat, hand in enumerate(fresh.state.hands)}
