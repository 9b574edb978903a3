"""Seeing it without Discord: `web-link` prints a server's link, a kept terminal game shows on its
pages, and `demo` builds a sample server whose every page opens."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import cycle
from pathlib import Path

import aiohttp
import pytest

from bot.demo import DEMO_GUILD, PEOPLE, build, links
from bot.store import Store, get_guild_settings
from bot.terminal import LOCAL_GUILD, play_in_terminal
from bot.web.link import main as web_link
from bot.web.reader import open_reader
from bot.web.server import start_web
from bot.web.tokens import server_link

SECRET = "demo-secret-0123456789abcdef"


@pytest.fixture(autouse=True)
def environment(monkeypatch, tmp_path):
    """A folder without `.env`, and the pages' secret set."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WEB_SECRET", SECRET)
    monkeypatch.delenv("WEB_BASE_URL", raising=False)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> str:
    """The sample server, built once for these tests."""
    database = str(tmp_path_factory.mktemp("demo") / "demo.db")
    asyncio.run(build(database))
    return database


async def kept_game(database: str) -> None:
    answers = cycle(["1"])
    await play_in_terminal(
        "two-handed",
        seed=3,
        level="easy",
        options={"target": 300},
        database=database,
        name="Alice",
        read=lambda prompt: next(answers),
        write=lambda line: None,
    )


async def test_web_link_says_the_pages_are_off_then_enable_turns_them_on(tmp_path, capsys):
    database = str(tmp_path / "local.db")
    await kept_game(database)
    assert await asyncio.to_thread(web_link, ["--guild", "0", "--database", database]) == 1
    assert "pages of server 0 are off" in capsys.readouterr().err
    args = ["--guild", "0", "--database", database, "--enable"]
    assert await asyncio.to_thread(web_link, args) == 0
    link = capsys.readouterr().out.strip()
    assert link == server_link("http://127.0.0.1:8080", SECRET, LOCAL_GUILD, 0)
    store = await Store.open(database)
    try:
        assert (await get_guild_settings(store, LOCAL_GUILD)).web
    finally:
        await store.close()
    # The kept game's player is on the local server's standings page.
    server = await start_web(database, host="127.0.0.1", port=0, secret=SECRET)
    try:
        address = link.replace("127.0.0.1:8080", f"127.0.0.1:{server.port}")
        async with aiohttp.ClientSession() as session, session.get(address) as response:
            assert response.status == 200 and "Alice" in await response.text()
    finally:
        await server.close()


#: Another process holding a database's process lock, as a running bot does, until its stdin closes.
HOLD = (
    "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT);"
    " fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()"
)


