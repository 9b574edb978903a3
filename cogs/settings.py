"""`/pinochle images`, `language`, `notify` and `settings`: a person's pictures, language and turn pings, a server's settings.

Thin: parse, call the settings service (`bot.services.settings`), answer privately in the asker's
language (their own choice from /pinochle language, else their Discord
client's; `lang_of`). A server setting is changed one at a time, a name and
a value, both offered by autocomplete; a value the setting does not take is
refused before anything is written, naming the values it does take. Only
members who may manage the server see or change its settings.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.i18n import LANGUAGES, t
from bot.services import GuildSettings
from bot.services.settings import NUMBER_RANGES, TABLE_PLACES
from bot.tables import Refusal, Text
from bot.web.tokens import server_link
from cogs._common import is_manager, lang_of, locale_lang, reply
from cogs._group import PinochleCog, choices, describe
from cogs._house import House
from cogs._players import guild_of, plain, services_of

SWITCH = ("on", "off")
#: The `language` value that unsets it: channel messages follow the server's Discord locale.
AUTO = "auto"
#: Server settings in the order they are shown, with the values each takes (a number: none listed,
#: its range is `NUMBER_RANGES`).
SERVER_SETTINGS: dict[str, tuple[str, ...]] = {
    "images": SWITCH,
    "language": (*LANGUAGES, AUTO),
    "table_place": TABLE_PLACES,
    "starting_balance": (),
    "allow_negative": SWITCH,
    "hide_bots": SWITCH,
    "abandon_minutes": (),
    "max_tables_member": (),
    "max_tables_server": (),
    "max_hard_seats": (),
    "new_cooldown": (),
    "web": SWITCH,
}
#: The action that issues a new web link (it takes no value): `/pinochle settings web_rotate`.
WEB_ROTATE = "web_rotate"
#: The most digits a number setting is read from (the largest, `starting_balance`, has 7).
NUMBER_DIGITS = 9
#: The `state` of /pinochle images that unsets a person's choice.
DEFAULT = "default"


def parse_setting(name: str | None, value: str | None) -> dict[str, object]:
    """`Images`, `off` -> {"images": False}: the one keyword of `set_guild_settings` they mean.

    A `Refusal` when the name is no setting or the value is none of that setting's
    words, or no whole number for a number setting (the settings service refuses one out
    of its range); nothing is written then.
    """
    names = ", ".join((*SERVER_SETTINGS, WEB_ROTATE))
    if name is None:
        raise Refusal("settings.refuse.name_missing", names=names)
    if (key := name.strip().lower()) not in SERVER_SETTINGS:
        raise Refusal("settings.refuse.unknown_name", name=plain(name[:50]), names=names)
    name = key
    if value is None:
        raise Refusal("settings.refuse.value_missing", name=name, values=values_text(name))
    typed = value.strip().lower()
    if name in NUMBER_RANGES:
        if (number := whole_number(typed)) is None:
            raise Refusal(
                "settings.refuse.bad_value",
                name=name,
                value=plain(value[:50]),
                values=values_text(name),
            )
        return {name: number}
    if typed not in SERVER_SETTINGS[name]:
        raise Refusal(
            "settings.refuse.bad_value",
            name=name,
            value=plain(value[:50]),
            values=values_text(name),
        )
    if name == "language":
        return {name: None if typed == AUTO else typed}
    if name == "table_place":
        return {name: typed}
    return {name: typed == "on"}


def whole_number(text: str) -> int | None:
    """A number as typed ("250"); None for anything else ("-5", "1.5", "²", 5,000 digits).

    Its range is the settings service's to check (`settings.refuse.out_of_range`)."""
    if not (text.isascii() and text.isdigit()) or len(text) > NUMBER_DIGITS:
        return None
    return int(text)


def values_text(name: str) -> Text | str:
    """What a setting takes, for a refusal: `on`, `off` (a number: its range, in the reader's language)."""
    if name in NUMBER_RANGES:
        low, high = NUMBER_RANGES[name]
        return Text.of("settings.value.range", low=low, high=high)
    return ", ".join(f"`{value}`" for value in SERVER_SETTINGS[name])


