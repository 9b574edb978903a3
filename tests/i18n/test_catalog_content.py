"""The project's catalogs: complete in every language, same placeholders, covering the engine's words."""

import re
from string import Formatter

import pytest

from bot.game import OPTIONS, VARIANTS
from bot.game.errors import REFUSALS
from bot.i18n import LANGUAGES, catalog, option_text, option_value_text, t
from bot.i18n.catalog import LOCALES

DOMAINS = sorted({path.stem for path in LOCALES.glob("*/*.json")})

MELDS = {
    "flush",
    "double flush",
    "royal marriage",
    "marriage",
    "dix",
    "aces around",
    "kings around",
    "queens around",
    "jacks around",
    "eight aces",
    "eight kings",
    "eight queens",
    "eight jacks",
    "pinochle",
    "double pinochle",
    "grand pinochle",
    "roundhouse",
    "roundhouse bonus",
    # the double deck's (H-7)
    "triple flush",
    "quadruple flush",
    *(f"{n} {r}" for n in ("twelve", "sixteen") for r in ("aces", "kings", "queens", "jacks")),
    "triple pinochle",
    "quadruple pinochle",
}
PHASES = {
    "deal",
    "exchange",
    "auction",
    "trump",
    "passing",
    "meld",
    "stock",
    "playoff",
    "draw",
    "play",
    "deal_over",
    "game_over",
}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def keys_of(lang: str, domain: str) -> set[str]:
    return {k for k in catalog().keys(lang) if k.split(".", 1)[0] == domain}


def section(lang: str, prefix: str) -> set[str]:
    return {k[len(prefix) :] for k in catalog().keys(lang) if k.startswith(prefix)}


def test_there_is_one_catalog_directory_per_language():
    assert sorted(p.name for p in LOCALES.iterdir() if p.is_dir()) == sorted(LANGUAGES)
    assert set(catalog().languages) == set(LANGUAGES)


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_key_exists_in_every_language(domain):
    english = keys_of("en", domain)
    assert english, f"no English texts in domain {domain}"
    for lang in LANGUAGES:
        assert keys_of(lang, domain) == english, f"{lang}/{domain}.json differs from English"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_uses_the_same_placeholders(domain):
    for key in keys_of("en", domain):
        english = fields(catalog().lookup(key, "en"))
        assert "" not in english, f"{key}: name every placeholder ({{card}}, not {{}})"
        for lang in LANGUAGES:
            text = catalog().lookup(key, lang)
            if text is not None:
                assert fields(text) == english, f"{lang} {key}: {fields(text)} != {english}"
                text.format(**{name: "x" for name in english})  # no stray brace breaks formatting


def test_every_engine_refusal_has_a_text_in_each_language_with_the_engines_placeholders():
    for lang in LANGUAGES:
        assert section(lang, "game.error.") == set(REFUSALS), lang
    for key, names in REFUSALS.items():
        english = catalog().lookup(f"game.error.{key}", "en")
        assert english is not None and fields(english) == names, key  # the engine names them all
        assert fields(catalog().lookup(f"game.error.{key}", "ru")) == fields(english), key


def test_variants_melds_suits_and_phases_are_named():
    assert section("en", "game.variant.") == {
        f"{v}.{part}" for v in VARIANTS for part in ("name", "summary")
    }
    assert section("en", "game.meld.") == MELDS
    assert section("en", "game.suit.") == {"spades", "hearts", "diamonds", "clubs"}
    assert section("en", "game.phase.") == PHASES


def expected_option_keys() -> set[str]:
    """What RULES §11 asks of the catalog: label and description per option and per value.

    On/off values take their label from game.switch; an option without a fixed list of
    values (target, roundhouse_bonus_points) has one "any" entry, plus "auto" if None is allowed.
    """
    keys = set()
    for name, spec in OPTIONS.items():
        keys |= {f"{name}.label", f"{name}.description"}
        if spec.choices is None:
            value_keys = ["any"] + (["auto"] if spec.default is None else [])
        else:
            value_keys = [
                "auto" if v is None else str(v) for v in spec.choices if not isinstance(v, bool)
            ]
            keys |= {
                f"{name}.values.{'on' if v else 'off'}.description"
                for v in spec.choices
                if isinstance(v, bool)
            }
        keys |= {
            f"{name}.values.{k}.{part}" for k in value_keys for part in ("label", "description")
        }
    return keys


