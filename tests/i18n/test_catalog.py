"""The catalog loader and `t`: how translators' files become texts, and what happens when one is missing."""

import json
import logging

import pytest

from bot.i18n import LANGUAGES, Catalog, CatalogError, pick_language


def write(root, lang, domain, data):
    path = root / lang / f"{domain}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8"
    )


@pytest.fixture
def two_domains(tmp_path):
    write(
        tmp_path,
        "en",
        "game",
        {"meld": {"flush": "flush", "reuse": "{card} was used"}, "only_en": "English only"},
    )
    write(tmp_path, "ru", "game", {"meld": {"flush": "флэш", "reuse": "{card} уже была"}})
    write(tmp_path, "en", "bot", {"meld": {"flush": "Flush! {who} melds"}})
    write(tmp_path, "ru", "bot", {"meld": {"flush": "Флэш! {who} объявляет"}})
    return Catalog.load(tmp_path)


def test_every_file_of_a_language_is_merged_under_its_domain(two_domains):
    assert two_domains.text("game.meld.flush", "ru") == "флэш"
    assert two_domains.text("bot.meld.flush", "ru", who="Аня") == "Флэш! Аня объявляет"
    assert two_domains.keys("en") == {
        "game.meld.flush",
        "game.meld.reuse",
        "game.only_en",
        "bot.meld.flush",
    }


def test_placeholders_are_filled_by_name(two_domains):
    assert two_domains.text("game.meld.reuse", "ru", card="Д♠") == "Д♠ уже была"
    assert two_domains.text("game.meld.reuse", "en", card="Q♠") == "Q♠ was used"


def test_a_key_missing_in_russian_falls_back_to_english_and_is_logged_once(two_domains, caplog):
    with caplog.at_level(logging.WARNING, logger="bot.i18n.catalog"):
        assert two_domains.text("game.only_en", "ru") == "English only"
        assert two_domains.text("game.only_en", "ru") == "English only"
    warnings = [r for r in caplog.records if "game.only_en" in r.getMessage()]
    assert len(warnings) == 1


def test_a_key_missing_in_english_is_a_programming_error(two_domains):
    with pytest.raises(KeyError, match="game.meld.nothing"):
        two_domains.text("game.meld.nothing", "ru")


def test_an_unknown_language_is_refused(two_domains):
    with pytest.raises(ValueError, match="'de'"):
        two_domains.text("game.meld.flush", "de")


def test_a_key_given_twice_in_one_object_is_refused(tmp_path):
    write(tmp_path, "en", "game", '{"meld": {"flush": "flush", "flush": "sequence"}}')
    with pytest.raises(CatalogError, match="'flush' appears twice"):
        Catalog.load(tmp_path)


def test_a_dot_inside_a_key_is_refused_so_keys_stay_unambiguous(tmp_path):
    write(tmp_path, "en", "game", {"meld.flush": "flush"})
    with pytest.raises(CatalogError, match="without dots"):
        Catalog.load(tmp_path)


@pytest.mark.parametrize("leaf", [3, None, ["flush"], True])
def test_a_leaf_that_is_not_text_is_refused(tmp_path, leaf):
    write(tmp_path, "en", "game", {"meld": {"flush": leaf}})
    with pytest.raises(CatalogError, match="game.meld.flush"):
        Catalog.load(tmp_path)


def test_broken_json_names_the_file(tmp_path):
    write(tmp_path, "en", "game", '{"meld": {"flush": "flush",}}')
    with pytest.raises(CatalogError, match="game.json: not valid JSON"):
        Catalog.load(tmp_path)


def test_a_catalog_without_english_is_refused(tmp_path):
    write(tmp_path, "ru", "game", {"meld": {"flush": "флэш"}})
    with pytest.raises(CatalogError, match="English"):
        Catalog.load(tmp_path)


@pytest.mark.parametrize(
    "locale, expected",
    [
        ("ru", "ru"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("uk", "en"),
        ("de", "en"),
        ("pt-BR", "en"),
        (None, "en"),
    ],
)
def test_discord_locales_pick_a_language(locale, expected):
    assert pick_language(locale) == expected


def test_the_default_language_applies_to_unknown_locales_only():
    assert pick_language("de", default="ru") == "ru"
    assert pick_language("en-US", default="ru") == "en"
    assert pick_language(None, default="ru") == "ru"


def test_a_discord_locale_object_picks_its_language():
    import discord

    assert pick_language(discord.Locale.russian) == "ru"
    assert pick_language(discord.Locale.ukrainian) == "en"


def test_the_default_must_be_a_language_the_bot_speaks():
    with pytest.raises(ValueError):
        pick_language("ru", default="de")
    assert LANGUAGES == ("en", "ru")


def test_chip_reasons_read_alike_in_the_channel_chips_history_and_the_web_ledger():
    """One wording of why chips moved: a meld check by name, the contract by its amount, the
    game premium, a leaver's forfeit premium apart from it."""
    from bot.i18n import chip_reason

    assert chip_reason("meld", "eight aces", "en") == "meld: eight aces"
    assert chip_reason("set", "250", "en") == "set 250"
    assert chip_reason("game", "game", "en") == "game"
    assert chip_reason("game", "forfeit", "en") == "forfeit"
    assert chip_reason("game", "forfeit", "ru") == "неустойка за уход"
    assert chip_reason("grant", "", "en", "welcome") == "grant: welcome"
