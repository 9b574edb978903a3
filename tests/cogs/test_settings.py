"""/pinochle images and /pinochle settings through the real bot on SimCord.

Issue 7: "a per-server or per-user setting turns images off"; channel messages
in "a per-table or per-server setting (default the server's locale)". Issue 6:
computer players "can be hidden from standings"; non-admins refused; bad
input changes nothing.
"""

from __future__ import annotations

import pytest

from bot.i18n import variant_name
from bot.services.league import record_game
from bot.store import (
    GameSeat,
    GuildSettings,
    ensure_player,
    get_guild_settings,
    get_user_settings,
    images_enabled,
    set_guild_settings,
    settle_deal,
)
from cogs._bot import create_bot
from tests.cogs.sim import channel_lines, close_store
from tests.tables.helpers import live_of

from .ledger_support import Server, code_lines, refused


@pytest.fixture
async def server(simcord_env) -> Server:
    return Server(simcord_env, "ann", "ben")


async def settings_of(server: Server) -> GuildSettings:
    return await get_guild_settings(server.store, server.guild.id)


async def change(server: Server, name: str, value: str) -> str:
    """An admin sets one server setting; the private answer."""
    result = await server.admin.slash(server.channel, "pinochle settings", name=name, value=value)
    assert result.ephemeral
    return result.response.content


async def hand_of_a_started_game(server: Server, member):
    """`member` opens a two-handed table against a computer, starts it and looks at their hand."""
    await member.slash(server.channel, "pinochle new", variant="two-handed")
    await member.slash(server.channel, "pinochle addbot")
    await member.slash(server.channel, "pinochle start")
    hand = (await member.slash(server.channel, "pinochle hand")).response
    assert hand.ephemeral and hand.content.startswith("Your hand: ")
    return hand


# -- /pinochle images ------------------------------------------------------------------------------


async def test_images_off_on_and_default_are_a_persons_own_choice(server):
    ann = server["ann"]
    off = await ann.slash(server.channel, "pinochle images", state="off")
    assert off.ephemeral
    assert (
        off.response.content
        == "Card pictures are off for you: your hand and the boards come as text only."
    )
    assert (await get_user_settings(server.store, ann.id)).images is False
    assert not await images_enabled(server.store, server.guild.id, ann.id)
    assert await images_enabled(server.store, server.guild.id, server["ben"].id)  # nobody else's

    await change(server, "images", "off")
    on = await ann.slash(server.channel, "pinochle images", state="on")
    assert on.response.content == "Card pictures are on for you, whatever this server has chosen."
    assert await images_enabled(
        server.store, server.guild.id, ann.id
    )  # hers wins over the server's

    default = await ann.slash(server.channel, "pinochle images", state="default")
    assert default.response.content == (
        "Card pictures follow the server's setting for you; on this server they are off."
    )
    assert (await get_user_settings(server.store, ann.id)).images is None
    assert not await images_enabled(server.store, server.guild.id, ann.id)


async def test_the_images_answer_is_in_the_persons_own_language(server):
    ann = server["ann"]
    await ann.slash(server.channel, "pinochle language", language="ru")
    result = await ann.slash(server.channel, "pinochle images", state="off")
    assert (
        result.response.content
        == "Картинки карт для вас выключены: рука и столы будут только текстом."
    )


# -- /pinochle language ----------------------------------------------------------------------------


async def test_a_person_chooses_the_language_of_their_private_replies(server):
    ann, ben = server["ann"], server["ben"]
    chosen = await ann.slash(server.channel, "pinochle language", language="ru")
    assert chosen.ephemeral and chosen.response.content.startswith(
        "Теперь бот отвечает вам лично по-русски"
    )
    assert (await get_user_settings(server.store, ann.id)).language == "ru"

    await ann.slash(server.channel, "pinochle new", variant="two-handed")
    await ann.slash(server.channel, "pinochle addbot")
    await ann.slash(server.channel, "pinochle start")
    hand = (await ann.slash(server.channel, "pinochle hand")).response
    assert hand.ephemeral and hand.content.startswith("Ваши карты: ")
    stranger = (await ben.slash(server.channel, "pinochle hand")).response
    assert (
        stranger.ephemeral and stranger.content.isascii()
    )  # Ben's client language is still English
    await server.env.advance_time(10)  # the channel's lines are paced
    assert any(
        line.startswith("The game begins") for line in channel_lines(server.channel)
    )  # the table's language

    back = await ann.slash(server.channel, "pinochle language", language="auto")
    assert (
        back.response.content
        == "The bot now answers you privately in your Discord language (now English)."
    )
    assert (await get_user_settings(server.store, ann.id)).language is None
    again = (await ann.slash(server.channel, "pinochle hand")).response
    assert again.content.startswith("Your hand: ")


