"""`/league event …`: league nights, a subgroup of `/league` from its own cog.

Thin: find the event (by its name, or the server's one open event), call the
event runner (`bot.nights.runner`), answer privately. A refusal is an
a `Refusal`, answered like every other by `cogs._errors`. The runner's notices on
Discord (`DiscordNotices`) open each table in a thread off the event's channel (a private one
for a duplicate night, whose tables share their cards), post the event's lines there, and keep
the standings in that channel's messages (as many as the table needs), edited after each round
and at the end.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.game import VARIANTS, Refusal
from bot.i18n import t, variant_name
from bot.nights.runner import MAX_DEALS, MAX_ROUNDS, EventRow, NightRunner
from bot.nights.when import parse_start
from bot.tables import TableSnapshot
from cogs._common import guild_lang, is_manager, lang_of, person_of, reply
from cogs._group import choices
from cogs._home import thread_refusal
from cogs._house import House
from cogs._nights_text import board_texts
from cogs._pager import Page, send_pages
from cogs._players import channel_of, guild_of, plain

log = logging.getLogger(__name__)

GROUP = "event"
PARENT_GROUP = "league"


def en(key: str) -> str:
    """English name or description of a `/league event` command or option."""
    return t(f"commands.league.event.{key}", "en")


@app_commands.guild_only()
class NightsCog(commands.Cog):
    """The /league event commands, moved into `/league` when the cog loads."""

    def __init__(self, bot: House) -> None:
        self.bot = bot
        self.group = app_commands.Group(name=GROUP, description=en("description"))

    async def cog_load(self) -> None:
        league = self.bot.tree.get_command(PARENT_GROUP)
        if not isinstance(league, app_commands.Group):
            raise RuntimeError("/league must load before /league event (cogs.league first)")
        for command in self.__cog_app_commands__:
            self.group.add_command(command)
        self.__cog_app_commands__ = []
        league.add_command(self.group)

    async def cog_unload(self) -> None:
        league = self.bot.tree.get_command(PARENT_GROUP)
        if isinstance(league, app_commands.Group):
            league.remove_command(GROUP)

    @property
    def runner(self) -> NightRunner:
        return self.bot.nights

    async def _event(
        self, interaction: discord.Interaction, name: str | None, *, over: bool = False
    ) -> EventRow:
        """The event a command names, or the server's only open one; with `over`, also a finished
        event (without a name, the latest one when none is open)."""
        guild = guild_of(interaction)
        if name is not None:
            named = await self.runner.named(guild, name, over=over)
            if named is None:
                raise Refusal("events.refuse.no_event")
            return named
        events = await self.runner.events_of(guild)
        if over and not events:
            events += reversed(await self.runner.events_of(guild, over=True))
        if len(events) == 1 or (events and over):
            return events[0]
        if not events:
            raise Refusal("events.refuse.no_event")
        raise Refusal("events.refuse.several", names=", ".join(plain(e.name) for e in events))

    async def _answer(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        await reply(interaction, t(key, lang_of(interaction), **params))

    @app_commands.command(name="new", description=en("new.description"))
    @app_commands.describe(
        name=en("new.options.name.description"),
        variant=en("new.options.variant.description"),
        rounds=en("new.options.rounds.description"),
        deals_per_round=en("new.options.deals_per_round.description"),
        duplicate=en("new.options.duplicate.description"),
        start=en("new.options.start.description"),
    )
    @app_commands.choices(variant=choices(*VARIANTS), duplicate=choices("on", "off"))
    async def new(
        self,
        interaction: discord.Interaction,
        name: str,
        variant: str,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS],
        deals_per_round: app_commands.Range[int, 1, MAX_DEALS] = 4,
        duplicate: str = "on",
        start: str | None = None,
    ) -> None:
        if not is_manager(interaction):
            raise Refusal("events.refuse.manage_server")
        if thread_refusal(interaction) is not None:
            raise Refusal("events.refuse.no_threads")
        if duplicate == "on" and not interaction.app_permissions.create_private_threads:
            raise Refusal("events.refuse.no_private_threads")  # its tables' only place
        starts_at = None
        if start is not None:
            when = parse_start(start, discord.utils.utcnow())
            if when is None:
                raise Refusal("events.refuse.bad_start", text=plain(start[:40]))
            starts_at = when.timestamp()
        event = await self.runner.create(
            guild_id=guild_of(interaction),
            channel_id=channel_of(interaction),
            organiser=person_of(interaction),
            name=name,
            variant=variant,
            rounds=rounds,
            deals_per_round=deals_per_round,
            duplicate=duplicate == "on",
            language=await guild_lang(interaction),
            starts_at=starts_at,
        )
        lang = lang_of(interaction)
        text = t(
            "events.done.created",
            lang,
            name=plain(event.name),
            variant=variant_name(variant, lang),
            rounds=rounds,
            deals=deals_per_round,
            scoring=t(f"events.scoring.{'duplicate' if event.duplicate else 'points'}", lang),
        )
        if starts_at is not None:
            text += " " + t("events.done.created_at", lang, time=f"<t:{int(starts_at)}:f>")
        await reply(interaction, text)

    @app_commands.command(name="join", description=en("join.description"))
    @app_commands.describe(name=en("join.options.name.description"))
    async def join(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name)
        table = await self.runner.table_of(event.id, interaction.user.id)
        if table is not None:  # an entrant of the round in play: back into their table's thread
            await self._back_to(interaction, event, table)
            return
        await self.runner.join(event.id, person_of(interaction))
        count = len((await self.runner.board(event.id)).rows)
        await self._answer(interaction, "events.done.joined", name=plain(event.name), count=count)

    async def _back_to(
        self, interaction: discord.Interaction, event: EventRow, table: TableSnapshot
    ) -> None:
        """Add the entrant to their table's thread again (a private one they left cannot be
        rejoined otherwise) and answer with its link."""
        try:
            home = self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(
                table.channel_id
            )
            if isinstance(home, discord.Thread):
                await home.add_user(interaction.user)
        except discord.HTTPException as error:
            log.warning(
                "event %s: could not add %s to their table (%s)",
                event.id,
                interaction.user.id,
                error,
            )
        number = (0 if table.event is None else table.event.table) + 1
        await self._answer(
            interaction,
            "events.done.your_table",
            name=plain(event.name),
            table=number,
            thread=f"<#{table.channel_id}>",
        )

    @app_commands.command(name="leave", description=en("leave.description"))
    @app_commands.describe(name=en("leave.options.name.description"))
    async def leave(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name)
        await self.runner.leave(event.id, person_of(interaction))
        await self._answer(interaction, "events.done.left", name=plain(event.name))

    @app_commands.command(name="start", description=en("start.description"))
    @app_commands.describe(name=en("start.options.name.description"))
    async def start(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        paused = event.status == "paused"
        await self.runner.start(event.id, person_of(interaction), manager=is_manager(interaction))
        key = "events.done.resumed" if paused else "events.done.started"
        await self._answer(interaction, key, name=plain(event.name))

    @app_commands.command(name="pause", description=en("pause.description"))
    @app_commands.describe(name=en("pause.options.name.description"))
    async def pause(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name)
        await self.runner.pause(event.id, person_of(interaction), manager=is_manager(interaction))
        await self._answer(interaction, "events.done.paused", name=plain(event.name))

    @app_commands.command(name="end", description=en("end.description"))
    @app_commands.describe(name=en("end.options.name.description"))
    async def end(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await self.runner.end(
            event.id, person_of(interaction), manager=is_manager(interaction)
        )
        key = "events.done.ended" if ended.status == "finished" else "events.done.cancelled"
        await self._answer(interaction, key, name=plain(event.name))

    @app_commands.command(name="drop", description=en("drop.description"))
    @app_commands.describe(
        member=en("drop.options.member.description"), name=en("drop.options.name.description")
    )
    async def drop(
        self, interaction: discord.Interaction, member: discord.User, name: str | None = None
    ) -> None:
        event = await self._event(interaction, name)
        await self.runner.drop(
            event.id, person_of(interaction), member.id, manager=is_manager(interaction)
        )
        await self._answer(
            interaction, "events.done.dropped", member=member.mention, name=plain(event.name)
        )

    @app_commands.command(name="standings", description=en("standings.description"))
    @app_commands.describe(name=en("standings.options.name.description"))
    async def standings(self, interaction: discord.Interaction, name: str | None = None) -> None:
        event = await self._event(interaction, name, over=True)

        async def part(number: int, lang: str) -> Page:
            parts = board_texts(await self.runner.board(event.id), lang)
            number = min(number, len(parts) - 1)
            return Page(parts[number], has_next=number + 1 < len(parts))

        await send_pages(interaction, part)

    @join.autocomplete("name")
    @leave.autocomplete("name")
    @start.autocomplete("name")
    @pause.autocomplete("name")
    @end.autocomplete("name")
    @drop.autocomplete("name")
    @standings.autocomplete("name")
    async def event_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=e.name[:100], value=e.name[:100])
            for e in await self.runner.open_named_like(guild_of(interaction), current)
        ][:25]


async def setup(bot: House) -> None:
    await bot.add_cog(NightsCog(bot))
