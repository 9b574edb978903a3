"""Russian slash commands: the whole command set of the bot, built as a discord.py tree and translated."""

import inspect
import unicodedata

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.game import VARIANTS
from bot.i18n import catalog, t
from bot.i18n.translator import PinochleTranslator

#: The command set of issues 4, 6, 7, 12 and 16: group -> command -> options ("a.b": subgroup b of a).
COMMANDS = {
    "pinochle": {
        "new": ("variant", "target", "options", "language", "timer", "place", "quiet", "hints"),
        "join": (),
        "leave": (),
        "addbot": ("seat", "level"),
        "start": (),
        "cancel": (),
        "kick": ("member",),
        "tables": (),
        "score": (),
        "rules": ("variant",),
        "hand": (),
        "play": ("card",),
        "meld": ("cards",),
        "bid": ("amount",),
        "pass": (),
        "trump": ("suit",),
        "move": ("action",),
        "settings": ("name", "value"),
        "images": ("state",),
        "language": ("language",),
        "notify": ("state",),
        "hint": (),
        "stats": ("member", "variant"),
        "history": ("member",),
        "replay": ("game",),
    },
    "chips": {
        "balance": ("member",),
        "history": ("member", "page"),
        "leaderboard": (),
        "grant": ("member", "amount", "reason"),
        "adjust": ("member", "amount", "reason"),
        "export": (),
    },
    "league": {
        "standings": ("variant", "season"),
        "player": ("member",),
        "season": ("action", "name"),
        "export": (),
    },
    "league.event": {
        "new": ("name", "variant", "rounds", "deals_per_round", "duplicate", "start"),
        "join": ("name",),
        "leave": ("name",),
        "start": ("name",),
        "pause": ("name",),
        "end": ("name",),
        "drop": ("member", "name"),
        "standings": ("name",),
    },
}
CHOICES = {
    ("pinochle", "new", "variant"): tuple(VARIANTS),
    ("pinochle", "new", "language"): ("en", "ru"),
    ("pinochle", "new", "place"): ("thread", "channel"),
    ("pinochle", "new", "hints"): ("on", "off"),
    ("pinochle", "notify", "state"): ("on", "off"),
    ("pinochle", "addbot", "level"): ("easy", "normal", "hard", "random"),
    ("pinochle", "rules", "variant"): tuple(VARIANTS),
    ("pinochle", "images", "state"): ("on", "off"),
    ("pinochle", "language", "language"): ("en", "ru"),
    ("league", "standings", "variant"): tuple(VARIANTS),
    ("league", "season", "action"): ("start", "end", "list"),
    ("pinochle", "stats", "variant"): tuple(VARIANTS),
    ("league.event", "new", "variant"): tuple(VARIANTS),
    ("league.event", "new", "duplicate"): ("on", "off"),
}


def en(key: str) -> str:
    return t(key, "en")


def make_command(group: str, name: str, options: tuple[str, ...]) -> app_commands.Command:
    """A command as a cog would declare it, with the English texts of the catalog."""

    async def callback(interaction: discord.Interaction, **values) -> None:
        pass

    base = f"commands.{group}.{name}"
    callback.__signature__ = inspect.Signature(
        [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        + [inspect.Parameter(o, inspect.Parameter.KEYWORD_ONLY, annotation=str) for o in options]
    )
    app_commands.describe(**{o: en(f"{base}.options.{o}.description") for o in options})(callback)
    choices = {
        o: [
            app_commands.Choice(name=en(f"commands.choice.{v}"), value=v)
            for v in CHOICES[group, name, o]
        ]
        for o in options
        if (group, name, o) in CHOICES
    }
    app_commands.choices(**choices)(callback)
    return app_commands.Command(name=name, description=en(f"{base}.description"), callback=callback)


@pytest.fixture
def tree():
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.default()))
    groups: dict[str, app_commands.Group] = {}
    for group_name, commands in COMMANDS.items():
        parent, _, sub = group_name.rpartition(".")
        group = app_commands.Group(
            name=sub,
            description=en(f"commands.{group_name}.description"),
            parent=groups.get(parent),
        )
        groups[group_name] = group
        for name, options in commands.items():
            group.add_command(make_command(group_name, name, options))
        if not parent:
            tree.add_command(group)
    return tree


async def payloads(tree, translator):
    return [await group.get_translated_payload(tree, translator) for group in tree.get_commands()]


def walk(node, parent=""):
    """Every named thing in a command payload: groups, commands, options, choices."""
    path = f"{parent} {node['name']}".strip()
    yield path, node
    for option in node.get("options", ()):
        yield from walk(option, path)
    for choice in node.get("choices", ()):
        yield f"{path} = {choice['value']}", choice


async def test_every_command_option_and_choice_has_a_russian_name_and_description(tree):
    translator = PinochleTranslator()
    everything = [item for payload in await payloads(tree, translator) for item in walk(payload)]
    commands = [options for group in COMMANDS.values() for options in group.values()]
    assert len(everything) == (
        len(COMMANDS) + len(commands) + sum(map(len, commands)) + sum(map(len, CHOICES.values()))
    )
    for path, node in everything:
        assert set(node["name_localizations"]) == {"ru"}, path
        if "description" in node:
            assert set(node["description_localizations"]) == {"ru"}, path
    assert translator.missing == set()