async def test_a_chosen_language_survives_a_restart(server, database_path):
    ann = server["ann"]
    await ann.slash(server.channel, "pinochle language", language="ru")
    old_bot = server.env.bot
    await server.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    result = await ann.slash(server.channel, "pinochle images", state="on")
    assert result.response.content == "Картинки карт для вас включены, что бы ни выбрал сервер."


async def test_the_hand_view_has_its_picture_while_images_are_on(server):
    hand = await hand_of_a_started_game(server, server["ann"])
    assert [a.filename for a in hand.attachments] == ["hand.png"]


async def test_images_off_for_a_person_sends_their_hand_without_a_picture(server):
    await server["ann"].slash(server.channel, "pinochle images", state="off")
    hand = await hand_of_a_started_game(server, server["ann"])
    assert hand.attachments == []


# -- /pinochle settings ----------------------------------------------------------------------------


async def test_settings_without_arguments_list_every_setting(server):
    result = await server.admin.slash(server.channel, "pinochle settings")
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert lines[0].startswith("**Settings of this server**")
    assert [line.split(" · ")[0] for line in lines[1:]] == [
        "`images`: **on**",
        "`language`: **auto: the server's Discord language, now English**",
        "`table_place`: **thread**",
        "`starting_balance`: **0**",
        "`allow_negative`: **on**",
        "`hide_bots`: **off**",
        "`abandon_minutes`: **5**",
        "`max_tables_member`: **2**",
        "`max_tables_server`: **20**",
        "`max_hard_seats`: **1**",
        "`new_cooldown`: **30**",
        "`web`: **off**",
    ]


async def test_an_admin_changes_one_setting_at_a_time(server):
    assert await change(server, "images", "off") == "`images` is now **off** on this server."
    assert (
        await change(server, "starting_balance", "250")
        == "`starting_balance` is now **250** on this server."
    )
    assert (
        await change(server, "allow_negative", "OFF")
        == "`allow_negative` is now **off** on this server."
    )
    assert await change(server, "Hide_Bots ", "on") == "`hide_bots` is now **on** on this server."
    assert await change(server, "language", "ru") == "`language` is now **Русский** on this server."
    assert (
        await change(server, "table_place", "channel")
        == "`table_place` is now **channel** on this server."
    )
    assert (
        await change(server, "max_hard_seats", "0")
        == "`max_hard_seats` is now **0** on this server."
    )
    assert await settings_of(server) == GuildSettings(
        server.guild.id, 250, False, False, "ru", True, table_place="channel", max_hard_seats=0
    )
    assert await change(server, "language", "auto") == (
        "`language` is now **auto: the server's Discord language, now English** on this server."
    )
    assert (await settings_of(server)).language is None


