"""Owner tools, as mention commands (`@Bot sync`, `@Bot status`): invisible to everyone else.

They need no slash command (so no sync of their own) and no message-content
intent: a bot always sees the messages that mention it.
"""

from __future__ import annotations

from discord.ext import commands

from bot.i18n import t


class Admin(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    async def cog_check(self, ctx: commands.Context) -> bool:
        if not await self.bot.is_owner(ctx.author):
            raise commands.NotOwner()
        return True

    async def cog_command_error(self, ctx: commands.Context, error: commands.CommandError) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.reply(t("bot.admin.owner_only", "en"), mention_author=False)

    @commands.command(name="sync")
    async def sync(self, ctx: commands.Context) -> None:
        """Sync the slash commands now, changed or not."""
        await self.bot.sync_commands(force=True)
        await ctx.reply(t("bot.admin.synced", "en"), mention_author=False)

    @commands.command(name="status")
    async def status(self, ctx: commands.Context) -> None:
        """Open tables, and extensions that failed to load."""
        tables = self.bot.tables.tables()
        playing = sum(1 for table in tables if table.status == "playing")
        failed = ", ".join(self.bot.failed_extensions) or "-"
        await ctx.reply(
            t("bot.admin.status", "en", tables=len(tables), playing=playing, failed=failed),
            mention_author=False,
        )


async def setup(bot) -> None:
    await bot.add_cog(Admin(bot))