async def test_the_translated_tree_reads_in_russian(tree):
    translated = {
        path: node
        for payload in await payloads(tree, PinochleTranslator())
        for path, node in walk(payload)
    }
    assert translated["pinochle"]["name_localizations"]["ru"] == "пинокль"
    assert translated["pinochle new"]["name_localizations"]["ru"] == "новая"
    assert translated["pinochle new variant"]["name_localizations"]["ru"] == "вариант"
    assert (
        translated["pinochle new variant = check"]["name_localizations"]["ru"] == "Чековый пинокль"
    )
    assert translated["pinochle play card"]["description_localizations"]["ru"].startswith("Карта")
    assert translated["chips"]["name_localizations"]["ru"] == "фишки"


def test_the_catalog_holds_exactly_the_command_set():
    paths = {
        k[len("commands.") : -len(".name")]
        for k in catalog().keys("en")
        if k.startswith("commands.")
        and k.endswith(".name")
        and not k.startswith("commands.choice.")
    }
    expected = set(COMMANDS)
    for group, commands in COMMANDS.items():
        for name, options in commands.items():
            expected |= {f"{group}.{name}"} | {f"{group}.{name}.options.{o}" for o in options}
    assert paths == expected
    assert {
        k.rsplit(".", 1)[1] for k in catalog().keys("en") if k.startswith("commands.choice.")
    } == {v for values in CHOICES.values() for v in values}


def test_english_names_are_the_names_the_tree_dispatches_on():
    for key in catalog().keys("en"):
        if (
            key.startswith("commands.")
            and key.endswith(".name")
            and not key.startswith("commands.choice.")
        ):
            assert catalog().lookup(key, "en") == key.split(".")[-2], key


def valid_name(name: str) -> bool:
    """Discord's `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, lower case where a letter has one."""
    return (
        0 < len(name) <= 32
        and name == name.lower()
        and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name)
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_and_descriptions_fit_discords_rules(lang):
    for key in catalog().keys(lang):
        if not key.startswith("commands."):
            continue
        text = catalog().lookup(key, lang)
        if key.startswith("commands.choice."):
            assert 0 < len(text) <= 100, key
        elif key.endswith(".name"):
            assert valid_name(text), f"{key}: {text!r}"
        else:
            assert 0 < len(text) <= 100, f"{key}: {len(text)} characters"


def test_the_name_check_rejects_what_discord_rejects():
    assert valid_name("добавить-бота") and valid_name("счёт")
    assert not valid_name("Пинокль") and not valid_name("новая игра") and not valid_name("x" * 33)


def test_russian_names_do_not_collide_with_their_siblings():
    ru = catalog()
    top = [ru.lookup(f"commands.{g}.name", "ru") for g in COMMANDS]
    assert len(set(top)) == len(top)
    for group, commands in COMMANDS.items():
        names = [ru.lookup(f"commands.{group}.{c}.name", "ru") for c in commands]
        assert len(set(names)) == len(names), group
        for command, options in commands.items():
            opts = [
                ru.lookup(f"commands.{group}.{command}.options.{o}.name", "ru") for o in options
            ]
            assert len(set(opts)) == len(opts), f"{group} {command}"


def test_variant_choices_read_like_the_variant_names_in_game_messages():
    for lang in ("en", "ru"):
        for variant in VARIANTS:
            assert t(f"commands.choice.{variant}", lang) == t(f"game.variant.{variant}.name", lang)


async def test_other_locales_get_none_so_discord_shows_english(tree):
    command = tree.get_command("pinochle").get_command("new")
    context = TranslationContext(TranslationContextLocation.command_name, command)
    translator = PinochleTranslator()
    assert await translator.translate(locale_str("new"), discord.Locale.russian, context) == "новая"
    for locale in discord.Locale:
        if locale is not discord.Locale.russian:
            assert await translator.translate(locale_str("new"), locale, context) is None, locale


async def test_an_explicit_key_wins_over_the_position():
    translator = PinochleTranslator()
    context = TranslationContext(TranslationContextLocation.other, None)
    text = locale_str("Show my hand", key="commands.pinochle.hand.description")
    assert await translator.translate(text, discord.Locale.russian, context) == t(
        "commands.pinochle.hand.description", "ru"
    )
    assert (
        await translator.translate(locale_str("Show my hand"), discord.Locale.russian, context)
        is None
    )


async def test_an_untranslated_command_stays_english_and_is_reported():
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.default()))

    @tree.command(name="shuffle", description="Shuffle the pack")
    async def shuffle(interaction: discord.Interaction) -> None:
        pass

    translator = PinochleTranslator()
    payload = await shuffle.get_translated_payload(tree, translator)
    assert payload["name_localizations"] == {}
    assert translator.missing == {"commands.shuffle.name", "commands.shuffle.description"}
