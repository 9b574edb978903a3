"""The settings service: servers' and people's settings, checked here and stored by `bot.store`.

A server's settings are changed by name (`change(guild, starting_balance=250)`),
every value checked before anything is written, so a refused change changes
nothing; a refusal a member can meet (a number out of its range) carries a
catalog key. A person's settings (pictures, language, turn pings) are set one
at a time; every process sharing the database hears of the change
(`watch_people`), so caches of languages and pings stay true.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

from bot.i18n.languages import LANGUAGES
from bot.store import (
    GuildSettings,
    SettingsError,
    SettingsRefusal,
    Store,
    UserSettings,
    get_guild_settings,
    get_user_settings,
    images_enabled,
    notify_off,
    set_guild_settings,
    set_user_settings,
    user_languages,
)
from bot.store.ledger import MAX_AMOUNT
from bot.store.settings import USER_SETTINGS_CHANNEL

#: The settings that are whole numbers, with the range each takes (inclusive).
NUMBER_RANGES: Final[dict[str, tuple[int, int]]] = {
    "starting_balance": (0, MAX_AMOUNT),
    "abandon_minutes": (1, 60),
    "max_tables_member": (1, 20),
    "max_tables_server": (1, 500),
    "max_hard_seats": (0, 3),
    "new_cooldown": (0, 3600),
}
#: Where a table may live.
TABLE_PLACES: Final = ("thread", "channel")
#: The on/off server settings.
SWITCHES: Final = ("allow_negative", "images", "hide_bots", "web")


def check_switch(name: str, value: object, *, nullable: bool = False) -> bool | None:
    """An on/off setting must be a bool (or None where it can be unset): 1 or "yes" is a caller's bug."""
    if value is None and nullable:
        return None
    if not isinstance(value, bool):
        raise SettingsError(
            f"{name} must be True or False{' or None' if nullable else ''}, not {value!r}"
        )
    return value


def check_language(name: str, value: object) -> str | None:
    """A language the bot speaks (bot.i18n LANGUAGES), or None for unset."""
    if value is not None and value not in LANGUAGES:
        raise SettingsError(
            f"{name} {value!r} is not one of {', '.join(LANGUAGES)} (or None for unset)"
        )
    return value


def check_guild_setting(name: str, value: object) -> object:
    """A server setting's new value, or SettingsError naming the setting and what it takes."""
    if name in SWITCHES:
        return check_switch(name, value)
    if name == "language":
        return check_language(name, value)
    if name == "table_place":
        if value not in TABLE_PLACES:
            raise SettingsError(f"table_place {value!r} is not one of {', '.join(TABLE_PLACES)}")
        return value
    if name == "web_generation":
        if type(value) is not int or value < 0:
            raise SettingsError(f"web_generation must be a whole number from 0, not {value!r}")
        return value
    if name not in NUMBER_RANGES:
        raise SettingsError(f"no server setting called {name}")
    low, high = NUMBER_RANGES[name]
    if type(value) is not int or not low <= value <= high:
        raise SettingsRefusal(
            "settings.refuse.out_of_range",
            setting=name,
            value=value,
            low=low,
            high=high,
        )
    return value


class SettingsService:
    """Reads and changes settings; each change is one transaction of its own."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def guild(self, guild_id: int) -> GuildSettings:
        return await get_guild_settings(self._store, guild_id)

    async def person(self, user_id: int) -> UserSettings:
        return await get_user_settings(self._store, user_id)

    async def images_enabled(self, guild_id: int | None, user_id: int | None = None) -> bool:
        """Whether to attach card pictures: the person's choice, else the server's, else yes."""
        return await images_enabled(self._store, guild_id, user_id)

    async def languages(self) -> dict[int, str]:
        """Every person's chosen language (for the bot's cache)."""
        return await user_languages(self._store)

    async def notify_off(self) -> set[int]:
        """Everyone who turned turn pings off (for the bot's cache)."""
        return await notify_off(self._store)

    async def watch_people(self, changed: Callable[[str], Awaitable[None]]) -> None:
        """Call `changed(user id as text)` whenever a person's settings change, in any process."""
        await self._store.listen(USER_SETTINGS_CHANNEL, changed)

    async def change(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change server settings by name; all checked first, so a refusal writes nothing."""
        checked = {name: check_guild_setting(name, value) for name, value in changes.items()}
        async with self._store.transaction() as tx:
            return await set_guild_settings(tx, guild_id, **checked)

    async def rotate_web(self, guild_id: int) -> GuildSettings:
        """A new generation of the server's web token: every older link stops working."""
        async with self._store.transaction() as tx:
            current = await get_guild_settings(tx, guild_id)
            return await set_guild_settings(tx, guild_id, web_generation=current.web_generation + 1)

    async def set_images(self, user_id: int, images: bool | None) -> UserSettings:
        """A person's pictures on, off, or (None) as the server has them."""
        checked = check_switch("images", images, nullable=True)
        async with self._store.transaction() as tx:
            return await set_user_settings(tx, user_id, images=checked)

    async def set_language(self, user_id: int, language: str | None) -> UserSettings:
        """A person's language for private replies, or (None) their Discord client's."""
        checked = check_language("language", language)
        async with self._store.transaction() as tx:
            return await set_user_settings(tx, user_id, language=checked)

    async def set_notify(self, user_id: int, on: bool) -> UserSettings:
        """Turn pings on (stored as unset, the default) or off."""
        check_switch("notify", on)
        async with self._store.transaction() as tx:
            return await set_user_settings(tx, user_id, notify=None if on else False)
