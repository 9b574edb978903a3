"""Owner tools, as mention commands (`@Bot sync`, `@Bot status`): invisible to everyone else.

They need no slash command (so no sync of their own) and no message-content
intent: a bot always sees the messages that mention it.
"""

from __future__ import annotations

from discord.ext import commands

from bot.i18n import t
from cogs._common import MESSAGE_LIMIT
from cogs._house import House

#: What `Cog`'s hooks are called with: a context of any bot (their override may not narrow it).
AnyContext = commands.Context[commands.Bot | commands.AutoShardedBot]


class AdminCog(commands.Cog):
    def __init__(self, bot: House) -> None:
        self.bot = bot

    async def cog_check(self, ctx: AnyContext) -> bool:
        if not await self.bot.is_owner(ctx.author):
            raise commands.NotOwner()
        return True

    async def cog_command_error(self, ctx: AnyContext, error: Exception) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.reply(t("bot.admin.owner_only", "en"), mention_author=False)

    @commands.command(name="sync")
    async def sync(self, ctx: commands.Context[House]) -> None:
        """Sync the slash commands now, changed or not."""
        await self.bot.sync_commands(force=True)
        refused = self.bot.sync_refusal
        text = (
            t("bot.admin.sync_refused", "en", why=refused)
            if refused
            else t("bot.admin.synced", "en")
        )
        await ctx.reply(text, mention_author=False)

    @commands.command(name="status")
    async def status(self, ctx: commands.Context[House]) -> None:
        """Open tables, extensions that failed to load, and whether the slash commands are
        registered (a refused upload leaves a server with none)."""
        tables = self.bot.tables.tables()
        playing = sum(1 for table in tables if table.status == "playing")
        failed = ", ".join(self.bot.failed_extensions) or "-"
        lines = [t("bot.admin.status", "en", tables=len(tables), playing=playing, failed=failed)]
        refused = self.bot.sync_refusal
        if refused:
            lines.append(t("bot.admin.commands_refused", "en", why=refused))
        elif self.bot.config.syncs_commands:
            lines.append(t("bot.admin.commands_registered", "en"))
        else:
            lines.append(t("bot.admin.commands_elsewhere", "en"))
        await ctx.reply("\n".join(lines)[:MESSAGE_LIMIT], mention_author=False)


async def setup(bot: House) -> None:
    await bot.add_cog(AdminCog(bot))
