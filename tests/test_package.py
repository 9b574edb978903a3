"""The engine, the table service and the command line import without discord.py; the bot factory
is the Discord layer's (`cogs._bot.create_bot`), wired in by `python -m bot` alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Run in a fresh interpreter where `import discord` fails, as if discord.py were not installed.
WITHOUT_DISCORD = """
import sys
sys.modules["discord"] = None  # any `import discord` now raises ImportError
import bot
import bot.__main__  # the command line: `python -m bot play` needs no discord.py
import bot.game
import bot.tables
from bot.tables import TableService
from bot.game import new_game
game = new_game("two-handed", seed=7)
game.apply(game.legal_actions()[0])
assert not any(name == "discord" or name.startswith(("discord.", "cogs")) for name in sys.modules
               if sys.modules[name] is not None), sorted(sys.modules)
print("imported without discord")
"""


def test_the_engine_and_the_table_service_import_without_discord():
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_DISCORD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported without discord"


def test_the_bot_factory_builds_the_discord_bot(tmp_path):
    from cogs._bot import PinochleBot, create_bot

    assert isinstance(create_bot(tmp_path / "test.db"), PinochleBot)