@contextmanager
def running_bot(database: str) -> Iterator[None]:
    """Another process holds the database's process lock meanwhile."""
    bot = subprocess.Popen(
        [sys.executable, "-c", HOLD, database + ".lock"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline() == "held\n"
        yield
    finally:
        bot.communicate("", timeout=10)


async def test_web_link_reads_a_database_the_running_bot_holds(tmp_path, capsys):
    """The operator asks for a link while the bot runs on the file: read as the pages read it,
    the link comes; only turning pages on needs the bot stopped (one writer per file), said so."""
    database = str(tmp_path / "bot.db")
    await kept_game(database)
    args = ["--guild", "0", "--database", database]
    with running_bot(database):
        assert await asyncio.to_thread(web_link, [*args, "--enable"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("Cannot make the link: ") and "in use by another bot process" in err
        assert "Traceback" not in err
        db = await open_reader(database, size=1)  # nothing was written: the pages are still off
        try:
            assert not (await get_guild_settings(db, LOCAL_GUILD)).web
        finally:
            await db.close()
    assert await asyncio.to_thread(web_link, [*args, "--enable"]) == 0  # the bot has stopped
    with running_bot(database):
        capsys.readouterr()
        assert await asyncio.to_thread(web_link, args) == 0
        printed = capsys.readouterr()
        assert printed.out.strip() == server_link("http://127.0.0.1:8080", SECRET, 0, 0)
        assert f"python -m bot web --database {database}" in printed.err


@pytest.mark.parametrize(
    "args, env, said",
    [
        (["--guild", "0", "--database", "missing.db"], {}, "There is no database at missing.db"),
        (["--guild", "0", "--database", "x.db"], {"WEB_SECRET": ""}, "WEB_SECRET is not set"),
        (["--guild", "-5", "--database", "x.db"], {}, "-5 is no server id"),
    ],
)
def test_web_link_refuses_with_one_line(args, env, said, monkeypatch, capsys):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    Path("x.db").write_bytes(b"")
    assert web_link(args) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


async def test_the_demo_has_people_games_a_league_night_and_chips_on_every_page(demo):
    server = await start_web(demo, host="127.0.0.1", port=0, secret=SECRET)
    try:
        pages = await links(demo, SECRET, f"http://127.0.0.1:{server.port}")
        assert len(pages) == 8 and all(f"/s/{DEMO_GUILD}-" in page for page in pages)
        async with aiohttp.ClientSession() as session:
            texts = {}
            for page in pages:
                async with session.get(page) as response:
                    assert response.status == 200, page
                    texts[page] = await response.text()
    finally:
        await server.close()
    standings, games, chips, events, replay, player, ledger, event = pages
    assert all(name in texts[standings] for name in PEOPLE[:4])
    for variant in ("Two-handed", "Three-handed", "Four-handed", "Partnership", "Check"):
        assert variant in texts[games]
    assert "Friday league night" in texts[events] and "Final table" in texts[event]
    assert "league night prize" in texts[ledger]
    assert re.search(r"\bAnn\b", texts[chips]) and "<script>" not in texts[standings]
    assert "Ann" in texts[player] and "Ann" in texts[replay]  # game 1: Ann against Boris


async def test_a_check_replay_itemises_each_seats_chips_as_the_engine_awarded_them(demo):
    """E-15..E-20 on the replay page and in the API: each seat's items (contract made or set,
    meld checks, game premium) add up to its chips in the deal's results."""
    store = await Store.open(demo)
    try:
        row = await store.fetchone(
            "SELECT id FROM tables WHERE variant = 'check' AND status = 'finished' LIMIT 1"
        )
    finally:
        await store.close()
    assert row is not None
    server = await start_web(demo, host="127.0.0.1", port=0, secret=SECRET)
    try:
        replay = (await links(demo, SECRET, f"http://127.0.0.1:{server.port}"))[4]
        check = re.sub(r"/games/\d+", f"/games/{row['id']}", replay)
        api = check.replace("/s/", "/api/s/", 1)
        async with aiohttp.ClientSession() as session:
            async with session.get(check) as response:
                html = await response.text()
            async with session.get(api) as response:
                data = await response.json()
    finally:
        await server.close()
    assert data["deals"]
    for deal in data["deals"]:
        assert [c["seat"] for c in deal["chips"]] == [0, 1, 2, 3]
        for seat in deal["chips"]:
            total = sum(item["chips"] for item in seat["items"])
            assert total == deal["results"]["chips"][seat["seat"]]
    reasons = {i["reason"] for d in data["deals"] for c in d["chips"] for i in c["items"]}
    assert {"game"} <= reasons and reasons & {"contract", "set"}
    assert '<ul class="chips">' in html and re.search(r"(contract|set) \d+ [+−]\d+", html)


def test_the_demo_command_builds_once_and_prints_its_links(tmp_path, capsys, demo):
    from bot.demo import main

    copy = tmp_path / "demo.db"
    copy.write_bytes(Path(demo).read_bytes())
    assert main(["--database", str(copy), "--no-serve"]) == 0
    out = capsys.readouterr().out
    assert "Using the sample server already in" in out
    assert server_link("http://127.0.0.1:8080", SECRET, DEMO_GUILD, 0) in out
    # An IPv6 address is written in brackets, so the links printed open.
    assert main(["--database", str(copy), "--no-serve", "--host", "::1", "--port", "8090"]) == 0
    assert server_link("http://[::1]:8090", SECRET, DEMO_GUILD, 0) in capsys.readouterr().out


def test_the_demo_without_web_secret_prints_no_links_that_could_never_open(
    tmp_path, capsys, demo, monkeypatch
):
    """`--no-serve` ends at once: links signed with a secret of that run would be dead."""
    from bot.demo import main

    monkeypatch.setenv("WEB_SECRET", "")
    copy = tmp_path / "demo.db"
    copy.write_bytes(Path(demo).read_bytes())
    assert main(["--database", str(copy), "--no-serve"]) == 0
    out = capsys.readouterr().out
    assert "http://" not in out
    assert out.splitlines()[-1].startswith("WEB_SECRET is not set, so no links are printed")


async def test_the_demo_refuses_a_file_that_holds_no_sample(tmp_path, capsys):
    """`demo --database games.db` on a kept terminal game prints no links that all answer 404."""
    from bot.demo import main

    database = str(tmp_path / "games.db")
    await kept_game(database)
    assert await asyncio.to_thread(main, ["--database", database, "--no-serve"]) == 2
    printed = capsys.readouterr()
    assert printed.out == "" and "Traceback" not in printed.err
    assert printed.err == (
        f"{database} holds no sample server (another database, or a build that was stopped"
        " part-way): delete it to build the sample afresh, or name a new file or an empty"
        " PostgreSQL database with --database.\n"
    )


async def test_the_demo_builds_once_into_an_empty_postgresql_database(postgres_server, capsys):
    """Asked again, it uses the sample there (no second copy of every game); a database that
    holds another server's games is left alone."""
    from bot.demo import main

    url = await postgres_server.new_database()
    for said in ("Building a sample server", "Using the sample server already in"):
        assert await asyncio.to_thread(main, ["--database", url, "--no-serve"]) == 0
        assert said in capsys.readouterr().out
    store = await Store.open(url)
    try:
        events = await store.fetchall("SELECT id FROM events")
    finally:
        await store.close()
    assert len(events) == 1
    other = await postgres_server.new_database()
    await kept_game(other)
    assert await asyncio.to_thread(main, ["--database", other, "--no-serve"]) == 2
    assert "holds no sample server" in capsys.readouterr().err
