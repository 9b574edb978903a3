"""Sharding settings: which guilds a process owns, who syncs commands, and the refusals."""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError

URL = "postgresql://bot@db/pinochle"


def test_a_process_owns_the_guilds_of_its_shards_and_only_shard_0_syncs():
    first = Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0-1", "DATABASE_URL": URL})
    second = Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "2,3", "DATABASE_URL": URL})
    assert (first.shard_ids, second.shard_ids) == ((0, 1), (2, 3))
    for shard in range(4):
        guild = (1234 * 4 + shard) << 22  # Discord: shard = (guild_id >> 22) % SHARD_COUNT
        assert first.owns_guild(guild) == (shard < 2)
        assert second.owns_guild(guild) == (shard >= 2)
    assert first.syncs_commands and not second.syncs_commands
    assert first.database == URL


def test_one_process_runs_and_owns_everything_by_default():
    settings = Config.from_env({})
    assert settings.shard_count is None and settings.owns_guild(12345 << 22)
    assert settings.syncs_commands and settings.database == "data/pinochle.db"
    assert Config.from_env({"SHARD_COUNT": "2"}).shard_ids is None  # both shards, one process


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, "set DATABASE_URL"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2", "DATABASE_URL": URL}, "from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "one", "DATABASE_URL": URL}, "0,1 or 0-3"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be from 1"),
        ({"DATABASE_URL": "mysql://x"}, "postgresql:// URL"),
        ({"DATABASE_POOL_SIZE": "0"}, "DATABASE_POOL_SIZE must be from 1"),
    ],
)
def test_settings_that_cannot_work_are_refused_by_name(env, says):
    with pytest.raises(ConfigError, match=says):
        Config.from_env(env)
