"""Draw docs/web-pages.png: the standings on a phone, a player's page and a replay.

Run from the repository root with the test dependencies installed and Debian's chromium:
`python docs/make_web_picture.py`. The pages are the browser tests' sample league
(`tests/web/sample.py`) with ordinary names in place of the markup those tests feed the pages,
served by the web app on loopback and photographed by Chromium through Playwright.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browser import PHONE, chromium, served
from tests.web.sample import sample_league

OUT = Path(__file__).resolve().parent / "web-pages.png"
DESKTOP = {"width": 1024, "height": 760}


async def shots() -> list[bytes]:
    """The three screenshots: standings (phone), a player, a replay (desktop)."""
    with tempfile.TemporaryDirectory(prefix="pinochle-web-picture-") as folder:
        sample = await sample_league(
            str(Path(folder) / "league.db"), hostile="Maria", hostile_event="Saturday night"
        )
        async with served(sample) as base, chromium() as browser:
            phone = await browser.new_page(viewport=PHONE)
            await phone.goto(base + "/")
            desktop = await browser.new_page(viewport=DESKTOP)
            await desktop.goto(f"{base}/players/{sample.players['mallory']}")
            player = await desktop.screenshot(full_page=True)
            await desktop.goto(f"{base}/games/{sample.games[0]}")
            return [await phone.screenshot(), player, await desktop.screenshot()]


def compose(standings: bytes, player: bytes, replay: bytes) -> Image.Image:
    """The phone on the left at full size; the two desktop pages stacked at half size beside it."""
    left = Image.open(io.BytesIO(standings)).convert("RGB")
    right = [Image.open(io.BytesIO(png)).convert("RGB") for png in (player, replay)]
    half = [im.resize((im.width * 5 // 8, im.height * 5 // 8)) for im in right]
    gap = 8
    width = left.width + gap + max(im.width for im in half)
    height = max(left.height, sum(im.height for im in half) + gap)
    canvas = Image.new("RGB", (width, height), (160, 160, 160))
    canvas.paste(left, (0, 0))
    canvas.paste(half[0], (left.width + gap, 0))
    canvas.paste(half[1], (left.width + gap, half[0].height + gap))
    return canvas


def main() -> None:
    picture = compose(*asyncio.run(shots()))
    picture.save(OUT, optimize=True)
    print(f"wrote {OUT} ({picture.width}x{picture.height})")


if __name__ == "__main__":
    main()