def test_the_options_section_is_exactly_the_engines_options():
    assert section("en", "game.option.") == expected_option_keys()


def sample_values(spec):
    if spec.choices is not None:
        return spec.choices
    return {
        "target": (None, 1000, 1500),
        "roundhouse_bonus_points": (0, 10),
        "min_bid": (None, 50, 250),
    }[spec.name]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_option_and_value_reads_in_a_select_menu(name, lang):
    """Discord select options allow 100 characters for a label and for a description."""
    texts = [option_text(name, lang)] + [
        option_value_text(name, v, lang) for v in sample_values(OPTIONS[name])
    ]
    for label, description in texts:
        assert 0 < len(label) <= 100 and 0 < len(description) <= 100, (label, description)
    labels = [label for label, _ in texts[1:]]
    assert len(set(labels)) == len(labels), f"two values of {name} look the same: {labels}"


def test_a_value_outside_the_option_is_refused():
    with pytest.raises(ValueError):
        option_value_text("double_pinochle_value", 500, "ru")
    with pytest.raises(ValueError):
        option_text("no_such_option", "en")


def test_free_values_are_written_into_their_text():
    assert option_value_text("target", 1500, "ru").label == "1500 очков"
    assert option_value_text("target", None, "en").description.startswith("1000 points")
    assert option_value_text("pack64", True, "ru").label == "вкл."
    assert option_value_text("pack64", False, "en").label == "off"


#: RULES §10: the machine translation of S004 says "фокус" for trick, "медь/медяк/мелирование/слияние"
#: for meld, "брак" for marriage, "ферзь" for queen, "двойка"/"дикс" for the dix, "пенс" for points.
NOISE = re.compile(r"\b(фокус|медь|медяк|мелир|слияни|брак|ферз|двойк|дикс|пенс)", re.IGNORECASE)


def test_russian_texts_use_the_seed_terms_not_the_machine_translation_noise():
    for key in catalog().keys("ru"):
        text = catalog().lookup(key, "ru")
        assert not NOISE.search(text), f"{key}: {text}"


def test_meld_names_follow_the_russian_rule_texts():
    ru = {name: catalog().lookup(f"game.meld.{name}", "ru") for name in MELDS}
    assert ru["marriage"] == "марьяж"
    assert ru["royal marriage"] == "королевский марьяж"
    assert ru["pinochle"] == "пинокль"
    assert ru["double pinochle"] == "двойной пинокль"
    assert ru["dix"] == "дис"
    assert ru["flush"] == "флэш"
    assert ru["roundhouse"] == "полный проход"  # S002's "полный проход" (RULES §10)


def test_a_new_chips_player_is_spoken_of_without_assuming_gender():
    """A line like "Eve ещё не играл" took Eve for a man; the line must read right for anyone."""
    text = catalog().text("chips.balance.new", "ru", name="Eve", balance=100)
    assert text == "У игрока Eve ещё нет игр на фишки: начальный баланс — **100** фишек."
    assert not re.search(r"\b[а-яё]+(?:ал|ял|ил|ел)\b", text)


def test_a_contract_is_made_or_set_in_the_same_words_everywhere_in_both_languages():
    """E-12: in Russian a made contract is «выполнен», a set one «недобор» (the option's own word),
    in the deal's summary, the player's records and the web replay alike; never «сыграно»."""
    made = {
        "ru": [
            t("bot.line.contract_made", "ru", who="Bob", amount=250),
            t("records.stats.contracts", "ru", bids=5, made=3, set=2),
            t("web.replay.made", "ru"),
        ],
        "en": [
            t("bot.line.contract_made", "en", who="Bob", amount=250),
            t("records.stats.contracts", "en", bids=5, made=3, set=2),
            t("web.replay.made", "en"),
        ],
    }
    assert made["ru"] == [
        "Bob: контракт 250 выполнен.",
        "Контрактов взято на торговле: 5; выполнено: 3, недоборов: 2",
        "выполнен",
    ]
    assert made["en"] == [
        "Bob made the contract of 250.",
        "Contracts won in the auction: 5; made 3, set 2",
        "made",
    ]
    assert t("bot.line.contract_set", "ru", who="Bob", amount=250) == (
        "Bob: недобор, контракт 250 не выполнен."
    )
    assert t("web.replay.set", "ru") == "недобор" and t("web.replay.set", "en") == "set"
    assert t("bot.line.contract_set", "en", who="Bob", amount=250) == (
        "Bob went set: the contract of 250 failed."
    )
