"""House rules and the target refused in the reader's language: no English in Russian
replies, allowed numbers in numeric order, and the target spoken of as the target (RULES §11, G-12)."""

from __future__ import annotations

import pytest

RU = "Это правило нельзя применить: "
EN = "That house rule cannot be used: "


@pytest.mark.parametrize(
    "lang, given, expected",
    [
        ("ru", {"options": "nonsense=1"}, RU + "нет такого правила: nonsense"),
        (
            "ru",
            {"options": "double_pinochle_value=7"},
            RU + "double_pinochle_value: значение 7 не подходит, допустимые значения: 80, 300, 400",
        ),
        (
            "ru",
            {"options": "pack64=maybe"},
            RU + "pack64: значение 'maybe' не подходит, нужно on или off",
        ),
        (
            "ru",
            {"options": "roundhouse_bonus_points=15"},
            RU
            + "roundhouse_bonus_points: значение 15 не подходит, нужно число от 0 до 1000, кратное 10",
        ),
        (
            "ru",
            {"options": "target=500"},
            RU + "цель партии задаётся отдельным параметром target, а не среди правил",
        ),
        (
            "ru",
            {"target": 155},
            "Цель партии должна быть положительным числом, кратным 10, а не 155.",
        ),
        (
            "en",
            {"options": "double_pinochle_value=7"},
            EN + "option double_pinochle_value: 7 is not one of 80, 300, 400",
        ),
        ("en", {"target": 155}, "The game target must be a positive multiple of 10, not 155."),
        (
            "en",
            {"options": "renege_penalty_2h=card_points_only"},
            EN + "renege_penalty_2h says how to punish an illegal play or bid, and this bot refuses"
            " those as they are made, so the option never applies",
        ),
        (
            "ru",
            {"options": "no_marriage_remedy_default=cancel"},
            RU + "no_marriage_remedy_default задаёт наказание за неправильный ход или заявку, а бот"
            " такие ходы и заявки просто не принимает, так что это правило никогда не понадобится",
        ),
    ],
    ids=[
        "ru-unknown",
        "ru-numbers",
        "ru-switch",
        "ru-bonus",
        "ru-target-as-rule",
        "ru-target",
        "en-numbers",
        "en-target",
        "en-honour-only",
        "ru-honour-only",
    ],
)
async def test_a_refused_table_says_why_in_the_readers_language(room, lang, given, expected):
    await room.alice.slash(room.channel, "pinochle language", language=lang)
    result = await room.alice.slash(room.channel, "pinochle new", variant="two-handed", **given)
    assert result.ephemeral and result.response.content == expected
    assert room.table() is None


async def test_the_64_card_pack_in_a_three_handed_game_is_refused_when_the_table_opens(room):
    await room.alice.slash(room.channel, "pinochle language", language="ru")
    result = await room.alice.slash(
        room.channel, "pinochle new", variant="three-handed", options="pack64=on"
    )
    assert result.response.content == RU + "колода из 64 карт (pack64) бывает только в игре вдвоём"
    assert room.table() is None
