"""Cards, suits, melds and refusals as a Russian or English player reads them."""

import pytest

from bot.game import Card, IllegalAction, Suit, make_pack, new_game, parse_cards
from bot.game.errors import REFUSALS
from bot.i18n import (
    card_text,
    cards_text,
    describe_error,
    meld_name,
    phase_name,
    suit_name,
    variant_name,
    variant_summary,
)


def test_russian_card_notation_round_trips_for_the_whole_64_card_pack():
    pack = make_pack(pack64=True)
    assert len(pack) == 64
    assert parse_cards(cards_text(pack, "ru")) == pack
    assert parse_cards(cards_text(pack, "en")) == pack


def test_russian_cards_use_Т_К_Д_В():
    assert cards_text(parse_cards("AS 10H KD QC JS 9S 8H 7D"), "ru") == "Т♠ 10♥ К♦ Д♣ В♠ 9♠ 8♥ 7♦"
    assert card_text(Card("Q", Suit.SPADES), "ru") == "Д♠"
    assert card_text(Card("Q", Suit.SPADES), "en") == "Q♠"


def test_russian_letters_for_suits_are_read_too():
    """Т К Д В with п/ч/б/т, as a Russian player types them."""
    assert parse_cards("Тп 10ч Кб Дт Вп") == parse_cards("A♠ 10♥ K♦ Q♣ J♠")


def test_an_unknown_language_is_a_caller_bug():
    with pytest.raises(ValueError):
        card_text(Card("A", Suit.HEARTS), "de")


def test_suit_names():
    assert [suit_name(s, "ru") for s in Suit] == ["пики", "червы", "бубны", "трефы"]
    assert suit_name("♥", "en") == "hearts"
    assert suit_name("ч", "ru") == "червы"


def test_names_of_melds_variants_and_phases():
    assert meld_name("royal marriage", "ru") == "королевский марьяж"
    assert meld_name("aces around", "en") == "aces around"
    assert variant_name("check", "ru") == "Чековый пинокль"
    assert phase_name("auction", "ru") == "Торговля"
    with pytest.raises(KeyError):
        meld_name("straight", "ru")


def test_rules_summaries_state_the_variants_defining_rules():
    assert "1000" in variant_summary("two-handed", "ru") and "запас" in variant_summary(
        "two-handed", "ru"
    )
    assert "16" in variant_summary("three-handed", "ru")
    assert "200" in variant_summary("check", "ru") and "марьяж" in variant_summary("check", "ru")
    assert "first marriage" in variant_summary("two-handed-no-trump", "en")


def test_english_refusals_are_the_engines_own_sentences():
    for key, names in REFUSALS.items():
        error = IllegalAction(key, "P-2", **{name: "A♠" for name in names})
        assert describe_error(error, "en") == str(error)


def test_a_russian_refusal_keeps_the_rule_id_and_shows_cards_the_russian_way():
    error = IllegalAction("not_in_hand", "P-0", card="Q♠")
    assert describe_error(error, "ru") == "у вас нет карты Д♠ (P-0)"


def test_a_russian_refusal_names_the_meld_in_russian():
    error = IllegalAction("meld_reuse", "M-4", card="Q♥", meld_class="royal marriage")
    assert describe_error(error, "ru") == (
        "карта Д♥ уже была в комбинации «королевский марьяж» и не может войти в другую того же класса (M-4)"
    )


def test_a_refusal_without_a_rule_has_no_parentheses():
    assert describe_error(IllegalAction("game_over"), "ru") == "партия окончена"


def test_numbers_and_suit_symbols_pass_through():
    assert (
        describe_error(IllegalAction("bid_too_low", "E-4", minimum=200), "ru")
        == "минимальная заявка — 200 (E-4)"
    )
    assert (
        describe_error(IllegalAction("must_follow", "P-2", suit="♥"), "ru")
        == "нужно ходить в масть: у вас есть ♥ (P-2)"
    )


def test_a_real_engine_refusal_reads_in_russian():
    game = new_game("two-handed", seed=7)
    seat = game.to_act
    hand = game.view(seat).hand
    missing = next(c for c in make_pack() if c not in hand)
    with pytest.raises(IllegalAction) as caught:
        game.apply(f"play {missing}")
    assert caught.value.name == "not_in_hand"
    russian = describe_error(caught.value, "ru")
    assert russian.startswith("у вас нет карты")
    assert russian.endswith(f"({caught.value.rule})")
    assert card_text(missing, "ru") in russian
    assert describe_error(caught.value, "en") == str(caught.value)


def test_a_russian_refusal_names_an_action_by_its_label_and_keeps_what_is_no_action():
    assert describe_error(IllegalAction("not_now", action="declare out"), "ru") == (
        "действие «Объявить выход» сейчас недоступно"
    )
    assert describe_error(IllegalAction("not_legal", action="play Q♠"), "ru") == (
        "действие «Д♠» сейчас не разрешено"
    )
    assert describe_error(IllegalAction("not_legal", action="fly away"), "ru") == (
        "действие «fly away» сейчас не разрешено"
    )
    assert describe_error(IllegalAction("not_now", action="dix"), "en") == "you cannot dix now"
