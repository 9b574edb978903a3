"""Seeing it without Discord: `web-link` prints a server's link, a kept terminal game shows on its
pages, and `demo` builds a sample server whose every page opens."""

from __future__ import annotations

import asyncio
import re
from itertools import cycle
from pathlib import Path

import aiohttp
import pytest

from bot.demo import DEMO_GUILD, PEOPLE, build, links
from bot.store import Store, get_guild_settings
from bot.tables.terminal import LOCAL_GUILD, play_in_terminal
from bot.web.link import main as web_link
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


def test_the_demo_command_builds_once_and_prints_its_links(tmp_path, capsys, demo):
    from bot.demo import main

    copy = tmp_path / "demo.db"
    copy.write_bytes(Path(demo).read_bytes())
    assert main(["--database", str(copy), "--no-serve"]) == 0
    out = capsys.readouterr().out
    assert "Using the sample server already in" in out
    assert server_link("http://127.0.0.1:8080", SECRET, DEMO_GUILD, 0) in out
