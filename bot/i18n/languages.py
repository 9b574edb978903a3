"""Which languages the bot speaks, and how a Discord locale picks one.

Rule: the primary subtag of the locale decides ("ru" -> Russian, "en-US" and
"en-GB" -> English); a locale whose language the bot does not speak gets the
default. Ukrainian ("uk") and other neighbours of Russian get the default too:
guessing that a Ukrainian or Belarusian player wants Russian is a guess the
bot should not make; the player can still choose Russian per table or server.
"""

from __future__ import annotations

#: Languages with a complete catalog, English first (the fallback language).
LANGUAGES: tuple[str, ...] = ("en", "ru")


def check_language(lang: str) -> str:
    """Return `lang` if the bot speaks it; otherwise ValueError (a caller's bug, not user input)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


def pick_language(locale: str | None, default: str = "en") -> str:
    """The bot language for a Discord locale code ("ru", "en-US", ...) or None.

    A `discord.Locale` works too: its str() is the code. `default` is returned
    for None and for languages without a catalog, and must itself be one of
    LANGUAGES.
    """
    check_language(default)
    if locale is None:
        return default
    primary = str(locale).strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else default
