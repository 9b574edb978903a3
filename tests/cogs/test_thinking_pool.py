"""The bot's `hard` computers think in its own pool of worker processes; closing the bot stops it."""

from __future__ import annotations

from bot.config import Config
from cogs._bot import create_bot
from tests.tables.thinking_fakes import alive


async def test_the_bot_thinks_in_a_pool_of_its_settings_and_closing_stops_it(database_path):
    bot = create_bot(database_path, config=Config(ai_workers=2, ai_budget=0.5))
    assert (bot.thinker.size, bot.thinker.budget) == (2, 0.5)
    assert bot.thinker.pids == []  # nothing starts until a `hard` turn or `python -m bot`
    bot.thinker.start()
    pids = bot.thinker.pids
    assert len(pids) == 2 and all(alive(pid) for pid in pids)
    await bot.close()
    assert not [pid for pid in pids if alive(pid)]
