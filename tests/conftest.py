"""Shared fixtures: the SimCord bot on a temporary database, on SimCord's clock alone (the simcord
pytest plugin's `simcord_env`, made independent of how busy the machine is)."""

from __future__ import annotations

import pytest
import pytest_asyncio
from simcord.env import Env

#: Real seconds the bot's runnable work may take before a SimCord action fails (SimCord's default
#: is 5): a machine busy with other work makes a test slower, never a failure.
SETTLE_SECONDS = 120.0
#: Timers closer than this (real seconds) still fire on the real clock, as SimCord does by itself.
REAL_TIMER_SECONDS = 0.05


def virtual_timers_only(env: Env) -> None:
    """The bot's sleeps and timeouts end only when the test moves SimCord's clock (`advance_time`).

    By itself SimCord fires such a timer on the real clock too, once its delay has passed in real
    seconds: a test then waits for every short sleep in real time (half a second per hand redraw),
    and on a slow machine a long one (a turn timer) may fire in the middle of a test.
    """
    schedule = (
        env._schedule_timer
    )  # simcord==3.2.1 (pinned): a bot timer gets its real fallback here

    def virtual(record, callback, args, context) -> None:
        schedule(record, callback, args, context)
        real = record.real_handle
        if real is not None and record.when - env._virtual_time >= REAL_TIMER_SECONDS:
            real.cancel()
            record.real_handle = None

    env._schedule_timer = virtual


@pytest.fixture
def database_path(tmp_path):
    return tmp_path / "test.db"


@pytest.fixture
def simcord_bot(database_path):
    from bot import create_bot

    return create_bot(database_path)


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, request):
    """The simcord plugin's environment (options from a `simcord` marker), with `SETTLE_SECONDS`
    and `virtual_timers_only`."""
    marker = request.node.get_closest_marker("simcord")
    env = Env(
        simcord_bot, **{"settle_timeout": SETTLE_SECONDS, **(marker.kwargs if marker else {})}
    )
    virtual_timers_only(env)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL cluster for the whole session; skipped loudly (failed on CI) without binaries."""
    import os
    import warnings

    from tests.pg_server import REQUIRE_ENV, PostgresServer, find_bin

    bin_dir = find_bin()
    if bin_dir is None:
        message = (
            "NO POSTGRESQL SERVER BINARIES (initdb, pg_ctl): the PostgreSQL half of the store"
            " suite did not run; install Debian's postgresql package"
        )
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{message} ({REQUIRE_ENV} is set)")
        warnings.warn(message, stacklevel=1)
        pytest.skip(message)
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server):
    """A new, empty database on the session's PostgreSQL server."""
    return await postgres_server.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path) -> str:
    """Where a store-level test's database lives: a new SQLite file, or a new database on the
    session's PostgreSQL server (the test runs once on each)."""
    if request.param == "sqlite":
        return str(tmp_path / "db" / "pinochle.db")
    return await request.getfixturevalue("postgres_server").new_database()
