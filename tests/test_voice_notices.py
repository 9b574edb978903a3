"""discord.py's "voice will NOT be supported" start-up notices stay out of the bot's log.

The bot never joins voice, so an operator cannot act on them; other warnings of the same
logger still reach the log.
"""

import logging

import discord
from discord.voice_client import VoiceClient

from bot.config import quiet_voice_notices


def test_voice_notices_are_dropped_and_other_client_warnings_kept(caplog, monkeypatch):
    monkeypatch.setattr(logging.getLogger("discord.client"), "filters", [])  # undone after
    quiet_voice_notices()
    quiet_voice_notices()  # a second set-up adds no second filter
    assert len(logging.getLogger("discord.client").filters) == 1
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING, logger="discord"):
        discord.Client(intents=discord.Intents(guilds=True))
        logging.getLogger("discord.client").warning("Shard ID %s heartbeat blocked", 0)
    messages = [r.getMessage() for r in caplog.records]
    assert messages == ["Shard ID 0 heartbeat blocked"]
    assert VoiceClient.warn_nacl is False  # the notices were raised, and filtered
