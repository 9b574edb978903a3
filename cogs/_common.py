"""What every cog needs: who is acting, in which language, at which table.

A refusal is raised, never returned: a `Refusal` (a catalog key and its
parameters) from the table service, a store error with a key, or one raised
here (`table_here`); `cogs._errors` answers each with its text, privately, in
the member's language. Any other exception is a bug, reported with an error id.
"""

from __future__ import annotations

import discord
from discord.utils import MISSING

from bot.game.errors import shorten
from bot.i18n import pick_language
from bot.presentation.texts import Namer, say
from bot.tables import Name, Person, Refusal, TableService, TableSnapshot, shown_name
from cogs._home import opened_from
from cogs._players import bot_of, channel_of, plain, services_of

#: The most characters a message's content may have (Discord's limit).
MESSAGE_LIMIT = 2000
#: The largest integer a slash-command option may take or bound (Discord's: 2^53 - 1, what a
#: JavaScript number holds exactly). A larger `max_value` makes Discord refuse the whole upload.
OPTION_INT_MAX = 2**53 - 1


def dynamic_view() -> discord.ui.View:
    """A view for `DynamicItem`s only, stopped before it is sent.

    discord.py dispatches dynamic items by their custom ids (`add_dynamic_items`),
    never through the view, so the view needs no place in its view store: an
    ephemeral one left running would keep a 15-minute timeout task alive for every
    hand or replay shown.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def lang_of(interaction: discord.Interaction) -> str:
    """The language for private replies: the person's own choice (/pinochle language), else their client's."""
    chosen = bot_of(interaction).user_languages.get(interaction.user.id)
    return chosen or pick_language(str(interaction.locale))


def locale_lang(interaction: discord.Interaction) -> str:
    """The bot language of the server's Discord locale (what the `language` setting "auto" means)."""
    return pick_language(str(interaction.guild_locale) if interaction.guild_locale else None)


async def guild_lang(interaction: discord.Interaction) -> str:
    """The default language of channel messages: the server's setting (/pinochle settings), else its locale."""
    if interaction.guild_id is not None:
        chosen = (await services_of(interaction).settings.guild(interaction.guild_id)).language
        if chosen is not None:
            return chosen
    return locale_lang(interaction)


def person_of(interaction: discord.Interaction) -> Person:
    return Person(interaction.user.id, interaction.user.display_name, interaction.id)


def service_of(interaction: discord.Interaction) -> TableService:
    return bot_of(interaction).tables


def table_here(interaction: discord.Interaction) -> TableSnapshot:
    """The active table of the interaction's channel; a `Refusal` if there is none.

    In a channel whose tables play in threads opened from it, the refusal says where they are.
    """
    service = service_of(interaction)
    table = service.table_in(channel_of(interaction))
    if table is None:
        elsewhere = opened_from(service, interaction.guild_id, interaction.channel_id)
        if elsewhere:
            threads = ", ".join(f"<#{t.channel_id}>" for t in elsewhere)
            raise Refusal("bot.home.elsewhere", threads=threads)
        raise Refusal("bot.refuse.no_table")
    return table


def is_manager(interaction: discord.Interaction) -> bool:
    """Whether the member may manage the server (may cancel any table)."""
    permissions = interaction.permissions
    return bool(permissions and permissions.manage_guild)


def numbered(who: int | Name) -> str:
    """Seats by number ("#2"), for texts without a table; a `Name` as shown."""
    return plain(who.text) if isinstance(who, Name) else f"#{who + 1}"


def mention_namer(table: TableSnapshot | None) -> Namer:
    """People at `table` as mentions (shown as their names; pings only where allowed), computers
    by name; where there is no table (None, a refusal that names none), seats by number."""
    if table is None:
        return numbered

    def name(who: int | Name) -> str:
        if isinstance(who, Name) or (player := table.seats.get(who)) is None:
            return numbered(who)
        return f"<@{player.user_id}>" if player.user_id is not None else plain(shown_name(player))

    return name


def say_refusal(interaction: discord.Interaction, refusal: Refusal, lang: str) -> str:
    """A refusal in `lang`, its players named as Discord shows them at the table it names (it
    carries the table's id; the service shows the table as it is now)."""
    table_id = refusal.table_id
    table = None if table_id is None else service_of(interaction).known_table(table_id)
    return say(refusal, lang, mention_namer(table))


async def reply(
    interaction: discord.Interaction, content: str, *, view: discord.ui.View = MISSING
) -> None:
    """An ephemeral answer, whether or not the interaction was answered already; always within the limit."""
    content = shorten(
        content, MESSAGE_LIMIT
    )  # the last resort: a reply too long would never arrive
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, view=view)
    else:
        await interaction.response.send_message(content, ephemeral=True, view=view)