def value_label(name: str, value: object, lang: str, auto_lang: str) -> str:
    """A stored value as a reader sees it: "on", "Русский", "auto: ... now English", "250"."""
    if name == "language":
        if value is None:
            return t("settings.server.auto", lang, language=t(f"commands.choice.{auto_lang}", lang))
        return t(f"commands.choice.{value}", lang)
    if isinstance(value, bool):
        return t(f"settings.value.{'on' if value else 'off'}", lang)
    if name == "table_place":
        return t(f"settings.value.{value}", lang)
    return str(value)


def settings_text(settings: GuildSettings, lang: str, auto_lang: str) -> str:
    """Every server setting on its own line: name, value, what it does."""
    lines = [t("settings.server.title", lang)]
    lines += [
        t(
            "settings.server.line",
            lang,
            name=name,
            about=t(f"settings.about.{name}", lang),
            value=value_label(name, getattr(settings, name), lang, auto_lang),
        )
        for name in SERVER_SETTINGS
    ]
    return "\n".join(lines)


def matching(offered: list[Choice[str]], typed: str) -> list[Choice[str]]:
    """The offered choices whose value or label contains what was typed (Discord shows 25 at most)."""
    typed = typed.strip().casefold()
    return [c for c in offered if typed in c.value.casefold() or typed in str(c.name).casefold()][
        :25
    ]


def choices_and_unset(values: tuple[str, ...], key: str, unset: str) -> list[Choice[str]]:
    """The catalog's choices for `values`, then the one that unsets a person's choice (named by `key`)."""
    return [*choices(*values), Choice(name=locale_str(t(key, "en"), key=key), value=unset)]


