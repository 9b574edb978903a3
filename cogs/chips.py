"""`/chips`: balances, history, leaderboard, house grants and adjustments, and the ledger as CSV.

Thin: parse the interaction, call the ledger service (`bot.services.ledger`),
render. Every movement is a ledger transaction; grants and adjustments go
against the server's house account and need Manage Server. The service checks
amounts and reasons; its refusals carry catalog keys, said in the member's
language by `cogs._errors`.
"""

from __future__ import annotations

import math

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import chip_reason, signed, t
from bot.i18n import number as number_text
from bot.services import HistoryEntry
from bot.tables import Refusal
from cogs._columns import code_table, fit
from cogs._common import is_manager, lang_of
from cogs._exports import Exports
from cogs._pager import NO_PINGS, Page, send_pages
from cogs._players import guild_of, plain, player_of, services_of

#: Lines per page of history and of the leaderboard.
PAGE = 10


def en(key: str) -> str:
    """English name or description of a /chips command or option (the catalog's "commands" domain)."""
    return t(f"commands.chips.{key}", "en")


def reason_text(entry: HistoryEntry, lang: str) -> str:
    """What a ledger transaction was for: "contract 320", "meld: flush", "grant: welcome"."""
    return chip_reason(entry.reason, entry.detail, lang, entry.memo)


def history_row(entry: HistoryEntry, player_id: int, lang: str) -> list[str]:
    others = [
        line.display_name or t("chips.house", lang)
        for line in entry.lines
        if line.player_id != player_id
    ]
    game = (
        t("chips.history.game_ref", lang, game=entry.game_id, deal=entry.deal_no)
        if entry.game_id is not None
        else t("chips.nobody", lang)
    )
    return [
        entry.created_at[:10],
        signed(entry.amount_for(player_id)),
        reason_text(entry, lang),
        game,
        fit(", ".join(others)),
    ]


@app_commands.guild_only()
class ChipsCog(
    commands.GroupCog, group_name="chips", group_description=t("commands.chips.description", "en")
):
    """The /chips commands."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.exports = Exports()
        super().__init__()

    @app_commands.command(name="balance", description=en("balance.description"))
    @app_commands.describe(member=en("balance.options.member.description"))
    async def balance(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        guild, ledger = guild_of(interaction), services_of(interaction).ledger
        name, player = await player_of(interaction, member)
        key = "chips.balance.new" if player is None else "chips.balance.line"
        chips = await ledger.balance(guild, None if player is None else player.id)

        async def source(number: int, lang: str) -> Page:
            return Page(t(key, lang, name=name, balance=number_text(chips)), False)

        await send_pages(interaction, source)

    @app_commands.command(name="history", description=en("history.description"))
    @app_commands.describe(
        member=en("history.options.member.description"), page=en("history.options.page.description")
    )
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.User | None = None,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        guild, ledger = guild_of(interaction), services_of(interaction).ledger
        name, player = await player_of(interaction, member)
        total = 0 if player is None else (await ledger.history(guild, player.id, limit=0)).total
        pages = max(1, math.ceil(total / PAGE))
        if page > pages:
            raise Refusal("chips.history.no_page", page=page, name=name, pages=pages)

        async def source(number: int, lang: str) -> Page:
            if player is None:
                return Page(t("chips.history.empty", lang, name=name), False)
            shown = await ledger.history(guild, player.id, limit=PAGE, offset=number * PAGE)
            if shown.total == 0:
                return Page(t("chips.history.empty", lang, name=name), False)
            count = math.ceil(shown.total / PAGE)
            header = [
                t(f"chips.history.{column}", lang)
                for column in ("date", "chips", "reason", "game", "with")
            ]
            return Page(
                "\n".join(
                    [
                        t("chips.history.title", lang, name=name, total=shown.total),
                        code_table(
                            header,
                            [history_row(e, player.id, lang) for e in shown.entries],
                            right={1},
                        ),
                        t("chips.page.footer_of", lang, page=number + 1, pages=count),
                    ]
                ),
                number + 1 < count,
            )

        await send_pages(interaction, source, page=page - 1)

    @app_commands.command(name="leaderboard", description=en("leaderboard.description"))
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        guild, ledger = guild_of(interaction), services_of(interaction).ledger

        async def source(number: int, lang: str) -> Page:
            rows = await ledger.leaderboard(guild, limit=PAGE + 1, offset=number * PAGE)
            if not rows:
                return Page(t("chips.leaderboard.empty", lang), False)
            header = [
                t(f"chips.leaderboard.{column}", lang) for column in ("rank", "player", "chips")
            ]
            table = code_table(
                header,
                [[r.rank, fit(r.display_name), number_text(r.balance)] for r in rows[:PAGE]],
                right={0, 2},
            )
            return Page(
                "\n".join(
                    [
                        t("chips.leaderboard.title", lang),
                        table,
                        t("chips.page.footer", lang, page=number + 1),
                    ]
                ),
                len(rows) > PAGE,
            )

        await send_pages(interaction, source)

    @app_commands.command(name="grant", description=en("grant.description"))
    @app_commands.describe(
        member=en("grant.options.member.description"),
        amount=en("grant.options.amount.description"),
        reason=en("grant.options.reason.description"),
    )
    async def grant(
        self, interaction: discord.Interaction, member: discord.Member, amount: int, reason: str
    ) -> None:
        await self._house(interaction, member, amount, reason, kind="grant")

    @app_commands.command(name="adjust", description=en("adjust.description"))
    @app_commands.describe(
        member=en("adjust.options.member.description"),
        amount=en("adjust.options.amount.description"),
        reason=en("adjust.options.reason.description"),
    )
    async def adjust(
        self, interaction: discord.Interaction, member: discord.Member, amount: int, reason: str
    ) -> None:
        await self._house(interaction, member, amount, reason, kind="adjust")

    async def _house(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        amount: int,
        reason: str,
        *,
        kind: str,
    ) -> None:
        """A grant or adjustment: a ledger transaction between the house and the member."""
        guild = guild_of(interaction)
        if not is_manager(interaction):
            raise Refusal("chips.refuse.manage_server")
        if member.bot:
            raise Refusal("chips.refuse.bot_member", name=plain(member.display_name))
        name, memo = plain(member.display_name), reason.strip()
        ledger = services_of(interaction).ledger
        post = ledger.grant if kind == "grant" else ledger.adjust
        after = await post(
            guild, member.id, member.display_name, amount, reason, actor_id=interaction.user.id
        )
        text = t(
            f"chips.{kind}.done",
            lang_of(interaction),
            actor=plain(interaction.user.display_name),
            name=name,
            amount=signed(amount) if kind == "adjust" else amount,
            reason=plain(memo),
            balance=number_text(after),
        )
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    @app_commands.command(name="export", description=en("export.description"))
    async def export(self, interaction: discord.Interaction) -> None:
        guild, lang = guild_of(interaction), lang_of(interaction)
        await self.exports.send(
            interaction,
            lambda: services_of(interaction).ledger.export(guild),
            filename=f"chips-ledger-{guild}.csv",
            done=lambda rows: t("chips.export.done", lang, rows=rows),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ChipsCog(bot))
