"""Fixtures of the web tests: a fresh copy of the sample league per test, and a client over it."""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace

import pytest

from tests.web.pages import web_client
from tests.web.sample import Sample, sample_league


@pytest.fixture(scope="session")
def built_league(tmp_path_factory) -> Sample:
    """The sample league, written once per session (the engine plays its games)."""
    return asyncio.run(sample_league(str(tmp_path_factory.mktemp("league") / "league.db")))


@pytest.fixture
def league(built_league: Sample, tmp_path) -> Sample:
    """A copy of the sample league that a test may change."""
    path = tmp_path / "league.db"
    shutil.copyfile(built_league.database, path)
    return replace(
        built_league,
        database=str(path),
        players=dict(built_league.players),
        games=list(built_league.games),
        events=dict(built_league.events),
    )


@pytest.fixture
async def client(league: Sample):
    async with web_client(league) as client:
        yield client
