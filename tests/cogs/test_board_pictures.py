"""The board's pictures: the trick (or the last one) and the melds, replaced at each edit,
and off when the server or the person turned pictures off."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import render_melds, render_trick, theme
from bot.render.trick import HEIGHT, PLACE_W
from bot.store import set_guild_settings, set_user_settings
from cogs._presenter import SAME_TURN
from tests.cogs.sim import board_message, take_turn
from tests.cogs.test_play import two_people


def current_board(room):
    """The board message as it is now (the channel's history shows edits)."""
    return board_message(room.channel)


async def attachments(message) -> dict[str, bytes]:
    return {a.filename: await a.read() for a in message.attachments}


def size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).size


def named(table, plays):
    """A trick of the public view as the picture gets it: players by name (the font has no robot)."""
    return [(table.seats[seat].display_name.removeprefix("🤖 "), card) for seat, card in plays]


async def test_the_board_shows_the_trick_being_played_then_the_last_one(room):
    table, mover, _ = await two_people(room)
    await room.env.advance_time(5)
    board = current_board(room)
    files = await attachments(board)
    assert list(files) == ["trick.png"] and board.embeds[0].image.url.endswith("trick.png")
    assert size(files["trick.png"]) == (2 * PLACE_W + 2 * theme.PAD, HEIGHT)  # two empty places

    await take_turn(
        mover, room.channel
    )  # the lead: one card on the table, winning so far (RULES G-3)
    await room.env.advance_time(5)
    view = table.public_view()
    assert len(view.trick) == 1
    trump = view.trump
    expected = render_trick(named(table, view.trick), trump=trump, winner=0, lang="en", places=2)
    assert (await attachments(current_board(room)))["trick.png"] == expected

    while table.public_view().trick:
        await take_turn(room.member_at(table.to_act), room.channel)
    # The trick's winner may keep the turn: the board then waits for the turn's end, at most this.
    await room.env.advance_time(SAME_TURN + 1)
    view = table.public_view()
    last = view.last_trick
    winner = [s for s, _ in last].index(view.last_trick_winner)
    files = await attachments(current_board(room))
    assert files["trick.png"] == render_trick(
        named(table, last), trump=trump, winner=winner, lang="en", places=2
    )
    assert [a.filename for a in current_board(room).attachments].count(
        "trick.png"
    ) == 1  # replaced, not added


async def test_melds_on_the_table_get_their_own_picture(room):
    table, _, _ = await two_people(room)
    for _ in range(60):
        if table.public_view().table:
            break
        legal = table.game.legal_actions()
        mover = room.member_at(table.to_act)
        meld = next((a for a in legal if a.verb == "meld"), None)
        if meld:
            await mover.slash(room.channel, "pinochle meld", cards=meld.argument)
        else:
            await take_turn(mover, room.channel)
    await room.env.advance_time(SAME_TURN + 1)  # a meld keeps the turn: the board waits for it
    view = table.public_view()
    assert view.table, "no meld was made in 60 turns"
    board = current_board(room)
    files = await attachments(board)
    rows = [(table.seats[seat].display_name, cards) for seat, cards in sorted(view.table.items())]
    assert files["melds.png"] == render_melds(rows, trump=view.trump, lang="en")
    assert [e.image.url.rsplit("/", 1)[-1] for e in board.embeds] == ["trick.png", "melds.png"]


async def test_pictures_off_for_the_server_leave_text_only_and_a_person_may_want_their_own(room):
    async with room.bot.store.transaction() as tx:
        await set_guild_settings(tx, room.guild.id, images=False)
        await set_user_settings(tx, room.alice.id, images=True)
    table, _, _ = await two_people(room)
    await room.env.advance_time(5)
    board = current_board(room)
    assert board.attachments == [] and not board.embeds[0].image
    assert "Current trick: —" in board.embeds[0].description
    alice = (await room.alice.slash(room.channel, "pinochle hand")).response
    bob = (await room.bob.slash(room.channel, "pinochle hand")).response
    assert [a.filename for a in alice.attachments] == ["hand.png"]
    assert bob.attachments == [] and bob.content.startswith("Your hand: ")

    async with room.bot.store.transaction() as tx:
        await set_guild_settings(tx, room.guild.id, images=True)
        await set_user_settings(tx, room.alice.id, images=False)
    await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(5)
    assert [a.filename for a in current_board(room).attachments] == ["trick.png"]
    assert (await room.alice.slash(room.channel, "pinochle hand")).response.attachments == []


def test_the_meld_picture_holds_every_card_equal_melds_need():
    """H-6, H-7: two marriages of a suit are four cards, drawn as four; a marriage and a
    pinochle (other classes) still share their Q♠, drawn once."""
    from collections import Counter
    from types import SimpleNamespace

    from bot.game import parse_cards
    from bot.game.views import MeldOnTable
    from cogs._pictures import _meld_rows
    from tests.tables.texts_support import table_of

    def shown(name: str, cards: str) -> MeldOnTable:
        return MeldOnTable(1, name, tuple(parse_cards(cards)), 2, True)

    melds = (
        shown("marriage", "K♣ Q♣"),
        shown("marriage", "K♣ Q♣"),
        shown("marriage", "K♠ Q♠"),
        shown("pinochle", "Q♠ J♦"),
    )
    view = SimpleNamespace(table={}, melds=melds)
    ((_name, cards),) = _meld_rows(table_of("double-deck", 0), view)  # type: ignore[arg-type]
    assert Counter(cards) == Counter(parse_cards("K♣ Q♣ K♣ Q♣ K♠ Q♠ J♦"))
