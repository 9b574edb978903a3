"""The command-line tools given a database they cannot use: exit 2, one line, no traceback, nothing
written, and never a password (from a URL's user info or its query) in any output or log line."""

from __future__ import annotations

import asyncio
import logging
import socket

import asyncpg
import pytest

from bot.__main__ import main as bot_main
from bot.config import Config, ConfigError
from bot.store import Store
from bot.store.cli import main
from bot.store.urls import safe_url, scrub

USER_SECRET = "hunter2-in-userinfo"
QUERY_SECRET = "hunter3-in-query"


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bad_urls(port: int) -> list[str]:
    """URLs that cannot be used, each with secrets in it: none may ever be shown."""
    secret = f"postgres:{USER_SECRET}"
    query = f"password={QUERY_SECRET}"
    return [
        f"postgresql://{secret}@127.0.0.1:{closed_port()}/pinochle?{query}",  # nothing listens
        f"postgresql://{secret}@127.0.0.1:99999/pinochle?{query}",  # no such port
        f"postgresql://{secret}@127.0.0.1:port/pinochle?{query}",  # not a port
        f"postgresql://{secret}@[::1/pinochle?{query}",  # malformed address
        f"postgresql://{secret}@127.0.0.1:{port}/no_such_database?{query}",  # refused by the server
        f"postgresql://nobody:{USER_SECRET}@127.0.0.1:{port}/postgres?{query}",  # no such role
        f"mysql://{secret}@127.0.0.1/pinochle?{query}",  # not a database this bot reads
    ]


def assert_one_clean_line(rc: int, out: str, err: str, caplog, url: str) -> str:
    """Exit 2, one line on stderr, no traceback, no secret anywhere; the line."""
    assert rc == 2, (url, out, err)
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for secret in (USER_SECRET, QUERY_SECRET):
        assert secret not in out + err + logged, (url, out, err)
    assert not [r for r in caplog.records if r.exc_info]
    return err


def test_ledger_check_and_backup_refuse_bad_urls_in_one_line(postgres_server, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    for url in bad_urls(postgres_server.port):
        rc = main(["ledger", "check", "--database", url])
        said = assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert said.startswith("cannot check the ledger: ")
        rc = main(["backup", "--database", url, "--to", "never.db"])
        said = assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert said.startswith("cannot back up: ")


def test_web_refuses_bad_urls_in_one_line(postgres_server, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    for url in bad_urls(postgres_server.port):
        rc = bot_main(["web", "--database", url, "--port", "0", "--host", "127.0.0.1"])
        out, err = capsys.readouterr()
        assert_one_clean_line(rc, out, err, caplog, url)
        assert err.startswith("The web pages cannot start:")


def test_web_link_refuses_bad_urls_in_one_line(postgres_server, capsys, caplog, monkeypatch):
    monkeypatch.setenv("WEB_SECRET", "a-web-secret-0123456789")
    caplog.set_level(logging.DEBUG)
    for url in bad_urls(postgres_server.port):
        rc = bot_main(["web-link", "--database", url, "--guild", "1"])
        assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)


def test_record_export_refuses_bad_urls_in_one_line(postgres_server, capsys, caplog, monkeypatch):
    """Given on the command line or as DATABASE_URL (the setting the bot reads): exit 2."""
    caplog.set_level(logging.DEBUG)
    for url in bad_urls(postgres_server.port):
        rc = bot_main(["record", "export", "--game", "1", "--database", url])
        said = assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert said.startswith("error: ")
        monkeypatch.setenv("DATABASE_URL", url)
        rc = bot_main(["record", "export", "--game", "1"])
        assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)


def _tables(url: str) -> list[str]:
    return asyncio.run(_public_tables(url))


