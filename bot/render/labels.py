"""The few words drawn into pictures, in English and Russian.

Kept here rather than in `bot.i18n` so pictures depend on nothing but the engine;
the words follow the Russian source texts (козырь, комбинации).
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "trump": "Trump",
        "empty_hand": "No cards",
        "empty_table": "No cards on the table",
        "no_melds": "No melds",
    },
    "ru": {
        "trump": "Козырь",
        "empty_hand": "Нет карт",
        "empty_table": "На столе пусто",
        "no_melds": "Нет комбинаций",
    },
}


def language(lang: str) -> str:
    """The picture language for a language tag: `"ru"` and `"ru-RU"` give Russian,
    anything else English (Discord locales look like `"en-US"`)."""
    base = lang.split("-")[0].lower()
    return base if base in LABELS else "en"


def label(key: str, lang: str) -> str:
    """The word `key` in `lang` (already passed through `language`)."""
    return LABELS[lang][key]
