"""Shared fixtures: the SimCord bot on a temporary database, in a SimCord environment that does not
depend on how busy the machine is (`tests.steady_sim`), and the session's PostgreSQL server; no
Hypothesis deadlines."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from hypothesis import settings

from tests.conformance.plugin import RECORDER, install
from tests.steady_sim import one_clock, steady_env

# Hypothesis fails an example that takes over 200 ms by default: on a busy machine that measures the
# machine, not the code. Tests may still set their own `deadline`.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


install()


@pytest.fixture(autouse=True)
def discord_conformance():
    """Every request any SimCord test makes is held to Discord's published API and documented
    limits (`tests.conformance`): a request Discord would refuse fails the test that made it. A
    test that plants one takes it (`discord_conformance.take()`)."""
    RECORDER.take()
    yield RECORDER
    found = RECORDER.take()
    if found:
        listed = "\n".join(f"  {violation}" for violation in found)
        pytest.fail(f"Discord would refuse {len(found)} request(s):\n{listed}", pytrace=False)


@pytest.fixture
def database_path(tmp_path):
    return tmp_path / "test.db"


@pytest.fixture
def simcord_bot(database_path):
    from cogs._bot import create_bot

    return create_bot(database_path)


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, request):
    """The simcord plugin's `simcord_env` (options from a `simcord` marker), made steady
    (`tests.steady_sim`), where a refusal is an answer, not a bug: SimCord records whatever
    reaches the command tree's or a view's `on_error`, and those are the bot's one refusal
    handler too. At the end, the refusals are set aside and any bug still fails the test.

    The bot's store is closed at the end, as a stopped process would (`close_store`), whichever
    fixture or test used the bot: a connection left open keeps its worker thread, which fails
    ("Event loop is closed") if a read is still on its way when the test's loop closes."""
    from tests.cogs.sim import bugs, close_store

    marker = request.node.get_closest_marker("simcord")
    env = steady_env(simcord_bot, **(marker.kwargs if marker else {}))
    await env.start()
    try:
        with one_clock(env):
            yield env
    finally:
        try:
            await close_store(env.bot)  # the bot now (a test may have restarted it)
        finally:
            await env.shutdown()
        if env.check_errors:
            found = bugs(env.errors_since(env._errors_acknowledged))
            env.errors  # noqa: B018 (reading acknowledges them: the refusals were answered)
            if found:
                raise ExceptionGroup(f"bot raised {len(found)} error(s) during the test", found)


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
    """A new, empty database on the session's PostgreSQL server, dropped after the test."""
    url = await postgres_server.new_database()
    yield url
    await postgres_server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path) -> AsyncIterator[str]:
    """Where a store-level test's database lives: a new SQLite file, or a new database on the
    session's PostgreSQL server (the test runs once on each)."""
    if request.param == "sqlite":
        yield str(tmp_path / "db" / "pinochle.db")
        return
    server = request.getfixturevalue("postgres_server")
    url = await server.new_database()
    yield url
    await server.drop_database(url)
