"""After the game on Discord: the final board's Rematch and Review last deal,
and /pinochle score and rules where a table just ended, in English and Russian."""

from __future__ import annotations

from bot.game import Card
from bot.game.events import TrickTaken
from bot.i18n import cards_text
from bot.presentation.texts import hand_by_suit
from bot.store import load_actions
from bot.tables import shown_name
from tests.cogs.aftergame_support import (
    all_pages,
    board_of,
    board_shows,
    finished_two_hand_game,
    two_hand_game,
    two_hand_game_goes_on,
)
from tests.cogs.sim import board_message, channel_lines, labels

OPTIONS = {"target": 10, "tie_over_target": "highest_wins"}


async def deal_from_log(room, table) -> tuple[dict[int, tuple[Card, ...]], list[tuple]]:
    """The oracle: deal 1's hands and tricks, from the stored log replayed by the engine."""
    game = table.new_game()
    hands = {seat: game.view(seat).hand for seat in range(2)}
    tricks = []
    for row in await load_actions(room.bot.store, table.id):
        tricks += [e.trick.plays for e in game.apply(row.action) if isinstance(e, TrickTaken)]
    return hands, tricks


def mention(table, seat: int) -> str:
    player = table.seats[seat]
    return f"<@{player.user_id}>" if player.user_id else shown_name(player)


async def test_the_final_board_keeps_the_result_and_offers_rematch_and_review(room):
    table = await finished_two_hand_game(room)
    board = board_message(room.channel)
    assert "Final standings: 1. " in board.embeds[0].description
    assert labels(board) == ["Rematch", "Review last deal"]

    review = await room.eve.click(
        board, label="Review last deal"
    )  # open to anyone once the deal is over
    assert review.ephemeral
    pages = await all_pages(room.env, room.eve, review.response)
    assert len(pages) > 1 and all(len(page) <= 2000 for page in pages)
    assert pages[0].endswith(f"Page 1 of {len(pages)}")
    text = "\n".join(pages)
    assert text.startswith(f"Table #{table.id}, deal 1 · dealer: ")
    hands, tricks = await deal_from_log(room, table)
    for seat, hand in hands.items():
        assert f"\n{mention(table, seat)}: {hand_by_suit(hand, 'en')}\n" in text
    assert len(tricks) == 24
    for number, plays in enumerate(tricks, start=1):
        shown = " · ".join(
            f"{mention(table, seat)} {cards_text([card], 'en')}" for seat, card in plays
        )
        assert f"\n{number}. {shown} → " in text
    assert "Score of the deal:" in text and "Last trick: " in text

    await room.eve.slash(room.channel, "pinochle language", language="ru")
    russian = await room.eve.click(board, label="Review last deal")
    text = "\n".join(await all_pages(room.env, room.eve, russian.response, "ru"))
    assert text.startswith(f"Стол №{table.id}, сдача 1 · сдающий: ")
    assert "Карты при сдаче:" in text
    assert "Взятки (первым указан заходивший):" in text
    for seat, hand in hands.items():
        assert f"\n{mention(table, seat)}: {hand_by_suit(hand, 'ru')}\n" in text


async def test_during_the_game_review_shows_the_deal_before_never_the_one_in_play(room):
    """Review last deal is on the board from the end of deal 1; in deal 2 it shows deal 1 only."""
    table = await two_hand_game(room, until=lambda: room.table().version >= 2)
    await board_shows(room, table.id, "Show my hand")
    assert "Review last deal" not in labels(board_of(room.channel, table.id))
    await two_hand_game_goes_on(
        room, table, until=lambda: table.game.deal_no == 2 and table.game.tricks_played >= 1
    )
    await board_shows(room, table.id, "Review last deal")
    assert labels(board_of(room.channel, table.id)) == [
        "Show my hand",
        "Join",
        "Leave",
        "Review last deal",
    ]
    review = await room.bob.click(board_of(room.channel, table.id), label="Review last deal")
    text = "\n".join(await all_pages(room.env, room.bob, review.response))
    assert text.startswith(f"Table #{table.id}, deal 1 · ") and "\n24. " in text
    for seat in range(2):
        in_play = hand_by_suit(table.game.view(seat).hand, "en")
        assert in_play not in text


