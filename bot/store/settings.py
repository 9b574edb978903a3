"""Per-user settings, and whether a picture may be sent (issue 7: "a per-server or per-user setting turns images off").

A user's settings follow the person across servers (`user_settings`, keyed by
Discord user id): card pictures on or off, and a language for private
replies; either may be unset, meaning "as the server has it" (images) or "as
the Discord client says" (language). A row whose settings are all unset is
deleted rather than kept empty.

The server's own settings (images, language of channel messages, hide_bots,
and the ledger's starting_balance and allow_negative) are `GuildSettings` in
`bot.store.ledger`; this module holds the checks both share.

Writes take `UNCHANGED` (the default) to leave a setting as it is and None to
unset it, where a setting can be unset.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, Literal

from bot.i18n.languages import LANGUAGES

from .db import Reader, Tx
from .errors import StoreError


class _Unchanged(enum.Enum):
    UNCHANGED = "unchanged"


#: The default of every settings keyword: leave the stored value as it is.
UNCHANGED: Final = _Unchanged.UNCHANGED
Unchanged = Literal[_Unchanged.UNCHANGED]
#: The notification channel (`Store.listen`) on which a changed person's user id is sent.
USER_SETTINGS_CHANNEL: Final = "pinochle_user_settings"


class SettingsError(StoreError, ValueError):
    """A setting refused by the store; the message names the setting and the value."""


@dataclass(frozen=True, slots=True)
class UserSettings:
    """One person's settings; None means unset (images: the server's choice; language: the client's)."""

    user_id: int
    images: bool | None = None
    language: str | None = None
    #: Turn pings: None (unset) means on.
    notify: bool | None = None


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


async def get_user_settings(db: Reader, user_id: int) -> UserSettings:
    row = await db.fetchone(
        "SELECT images, language, notify FROM user_settings WHERE user_id = ?", (user_id,)
    )
    if row is None:
        return UserSettings(user_id)
    return UserSettings(user_id, _switch(row[0]), row[1], _switch(row[2]))


def _switch(value: int | None) -> bool | None:
    return None if value is None else bool(value)


async def user_languages(db: Reader) -> dict[int, str]:
    """Every person's chosen language, for a cache the bot keeps (replies are sent without a query)."""
    rows = await db.fetchall(
        "SELECT user_id, language FROM user_settings WHERE language IS NOT NULL"
    )
    return {int(user_id): language for user_id, language in rows}


async def set_user_settings(
    tx: Tx,
    user_id: int,
    *,
    images: bool | Unchanged | None = UNCHANGED,
    language: str | Unchanged | None = UNCHANGED,
    notify: bool | Unchanged | None = UNCHANGED,
) -> UserSettings:
    """Change the given settings (None unsets one, UNCHANGED keeps it); returns the settings now.

    Every process sharing the database hears of it (`USER_SETTINGS_CHANNEL`,
    the user id as payload) once the change commits, so caches stay true.
    """
    await tx.lock("user", user_id)
    current = await get_user_settings(tx, user_id)
    new = UserSettings(
        user_id,
        current.images if images is UNCHANGED else check_switch("images", images, nullable=True),
        current.language if language is UNCHANGED else check_language("language", language),
        current.notify if notify is UNCHANGED else check_switch("notify", notify, nullable=True),
    )
    if new.images is None and new.language is None and new.notify is None:
        await tx.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
    else:
        await tx.execute(
            "INSERT INTO user_settings (user_id, images, language, notify, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET images = excluded.images,"
            " language = excluded.language, notify = excluded.notify, updated_at = excluded.updated_at",
            (user_id, _db_switch(new.images), new.language, _db_switch(new.notify), tx.now),
        )
    await tx.notify(USER_SETTINGS_CHANNEL, str(user_id))
    return new


def _db_switch(value: bool | None) -> int | None:
    return None if value is None else int(value)


async def notify_off(db: Reader) -> set[int]:
    """Everyone who turned turn pings off, for a cache the bot keeps (pings are sent without a query)."""
    rows = await db.fetchall("SELECT user_id FROM user_settings WHERE notify = 0")
    return {int(user_id) for (user_id,) in rows}


async def images_enabled(db: Reader, guild_id: int | None, user_id: int | None = None) -> bool:
    """Whether to attach card pictures: the user's setting if set, else the server's, else True.

    One query, so a hand view or a board redraw costs one round trip. A `guild_id`
    of None (no server) skips the server's setting.
    """
    row = await db.fetchone(
        "SELECT COALESCE((SELECT images FROM user_settings WHERE user_id = :user),"
        " (SELECT images FROM guild_settings WHERE guild_id = :guild), 1)",
        {"user": user_id, "guild": guild_id},
    )
    assert row is not None  # a SELECT without FROM always returns one row
    return bool(row[0])
