"""The pages in a real browser: headless Chromium from Debian, driven by Playwright.

What a person sees: the standings, a player's chart, a player's league events
leading to an event's final table, the ledger paged by its links, a replay
stepped trick by trick (and the same replay without JavaScript), and every
page at 375 px wide without sideways scrolling of the page itself. Screenshots are saved in tests/artifacts/web/.

One browser serves the whole module (starting Chromium takes a second or two); each test closes
what it opened in it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser

from .browser import PHONE, chromium, require_chromium, screenshot_path, served
from .sample import GRANTS, HOSTILE, HOSTILE_EVENT

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def launched() -> AsyncIterator[Browser]:
    require_chromium()
    async with chromium() as browser:
        yield browser


@pytest_asyncio.fixture(loop_scope="module")
async def browser(launched: Browser) -> AsyncIterator[Browser]:
    """The module's browser; the pages and contexts a test opens are closed after it."""
    yield launched
    for context in launched.contexts:
        await context.close()


async def test_standings_then_a_player_page(league, browser):
    async with served(league) as base:
        page = await browser.new_page()
        csp_errors: list[str] = []
        page.on(
            "console",
            lambda message: (
                csp_errors.append(message.text)
                if "Content Security Policy" in message.text
                else None
            ),
        )
        await page.goto(base + "/")
        assert await page.locator("h1").inner_text() == "Standings"
        assert await page.locator("table.standings tbody tr").count() == 4
        await page.screenshot(path=screenshot_path("standings"), full_page=True)
        await page.get_by_role("link", name="Ann", exact=True).first.click()
        await page.wait_for_url("**/players/*")
        assert await page.locator("h1").inner_text() == "Ann"
        chart = page.locator("figure.chart svg").first
        assert await chart.is_visible()
        box = await chart.bounding_box()
        assert box is not None and box["width"] > 300
        assert await page.locator("figure.chart circle.dot").count() == 3
        await page.screenshot(path=screenshot_path("player"), full_page=True)
        assert csp_errors == []  # the stylesheet and the chart need no exception


async def test_a_player_s_events_lead_to_the_event_s_final_table(league, browser):
    async with served(league) as base:
        page = await browser.new_page()
        await page.goto(f"{base}/players/{league.players['mallory']}")
        heading = page.get_by_role("heading", name="League events")
        assert await heading.is_visible()
        events = page.locator("table.events tbody tr")
        assert await events.count() == 2
        # Newest first; the hostile name is shown as the text it is.
        first = await events.nth(0).locator("td").all_inner_texts()
        assert first[1:] == [HOSTILE_EVENT, "Partnership", "points", "3 of 3", "600"]
        second = await events.nth(1).locator("td").all_inner_texts()
        assert second[1:] == [
            "Friday night",
            "Two-handed",
            "matchpoints (duplicate deals)",
            "2 of 3",
            "10",
        ]
        await events.nth(0).scroll_into_view_if_needed()
        await page.screenshot(path=screenshot_path("player-events"), full_page=True)
        await page.get_by_role("link", name="Friday night").click()
        await page.wait_for_url(f"**/events/{league.events['friday']}")
        assert await page.locator("h1").inner_text() == "Friday night"
        final = page.locator("table.final tbody tr")
        assert [await final.nth(n).inner_text() for n in range(3)] == [
            "1\tAnn\t14",
            f"2\t{HOSTILE}\t10",
            "3\tBob\t6",
        ]
        await page.screenshot(path=screenshot_path("event"), full_page=True)
        await page.get_by_role("link", name="Events", exact=True).click()
        await page.wait_for_url("**/events")
        assert await page.locator("table.events tbody tr").count() == 2
        await page.screenshot(path=screenshot_path("events"), full_page=True)


