"""A person's language and turn pings are cached by the bot; a change stored by any process (issue 15:
another bot process on the same PostgreSQL, here the store itself) reaches the cache through the
store's notifications, so replies and pings follow it without a restart."""

from __future__ import annotations

from bot.store import set_user_settings


async def test_a_settings_change_made_outside_this_bot_reaches_its_caches(room):
    bot, alice = room.bot, room.alice
    assert alice.id not in bot.user_languages and alice.id not in bot.notify_off
    async with bot.store.transaction() as tx:  # as another process would store it
        await set_user_settings(tx, alice.id, language="ru", notify=False)
    await room.env.settle()
    assert bot.user_languages[alice.id] == "ru" and alice.id in bot.notify_off
    reply = await alice.slash(room.channel, "pinochle tables")
    assert reply.response.content == "На этом сервере нет открытых столов."

    async with bot.store.transaction() as tx:
        await set_user_settings(tx, alice.id, language=None, notify=None)
    await room.env.settle()
    assert alice.id not in bot.user_languages and alice.id not in bot.notify_off
