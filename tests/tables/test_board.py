"""The live board: the whole state in view, lines that begin with a capital, within Discord's limits."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from bot.game import PASS
from bot.game.events import DealEnded, TrickTaken
from bot.presentation.texts import board_text, hand_action_label
from tests.tables.helpers import shown
from tests.tables.texts_support import EVERY_GAME, publishes, random_moves, table_of

#: Discord's limit on an embed's description.
EMBED_DESCRIPTION = 4096


def mention(seat: int) -> str:
    """The longest way the bot names a player on Discord: a mention of an 19-digit id."""
    return f"<@145607444398080{seat:04d}>"


@pytest.mark.parametrize("variant,options", EVERY_GAME)
def test_the_longest_board_of_a_game_fits_an_embed_and_every_line_begins_with_a_capital(
    variant, options
):
    table = table_of(variant, 5, **options)
    longest = ""
    play = publishes(table, choose=random_moves(table, random.Random(5)))
    for _ in islice(play, 600):  # a few deals of random play
        for lang in ("en", "ru"):
            text = board_text(shown(table), lang, mention)
            longest = max(longest, text, key=len)
            assert all(line[0].isupper() or line[0].isdigit() for line in text.splitlines()), text
    assert len(longest) < EMBED_DESCRIPTION / 2, longest  # well within the limit


def test_the_board_shows_the_current_trick_recent_tricks_deal_points_and_scores():
    table = table_of("four-handed", 2)
    steps = publishes(table)
    tricks = 0
    for _, events, _ in steps:
        tricks += sum(isinstance(e, TrickTaken) for e in events)
        if tricks == 4 and table.game.view(0).trick:
            break
    board = board_text(shown(table), "en", lambda seat: ("Alice", "Bob", "Carol", "Dave")[seat])
    lines = board.splitlines()
    current = next(line for line in lines if line.startswith("Current trick: "))
    assert current.count(" · ") == len(table.public_view().trick) - 1  # who played which card
    recent = [line for line in lines if line.startswith("Trick ")]
    assert [line.split(":")[0] for line in recent] == ["Trick 4", "Trick 3", "Trick 2"]
    assert all(
        line.count(" · ") == 3 and " → " in line and line.endswith(" points") for line in recent
    )
    assert any(line.startswith("This deal: Alice meld ") for line in lines)
    assert any(line.startswith("Scores: ") for line in lines)


def test_the_last_completed_trick_stays_on_the_board_into_the_next_deal():
    table = table_of("two-handed", 0)
    for _, events, _ in publishes(table):
        if any(isinstance(e, DealEnded) for e in events):
            break
    board = board_text(shown(table), "en", lambda seat: ("Alice", "Bob")[seat])
    assert "Trick 24: " in board and "10 for the last trick" in board
    assert board.count("\nTrick ") == 1  # the old deal's other tricks are gone


def test_hand_labels_name_the_meld_and_its_points_and_what_a_pass_declines():
    table = table_of("two-handed", 0)
    for _action, _, _ in publishes(table):
        if table.game.phase == "meld":
            break
    meld = next(a for a in table.game.legal_actions() if a.verb == "meld")
    view = table.seat_view(table.game.to_act)  # the hand of the seat to meld
    assert hand_action_label(view, meld, "en") == "Meld pinochle: Q♠ J♦ (40)"
    assert hand_action_label(view, meld, "ru") == "Объявить пинокль: Д♠ В♦ (40)"
    assert hand_action_label(view, PASS, "en") == "No meld"
    assert hand_action_label(view, PASS, "ru") == "Без комбинации"
    auction = table_of("check", 3)
    assert hand_action_label(auction.seat_view(auction.game.to_act), PASS, "en") == "Pass"
