"""The Discord bot: opens the store, starts the table service, loads the cogs, syncs commands.

`setup_hook` runs at login: every extension loads inside try/log (one broken
cog does not stop the bot), unfinished tables resume from the store with their
boards redrawn and their turn timers' deadlines kept (in Discord's clock, which
SimCord's virtual clock replaces in tests; a table that cannot be restored is
set aside and its channel told so), and the command tree syncs only if it
changed. Computer seats play with bot.ai's players, `hard` ones thinking in a
pool of worker processes (`AI_WORKERS`, started when first needed or by
`python -m bot` before it connects, stopped by `close`); the chip ledger settles
Check deals through its action hook, in the transaction of the action that
ends each deal.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.ai.thinking import PoolThinker
from bot.config import Config
from bot.i18n import t
from bot.i18n.translator import PinochleTranslator
from bot.nights.runner import NightRunner
from bot.services import Services
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook

# Wiring, not queries: the bot opens the store (or takes one opened) and hands it to the services
# and the table service; the cogs reach it only through those.
from bot.store import Store
from bot.store.sql import is_postgres_url
from bot.tables import TableService
from bot.tables.review import Replays
from cogs._errors import PinochleTree
from cogs._hand import redraw_hand
from cogs._hand_watch import HandWatch
from cogs._house import House
from cogs._night_notices import DiscordNotices
from cogs._presenter import ChannelPresenter
from cogs._requests import RequestBudget, process_rate
from cogs._sync import SyncRefused, sync_commands

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.tables",
    "cogs.play",
    "cogs.admin",
    "cogs.chips",
    "cogs.league",
    "cogs.nights",
    "cogs.settings",
    "cogs.records",
)


def _shard_options(config: Config) -> dict[str, Any]:
    """What `AutoShardedBot` is told: the shards of the whole bot, and which of them run here."""
    if config.shard_count is None:
        return {}
    shard_ids = None if config.shard_ids is None else list(config.shard_ids)
    return {"shard_count": config.shard_count, "shard_ids": shard_ids}


class PinochleBot(House):
    """A slash-command bot: no privileged intents, no prefix commands; one shard (`ShardedPinochleBot`
    runs several). It composes the Discord parts, which know it only as a `House`."""

    store: Store
    presenter: ChannelPresenter

    def __init__(self, config: Config, *, store: Store | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=PinochleTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **_shard_options(config),
        )
        self.config = config
        self._opened_store = store
        self.presenter = ChannelPresenter(
            self, budget=RequestBudget(process_rate(config.shard_count, config.shard_ids))
        )
        self.hand_watch = HandWatch(redraw_hand)
        self.failed_extensions = {}
        #: Why Discord refused this process's last command upload (None: it did not).
        self.sync_refusal = None
        self.user_languages = {}
        self.notify_off = set()
        #: Computer players' decisions; its processes start when the first `hard` turn comes.
        self.thinker = PoolThinker(config.ai_workers, config.ai_budget)
        #: League events: rounds of tables in threads; its hook stores each deal's results.
        self.nights = NightRunner(DiscordNotices(self))

    async def setup_hook(self) -> None:
        self.store = self._opened_store or await Store.open(
            self.config.database, pool_size=self.config.database_pool_size
        )
        self.services = Services(self.store)
        self.replays = Replays(self.store)
        people = self.services.settings
        await people.watch_people(self.user_settings_changed)
        self.user_languages = await people.languages()
        self.notify_off = await people.notify_off()
        self.tables = TableService(
            self.store,
            publisher=self.presenter,
            thinker=self.thinker,
            turn_seconds=self.config.turn_seconds,
            hooks=[ledger_hook, records_hook, self.nights.hook],
            clock=lambda: discord.utils.utcnow().timestamp(),
            owns=self.config.owns_guild,
        )
        await self.tree.set_translator(PinochleTranslator())
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except Exception as error:
                log.exception("extension %s failed to load; the bot runs without it", name)
                self.failed_extensions[name] = error
        self.presenter.start()
        for table in await self.tables.resume():
            self.presenter.redraw(table)
        for row in self.tables.broken:
            await self.say_broken(row.channel_id, row.id, row.language)
        await self.nights.attach(self.tables)
        if self.config.syncs_commands:
            await self.sync_commands()

    async def user_settings_changed(self, payload: str) -> None:
        """A person's settings changed (in any process sharing the database): refresh the caches."""
        user_id = int(payload)
        chosen = await self.services.settings.person(user_id)
        if chosen.language is None:
            self.user_languages.pop(user_id, None)
        else:
            self.user_languages[user_id] = chosen.language
        if chosen.notify is False:
            self.notify_off.add(user_id)
        else:
            self.notify_off.discard(user_id)

    async def say_broken(self, channel_id: int, table_id: int, lang: str) -> None:
        """Tell a table's channel that its table could not be restored (the service set it aside)."""
        try:
            channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
            if not isinstance(
                channel, discord.abc.Messageable
            ):  # a table lives where one can write
                raise discord.ClientException(f"channel {channel_id} takes no messages")
            await channel.send(t("bot.line.broken", lang, table=table_id))
        except discord.DiscordException:
            log.exception("could not tell channel %s that table %s is broken", channel_id, table_id)

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the command tree if it changed since the last sync (or if forced).

        A refusal is one error line in the log and `sync_refusal` for the owner's status; the
        bot goes on serving (its buttons, its tables, the owner's commands)."""
        try:
            synced = await sync_commands(
                self.tree, self.config.data_dir, self.config.dev_guild_id, force=force
            )
        except SyncRefused as refused:
            self.sync_refusal = str(refused)
            log.error("%s", refused)
            return False
        self.sync_refusal = None
        return synced

    async def on_message(self, message: discord.Message) -> None:
        """Every guild message may push a table's board up (no message-content intent needed for that)."""
        self.presenter.seen(message.channel.id, message.id)
        await self.process_commands(message)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.presenter.gone(payload.channel_id, payload.message_id)

    async def on_command_error(
        self,
        ctx: commands.Context[commands.Bot | commands.AutoShardedBot],
        error: commands.CommandError,
    ) -> None:
        """Mention commands: unknown words and refused owners are not errors; the rest is logged."""
        if isinstance(error, (commands.CommandNotFound, commands.NotOwner)):
            return
        log.error("mention command %s failed", ctx.command, exc_info=error)

    async def close(self) -> None:
        await self.nights.close()
        if hasattr(self, "tables"):
            await self.tables.close()
        await self.thinker.close()
        await self.presenter.close()
        await self.hand_watch.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


class ShardedPinochleBot(PinochleBot, commands.AutoShardedBot):
    """The bot of one process of a sharded deployment (`SHARD_COUNT`, `SHARD_IDS`): it runs those
    shards in one `AutoShardedBot` and drives the tables of their guilds only (`Config.owns_guild`)."""


def create_bot(
    database: str | os.PathLike[str],
    *,
    config: Config | None = None,
    store: Store | None = None,
) -> PinochleBot:
    """The bot on this database (a SQLite file or a `postgresql://` URL): extensions load, tables
    resume and commands sync at login.

    `config` supplies the rest (development guild, turn timer); by default
    nothing is read from the environment, so tests get the same bot every time.
    `store` is the file already opened (`python -m bot` opens it before it
    connects, so an unusable database stops it at once); else login opens it.
    """
    config = config or Config()
    if is_postgres_url(str(database)):
        config = replace(config, database_url=str(database))
    else:
        config = replace(config, database_path=Path(database), database_url=None)
    if config.shard_count is not None:
        return ShardedPinochleBot(config, store=store)
    return PinochleBot(config, store=store)
