"""Tokens, 404 for everything that is not a server's open page, rate limit, headers."""

from __future__ import annotations

import sqlite3

from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store, get_guild_settings
from bot.web.app import create_app
from bot.web.ratelimit import RateLimit
from bot.web.reader import open_reader
from bot.web.security import CONTENT_SECURITY_POLICY
from bot.web.tokens import page_token, server_link, token_matches

from .pages import (
    FakeClock,
    assert_not_found,
    attribute_names,
    change_settings,
    visible_text,
    web_client,
)
from .sample import DARK_GUILD, GUILD, SECRET


def test_a_token_opens_its_server_at_its_generation_only():
    token = page_token(SECRET, GUILD, 3)
    assert token_matches(SECRET, token, 3)
    assert not token_matches(SECRET, token, 4)  # rotated
    assert not token_matches("another-secret-0123456789", token, 3)
    assert not token_matches(
        SECRET, page_token(SECRET, GUILD + 1, 3).replace(str(GUILD + 1), str(GUILD), 1), 3
    )  # another server's mac under this id
    assert not token_matches(SECRET, f"{GUILD}-{'0' * 32}", 3)
    assert not token_matches(SECRET, "not a token", 3)
    assert server_link("https://pinochle.example/", SECRET, GUILD, 3) == (
        f"https://pinochle.example/s/{token}/"
    )


async def test_wrong_malformed_and_foreign_tokens_get_404(client, league):
    good = league.token
    guild, mac = good.split("-")
    for token in (f"{guild}-{'0' * 32}", f"{guild}-{mac[:-1]}", "4242", f"{guild}-{mac.upper()}"):
        await assert_not_found(client, f"/s/{token}/")
        await assert_not_found(client, f"/api/s/{token}/standings")
    await assert_not_found(client, f"/s/{good}/players/999")  # no such player
    await assert_not_found(client, f"/s/{good}/games/999")  # no such game
    await assert_not_found(client, f"/s/{good}/nowhere")
    await assert_not_found(client, "/s/")  # the root "/" explains the pages: test_home


async def test_a_server_with_its_pages_off_shows_nothing(client, league):
    # The dark server's token is well made, but its managers never turned the pages on.
    await assert_not_found(client, f"/s/{league.dark_token}/")
    await assert_not_found(client, f"/s/{league.dark_token}/chips.csv")
    await assert_not_found(client, f"/api/s/{league.dark_token}/games")
    # Nor does an open server's token show the dark server's players or games.
    store = await Store.open(league.database)
    try:
        dark_player = (
            await store.fetchone("SELECT id FROM players WHERE guild_id = ?", (DARK_GUILD,))
        )[0]
        dark_game = (
            await store.fetchone("SELECT id FROM games WHERE guild_id = ?", (DARK_GUILD,))
        )[0]
    finally:
        await store.close()
    await assert_not_found(client, f"/s/{league.token}/players/{dark_player}")
    await assert_not_found(client, f"/s/{league.token}/chips/{dark_player}")
    await assert_not_found(client, f"/s/{league.token}/games/{dark_game}")
    await assert_not_found(client, f"/api/s/{league.token}/games/{dark_game}")


async def test_turning_pages_off_and_rotating_close_the_old_link(client, league):
    assert (await client.get(f"/s/{league.token}/")).status == 200
    await change_settings(league.database, GUILD, web=False)
    await assert_not_found(client, f"/s/{league.token}/")
    await change_settings(league.database, GUILD, web=True, web_generation=4)
    await assert_not_found(client, f"/s/{league.token}/")  # the generation-3 link is dead
    rotated = page_token(SECRET, GUILD, 4)
    assert (await client.get(f"/s/{rotated}/")).status == 200


async def test_without_a_secret_no_page_opens(league):
    store = await Store.open(league.database)
    await store.close()
    pool = await open_reader(league.database)
    try:
        app = create_app(pool, secret=None, database=league.database)
        async with TestClient(TestServer(app)) as client:
            await assert_not_found(client, f"/s/{league.token}/")
    finally:
        await pool.close()


async def test_rate_limit_answers_429_then_lets_the_address_back(league):
    clock = FakeClock()
    limit = RateLimit(burst=3, per_second=0.5, clock=clock)
    async with web_client(league, limit=limit) as client:
        for _ in range(3):
            assert (await client.get(f"/s/{league.token}/chips")).status == 200
        refused = await client.get(f"/s/{league.token}/chips")
        assert refused.status == 429
        assert refused.headers["Retry-After"] == "2"
        assert "Too many requests from your address: wait 2 s" in visible_text(await refused.text())
        api = await client.get(f"/api/s/{league.token}/chips")
        assert api.status == 429 and (await api.json())["error"] == "rate_limited"
        assert (await client.get("/healthz")).status == 200  # monitoring is never limited
        clock.now += 2
        assert (await client.get(f"/s/{league.token}/chips")).status == 200


def test_rate_limit_remembers_a_bounded_number_of_addresses():
    clock = FakeClock()
    limit = RateLimit(burst=1, per_second=0.1, max_clients=100, clock=clock)
    for n in range(1000):
        assert limit.take(f"10.0.{n // 256}.{n % 256}") == 0
    assert len(limit) == 100
    assert limit.take("10.0.3.231") > 0  # the most recent addresses are still counted


async def test_every_response_carries_the_security_headers(client, league):
    for path in (
        f"/s/{league.token}/",
        f"/s/{league.token}/games/{league.games[0]}",
        f"/api/s/{league.token}/chips",
        "/api/openapi.json",
        "/static/site.css",
        "/static/replay.js",
        "/healthz",
        "/s/nothing/",
        f"/s/{league.token}/?page=-1",
    ):
        response = await client.get(path)
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["Referrer-Policy"] == "no-referrer", path
        assert response.headers["X-Frame-Options"] == "DENY", path
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY


async def test_pages_have_no_inline_script_or_style(client, league):
    for path in (
        "/",
        f"/players/{league.players['ann']}",
        f"/games/{league.games[0]}",
        "/events",
        f"/events/{league.events['hostile']}",
    ):
        html = await (await client.get(f"/s/{league.token}{path}")).text()
        assert "<script>" not in html and "<style" not in html
        names = attribute_names(html)
        assert "style" not in names
        # No onclick= and the like (a hostile name's "onerror=" is text, escaped, not markup).
        assert not any(name.startswith("on") for name in names), path


async def test_there_are_no_write_routes(client, league):
    for route in client.app.router.routes():
        assert route.method in ("GET", "HEAD"), route
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = await client.request(method, f"/s/{league.token}/")
        assert response.status == 405


async def test_healthz_says_when_the_database_cannot_be_read(client, league):
    assert (await client.get("/healthz")).status == 200

    class Broken:
        async def fetchone(self, sql, params=()):
            raise sqlite3.OperationalError("disk I/O error")

        fetchall = fetchone

    app = create_app(Broken(), secret=SECRET, database=league.database)
    async with TestClient(TestServer(app)) as broken:
        response = await broken.get("/healthz")
        assert response.status == 503
        assert (await response.json()) == {"status": "unavailable"}
        page = await broken.get(f"/s/{league.token}/")
        assert page.status == 503
        assert "cannot be read right now" in visible_text(await page.text())


async def test_settings_rows_keep_web_off_by_default(league):
    store = await Store.open(league.database)
    try:
        settings = await get_guild_settings(store, 12345)
    finally:
        await store.close()
    assert settings.web is False and settings.web_generation == 0