async def test_settings_are_refused_to_members_without_manage_server(server):
    async with server.store.transaction() as tx:
        await set_guild_settings(tx, server.guild.id, starting_balance=5)
    before = await settings_of(server)
    refusal = (
        "Only members with the Manage Server permission can see or change this server's settings."
    )
    assert (
        await refused(server.env, server["ann"].slash(server.channel, "pinochle settings"))
        == refusal
    )
    assert (
        await refused(
            server.env,
            server["ann"].slash(
                server.channel, "pinochle settings", name="starting_balance", value="1000"
            ),
        )
        == refusal
    )
    assert await settings_of(server) == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"name": "images", "value": "maybe"},
            "“maybe” is not a value of `images`: choose `on`, `off`.",
        ),
        (
            {"name": "language", "value": "de"},
            "“de” is not a value of `language`: choose `en`, `ru`, `auto`.",
        ),
        (
            {"name": "hide_bots", "value": "true"},
            "“true” is not a value of `hide_bots`: choose `on`, `off`.",
        ),
        (
            {
                "name": "starting_balance",
                "value": "-5",
            },  # escaped, as typed text is: Discord shows “-5”
            "“\\-5” is not a value of `starting_balance`: choose a whole number from 0 to 1000000.",
        ),
        (
            {"name": "starting_balance", "value": "1.5"},
            "“1.5” is not a value of `starting_balance`: choose a whole number from 0 to 1000000.",
        ),
        (
            {"name": "starting_balance", "value": "1000001"},
            "“1000001” is not a value of `starting_balance`: choose a whole number from 0 to 1000000.",
        ),
        (
            {"name": "starting_balance", "value": "9" * 5000},
            f"“{'9' * 50}” is not a value of `starting_balance`: choose a whole number from 0 to 1000000.",
        ),
        (
            {"name": "abandon_minutes", "value": "0"},
            "“0” is not a value of `abandon_minutes`: choose a whole number from 1 to 60.",
        ),
        (
            {"name": "max_hard_seats", "value": "４"},  # a full-width digit is not a number here
            "“４” is not a value of `max_hard_seats`: choose a whole number from 0 to 3.",
        ),
        (
            {"name": "table_place", "value": "forum"},
            "“forum” is not a value of `table_place`: choose `thread`, `channel`.",
        ),
        (
            {"name": "colour", "value": "red"},
            "There is no setting “colour”. The settings are: images, language, table_place, starting_balance, allow_negative, hide_bots, abandon_minutes,"
            " max_tables_member, max_tables_server, max_hard_seats, new_cooldown, web, web_rotate.",
        ),
        ({"name": "images"}, "Give `images` a value: `on`, `off`."),
        (
            {"name": "starting_balance"},
            "Give `starting_balance` a value: a whole number from 0 to 1000000.",
        ),
        (
            {"value": "on"},
            "Name the setting to change: images, language, table_place, starting_balance, allow_negative, hide_bots, abandon_minutes,"
            " max_tables_member, max_tables_server, max_hard_seats, new_cooldown, web, web_rotate.",
        ),
    ],
)
async def test_a_malformed_setting_is_refused_and_changes_nothing(server, options, message):
    before = await settings_of(server)
    assert (
        await refused(
            server.env, server.admin.slash(server.channel, "pinochle settings", **options)
        )
        == message
    )
    assert await settings_of(server) == before


async def test_autocomplete_offers_the_names_and_each_ones_values(server):
    names = await server.admin.autocomplete(server.channel, "pinochle settings", "name", "")
    assert [c["value"] for c in names] == [
        "images",
        "language",
        "table_place",
        "starting_balance",
        "allow_negative",
        "hide_bots",
        "abandon_minutes",
        "max_tables_member",
        "max_tables_server",
        "max_hard_seats",
        "new_cooldown",
        "web",
        "web_rotate",
    ]
    assert names[0]["name"] == "images · card pictures"
    typed = await server.admin.autocomplete(server.channel, "pinochle settings", "name", "hidden")
    assert [c["value"] for c in typed] == [
        "hide_bots"
    ]  # found by its label, "computers hidden ..."

    switch = await server.admin.autocomplete(
        server.channel, "pinochle settings", "value", "", name="hide_bots"
    )
    assert [(c["name"], c["value"]) for c in switch] == [("on", "on"), ("off", "off")]
    language = await server.admin.autocomplete(
        server.channel, "pinochle settings", "value", "", name="language"
    )
    assert [c["value"] for c in language] == ["en", "ru", "auto"]
    assert language[1]["name"] == "Русский"
    await change(server, "starting_balance", "40")
    number = await server.admin.autocomplete(
        server.channel, "pinochle settings", "value", "75", name="starting_balance"
    )
    assert [c["value"] for c in number] == ["75", "40"]  # what is typed, then the current value
    nonsense = await server.admin.autocomplete(
        server.channel, "pinochle settings", "value", "x", name="starting_balance"
    )
    assert [c["value"] for c in nonsense] == ["40"]
    unknown = await server.admin.autocomplete(
        server.channel, "pinochle settings", "value", "", name="colour"
    )
    assert unknown == []


async def test_a_starting_balance_set_by_command_opens_new_accounts(server):
    await change(server, "starting_balance", "100")
    result = await server["ann"].slash(server.channel, "chips balance")
    assert (
        result.response.content
        == "ann has not played for chips yet: the starting balance is **100** chips."
    )


# -- the server's language -------------------------------------------------------------------------


