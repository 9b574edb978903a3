"""Cards and their text forms (G-1, G-2, and the Russian notation)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.game import ALL_CARDS, Card, Suit, format_cards, make_pack, parse_cards


def test_pack_has_two_of_each_card_g1():
    pack = make_pack()
    assert len(pack) == 48
    assert all(pack.count(c) == 2 for c in set(pack))
    assert {c.rank for c in pack} == {"A", "10", "K", "Q", "J", "9"}
    assert len(make_pack(True)) == 64 and {"8", "7"} <= {c.rank for c in make_pack(True)}


def test_rank_order_g2():
    order = [Card(r, Suit.SPADES) for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]
    assert [c.strength for c in order] == sorted((c.strength for c in order), reverse=True)


@pytest.mark.parametrize(
    "text", ["AS 10H KD QC JS 9S", "as,10h,kd,qc,js,9s", "A♠ 10♥ K♦ Q♣ J♠ 9♠", "AS TH KD QC JS 9S"]
)
def test_parse_forms(text):
    assert format_cards(parse_cards(text)) == "A♠ 10♥ K♦ Q♣ J♠ 9♠"


def test_russian_notation():
    assert format_cards(parse_cards("Тп 10ч Кб Дт Вп 9п")) == "A♠ 10♥ K♦ Q♣ J♠ 9♠"
    assert Card.from_text("Q♠").text("ru") == "Д♠"


@pytest.mark.parametrize("bad", ["1S", "AX", "ZZ", "A", "10", "♠"])
def test_bad_token_named(bad):
    with pytest.raises(ValueError, match="not a card"):
        parse_cards(f"AS {bad}")


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20), st.sampled_from(["en", "ru"]))
def test_round_trip(cards, lang):
    assert parse_cards(format_cards(cards, lang)) == cards
