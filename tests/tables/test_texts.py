"""The table texts: every line of whole games and the board, in English and Russian."""

from __future__ import annotations

import re
import string
from dataclasses import fields

import pytest

from bot.game import DRAW_TURNUP, parse_action
from bot.i18n import catalog
from bot.presentation.texts import (
    action_label,
    board_text,
    board_title,
    hand_text,
    plain_namer,
    say,
)
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, open_table, play_out, shown


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_bot_catalog_has_every_key_in_both_languages_with_the_same_placeholders():
    texts = catalog()
    english = {k for k in texts.keys("en") if k.startswith("bot.")}
    russian = {k for k in texts.keys("ru") if k.startswith("bot.")}
    assert english and english == russian
    for key in english:
        assert placeholders(texts.lookup(key, "en")) == placeholders(texts.lookup(key, "ru")), key


class Speaker:
    """A publisher that renders every public outcome in both languages, as a channel would."""

    def __init__(self) -> None:
        self.said: dict[str, list[str]] = {"en": [], "ru": []}

    def publish(self, table, outcome) -> None:
        for lang in self.said:
            name = plain_namer(shown(table))
            self.said[lang] += [say(text, lang, name) for text in outcome.public]
            self.said[lang].append(
                board_title(shown(table), lang) + "\n" + board_text(shown(table), lang, name)
            )


@pytest.mark.parametrize("variant", ["two-handed", "two-handed-no-trump", "three-handed", "check"])
async def test_a_whole_game_reads_in_both_languages(store, variant):
    speaker = Speaker()
    service = TableService(store, publisher=speaker, seed=21, turn_seconds=0)
    table = await open_table(service, variant, options={"target": 300})
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE)
    await service.close()
    english, russian = "\n".join(speaker.said["en"]), "\n".join(speaker.said["ru"])
    assert "Game over." in english and "Партия окончена." in russian
    assert "Final standings" in english and "Итог:" in russian
    assert not re.search(r"\{\w+\}", english + russian)  # every placeholder was filled
    assert "Трик" not in russian and "Взятка" in russian


async def test_hand_text_shows_own_cards_and_labels_read_in_russian(service):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    seat = table.to_act
    person = ALICE if table.seats[seat].user_id == ALICE.user_id else BOB
    hand = await service.hand(table.id, person.user_id)
    text = hand_text(shown(table), seat, hand.view, hand.covered, "ru", plain_namer(shown(table)))
    assert text.startswith("Ваши карты: ") and "Ваш ход" in text
    play = next(a for a in hand.legal if a.verb == "play")
    assert action_label(play, "ru") in text
    assert action_label(parse_action("meld K♥ Q♥"), "ru") == "Объявить К♥ Д♥"
    assert action_label(DRAW_TURNUP, "en") == "Take the turn-up"


async def test_the_board_shows_only_what_every_seat_may_see(service):
    table = await open_table(service)
    await service.start(table.id, ALICE)
    view = table.public_view()
    assert view is table.public_view()  # computed once per state version
    assert not {"hand", "legal", "unseen", "world", "known"} & {f.name for f in fields(view)}
    board = board_text(shown(table), "en", plain_namer(shown(table)))
    hidden = [str(c) for seat in (0, 1) for c in table.game.view(seat).hand if c != view.turnup]
    assert hidden and not any(card in board for card in hidden)
    assert str(view.turnup) in board


class LineSpeaker(Speaker):
    """Only the channel lines, without the board."""

    def publish(self, table, outcome) -> None:
        for lang in self.said:
            self.said[lang] += [
                say(text, lang, plain_namer(shown(table))) for text in outcome.public
            ]


async def test_every_bid_and_pass_of_a_check_auction_is_told_in_one_line_in_both_languages(store):
    """E-5, E-6: the scroll-back tells how the contract came about, every bid and pass in one line."""
    speaker = LineSpeaker()
    service = TableService(store, publisher=speaker, seed=21, turn_seconds=0)
    table = await open_table(service, "check", options={"target": 300})
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE)
    await service.close()
    english, russian = speaker.said["en"], speaker.said["ru"]
    auctions = [line for line in english if line.startswith("Bidding: ")]
    assert auctions and len(auctions) == len(
        [line for line in russian if line.startswith("Торговля: ")]
    )
    for line in auctions:
        bids, won = line[len("Bidding: ") :].split(". ", 1)
        assert all(
            re.fullmatch(r".+ (\d+|passed|\d+ \(forced: .+\))", part) for part in bids.split(", ")
        )
        assert re.fullmatch(r".+ won the bidding at \d+\.", won)
    assert not any(
        re.fullmatch(r".+ (bid \d+|passed)\.", line) for line in english
    )  # no line per bid