async def _public_tables(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await conn.close()
    return [row[0] for row in rows]


def test_migrate_db_checks_both_ends_before_it_writes(postgres_server, tmp_path, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    source = tmp_path / "bot.db"
    asyncio.run(_empty_store(source))
    postgres_url = asyncio.run(postgres_server.new_database())
    for url in bad_urls(postgres_server.port):
        target = tmp_path / "copy" / "target.db"
        rc = main(["migrate-db", "--from", url, "--to", str(target)])
        assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert not target.parent.exists()  # nothing created at the target
        rc = main(["migrate-db", "--from", url, "--to", postgres_url])
        assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert _tables(postgres_url) == []  # not migrated, not touched
        rc = main(["migrate-db", "--from", str(source), "--to", url])
        said = assert_one_clean_line(rc, *capsys.readouterr(), caplog, url)
        assert said.startswith("cannot copy the database: ")


def test_backup_creates_a_missing_folder_and_names_a_destination_it_cannot_write(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    asyncio.run(_empty_store(tmp_path / "data" / "pinochle.db"))
    assert main(["backup", "--database", "data/pinochle.db", "--to", "backups/x.db"]) == 0
    assert (tmp_path / "backups" / "x.db").is_file()
    assert "OK: data/pinochle.db copied to backups/x.db" in capsys.readouterr().out

    (tmp_path / "a-file").write_text("")
    rc = main(["backup", "--database", "data/pinochle.db", "--to", "a-file/x.db"])
    err = capsys.readouterr().err
    assert rc == 2 and len(err.splitlines()) == 1
    assert (
        err
        == "cannot back up: cannot write the backup a-file/x.db: a-file is a file, not a folder\n"
    )


async def _empty_store(path) -> None:
    store = await Store.open(path)
    await store.close()


@pytest.mark.parametrize(
    ("url", "shown", "secrets"),
    [
        ("postgresql://bot:pw1@db:5432/x", "postgresql://bot:***@db:5432/x", ["pw1"]),
        (
            "postgresql://bot@db/x?password=pw2&sslmode=require",
            "postgresql://bot@db/x?password=***&sslmode=require",
            ["pw2"],
        ),
        (
            "postgres://bot:p%40w3@db/x?sslpassword=k3y#frag",
            "postgres://bot:***@db/x?sslpassword=***#frag",
            ["p%40w3", "p@w3", "k3y"],
        ),
        ("postgresql://bot:a@b4@[::1/x", "postgresql://bot:***@[::1/x", ["a@b4"]),
        ("postgresql://db/x", "postgresql://db/x", []),
        ("data/pinochle.db", "data/pinochle.db", []),
    ],
)
def test_safe_url_masks_every_secret_and_never_raises(url, shown, secrets):
    assert safe_url(url) == shown
    # A driver's message may quote the URL, or a decoded part of it in a secret's place.
    places = " ".join(f"bot:{s}@db password='{s}' sslpassword={s}" for s in secrets)
    said = scrub(f"cannot connect to {url}: bad password in {places}", url)
    assert not [secret for secret in secrets if secret in said], said


@pytest.mark.parametrize("password", ["t", "o", "connect", "cannot"])
def test_a_password_that_is_a_common_word_is_masked_in_its_place_only(password):
    url = f"postgresql://u:{password}@db.example/pinochle"
    said = scrub(f"cannot connect to {url}: connection refused", url)
    assert said == "cannot connect to postgresql://u:***@db.example/pinochle: connection refused"


@pytest.mark.parametrize("value", [f"mysql://bot:{USER_SECRET}@db/x", f"bot:{USER_SECRET}@db/x"])
def test_a_database_url_setting_of_another_kind_is_refused_without_its_password(value):
    with pytest.raises(ConfigError, match="DATABASE_URL must be a postgresql:// URL") as refused:
        Config.from_env({"DATABASE_URL": value})
    assert USER_SECRET not in str(refused.value)


def test_migrate_db_refuses_to_copy_a_database_onto_itself(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    asyncio.run(_empty_store(tmp_path / "bot.db"))
    before = (tmp_path / "bot.db").read_bytes()
    rc = main(["migrate-db", "--from", "bot.db", "--to", f"{tmp_path}/./bot.db", "--force"])
    err = capsys.readouterr().err
    assert rc == 2 and "is the source itself" in err and len(err.splitlines()) == 1
    assert (tmp_path / "bot.db").read_bytes() == before
