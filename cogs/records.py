"""Player records, replays and hints: `/pinochle stats`, `/pinochle history`,
`/pinochle replay` and `/pinochle hint`.

Thin: the figures come from the league service (kept per game when it ends, so a
member with a thousand games is answered from a few indexed reads), replays
from cogs._replay, hints from the table service. All four live under
`/pinochle`; they fit because the rarer typed actions share one `/pinochle move`
(Discord allows a group 25 subcommands).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.game import VARIANTS
from bot.i18n import meld_name, t, variant_name
from bot.i18n import number as number_text
from bot.presentation.texts import say
from bot.services import Companion, GameSummary, PlayerStats
from bot.tables import COMPUTER_MARK, person_name
from cogs._columns import code_table, fit
from cogs._common import OPTION_INT_MAX, lang_of, mention_namer, person_of, service_of, table_here
from cogs._group import PinochleCog, choices, describe
from cogs._house import House
from cogs._pager import Page, send_pages
from cogs._players import guild_of, player_of, services_of
from cogs._replay import ReplayButton, send_replay

#: Games per page of /pinochle history.
HISTORY_PAGE = 10
#: Favourite opponents and partners shown.
COMPANIONS = 3


def companion_name(companion: Companion) -> str:
    """A companion's name as shown: a computer's with the robot (names are stored plain)."""
    name = person_name(companion.display_name)
    return COMPUTER_MARK + name if companion.is_bot else name


def stats_text(name: str, stats: PlayerStats, variant: str | None, lang: str) -> str:
    """Every figure of a member's record, one line each (a table of games by variant)."""

    def line(key: str, **params: object) -> str:
        return t(f"records.stats.{key}", lang, **params)

    title = (
        line("title_variant", name=name, variant=variant_name(variant, lang))
        if variant
        else line("title", name=name)
    )
    pct = round(100 * stats.wins / stats.games)
    parts = [title, line("games", games=stats.games, wins=stats.wins, pct=pct)]
    parts.append(
        code_table(
            [line("variant"), line("played"), line("won")],
            [[fit(variant_name(v.variant, lang)), v.games, v.wins] for v in stats.variants],
            right={1, 2},
        )
    )
    if stats.meld_per_deal is not None:
        average = number_text(stats.meld_per_deal, 1, lang)
        parts.append(line("meld", average=average, deals=stats.deals))
    if any(VARIANTS[v.variant].auction for v in stats.variants):
        parts.append(line("contracts", bids=stats.bids, made=stats.made, set=stats.set))
    if stats.best_meld is not None:
        best = stats.best_meld
        meld = meld_name(best.meld, lang)
        parts.append(line("best_meld", meld=meld, points=best.points, game=best.game_id))
    parts.append(line("streak", streak=stats.longest_streak))
    for key, people in (("opponents", stats.opponents), ("partners", stats.partners)):
        if people:
            names = ", ".join(
                line("companion", name=fit(companion_name(c)), games=c.games, wins=c.wins)
                for c in people
            )
            parts.append(line(key, names=names))
    return "\n".join(parts)


def history_line(game: GameSummary, lang: str) -> str:
    return t(
        "records.history.line",
        lang,
        game=game.game_id,
        date=game.finished_at[:10],
        variant=variant_name(game.variant, lang),
        place=game.rank,
        score=number_text(game.score),
        against=fit(", ".join(game.opponents), 60) or "—",
        hints=t("records.history.hints", lang) if game.hints else "",
    )


class RecordsCog(PinochleCog):
    """`/pinochle stats`, `/pinochle history`, `/pinochle replay`."""

    def __init__(self, bot: House) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description=describe("stats"))
    @app_commands.describe(
        member=describe("stats.options.member"),
        variant=describe("stats.options.variant"),
    )
    @app_commands.choices(variant=choices(*VARIANTS))
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.User | None = None,
        variant: str | None = None,
    ) -> None:
        name, player = await player_of(interaction, member)
        found = (
            None
            if player is None
            else await services_of(interaction).league.stats(
                guild_of(interaction), player.id, variant=variant, companions=COMPANIONS
            )
        )

        async def source(number: int, lang: str) -> Page:
            if found is None or not found.games:
                return Page(t("records.stats.none", lang, name=name), False)
            return Page(stats_text(name, found, variant, lang), False)

        await send_pages(interaction, source)

    @app_commands.command(name="history", description=describe("history"))
    @app_commands.describe(member=describe("history.options.member"))
    async def history(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        name, player = await player_of(interaction, member)
        league, guild = services_of(interaction).league, guild_of(interaction)

        async def source(number: int, lang: str) -> Page:
            games = (
                []
                if player is None
                else await league.games(
                    guild, player.id, limit=HISTORY_PAGE + 1, offset=number * HISTORY_PAGE
                )
            )
            if not games:
                return Page(t("records.stats.none", lang, name=name), False)
            lines = [t("records.history.title", lang, name=name)]
            lines += [history_line(game, lang) for game in games[:HISTORY_PAGE]]
            lines.append(t("chips.page.footer", lang, page=number + 1))
            return Page("\n".join(lines), len(games) > HISTORY_PAGE)

        await send_pages(interaction, source)

    @app_commands.command(name="replay", description=describe("replay"))
    @app_commands.describe(game=describe("replay.options.game"))
    async def replay(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1, OPTION_INT_MAX]
    ) -> None:
        await send_replay(interaction, game)

    @replay.autocomplete("game")
    async def replay_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[int]]:
        """The asker's own recent games, newest first."""
        _, player = await player_of(interaction, None)
        if player is None:
            return []
        games = await services_of(interaction).league.games(
            guild_of(interaction), player.id, limit=25
        )
        lang = lang_of(interaction)
        offered = [
            Choice(
                name=f"#{g.game_id} · {g.finished_at[:10]} · {variant_name(g.variant, lang)}"[:100],
                value=g.game_id,
            )
            for g in games
        ]
        return [c for c in offered if current.strip() in str(c.value)]


class HintsCog(PinochleCog):
    """`/pinochle hint`: the strong computer player's choice for your turn, with a reason."""

    def __init__(self, bot: House) -> None:
        self.bot = bot

    @app_commands.command(name="hint", description=describe("hint"))
    async def hint(self, interaction: discord.Interaction) -> None:
        table = table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # a search takes a while
        outcome = await service_of(interaction).hint(table.id, person_of(interaction))
        await interaction.followup.send(
            say(outcome.private, lang_of(interaction), mention_namer(outcome.table)), ephemeral=True
        )


async def setup(bot: House) -> None:
    bot.add_dynamic_items(ReplayButton)
    await bot.add_cog(RecordsCog(bot))
    await bot.add_cog(HintsCog(bot))