async def test_server_language_ru_makes_a_new_tables_board_russian(server):
    await change(server, "language", "ru")
    await server["ann"].slash(server.channel, "pinochle new", variant="two-handed")
    board = _newest_board(server.channel)
    assert board.embeds[0].title == f"{variant_name('two-handed', 'ru')} · стол №1"
    assert (
        live_of(server.env.bot.tables, server.env.bot.tables.table_in(server.channel.id)).language
        == "ru"
    )


async def test_a_tables_own_language_wins_and_auto_goes_back_to_the_discord_locale(server):
    await change(server, "language", "ru")
    await server["ann"].slash(server.channel, "pinochle new", variant="two-handed", language="en")
    assert _newest_board(server.channel).embeds[0].title == "Two-handed · table #1"
    await server["ann"].slash(server.channel, "pinochle cancel")
    await change(server, "language", "auto")
    await server.env.advance_time(30)  # the server's new_cooldown between two tables of one member
    await server["ann"].slash(server.channel, "pinochle new", variant="check")
    assert _newest_board(server.channel).embeds[0].title == "Check Pinochle · table #2"


def _newest_board(channel):
    """The newest table board in the channel, in any language (its embed title ends "#1" or "№1")."""
    return next(
        m
        for m in reversed(channel.history())
        if m.embeds
        and m.embeds[0].title
        and any(mark in m.embeds[0].title for mark in ("table #", "стол №"))
    )


# -- hide_bots -------------------------------------------------------------------------------------


async def computers_in_the_league_and_the_ledger(server: Server) -> None:
    """ann beat a computer and lost to ben at two-handed; the computer won chips from ben."""
    ids = await server.players("ann", "ben")
    async with server.store.transaction() as tx:
        ada = (await ensure_player(tx, server.guild.id, display_name="Ada", bot_level="hard")).id
        for game, (winner, loser) in enumerate(
            [(ids["ann"], ada), (ids["ben"], ids["ann"])], start=1
        ):
            await record_game(
                tx,
                game_id=game,
                guild_id=server.guild.id,
                table_id=None,
                variant="two-handed",
                seats=[GameSeat(0, winner, 0, 1000, 1), GameSeat(1, loser, 1, 700, 2)],
            )
        await settle_deal(
            tx,
            server.guild.id,
            None,
            3,
            1,
            [
                {"from": ids["ben"], "to": ada, "checks": 5, "reason": "contract", "detail": "250"},
                {
                    "from": ids["ben"],
                    "to": ids["ann"],
                    "checks": 2,
                    "reason": "contract",
                    "detail": "250",
                },
            ],
        )


async def test_hide_bots_removes_computers_from_league_standings_and_the_leaderboard(server):
    await computers_in_the_league_and_the_ledger(server)

    async def players(command: str, **options) -> list[list[str]]:
        content = (await server["ann"].slash(server.channel, command, **options)).response.content
        return [row.split()[:2] for row in code_lines(content)[1:]]

    assert sorted(name for _, name in await players("league standings", variant="two-handed")) == [
        "Ada",
        "ann",
        "ben",
    ]
    assert [name for _, name in await players("chips leaderboard")] == ["Ada", "ann", "ben"]
    await change(server, "hide_bots", "on")
    standings = await players("league standings", variant="two-handed")
    assert sorted(name for _, name in standings) == ["ann", "ben"]
    assert [rank for rank, _ in standings] == ["1", "2"]  # ranked among people only
    assert await players("chips leaderboard") == [["1", "ann"], ["2", "ben"]]
    await change(server, "hide_bots", "off")
    assert [name for _, name in await players("chips leaderboard")] == ["Ada", "ann", "ben"]


async def test_both_commands_and_their_choices_read_in_russian(server):
    """The bot synced at start-up through its translator; nothing of these two commands lacked a Russian text."""
    tree = server.env.bot.tree
    assert not [
        key
        for key in tree.translator.missing
        if key.startswith(("commands.pinochle.images", "commands.pinochle.settings", "settings."))
    ]
    payload = await tree.get_command("pinochle").get_translated_payload(tree, tree.translator)
    commands = {option["name"]: option for option in payload["options"]}
    assert commands["settings"]["name_localizations"] == {"ru": "настройки"}
    [state] = commands["images"]["options"]
    assert [c["name_localizations"]["ru"] for c in state["choices"]] == [
        "Включить",
        "Выключить",
        "Как на сервере",
    ]
