"""Helpers of the web tests: the web app over a copy of the sample league, and reading its pages."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from html.parser import HTMLParser

from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store, set_guild_settings
from bot.web.app import create_app
from bot.web.clients import Network
from bot.web.ratelimit import RateLimit
from bot.web.reader import open_reader

from .sample import SECRET, Sample

NOT_FOUND = "There is no page at this address."


@asynccontextmanager
async def web_client(
    sample: Sample, *, limit: RateLimit | None = None, trusted_proxies: Sequence[Network] = ()
) -> AsyncIterator[TestClient]:
    """An aiohttp test client of the app reading `sample` through the web's own read pool."""
    pool = await open_reader(sample.database)
    app = create_app(
        pool,
        secret=SECRET,
        database=sample.database,
        limit=limit,
        trusted_proxies=trusted_proxies,
    )
    try:
        async with TestClient(TestServer(app)) as client:
            yield client
    finally:
        await pool.close()


class _Text(HTMLParser):
    """A page's visible text (script and style left out), one string."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """What a reader sees of a page, whitespace collapsed."""
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts)).strip()


class _Attributes(HTMLParser):
    """The names of every attribute of every tag (text and escaped names are not tags)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.names.update(name for name, _ in attrs)


def attribute_names(html: str) -> set[str]:
    """Every attribute name used in a page's markup (`onclick` would be one)."""
    parser = _Attributes()
    parser.feed(html)
    return parser.names


def rows(html: str, table_class: str | None = None) -> list[str]:
    """The visible text of each body row of the page's first table (of that class)."""
    start = html.index(f'<table class="{table_class}"' if table_class else "<table")
    body = html[html.index("<tbody>", start) : html.index("</tbody>", start)]
    return [visible_text("<tr" + row) for row in body.split("<tr")[1:]]


async def page(client: TestClient, sample: Sample, path: str = "/", **headers: str) -> str:
    """A page of the sample server that must open (200, HTML): its markup."""
    response = await client.get(f"/s/{sample.token}{path}", headers=headers)
    assert response.status == 200, await response.text()
    assert response.content_type == "text/html"
    return await response.text()


async def assert_not_found(client: TestClient, path: str) -> None:
    """The address answers the one 404 (a page, or JSON under /api/)."""
    response = await client.get(path)
    assert response.status == 404, path
    if path.startswith("/api/"):
        assert (await response.json())["error"] == "not_found"
    else:
        assert NOT_FOUND in visible_text(await response.text())


async def change_settings(path: str, guild: int, **changes: object) -> None:
    """Change a server's settings in the database, as `/pinochle settings` would."""
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            await set_guild_settings(tx, guild, **changes)
    finally:
        await store.close()


class FakeClock:
    """A clock the test moves by hand (`clock.now += 2`)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now
