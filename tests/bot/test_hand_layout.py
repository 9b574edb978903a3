"""The hand view's layout keeps within Discord's limits: 5 rows, 5 buttons a row, 25 options a menu."""

from __future__ import annotations

from cogs._hand import _layout


def test_a_long_auction_is_two_menus_and_pass_a_button():
    legal = [f"bid {amount}" for amount in range(200, 1510, 10)] + ["pass"]
    rows = _layout(legal)
    menus = [indices for kind, verb, indices in rows if kind == "menu"]
    assert [len(m) for m in menus] == [25, 22] and rows[-1] == ("buttons", "pass", [131])
    assert menus[0][0] == 0 and menus[1][-1] <= 130


def test_sixteen_cards_are_buttons_and_more_become_a_menu():
    cards = [f"play {rank}{suit}" for suit in "♠♥♦♣" for rank in ("A", "10", "K", "Q")]
    assert [kind for kind, _, _ in _layout(cards)] == ["buttons"] * 4
    melds = [f"meld K{s} Q{s}" for s in "♠♥♦♣"] + ["dix", "pass"]
    rows = _layout(cards + melds)
    assert len(rows) <= 5 and ("menu", "play", list(range(16))) in rows
    assert all(len(indices) <= (25 if kind == "menu" else 5) for kind, _, indices in rows)
    assert sorted(i for _, _, indices in rows for i in indices) == list(range(len(cards + melds)))