async def test_ledger_pages_with_its_links(league, browser):
    async with served(league) as base:
        page = await browser.new_page()
        await page.goto(f"{base}/chips/{league.players['ann']}")
        assert await page.locator("table.ledger tbody tr").count() == 25
        assert "Page 1 of 2" in await page.locator("nav.pager").inner_text()
        await page.get_by_role("link", name="Next page").click()
        await page.wait_for_url("**page=2")
        assert await page.locator("table.ledger tbody tr").count() == GRANTS - 25
        assert "+10" in await page.locator("table.ledger tbody tr").last.inner_text()
        await page.screenshot(path=screenshot_path("ledger-page-2"), full_page=True)
        await page.get_by_role("link", name="Previous page").click()
        await page.wait_for_url("**page=1")


async def test_replay_steps_trick_by_trick(league, browser):
    async with served(league) as base:
        page = await browser.new_page()
        await page.goto(f"{base}/games/{league.games[0]}")
        deal = page.locator("section.deal").first
        stepper = deal.locator("nav.stepper")
        assert await stepper.is_visible()
        total = await deal.locator("li.trick").count()
        assert total > 3
        where = stepper.locator("output")
        assert await where.inner_text() == f"Trick 1 of {total}"
        assert await deal.locator("li.trick:visible").count() == 1
        assert await stepper.get_by_role("button", name="Previous trick").is_disabled()
        for _ in range(2):
            await stepper.get_by_role("button", name="Next trick").click()
        assert await where.inner_text() == f"Trick 3 of {total}"
        shown = deal.locator("li.trick:visible")
        assert await shown.count() == 1
        assert (await shown.locator(".trick-head").inner_text()).startswith("Trick 3:")
        assert await shown.locator("svg.card").count() == 2  # two cards to a two-hand trick
        await stepper.get_by_role("button", name="Previous trick").click()
        assert await where.inner_text() == f"Trick 2 of {total}"
        # Every hand as dealt is on show: twelve cards each (RULES A-3).
        hands = deal.locator("ul.hands > li")
        assert await hands.nth(0).locator("svg.card").count() == 12
        assert await hands.nth(1).locator("svg.card").count() == 12
        await page.screenshot(path=screenshot_path("replay"), full_page=True)


async def test_replay_without_javascript_lists_every_trick(league, browser):
    async with served(league) as base:
        context = await browser.new_context(java_script_enabled=False)
        page = await context.new_page()
        await page.goto(f"{base}/games/{league.games[0]}")
        deal = page.locator("section.deal").first
        total = await deal.locator("li.trick").count()
        assert await deal.locator("li.trick:visible").count() == total
        assert not await deal.locator("nav.stepper").is_visible()
        assert await page.locator("p.nojs").is_visible()
        await context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/players/{ann}",
        "/chips",
        "/chips/{ann}",
        "/games",
        "/games/{game}",
        "/events",
        "/events/{event}",
    ],
)
async def test_every_page_fits_a_375px_phone(league, browser, path):
    async with served(league) as base:
        context = await browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
        page = await context.new_page()
        url = base + path.format(
            ann=league.players["ann"], game=league.games[0], event=league.events["hostile"]
        )
        await page.goto(url)
        # The page itself never scrolls sideways; wide tables scroll inside their own box.
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (url, width)
        font = await page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 16
        for box in await page.locator("div.scroll").all():
            assert await box.evaluate("e => getComputedStyle(e).overflowX") == "auto"
            assert (await box.bounding_box())["width"] <= PHONE["width"]
        name = "phone" + path.replace("{", "").replace("}", "").replace("/", "-").rstrip("-")
        await page.screenshot(path=screenshot_path(name), full_page=True)
        await context.close()


async def test_the_standings_table_scrolls_sideways_on_a_phone(league, browser):
    async with served(league) as base:
        context = await browser.new_context(viewport=PHONE, is_mobile=True)
        page = await context.new_page()
        await page.goto(base + "/")
        box = page.locator("div.scroll").first
        scroll, client = await box.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert scroll > client  # eight columns do not fit 375 px: the table scrolls, the page not
        await box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        assert await page.get_by_text("Points against").is_visible()
        await context.close()
