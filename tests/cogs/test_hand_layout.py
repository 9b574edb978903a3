"""The hand view's layout keeps within Discord's limits: 5 rows, 5 buttons a row, 25 options a menu."""

from __future__ import annotations

import discord

from bot.game import DIX, PASS, parse_action
from cogs._hand import _layout


def test_a_long_auction_is_two_menus_and_pass_a_button():
    legal = [parse_action(f"bid {amount}") for amount in range(200, 1510, 10)] + [PASS]
    rows = _layout(legal)
    menus = [indices for kind, verb, indices in rows if kind == "menu"]
    assert [len(m) for m in menus] == [25, 22] and rows[-1] == ("buttons", "pass", [131])
    assert menus[0][0] == 0 and menus[1][-1] <= 130


def test_sixteen_cards_are_buttons_and_more_become_a_menu():
    cards = [parse_action(f"play {r}{s}") for s in "♠♥♦♣" for r in ("A", "10", "K", "Q")]
    assert [kind for kind, _, _ in _layout(cards)] == ["buttons"] * 4
    melds = [parse_action(f"meld K{s} Q{s}") for s in "♠♥♦♣"] + [DIX, PASS]
    rows = _layout(cards + melds)
    assert len(rows) <= 5 and ("menu", "play", list(range(16))) in rows
    assert all(len(indices) <= (25 if kind == "menu" else 5) for kind, _, indices in rows)
    assert sorted(i for _, _, indices in rows for i in indices) == list(range(len(cards + melds)))


async def test_the_two_bid_menus_of_a_long_auction_say_which_bids_they_hold():
    """E-4: the first menu holds the lowest bids, the second the higher ones, and their labels say so."""
    from bot.tables import Hand
    from cogs._hand import hand_components
    from tests.tables.texts_support import table_of

    table = table_of("check", 3)
    while (
        not any(a.verb == "bid" for a in table.game.legal_actions())
        or len(table.game.legal_actions()) < 30
    ):
        table.game.apply(
            table.game.legal_actions()[-1]
        )  # pass until someone with a marriage may bid
    seat = table.game.to_act
    hand = Hand(table, seat, table.seat_view(seat), table.game.legal_actions(), 0, False)
    for lang, first, more in (("en", "Bid…", "Higher bids…"), ("ru", "Ставка…", "Ставки выше…")):
        menus = [
            item
            for item in hand_components(hand, lang).children
            if isinstance(item.item, discord.ui.Select)
        ]
        assert [menu.item.placeholder for menu in menus] == [first, more]


def test_the_cards_buttons_follow_the_hand_trump_first_as_its_text_shows_them():
    """The buttons to play come in the hand's own order: trump first, then ♠♥♦♣ (the text's)."""
    from bot.presentation.texts import hand_text, plain_namer
    from bot.tables import Hand
    from cogs._hand import hand_components
    from tests.tables.texts_support import table_of

    table = table_of("two-handed", 1)  # trump ♦ (the turnup), shown first
    seat = table.game.to_act
    view = table.seat_view(seat)
    assert view.trump is not None and view.trump.value == "♦"
    hand = Hand(table, seat, view, table.game.legal_actions(), 0, False)
    for lang in ("en", "ru"):
        buttons = [
            item.item.label
            for item in hand_components(hand, lang).children
            if isinstance(item.item, discord.ui.Button)
            and item.item.custom_id.startswith("pinochle:act:")
        ]
        shown = hand_text(table, seat, view, False, lang, plain_namer(table)).splitlines()[0]
        cards = shown.split(": ", 1)[1].split()
        assert buttons == list(dict.fromkeys(cards)), (buttons, shown)
        assert buttons[0].endswith("♦")
