"""Shared fixtures: the SimCord bot on a temporary database (the simcord pytest plugin's hook)."""

from __future__ import annotations

import pytest


@pytest.fixture
def database_path(tmp_path):
    return tmp_path / "test.db"


@pytest.fixture
def simcord_bot(database_path):
    from bot import create_bot

    return create_bot(database_path)
