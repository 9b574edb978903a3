"""`give_draft`: the give of the passing (F-5) as it is typed, read for autocomplete: only held
cards, each copy once, in the order typed, in either language's notation."""

from __future__ import annotations

import pytest

from bot.game import Card, parse_cards
from bot.presentation.typed import give_draft

HELD = parse_cards("A♥ A♥ 10♥ K♥ Q♠ J♦ 9♣")


def texts(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


@pytest.mark.parametrize(
    ("typed", "chosen", "more"),
    [
        ("", "", "A♥ 10♥ K♥ Q♠ J♦ 9♣"),
        ("give A♥ ", "A♥", "A♥ 10♥ K♥ Q♠ J♦ 9♣"),  # a second copy is held
        ("give a♥ ah A♥ ", "A♥ A♥", "10♥ K♥ Q♠ J♦ 9♣"),  # no third copy
        ("give K♠ Q♠ ", "Q♠", "A♥ 10♥ K♥ J♦ 9♣"),  # K♠ is not held: never named
        ("give A♥ 1", "A♥", "10♥"),  # an unfinished card narrows the next
        ("передать Тч К", "A♥", "K♥"),  # Russian: Т is the ace, К the king
        ("передать т", "", "A♥"),  # not clubs (трефы): the word is a card begun
        ("give A♥ zz", "A♥", "A♥ 10♥ K♥ Q♠ J♦ 9♣"),  # begins no card: every one
    ],
)
def test_a_typed_give_names_held_cards_only(typed, chosen, more):
    draft = give_draft(4, HELD, typed)  # 4 cards due
    assert draft is not None and draft.count == 4
    assert (texts(draft.chosen), texts(draft.more)) == (chosen, more)


def test_no_draft_unless_the_passing_is_offered():
    assert give_draft(0, HELD, "give A♥") is None  # no card due: not the seat passing
    assert give_draft(0, HELD, "") is None
