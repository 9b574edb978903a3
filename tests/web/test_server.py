"""Starting the web app: beside the bot (`start_web`), alone (`python -m bot web`), and its settings."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import main
from bot.config import Config, ConfigError
from bot.web.server import WebStartError, start_web

from .sample import SECRET


async def test_start_web_serves_on_loopback_and_closes(league, caplog):
    caplog.set_level("INFO", "bot.web.server")
    server = await start_web(league.database, host="127.0.0.1", port=0, secret=SECRET)
    try:
        # Asked for any free port, the log names the one taken (the address to open).
        assert f"web pages at http://127.0.0.1:{server.port}" in caplog.messages
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}/healthz") as response:
                assert response.status == 200
            async with session.get(
                f"http://127.0.0.1:{server.port}/s/{league.token}/games"
            ) as response:
                assert response.status == 200
    finally:
        await server.close()


def test_python_m_bot_web_refuses_a_missing_database(tmp_path, capsys):
    assert main(["web", "--database", str(tmp_path / "none.db")]) == 2
    assert "The web pages cannot start:" in capsys.readouterr().err


def test_python_m_bot_web_refuses_an_old_schema(tmp_path, capsys):
    import sqlite3

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version INTEGER)")
        conn.execute("INSERT INTO schema_version VALUES (1, 3)")
    assert main(["web", "--database", str(path)]) == 2
    assert "start the bot once on it" in capsys.readouterr().err


def test_web_settings_from_the_environment():
    settings = Config.from_env(
        {"WEB_PORT": "8080", "WEB_SECRET": SECRET, "WEB_BASE_URL": "https://x.example/"}
    )
    assert (settings.web_port, settings.web_secret, settings.web_base_url) == (
        8080,
        SECRET,
        "https://x.example",
    )
    assert Config.from_env({}).web_port is None  # off by default
    for env, said in (
        ({"WEB_PORT": "http"}, "WEB_PORT must be a port number"),
        ({"WEB_PORT": "70000"}, "WEB_PORT must be a port number"),
        ({"WEB_SECRET": "short"}, "WEB_SECRET must be at least 16 characters"),
        ({"WEB_BASE_URL": "pinochle.example"}, "WEB_BASE_URL must start with http"),
        # Each of a process's settings is checked before it starts, none left to a traceback.
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not 'LOUD'"),
        ({"TURN_SECONDS": "abc"}, "TURN_SECONDS must be a whole number, not 'abc'"),
        ({"DEV_GUILD_ID": "-3"}, "DEV_GUILD_ID must be a server id as Discord shows it"),
    ):
        with pytest.raises(ConfigError, match=said):
            Config.from_env(env)


async def test_a_taken_port_is_one_clear_refusal(league):
    first = await start_web(league.database, host="127.0.0.1", port=0, secret=SECRET)
    try:
        with pytest.raises(WebStartError, match=f"cannot listen on 127.0.0.1:{first.port}"):
            await start_web(league.database, host="127.0.0.1", port=first.port, secret=SECRET)
    finally:
        await first.close()


def test_sigterm_stops_python_m_bot_web_as_ctrl_c_does(league, tmp_path):
    """`systemctl stop` sends SIGTERM: the pages close their connections and exit 0 ("stopped"),
    not 143 (killed by the signal)."""
    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root), "WEB_SECRET": SECRET}
    web = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--port", "0", "--database", league.database],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert web.stderr is not None
        line = web.stderr.readline()
        assert "web pages at http://127.0.0.1:" in line, line
        web.send_signal(signal.SIGTERM)
        assert web.wait(timeout=20) == 0
        assert "Traceback" not in web.stderr.read()
    finally:
        if web.poll() is None:
            web.kill()
            web.wait()
        if web.stderr is not None:
            web.stderr.close()