class SettingsCog(PinochleCog):
    def __init__(self, bot: House) -> None:
        self.bot = bot

    @app_commands.command(name="images", description=describe("images"))
    @app_commands.describe(state=describe("images.options.state"))
    @app_commands.choices(
        state=choices_and_unset(SWITCH, "settings.images.choice_default", DEFAULT)
    )
    async def images(self, interaction: discord.Interaction, state: str) -> None:
        settings = services_of(interaction).settings
        await settings.set_images(interaction.user.id, None if state == DEFAULT else state == "on")
        lang = lang_of(interaction)
        if state != DEFAULT:
            return await reply(interaction, t(f"settings.images.{state}", lang))
        server = await settings.images_enabled(interaction.guild_id)
        await reply(
            interaction,
            t(
                "settings.images.default",
                lang,
                server=t(f"settings.value.{'on' if server else 'off'}", lang),
            ),
        )

    @app_commands.command(name="language", description=describe("language"))
    @app_commands.describe(language=describe("language.options.language"))
    @app_commands.choices(
        language=choices_and_unset(LANGUAGES, "settings.language.choice_auto", AUTO)
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """Every private reply after this one comes in the chosen language (the bot's cache is updated too)."""
        chosen = None if language == AUTO else language
        await services_of(interaction).settings.set_language(interaction.user.id, chosen)
        if chosen is None:
            self.bot.user_languages.pop(interaction.user.id, None)
        else:
            self.bot.user_languages[interaction.user.id] = chosen
        lang = lang_of(interaction)
        await reply(
            interaction, t(f"settings.language.{'auto' if chosen is None else 'set'}", lang)
        )

    @app_commands.command(name="notify", description=describe("notify"))
    @app_commands.describe(state=describe("notify.options.state"))
    @app_commands.choices(state=choices(*SWITCH))
    async def notify(self, interaction: discord.Interaction, state: str) -> None:
        """Turn pings on or off for this person (stored as unset when on, the default)."""
        on = state == "on"
        await services_of(interaction).settings.set_notify(interaction.user.id, on)
        if on:
            self.bot.notify_off.discard(interaction.user.id)
        else:
            self.bot.notify_off.add(interaction.user.id)
        await reply(interaction, t(f"settings.notify.{state}", lang_of(interaction)))

    @app_commands.command(name="settings", description=describe("settings"))
    @app_commands.describe(
        name=describe("settings.options.name"), value=describe("settings.options.value")
    )
    async def settings(
        self, interaction: discord.Interaction, name: str | None = None, value: str | None = None
    ) -> None:
        lang, guild = lang_of(interaction), guild_of(interaction)
        service = services_of(interaction).settings
        if not is_manager(interaction):
            raise Refusal("settings.refuse.manage_server")
        if name is None and value is None:
            current = await service.guild(guild)
            shown = settings_text(current, lang, locale_lang(interaction))
            if current.web and self.bot.config.web_secret is not None:
                shown += "\n" + t("settings.web.link", lang, link=self.web_link(current))
            return await reply(interaction, shown)
        if name is not None and name.strip().lower() == WEB_ROTATE:
            return await self.rotate_web(interaction, value)
        change = parse_setting(name, value)
        [name] = change
        web_secret = self.bot.config.web_secret
        if change.get("web") and web_secret is None:
            raise Refusal("settings.refuse.web_secret")
        now = await service.change(guild, **change)
        shown = value_label(name, getattr(now, name), lang, locale_lang(interaction))
        answer = t("settings.server.changed", lang, name=name, value=shown)
        if name == "web" and now.web and web_secret is not None:
            answer += "\n" + t("settings.web.link", lang, link=self.web_link(now))
        await reply(interaction, answer)

    def web_link(self, settings: GuildSettings) -> str:
        """The server's pages at its current token (only for managers, in private replies)."""
        secret = self.bot.config.web_secret
        assert secret is not None  # callers check: without a secret there are no links
        return server_link(
            self.bot.config.web_base_url, secret, settings.guild_id, settings.web_generation
        )

    async def rotate_web(self, interaction: discord.Interaction, value: str | None) -> None:
        """A new token generation: every older link stops working; managers get the new one."""
        lang, guild = lang_of(interaction), guild_of(interaction)
        if value is not None and value.strip():
            raise Refusal("settings.refuse.no_value", name=WEB_ROTATE)
        if self.bot.config.web_secret is None:
            raise Refusal("settings.refuse.web_secret")
        now = await services_of(interaction).settings.rotate_web(guild)
        if now.web:
            return await reply(
                interaction, t("settings.web.rotated_on", lang, link=self.web_link(now))
            )
        await reply(interaction, t("settings.web.rotated_off", lang))

    @settings.autocomplete("name")
    async def setting_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Setting names, only for those who may change them (nothing for other members)."""
        if not is_manager(interaction):
            return []
        lang = lang_of(interaction)
        return matching(
            [
                Choice(name=f"{name} · {t(f'settings.name.{name}', lang)}"[:100], value=name)
                for name in (*SERVER_SETTINGS, WEB_ROTATE)
            ],
            current,
        )

    @settings.autocomplete("value")
    async def setting_values(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """The values of the setting named so far; for a number, what was typed and the current one.

        Only for those who may manage the server: the current values are theirs to see.
        """
        name = interaction.namespace.name
        if name not in SERVER_SETTINGS or not is_manager(interaction):
            return []
        lang = lang_of(interaction)
        if name in NUMBER_RANGES:
            now = getattr(
                await services_of(interaction).settings.guild(guild_of(interaction)), name
            )
            typed = whole_number(current.strip())
            offered = dict.fromkeys(str(number) for number in (typed, now) if number is not None)
            return [Choice(name=v, value=v) for v in offered]
        labels = {
            AUTO: t("settings.value.auto", lang),
            **{v: t(f"commands.choice.{v}", lang) for v in LANGUAGES},
            **{v: t(f"settings.value.{v}", lang) for v in (*SWITCH, *TABLE_PLACES)},
        }
        return matching([Choice(name=labels[v], value=v) for v in SERVER_SETTINGS[name]], current)


async def setup(bot: House) -> None:
    await bot.add_cog(SettingsCog(bot))
