"""Helpers of the web tests: the web app over a copy of the sample league, and reading its pages."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from html.parser import HTMLParser

from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import create_app
from bot.web.ratelimit import RateLimit
from bot.web.reader import open_reader

from .sample import SECRET, Sample


@asynccontextmanager
async def web_client(
    sample: Sample, *, limit: RateLimit | None = None
) -> AsyncIterator[TestClient]:
    """An aiohttp test client of the app reading `sample` through the web's own read pool."""
    pool = await open_reader(sample.database)
    app = create_app(pool, secret=SECRET, database=sample.database, limit=limit)
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
