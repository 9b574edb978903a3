"""Lobby commands: /pinochle new, join, leave, addbot, start, cancel, kick, tables, score, rules.

Thin: each command finds the channel's table, calls the table service and
answers privately; the board and channel lines come from the presenter.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.ai import LEVELS
from bot.game import VARIANTS, OptionError
from bot.game.errors import shorten
from bot.game.options import OPTIONS, parse_option_value
from bot.i18n import LANGUAGES, t, variant_name
from bot.presentation.texts import final_standings, game_options, rules_text, say, score_text
from bot.services.settings import TABLE_PLACES
from bot.tables import PARENT_KEY, Refusal, TableHome, TableSnapshot, shown_name
from cogs._board import BoardButton, lobby_action
from cogs._common import (
    guild_lang,
    lang_of,
    mention_namer,
    numbered,
    person_of,
    reply,
    say_refusal,
    service_of,
    table_here,
)
from cogs._group import PinochleCog, choices, describe
from cogs._home import make_home, settle_home
from cogs._house import House
from cogs._players import channel_of, guild_of, services_of

#: House rules a table may set (RULES §11 options meant for tables).
TABLE_OPTIONS = tuple(name for name, spec in OPTIONS.items() if spec.table and name != "target")


def parse_house_rules(text: str | None) -> dict[str, object]:
    """`double_pinochle_value=400 pack64=on` -> {"double_pinochle_value": 400, "pack64": True}.

    OptionError (a ValueError, said in the reader's language by `describe_error`)
    names the rule that cannot be read; the game target is a command option of
    its own, not a house rule (RULES §11, G-12). Whether the game plays a rule it
    reads (an honour-mode penalty never: §0.3) is the engine's answer when the
    table opens (`bot.game.options.resolve_options`).
    """
    rules: dict[str, object] = {}
    for item in (text or "").replace(",", " ").split():
        name, _, value = item.partition("=")
        if name == "target":
            raise OptionError("target_not_house_rule")
        if name not in OPTIONS:
            raise OptionError("not_house_rule", name=shorten(name))
        rules[name] = parse_option_value(name, value)
    return rules


class TablesCog(PinochleCog):
    def __init__(self, bot: House) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=describe("new"))
    @app_commands.describe(
        variant=describe("new.options.variant"),
        target=describe("new.options.target"),
        language=describe("new.options.language"),
        options=describe("new.options.options"),
        timer=describe("new.options.timer"),
        place=describe("new.options.place"),
        quiet=describe("new.options.quiet"),
        hints=describe("new.options.hints"),
    )
    @app_commands.choices(
        variant=choices(*VARIANTS),
        language=choices(*LANGUAGES),
        place=choices(*TABLE_PLACES),
        hints=choices("on", "off"),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str,
        target: app_commands.Range[int, 10, 100_000] | None = None,
        language: str | None = None,
        options: str | None = None,
        timer: app_commands.Range[int, 0, 3600] | None = None,
        place: str | None = None,
        quiet: bool = False,
        hints: str = "off",
    ) -> None:
        """Open a table; in thread mode (the option, else the server's setting) in a thread of its own.

        Hints (`/pinochle hint`) are off unless the host turns them on: every finished game is rated.
        """
        rules = parse_house_rules(options)  # OptionError, said by the one handler
        if target is not None:
            try:
                rules["target"] = OPTIONS["target"].validate(target)
            except OptionError as error:
                raise Refusal("bot.refuse.bad_target", target=target) from error
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = language or await guild_lang(interaction)
        if place is None and interaction.guild_id is not None:
            place = (
                await services_of(interaction).settings.guild(interaction.guild_id)
            ).table_place
        person = person_of(interaction)
        host = interaction.user.mention
        home = await make_home(interaction, place or "thread", lang, host, variant)
        asker = lang_of(interaction)
        try:
            outcome = await service_of(interaction).open(
                guild_id=guild_of(interaction),
                channel_id=home.channel_id,
                host=person,
                variant=variant,
                options=rules,
                language=lang,
                turn_seconds=timer,
                home=TableHome(parent=home.parent_id, quiet=bool(quiet)),
                hints=hints == "on",
            )
        except Refusal as refusal:
            await settle_home(home, None, lang, host, variant)  # the thread made for it goes
            lines = [say_refusal(interaction, refusal, asker)]
        else:
            await settle_home(home, outcome.table, lang, host, variant)
            lines = [say(outcome.private, asker, mention_namer(outcome.table))]
            if home.parent_id is not None:
                lines.append(t("bot.home.in_thread", asker, thread=f"<#{home.channel_id}>"))
        if home.note is not None:
            lines.append(say(home.note, asker, numbered))
        await reply(interaction, "\n".join(lines))

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Complete the last `name=value` item: option names first (the chosen game's own house
        rules before the rest: `/pinochle rules` lists them), then that option's values."""
        done, _, last = current.rpartition(" ")
        prefix = f"{done} " if done else ""
        name, equals, _ = last.partition("=")
        if not equals:
            variant = getattr(interaction.namespace, "variant", None)
            game = VARIANTS.get(variant) if isinstance(variant, str) else None
            own = game_options(game.name) if game is not None else []
            names = [n for n in own if n in TABLE_OPTIONS]
            names += [
                n
                for n in TABLE_OPTIONS
                if n not in names and (game is None or game.plays_option(n))
            ]
            suggestions = [f"{n}=" for n in names if n.startswith(name)]
        elif name in TABLE_OPTIONS:
            spec = OPTIONS[name]
            values = ("on", "off") if isinstance(spec.default, bool) else spec.values
            suggestions = [f"{name}={v}" for v in values if f"{name}={v}".startswith(last)]
        else:
            suggestions = []
        return [Choice(name=(prefix + s)[:100], value=(prefix + s)[:100]) for s in suggestions[:25]]

    @app_commands.command(name="join", description=describe("join"))
    async def join(self, interaction: discord.Interaction) -> None:
        table = table_here(interaction)
        await lobby_action(interaction, "join", table.id)

    @app_commands.command(name="leave", description=describe("leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        table = table_here(interaction)
        await lobby_action(interaction, "leave", table.id)

    @app_commands.command(name="addbot", description=describe("addbot"))
    @app_commands.describe(
        seat=describe("addbot.options.seat"), level=describe("addbot.options.level")
    )
    @app_commands.choices(level=choices(*LEVELS))
    async def addbot(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 4] | None = None,
        level: str = "easy",
    ) -> None:
        table = table_here(interaction)
        await lobby_action(
            interaction, "addbot", table.id, level=level, seat=None if seat is None else seat - 1
        )

    @app_commands.command(name="start", description=describe("start"))
    async def start(self, interaction: discord.Interaction) -> None:
        table = table_here(interaction)
        await lobby_action(interaction, "start", table.id)

    @app_commands.command(name="cancel", description=describe("cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        table = table_here(interaction)
        await lobby_action(interaction, "cancel", table.id)

    @app_commands.command(name="kick", description=describe("kick"))
    @app_commands.describe(member=describe("kick.options.member"))
    async def kick(self, interaction: discord.Interaction, member: str) -> None:
        table = table_here(interaction)
        if not member.isdigit() or int(member) - 1 not in table.seats:
            raise Refusal("bot.refuse.no_seat_choice", table.id)
        await lobby_action(interaction, "kick", table.id, seat=int(member) - 1)

    @kick.autocomplete("member")
    async def kick_member(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """The table's seats other than the asker's: "2. Bob" -> "2"."""
        table = service_of(interaction).table_in(channel_of(interaction))
        if table is None:
            return []
        found = [
            Choice(name=f"{n + 1}. {shown_name(s)}"[:100], value=str(n + 1))
            for n, s in sorted(table.seats.items())
            if s.user_id != interaction.user.id
        ]
        return [c for c in found if current.lower() in c.name.lower()][:25]

    @app_commands.command(name="tables", description=describe("tables"))
    async def tables(self, interaction: discord.Interaction) -> None:
        """The server's open tables, then the last game of this channel (or of a thread opened from
        it) with its final standings."""
        lang = lang_of(interaction)
        found = service_of(interaction).tables(interaction.guild_id)
        lines = [
            t(
                "bot.tables.item",
                lang,
                table=table.id,
                variant=variant_name(table.variant, lang),
                channel=f"<#{table.channel_id}>",
                status=t(f"bot.tables.{table.status}", lang),
                seated=len(table.seats),
                size=table.size,
            )
            for table in found
        ] or [t("bot.tables.none", lang)]
        if ended := await ended_here(interaction):
            lines.append(
                t(
                    "bot.tables.last",
                    lang,
                    table=ended.id,
                    variant=variant_name(ended.variant, lang),
                    channel=f"<#{ended.channel_id}>",
                    standings=final_standings(ended, lang, mention_namer(ended)),
                )
            )
        await reply(interaction, "\n".join(lines)[:2000])

    @app_commands.command(name="score", description=describe("score"))
    async def score(self, interaction: discord.Interaction) -> None:
        """The scores of this channel's table (while tables opened from it play in their threads,
        where they are); after its end, or in the channel a thread table was opened from, those of
        the last game played here, with a link to its thread."""
        lang = lang_of(interaction)
        try:
            table = table_here(interaction)  # refused with their threads while they play
        except Refusal as refusal:
            if refusal.key != "bot.refuse.no_table":
                raise
            ended = await ended_here(interaction)
            if ended is None:
                raise
            elsewhere = ended.channel_id != channel_of(interaction)
            over = t(
                "bot.score.finished_in" if elsewhere else "bot.score.finished",
                lang,
                table=ended.id,
                variant=variant_name(ended.variant, lang),
                thread=f"<#{ended.channel_id}>",
            )
            text = f"{over}\n{score_text(ended, lang, mention_namer(ended))}"
            await reply(interaction, text[:2000])
            return
        await reply(interaction, score_text(table, lang, mention_namer(table))[:2000])

    @app_commands.command(name="rules", description=describe("rules"))
    @app_commands.describe(variant=describe("rules.options.variant"))
    @app_commands.choices(variant=choices(*VARIANTS))
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        """The rules of `variant`, else of the channel's table (open, or the one that just ended)."""
        lang = lang_of(interaction)
        table = service_of(interaction).table_in(channel_of(interaction)) or await ended_here(
            interaction
        )
        options = table.options if table is not None and variant in (None, table.variant) else {}
        chosen = variant or (table.variant if table is not None else "two-handed")
        embed = discord.Embed(
            title=variant_name(chosen, lang), description=rules_text(chosen, options, lang)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def ended_here(interaction: discord.Interaction) -> TableSnapshot | None:
    """The table that last finished in this channel (or thread), or in a thread opened from it."""
    if interaction.guild_id is None:
        return None
    return await service_of(interaction).last_finished(
        interaction.guild_id, channel_of(interaction), home_key=PARENT_KEY
    )


async def setup(bot: House) -> None:
    bot.add_dynamic_items(BoardButton)
    await bot.add_cog(TablesCog(bot))
