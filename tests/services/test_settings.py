"""The settings service: values checked before anything is written; settings read back as set."""

import pytest

from bot.services import GuildSettings, Services
from bot.store import SettingsError, UserSettings

GUILD, ANN = 10, 501


async def test_server_settings_round_trip_one_at_a_time(services: Services):
    settings = services.settings
    assert await settings.guild(GUILD) == GuildSettings(GUILD)
    await settings.change(GUILD, starting_balance=50, allow_negative=False)
    now = await settings.change(GUILD, language="ru", table_place="channel", max_hard_seats=3)
    assert now == await settings.guild(GUILD)
    assert (now.starting_balance, now.allow_negative, now.language, now.table_place) == (
        50,
        False,
        "ru",
        "channel",
    )
    assert (await settings.change(GUILD, language=None)).language is None


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"images": None}, "images must be True or False"),
        ({"hide_bots": 1}, "hide_bots must be True or False"),
        ({"allow_negative": "no"}, "allow_negative must be True or False"),
        ({"language": "de"}, "'de' is not one of en, ru"),
        ({"table_place": "forum"}, "not one of thread, channel"),
        ({"starting_balance": -1}, "from 0 to 1000000"),
        ({"starting_balance": 1_000_001}, "from 0 to 1000000"),
        ({"starting_balance": None}, "whole number"),
        ({"abandon_minutes": 0}, "from 1 to 60"),
        ({"web_generation": -1}, "from 0"),
        ({"colour": "red"}, "no server setting called colour"),
    ],
)
async def test_a_refused_server_setting_changes_nothing(services: Services, change, match):
    settings = services.settings
    before = await settings.change(GUILD, images=False, language="ru")
    with pytest.raises(SettingsError, match=match):
        await settings.change(GUILD, **({"hide_bots": True} | change))  # one valid, one not
    assert await settings.guild(GUILD) == before


async def test_a_number_out_of_range_is_refused_in_the_members_words(services: Services):
    with pytest.raises(SettingsError) as refused:
        await services.settings.change(GUILD, starting_balance=-10)
    assert refused.value.key == "settings.refuse.out_of_range"
    assert refused.value.params == {
        "setting": "starting_balance",
        "value": -10,
        "low": 0,
        "high": 1_000_000,
    }


async def test_a_persons_settings_round_trip_and_pictures_follow_them_over_the_server(
    services: Services,
):
    settings = services.settings
    await settings.change(GUILD, images=False)
    assert await settings.images_enabled(GUILD, ANN) is False
    await settings.set_images(ANN, True)
    await settings.set_language(ANN, "ru")
    await settings.set_notify(ANN, False)
    assert await settings.person(ANN) == UserSettings(ANN, True, "ru", False)
    assert await settings.images_enabled(GUILD, ANN) is True
    assert await settings.languages() == {ANN: "ru"}
    assert await settings.notify_off() == {ANN}
    await settings.set_images(ANN, None)
    await settings.set_notify(ANN, True)
    assert await settings.person(ANN) == UserSettings(ANN, None, "ru", None)
    assert await settings.images_enabled(GUILD, ANN) is False


@pytest.mark.parametrize(
    ("call", "value", "match"),
    [
        ("set_images", "off", "images must be True or False or None"),
        ("set_language", "EN", "'EN' is not one of en, ru"),
        ("set_notify", None, "notify must be True or False"),
    ],
)
async def test_a_refused_personal_setting_changes_nothing(services: Services, call, value, match):
    await services.settings.set_images(ANN, True)
    with pytest.raises(SettingsError, match=match):
        await getattr(services.settings, call)(ANN, value)
    assert await services.settings.person(ANN) == UserSettings(ANN, True, None)


async def test_rotating_the_web_token_moves_to_the_next_generation(services: Services):
    assert (await services.settings.rotate_web(GUILD)).web_generation == 1
    assert (await services.settings.rotate_web(GUILD)).web_generation == 2
    assert (await services.settings.guild(GUILD)).web_generation == 2
