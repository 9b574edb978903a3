"""`python -m bot` when Discord says no or cannot be reached: one line each, and an exit status a
process manager can act on (2: a person must fix it; 75: try again later)."""

from __future__ import annotations

import aiohttp
import discord
import pytest

import cogs._bot
from bot.__main__ import EX_TEMPFAIL, run_bot
from bot.config import Config


def start_raising(monkeypatch, error: BaseException) -> None:
    """The bot's connection to Discord fails with `error`, as discord.py would raise it."""

    class FakeThinker:
        def start(self) -> None:
            pass

    class FakeBot:
        thinker = FakeThinker()

        async def __aenter__(self):
            return self

        async def __aexit__(self, *exc) -> None:
            pass

        async def start(self, token) -> None:
            raise error

    monkeypatch.setattr(cogs._bot, "create_bot", lambda path, config, store: FakeBot())


def settings(tmp_path) -> Config:
    return Config.from_env({"DISCORD_TOKEN": "x" * 60, "DATABASE_PATH": str(tmp_path / "b.db")})


def test_a_token_discord_rejects_exits_2_saying_how_to_get_a_new_one(monkeypatch, tmp_path, capsys):
    start_raising(monkeypatch, discord.LoginFailure("Improper token has been passed."))
    assert run_bot(settings(tmp_path)) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "Reset Token" in err and "DISCORD_TOKEN=" in err and ".env" in err


class FakeKey:
    host, port, ssl = "discord.com", 443, True


@pytest.mark.parametrize(
    "error",
    [
        aiohttp.ClientConnectorError(FakeKey(), OSError(-2, "Name or service not known")),  # type: ignore[arg-type]
        OSError(101, "Network is unreachable"),
        TimeoutError(),
        discord.GatewayNotFound(),
    ],
    ids=["dns", "unreachable", "timeout", "gateway"],
)
def test_no_network_exits_75_in_one_line(monkeypatch, tmp_path, capsys, error):
    start_raising(monkeypatch, error)
    assert run_bot(settings(tmp_path)) == EX_TEMPFAIL == 75
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("Cannot reach Discord: ") and "status 75" in err


def test_web_refuses_a_port_out_of_range_in_one_line(capsys):
    from bot.__main__ import main

    with pytest.raises(SystemExit) as stop:  # argparse's usage error, as for any bad option
        main(["web", "--port", "99999"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "is not a port number (0 to 65535)" in err and "Traceback" not in err


def test_the_demo_on_a_taken_port_says_so_in_one_line(tmp_path, capsys):
    import socket

    from bot.__main__ import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        rc = main(["demo", "--database", str(tmp_path / "demo.db"), "--port", port])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err
    assert err.strip().splitlines() == [err.strip()] and "address already in use" in err


def test_a_postgresql_server_that_does_not_answer_exits_75_and_a_refused_login_2(
    tmp_path, capsys, postgres_server
):
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    for url, status in (
        (f"postgresql://bot:hunter2@127.0.0.1:{closed}/pinochle", EX_TEMPFAIL),
        (f"postgresql://nobody:hunter2@127.0.0.1:{postgres_server.port}/pinochle", 2),
    ):
        env = {"DISCORD_TOKEN": "x" * 60, "DATABASE_URL": url, "DATABASE_PATH": str(tmp_path)}
        assert run_bot(Config.from_env(env)) == status, url
        err = capsys.readouterr().err
        assert err.startswith("The bot cannot start: cannot connect to postgresql://")
        assert len(err.strip().splitlines()) == 1 and "hunter2" not in err
