"""The auction games' defaults moved to their published sources (RULES F-2, H-4, H-5): a table
opened before keeps the rules it was opened with, so its games replay as played, and loses the
options these games never played (F-12, H-15), on both backends."""

from __future__ import annotations

import json

from bot.game import new_game
from bot.store import Store, get_table, schema_version
from bot.store.migrations import MIGRATIONS
from tests.store.helpers import lobby_table

#: The last schema before the auction games' defaults moved.
BEFORE = next(i for i, m in enumerate(MIGRATIONS) if "The auction games' defaults moved" in m)


async def test_old_auction_tables_keep_their_rules_and_lose_what_they_never_played(database):
    old = await Store.open(database, schema=BEFORE)
    dd = await lobby_table(old, 2, "double-deck", {})
    dd_own = await lobby_table(old, 3, "double-deck", {"pass_count": 3, "grand_pinochle": True})
    auction = await lobby_table(old, 4, "auction", {"meld_credit_unit": "player", "pass_count": 0})
    other = await lobby_table(old, 5, "partnership", {"meld_credit_unit": "player"})
    check = await lobby_table(
        old, 6, "check", {"tie_over_target": "highest_wins", "bid_ladder": True}
    )
    await old.close()
    new = await Store.open(database)
    try:
        assert await schema_version(new) == len(MIGRATIONS)
        tables = (dd, dd_own, auction, other, check)
        options = {t: (await get_table(new, t)).options for t in tables}
        assert options[check] == {"bid_ladder": True}
        assert options[dd] == {"pass_count": 4, "trump_requires_marriage": False}
        assert options[dd_own] == {"pass_count": 3, "trump_requires_marriage": False}
        assert options[auction] == {"pass_count": 0, "min_bid": 250}
        assert options[other] == {"meld_credit_unit": "player"}
        for table, variant in ((dd, "double-deck"), (dd_own, "double-deck"), (auction, "auction")):
            new_game(variant, seed=1, options=options[table])  # accepted as they are
        assert json.loads(json.dumps(options[dd])) == options[dd]
    finally:
        await new.close()
