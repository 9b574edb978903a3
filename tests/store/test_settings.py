"""Server and user settings in the store (issue 7 "a per-server or per-user setting turns images off";
issue 6 "computer players ... can be hidden from standings"; issue 7 channel language "default the
server's locale")."""

import pytest

from bot.store import (
    UNCHANGED,
    GuildSettings,
    Store,
    UserSettings,
    get_guild_settings,
    get_user_settings,
    images_enabled,
    schema_version,
    set_guild_settings,
    set_user_settings,
)
from bot.store.migrations import MIGRATIONS

GUILD, OTHER_GUILD, ANN, BOB = 10, 11, 501, 502


async def test_a_server_without_a_row_has_the_defaults(store):
    assert await get_guild_settings(store, GUILD) == GuildSettings(
        GUILD, starting_balance=0, allow_negative=True, images=True, language=None, hide_bots=False
    )


async def test_guild_settings_change_one_at_a_time_and_keep_the_rest(store):
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, starting_balance=50, allow_negative=False)
        await set_guild_settings(tx, GUILD, images=False)
        await set_guild_settings(tx, GUILD, language="ru", hide_bots=True)
    assert await get_guild_settings(store, GUILD) == GuildSettings(
        GUILD, 50, False, False, "ru", True
    )
    async with store.transaction() as tx:
        back = await set_guild_settings(tx, GUILD, language=None, starting_balance=UNCHANGED)
    assert back == GuildSettings(GUILD, 50, False, False, None, True)
    assert await get_guild_settings(store, GUILD) == back
    assert await get_guild_settings(store, OTHER_GUILD) == GuildSettings(OTHER_GUILD)


async def test_user_settings_are_unset_until_chosen_and_unset_again_with_none(store):
    assert await get_user_settings(store, ANN) == UserSettings(ANN, images=None, language=None)
    async with store.transaction() as tx:
        assert await set_user_settings(tx, ANN, images=False) == UserSettings(ANN, False, None)
        assert await set_user_settings(tx, ANN, language="ru") == UserSettings(ANN, False, "ru")
    assert await get_user_settings(store, ANN) == UserSettings(ANN, False, "ru")
    assert await get_user_settings(store, BOB) == UserSettings(BOB)
    async with store.transaction() as tx:
        await set_user_settings(tx, ANN, images=None)
    assert await get_user_settings(store, ANN) == UserSettings(ANN, None, "ru")
    async with store.transaction() as tx:
        await set_user_settings(tx, ANN, language=None)
    assert (await store.fetchone("SELECT COUNT(*) FROM user_settings"))[
        0
    ] == 0  # nothing left to keep


@pytest.mark.parametrize(
    ("server", "user", "expected"),
    [
        (None, None, True),  # nobody chose: pictures
        (False, None, False),  # the server turned them off
        (False, True, True),  # a person's own choice wins over the server's ...
        (True, False, False),  # ... either way
        (None, False, False),
    ],
)
async def test_images_enabled_user_then_server_then_on(store, server, user, expected):
    async with store.transaction() as tx:
        if server is not None:
            await set_guild_settings(tx, GUILD, images=server)
        if user is not None:
            await set_user_settings(tx, ANN, images=user)
    assert await images_enabled(store, GUILD, ANN) is expected
    assert await images_enabled(store, GUILD) is (True if server is None else server)
    assert await images_enabled(store, GUILD, BOB) is (True if server is None else server)
    assert await images_enabled(store, OTHER_GUILD, ANN) is (True if user is None else user)


async def test_images_enabled_reads_inside_a_transaction(store):
    async with store.transaction() as tx:
        await set_user_settings(tx, ANN, images=False)
        assert await images_enabled(tx, GUILD, ANN) is False
        assert await images_enabled(store, GUILD, ANN) is True  # not committed yet


async def test_the_settings_migration_keeps_a_servers_ledger_settings(tmp_path):
    """A database from before the settings migration: its row gains the new settings at their defaults."""
    path = tmp_path / "bot.db"
    before = MIGRATIONS.index(next(m for m in MIGRATIONS if "user_settings" in m))
    old = await Store.open(path, schema=before)
    async with old.transaction() as tx:
        await tx.execute(
            "INSERT INTO guild_settings (guild_id, starting_balance, allow_negative, updated_at)"
            " VALUES (?, 25, 0, 'then')",
            (GUILD,),
        )
    await old.close()
    new = await Store.open(path)
    try:
        assert await schema_version(new) == len(MIGRATIONS)
        assert await get_guild_settings(new, GUILD) == GuildSettings(
            GUILD, 25, False, True, None, False
        )
        assert await images_enabled(new, GUILD, ANN) is True
    finally:
        await new.close()
