"""Every game refuses the options it does not play (RULES G-14, F-12, H-15): a table
opened before keeps the options its game plays and loses the others, on both backends."""

from __future__ import annotations

from bot.game import new_game
from bot.store import Store, get_table, schema_version
from bot.store.migrations import MIGRATIONS
from tests.store.helpers import lobby_table

#: The last schema before every game refused what it does not play.
BEFORE = next(i for i, m in enumerate(MIGRATIONS) if "Every game now refuses the options" in m)

#: (variant, options stored before, what they keep): the plays kept, the rest dropped.
CASES = [
    (
        "two-handed",
        {"pack64": True, "head_rule": "trump_lead_only", "meld_credit_unit": "player"},
        {"pack64": True},
    ),
    (
        "two-handed-no-trump",
        {"first_marriage_value": 20, "three_hand_playon": "stop", "min_bid": 300},
        {"first_marriage_value": 20},
    ),
    (
        "three-handed",
        {"three_hand_playon": "stop", "partnership_meld_timing": "before_play", "pack64": False},
        {"three_hand_playon": "stop"},
    ),
    (
        "four-handed",
        {"partnership_meld_timing": "before_play", "must_head_partner": False},
        {"partnership_meld_timing": "before_play"},
    ),
    (
        "partnership",
        {"meld_credit_unit": "player", "declare_out": True, "draw_before_meld": True},
        {"meld_credit_unit": "player"},
    ),
    ("auction", {"same_class_upgrades": "any_higher", "min_bid": 250}, {"min_bid": 250}),
    (
        "check",
        {"same_class_upgrades": "any_higher", "no_marriage_remedy_default": "cancel"},
        {},
    ),
]


async def test_old_tables_keep_the_options_their_game_plays_and_lose_the_others(database):
    old = await Store.open(database, schema=BEFORE)
    ids = [
        await lobby_table(old, channel, variant, options)
        for channel, (variant, options, _) in enumerate(CASES, start=2)
    ]
    await old.close()
    new = await Store.open(database)
    try:
        assert await schema_version(new) == len(MIGRATIONS)
        for table_id, (variant, _, kept) in zip(ids, CASES, strict=True):
            options = (await get_table(new, table_id)).options
            assert options == kept, variant
            new_game(variant, seed=1, options=options)  # accepted as they are
    finally:
        await new.close()
