"""Server and per-user settings, and whether a picture may be sent (a per-server or per-user setting turns images off).

A user's settings follow the person across servers (`user_settings`, keyed by
Discord user id): card pictures on or off, and a language for private
replies; either may be unset, meaning "as the server has it" (images) or "as
the Discord client says" (language). A row whose settings are all unset is
deleted rather than kept empty.

A server's settings (`GuildSettings`, one row per guild: images, the language
of channel messages, hide_bots in standings, where tables live, when an empty
table closes, the limits on tables, and the ledger's starting_balance and
allow_negative) are read with `get_guild_settings` and changed with
`set_guild_settings`; what each takes is the settings service's to check
(`bot.services.settings`), so this module only stores.

Writes take `UNCHANGED` (the default) to leave a setting as it is and None to
unset it, where a setting can be unset.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from .db import Reader, Tx
from .errors import StoreError, StoreRefusal


class _Unchanged(enum.Enum):
    UNCHANGED = "unchanged"


#: The default of every settings keyword: leave the stored value as it is.
UNCHANGED: Final = _Unchanged.UNCHANGED
Unchanged = Literal[_Unchanged.UNCHANGED]
#: The notification channel (`Store.listen`) on which a changed person's user id is sent.
USER_SETTINGS_CHANNEL: Final = "pinochle_user_settings"


class SettingsError(StoreError, ValueError):
    """A setting refused (by the settings service); the message names the setting and the value."""


class SettingsRefusal(SettingsError, StoreRefusal):
    """A setting value a member can choose (out of range): said in their language."""


#: The most chips one grant, adjustment or starting balance may move.
MAX_AMOUNT: Final = 1_000_000


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    starting_balance: int = 0
    allow_negative: bool = True
    images: bool = True
    language: str | None = None
    hide_bots: bool = False
    #: Where `/pinochle new` opens a table: its own public "thread" off the channel, or the "channel".
    table_place: str = "thread"
    #: Minutes a table with nobody seated waits for someone to join before it is closed as abandoned.
    abandon_minutes: int = 5
    #: Open tables (lobby or playing) one member may host, and the server may have, at once.
    max_tables_member: int = 2
    max_tables_server: int = 20
    #: Computer seats of the `hard` level one table may have (each thinks for a second a turn).
    max_hard_seats: int = 1
    #: Seconds a member waits between two `/pinochle new`.
    new_cooldown: int = 30
    #: Whether the server's web pages are served; off until its managers turn them on.
    web: bool = False
    #: The web pages' token generation: a rotation bumps it and every older link stops working.
    web_generation: int = 0


#: The columns of `guild_settings` behind `GuildSettings`, in its field order.
_GUILD_COLUMNS: Final = (
    "starting_balance",
    "allow_negative",
    "images",
    "language",
    "hide_bots",
    "table_place",
    "abandon_minutes",
    "max_tables_member",
    "max_tables_server",
    "max_hard_seats",
    "new_cooldown",
    "web",
    "web_generation",
)
_GUILD_SWITCHES: Final = ("allow_negative", "images", "hide_bots", "web")


@dataclass(frozen=True, slots=True)
class UserSettings:
    """One person's settings; None means unset (images: the server's choice; language: the client's)."""

    user_id: int
    images: bool | None = None
    language: str | None = None
    #: Turn pings: None (unset) means on.
    notify: bool | None = None


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
        current.images if images is UNCHANGED else images,
        current.language if language is UNCHANGED else language,
        current.notify if notify is UNCHANGED else notify,
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


async def get_guild_settings(db: Reader, guild_id: int) -> GuildSettings:
    """All of a server's settings (the defaults until an admin changes one)."""
    row = await db.fetchone(
        f"SELECT {', '.join(_GUILD_COLUMNS)} FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    if row is None:
        return GuildSettings(guild_id)
    values: dict[str, Any] = {
        name: bool(value) if name in _GUILD_SWITCHES else value
        for name, value in zip(_GUILD_COLUMNS, row, strict=False)
    }
    return GuildSettings(guild_id, **values)


async def set_guild_settings(tx: Tx, guild_id: int, **changes: Any) -> GuildSettings:
    """Change the given settings (a keyword per `GuildSettings` field; language None: back to the
    Discord locale); settings not named stay as they are.

    The values are the settings service's to check (`bot.services.settings`), before this runs.
    """
    unknown = set(changes) - set(_GUILD_COLUMNS)
    if unknown:
        raise SettingsError(f"no server setting called {', '.join(sorted(unknown))}")
    current = await get_guild_settings(tx, guild_id)
    new = replace(current, **{n: v for n, v in changes.items() if v is not UNCHANGED})
    values = [
        int(v) if isinstance(v, bool) else v for v in (getattr(new, c) for c in _GUILD_COLUMNS)
    ]
    await tx.execute(
        f"INSERT INTO guild_settings (guild_id, {', '.join(_GUILD_COLUMNS)}, updated_at)"
        f" VALUES ({', '.join('?' * (len(_GUILD_COLUMNS) + 2))}) ON CONFLICT (guild_id) DO UPDATE SET "
        + ", ".join(f"{c} = excluded.{c}" for c in (*_GUILD_COLUMNS, "updated_at")),
        (guild_id, *values, tx.now),
    )
    return new
