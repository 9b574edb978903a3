"""Helpers of the real-browser tests: Debian's Chromium driven by Playwright, the app on loopback.

No Playwright browser download: the browser is the system's `chromium`
(`.ci/run` installs it when missing), launched by its executable path. Without
it the browser tests are skipped, and the summary says so; with
`PINOCHLE_REQUIRE_BROWSER=1` (set by `.ci/run`) they fail instead.
Screenshots go to `tests/artifacts/web/` (git-ignored), for a person to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from bot.web.server import WebServer, start_web

from .sample import SECRET, Sample

#: Set (as `.ci/run` does), a missing chromium fails the browser tests instead of skipping them.
REQUIRE_ENV = "PINOCHLE_REQUIRE_BROWSER"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "web"
PHONE = {"width": 375, "height": 812}


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def require_chromium() -> None:
    """Skip the calling test, saying why, when chromium is missing (fail it under `REQUIRE_ENV`)."""
    if chromium_path() is not None:
        return
    message = (
        "NO CHROMIUM: the browser tests did not run; install Debian's chromium"
        " (apt-get install -y chromium; .ci/run does)"
    )
    if os.environ.get(REQUIRE_ENV):
        pytest.fail(f"{message} ({REQUIRE_ENV} is set)")
    pytest.skip(message)


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    path = chromium_path()
    assert path is not None, "install Debian's chromium (apt-get install -y chromium)"
    async with async_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
        browser = await playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def served(sample: Sample) -> AsyncIterator[str]:
    """The web app over `sample` on a free loopback port; yields the server's pages' address."""
    server: WebServer = await start_web(sample.database, host="127.0.0.1", port=0, secret=SECRET)
    try:
        yield f"http://127.0.0.1:{server.port}/s/{sample.token}"
    finally:
        await server.close()


def screenshot_path(name: str) -> str:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return str(ARTIFACTS / f"{name}.png")
