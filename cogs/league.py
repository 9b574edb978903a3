"""`/league`: standings per game family and season, a player's record, seasons, results as CSV.

`/league event …` is a subgroup that `cogs.nights` adds to this group when it loads;
`/league player` lists the events a player finished.

Thin: parse, call the league service (`bot.services.league`), render. Ratings are kept
per family of variants (Check and partnership share one table), so a variant
picks its family's table; without one, every family's table is shown, one
after the other. The season defaults to the running one, else all time.
Computer players are rated like everyone, and left out of the tables when
the server's hide_bots setting is on (/pinochle settings).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.game import VARIANTS
from bot.i18n import meld_name, t, variant_name
from bot.i18n import number as number_text
from bot.services import PlayerProfile, Season, Standing
from bot.services.league import ALL_TIME_NAME, FAMILY_ORDER
from bot.tables import Refusal
from cogs._columns import code_table, fit
from cogs._common import is_manager, lang_of
from cogs._exports import Exports
from cogs._house import House
from cogs._nights_text import player_nights_text
from cogs._pager import NO_PINGS, Page, send_pages
from cogs._players import guild_of, plain, player_of, services_of

#: Rows per page of standings.
PAGE = 10
#: The most rows of one family's table that /league standings reads.
MAX_ROWS = 1000


def en(key: str) -> str:
    """English name or description of a /league command or option (the catalog's "commands" domain)."""
    return t(f"commands.league.{key}", "en")


def choice(value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=t(f"commands.choice.{value}", "en"), value=value)


def scope_text(season: Season | None, lang: str) -> str:
    if season is None:
        return t("chips.league.all_time", lang)
    return t("chips.league.season_scope", lang, name=plain(season.name))


def standings_table(rows: Sequence[Standing], lang: str) -> str:
    columns = (
        "rank",
        "player",
        "rating",
        "games",
        "wins",
        "win_pct",
        "points_for",
        "points_against",
    )
    return code_table(
        [t(f"chips.league.standings.{c}", lang) for c in columns],
        [
            [
                r.rank,
                fit(r.display_name),
                number_text(r.rating, 1, lang),
                r.games,
                r.wins,
                f"{r.win_pct:.0f}",
                number_text(r.points_for),
                number_text(r.points_against),
            ]
            for r in rows
        ],
        right={0, 2, 3, 4, 5, 6, 7},
    )


def profile_text(name: str, profile: PlayerProfile, lang: str) -> str:
    """Ratings per family, recent games, best melds and regular opponents of one player."""

    def head(key: str) -> str:
        return t(f"chips.league.player.{key}", lang)

    parts = [t("chips.league.player.title", lang, name=name)]
    if profile.ratings:
        parts += [
            head("ratings"),
            code_table(
                [
                    head("family"),
                    t("chips.league.standings.rank", lang),
                    t("chips.league.standings.rating", lang),
                    t("chips.league.standings.games", lang),
                    t("chips.league.standings.wins", lang),
                    t("chips.league.standings.win_pct", lang),
                ],
                [
                    [
                        t(f"chips.league.family.{family}", lang),
                        r.rank,
                        number_text(r.rating, 1, lang),
                        r.games,
                        r.wins,
                        f"{r.win_pct:.0f}",
                    ]
                    for family, r in sorted(
                        profile.ratings.items(), key=lambda item: FAMILY_ORDER.index(item[0])
                    )
                ],
                right={1, 2, 3, 4, 5},
            ),
        ]
    if profile.recent_games:
        parts += [
            head("recent"),
            code_table(
                [head("date"), head("variant"), head("place"), head("score"), head("against")],
                [
                    [
                        g.finished_at[:10],
                        fit(variant_name(g.variant, lang)),
                        g.rank,
                        number_text(g.score),
                        fit(", ".join(g.opponents), 30),
                    ]
                    for g in profile.recent_games
                ],
                right={2, 3},
            ),
        ]
    if profile.best_melds:
        parts += [head("best_melds")] + [
            "• "
            + t(
                "chips.league.player.meld",
                lang,
                meld=meld_name(m.meld, lang),
                points=m.points,
                game=m.game_id,
            )
            for m in profile.best_melds
        ]
    if profile.head_to_head:
        parts += [
            head("rivals"),
            code_table(
                [
                    head("opponent"),
                    t("chips.league.standings.games", lang),
                    head("won"),
                    head("lost"),
                ],
                [[fit(h.display_name), h.games, h.wins, h.losses] for h in profile.head_to_head],
                right={1, 2, 3},
            ),
        ]
    return "\n".join(parts)


def seasons_text(seasons: Sequence[Season], lang: str) -> str:
    if not seasons:
        return t("chips.league.season.none", lang)
    return "\n".join(
        [
            t("chips.league.season.list_title", lang),
            code_table(
                [t(f"chips.league.season.{c}", lang) for c in ("name", "started_at", "ended_at")],
                [
                    [
                        fit(s.name, 30),
                        s.started_at[:10],
                        s.ended_at[:10] if s.ended_at else t("chips.league.running", lang),
                    ]
                    for s in seasons
                ],
            ),
        ]
    )


@app_commands.guild_only()
class LeagueCog(
    commands.GroupCog, group_name="league", group_description=t("commands.league.description", "en")
):
    """The /league commands."""

    def __init__(self, bot: House) -> None:
        self.bot = bot
        self.exports = Exports()
        super().__init__()

    @app_commands.command(name="standings", description=en("standings.description"))
    @app_commands.describe(
        variant=en("standings.options.variant.description"),
        season=en("standings.options.season.description"),
    )
    @app_commands.choices(variant=[choice(v) for v in VARIANTS])
    async def standings(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        season: str | None = None,
    ) -> None:
        guild, league = guild_of(interaction), services_of(interaction).league
        chosen = await league.scope(guild, season)
        tables: list[tuple[str, Sequence[Standing]]] = [
            (family, rows[start : start + PAGE])
            for family, rows in await league.standings(guild, variant, chosen, limit=MAX_ROWS)
            for start in range(0, len(rows), PAGE)
        ]

        async def source(number: int, lang: str) -> Page:
            scope = scope_text(chosen, lang)
            if not tables:
                return Page(t("chips.league.standings.empty", lang, scope=scope), False)
            family, rows = tables[number]
            title = t(
                "chips.league.standings.title",
                lang,
                family=t(f"chips.league.family.{family}", lang),
                scope=scope,
            )
            return Page(
                "\n".join(
                    [
                        title,
                        standings_table(rows, lang),
                        t("chips.page.footer_of", lang, page=number + 1, pages=len(tables)),
                    ]
                ),
                number + 1 < len(tables),
            )

        await send_pages(interaction, source)

    @standings.autocomplete("season")
    async def season_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = lang_of(interaction)
        offered = [app_commands.Choice(name=t("chips.league.all_time", lang), value=ALL_TIME_NAME)]
        for season in await services_of(interaction).league.seasons(guild_of(interaction)):
            label = (
                season.name
                if season.ended_at
                else f"{season.name} ({t('chips.league.running', lang)})"
            )
            offered.append(app_commands.Choice(name=label[:100], value=season.name))
        typed = current.strip().casefold()
        return [c for c in offered if typed in c.name.casefold()][:25]

    @app_commands.command(name="player", description=en("player.description"))
    @app_commands.describe(member=en("player.options.member.description"))
    async def player(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        guild, league = guild_of(interaction), services_of(interaction).league
        name, player = await player_of(interaction, member)
        profile = None if player is None else await league.profile(guild, player.id)
        events = [] if player is None else await league.events(guild, player.id)

        async def source(number: int, lang: str) -> Page:
            finished = player_nights_text(events, lang)
            if profile is None or not profile.recent_games:
                if finished:
                    return Page(
                        "\n".join([t("chips.league.player.title", lang, name=name), *finished]),
                        False,
                    )
                return Page(t("chips.league.player.none", lang, name=name), False)
            return Page("\n".join([profile_text(name, profile, lang), *finished]), False)

        await send_pages(interaction, source)

    @app_commands.command(name="season", description=en("season.description"))
    @app_commands.describe(
        action=en("season.options.action.description"), name=en("season.options.name.description")
    )
    @app_commands.choices(action=[choice("start"), choice("end"), choice("list")])
    async def season(
        self, interaction: discord.Interaction, action: str, name: str | None = None
    ) -> None:
        lang, guild = lang_of(interaction), guild_of(interaction)
        league = services_of(interaction).league
        if action == "list":
            text = seasons_text(await league.seasons(guild), lang)
            await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
            return
        if not is_manager(interaction):
            raise Refusal("chips.refuse.manage_server")
        if action == "start":
            season = await league.start_season(guild, name or "")
        else:
            season = await league.end_season(guild)
        text = t(
            f"chips.league.season.{'started' if action == 'start' else 'ended'}",
            lang,
            name=plain(season.name),
        )
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    @app_commands.command(name="export", description=en("export.description"))
    async def export(self, interaction: discord.Interaction) -> None:
        guild, lang = guild_of(interaction), lang_of(interaction)
        await self.exports.send(
            interaction,
            lambda: services_of(interaction).league.export(guild),
            filename=f"league-{guild}.csv",
            done=lambda games: t("chips.league.export.done", lang, games=games),
        )


async def setup(bot: House) -> None:
    await bot.add_cog(LeagueCog(bot))
