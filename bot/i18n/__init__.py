"""Russian and English: message catalogs, the lookup `t`, game terms and the command translator.

Catalog files
    `bot/i18n/locales/<lang>/<domain>.json`, one file per language and domain,
    plain JSON a translator can edit. The loader merges every file it finds:
    a new domain is a new file in each language directory, with no code change.
    Nested objects are flattened with dots, and the file's domain is the first
    part of every key, so `locales/ru/game.json` holding
    `{"meld": {"flush": "флэш"}}` defines `game.meld.flush`. Keys of two
    domains therefore cannot collide; inside a file, a key may not contain a
    dot or appear twice in one object (the loader refuses both).
    Templates use `str.format` placeholders with names (`"нужно сыграть козырь
    старше {card}"`); every language must use the same placeholders for a key,
    and `tests/i18n` checks that every key exists in every language.

Domains
    `game`      the engine's words (see `game_text`): `game.variant.<variant>.name|summary`,
                `game.meld.<engine meld name>`, `game.suit.<spades|hearts|diamonds|clubs>`,
                `game.phase.<phase>`, `game.action.<verb>` (an action's label;
                spaces in verbs become underscores), `game.switch.on|off`,
                `game.option.<option>.label|description` and
                `game.option.<option>.values.<value>.label|description` (value keys:
                str(value), "auto" for None, "any" with a `{value}` placeholder for
                options without a fixed list; on/off options have descriptions only),
                `game.error.<key>`: the engine's refusals (`bot.game.errors.REFUSALS`
                names them and their placeholders); importing this package makes
                `str(refusal)` the English text (`bot.game.errors.speak_with`).
    `commands`  slash-command names and descriptions (see `translator`).
    `bot`       (and any other) messages of the Discord bot, added by its authors.

Numbers
    `number(value, digits=None)` and `signed(...)` write negatives with the
    typographic minus "−" ("−13", "+5", "−8"): every signed number a person reads.

Languages
    `LANGUAGES = ("en", "ru")`. `pick_language(locale)` maps a Discord locale to
    one of them ("ru" -> "ru", "en-US"/"en-GB" -> "en", anything else -> the
    default). A key missing in Russian falls back to English (logged once); a
    key missing in English raises KeyError.

`bot.i18n.translator.PinochleTranslator` needs discord.py and is not imported
here, so the table service can use `t` without Discord.
"""

from .catalog import Catalog, CatalogError, catalog, t
from .game_text import (
    OptionText,
    action_label,
    card_text,
    cards_text,
    chip_reason,
    describe_error,
    meld_name,
    option_text,
    option_value_text,
    phase_name,
    suit_name,
    variant_name,
    variant_summary,
)
from .languages import LANGUAGES, check_language, pick_language
from .numbers import MINUS, number, signed

__all__ = [
    "LANGUAGES",
    "MINUS",
    "Catalog",
    "CatalogError",
    "OptionText",
    "action_label",
    "card_text",
    "cards_text",
    "catalog",
    "check_language",
    "chip_reason",
    "describe_error",
    "meld_name",
    "number",
    "option_text",
    "option_value_text",
    "phase_name",
    "pick_language",
    "signed",
    "suit_name",
    "t",
    "variant_name",
    "variant_summary",
]