async def test_rematch_opens_the_same_game_with_the_same_seats(room):
    old = await finished_two_hand_game(room)
    seat = old.seat_of(room.alice.id)
    computer = old.seats[1 - seat]

    stranger = await room.bob.click(board_of(room.channel, old.id), label="Rematch")
    assert stranger.response.content == (
        f"Only the players of table #{old.id} can ask for its rematch. Open a new table with /pinochle new."
    )
    await room.bob.slash(room.channel, "pinochle language", language="ru")
    stranger = await room.bob.click(board_of(room.channel, old.id), label="Rematch")
    assert stranger.response.content == (
        f"Реванш может начать только тот, кто играл за столом №{old.id}. "
        "Новый стол открывает команда /pinochle new."
    )
    assert room.table() is None

    opened = await room.alice.click(board_of(room.channel, old.id), label="Rematch")
    assert opened.ephemeral and opened.response.content.startswith("The rematch is open: table #")
    new = room.table()
    assert new.id != old.id and new.status == "lobby"
    assert (new.variant, new.options, new.host_id) == ("two-handed", OPTIONS, room.alice.id)
    assert new.seats[seat].user_id == room.alice.id
    assert (new.seats[1 - seat].display_name, new.seats[1 - seat].bot_level) == (
        computer.display_name,
        computer.bot_level,
    )
    await board_shows(room, old.id, f"Rematch: table #{new.id}.")
    assert board_of(room.channel, old.id).embeds[0].footer.text == f"Rematch: table #{new.id}."
    assert "Final standings: 1. " in board_of(room.channel, old.id).embeds[0].description
    await board_shows(room, new.id, "Start")
    assert labels(board_of(room.channel, new.id)) == [
        "Join",
        "Leave",
        "Add computer player",
        "Start",
    ]
    assert any(
        f"opened a rematch of table #{old.id}" in line for line in channel_lines(room.channel)
    )

    again = await room.alice.click(board_of(room.channel, old.id), label="Rematch")
    assert again.response.content == "You already have a seat at this table."
    started = await room.alice.click(board_of(room.channel, new.id), label="Start")
    assert started.response.content == "The game begins." and room.table().status == "playing"


async def test_score_and_rules_speak_of_the_table_that_just_ended(room):
    table = await finished_two_hand_game(room)
    score = await room.alice.slash(room.channel, "pinochle score")
    first, second = score.response.content.splitlines()[:2]
    assert first == f"Table #{table.id} (Two-handed) is over."
    assert second.startswith("Scores: ") and second.endswith("(game to 10)")
    rules = await room.alice.slash(room.channel, "pinochle rules")
    assert rules.response.embeds[0].title == "Two-handed"
    assert (
        rules.response.embeds[0].description.split("\n\n")[1].endswith("Game to 10.")
    )  # then the forfeit policy

    await room.eve.slash(room.channel, "pinochle language", language="ru")
    score = await room.eve.slash(room.channel, "pinochle score")
    assert score.response.content.startswith(f"Стол №{table.id} (")
    assert "игра окончена." in score.response.content.splitlines()[0]
    rules = await room.eve.slash(room.channel, "pinochle rules")
    assert rules.response.embeds[0].description.split("\n\n")[1].endswith("Игра до 10.")

    elsewhere = await room.alice.slash(room.guild.create_text_channel("other"), "pinochle score")
    assert elsewhere.response.content == "There is no open table here. Open one with /pinochle new."


async def test_score_and_tables_in_the_channel_tell_the_last_game_played_in_its_thread(
    room, database_path
):
    """The person asks where they opened the table: the result and a link to its thread, also
    after a restart (a game that ended while they were away is only in the store)."""
    from cogs._bot import create_bot
    from tests.cogs.sim import close_store

    table = await finished_two_hand_game(room)
    thread = room.channel
    assert thread.id != room.parent.id and table.channel_id == thread.id
    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.env.advance_time(10)

    score = await room.alice.slash(room.parent, "pinochle score")
    lines = score.response.content.splitlines()
    assert lines[0] == f"Table #{table.id} (Two-handed) in <#{thread.id}> is over."
    assert lines[1].startswith("Scores: ")
    assert lines[2].startswith("Final standings: 1. ")
    listed = await room.alice.slash(room.parent, "pinochle tables")
    assert listed.response.content.splitlines() == [
        "No open tables in this server.",
        f"The last game here: #{table.id} Two-handed in <#{thread.id}>. {lines[2]}",
    ]

    await room.eve.slash(room.parent, "pinochle language", language="ru")
    score = await room.eve.slash(room.parent, "pinochle score")
    assert score.response.content.startswith(f"Стол №{table.id} (")
    assert f"в ветке <#{thread.id}>: игра окончена." in score.response.content.splitlines()[0]
    assert score.response.content.splitlines()[2].startswith("Итог: 1. ")


async def test_score_in_the_channel_while_its_thread_table_plays_says_where(room):
    """A newer game playing in a thread is what the person means, not the last one that ended."""
    old = await finished_two_hand_game(room)
    await room.alice.slash(room.parent, "pinochle new", variant="two-handed")
    table = room.table()
    assert table is not None and table.id != old.id and table.channel_id != old.channel_id
    score = await room.alice.slash(room.parent, "pinochle score")
    assert score.response.content == (
        f"The tables opened from this channel play in their own threads: <#{table.channel_id}>."
        " Use the command there."
    )
