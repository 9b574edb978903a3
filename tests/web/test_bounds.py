"""The web server under a visitor who wants it down: half-open connections, CSV downloads that
hang up, malformed tokens, and a database that cannot be read.

Every test talks to a real server on loopback (`start_web`), as a browser or an
attacker would; every wait is bounded (`LONG` seconds at most).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Callable
from contextlib import suppress
from ipaddress import ip_network

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store, get_guild_settings
from bot.web import app as web_app
from bot.web.app import STATE, BuildSlots, create_app
from bot.web.connections import Bounds
from bot.web.ratelimit import RateLimit
from bot.web.reader import open_reader
from bot.web.server import WebServer, start_web

from .pages import NOT_FOUND, change_settings, visible_text
from .sample import GUILD, SECRET

#: The longest any step of these tests waits for the server.
LONG = 10.0
ATTACKER = "127.0.0.1"
#: Another visitor: the loopback network is a /8, so this is a second client address.
VISITOR = "127.0.0.2"


async def serve(league, **bounds: object) -> WebServer:
    """The pages on loopback, with these bounds and a rate limit these tests never meet."""
    return await start_web(
        league.database,
        host=ATTACKER,
        port=0,
        secret=SECRET,
        bounds=Bounds(**bounds),
        limit=RateLimit(burst=10_000),
    )


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes this connection (EOF or reset) within LONG seconds."""
    try:
        while await asyncio.wait_for(reader.read(65536), LONG):
            pass
    except ConnectionError:
        return True
    except TimeoutError:
        return False
    return True


async def until(condition: Callable[[], bool]) -> None:
    """Wait, LONG seconds at most, for the server to reach `condition` (the test then checks it)."""
    for _ in range(int(LONG / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)


async def raw(port: int, request: bytes) -> tuple[int, bytes]:
    """Send one raw HTTP request; the status and the body of the answer."""
    reader, writer = await asyncio.open_connection(ATTACKER, port)
    try:
        writer.write(request)
        answer = await asyncio.wait_for(reader.read(), LONG)
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


async def get(port: int, path: bytes) -> tuple[int, bytes]:
    return await raw(port, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")


async def test_half_open_connections_are_capped_and_cut_while_the_bot_works(league):
    # The deadline outlasts opening the 300 sockets on a loaded machine: none is cut before the
    # last batch, so exactly those beyond the cap are refused.
    server = await serve(league, request_timeout=3.0, per_client=40, total=60)
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for batch in range(6):  # 300 sockets, half of them sending part of their headers
            opened = await asyncio.gather(
                *(asyncio.open_connection(ATTACKER, server.port) for _ in range(50))
            )
            for number, (reader, writer) in enumerate(opened):
                if number % 2:
                    writer.write(b"GET /s/" + str(batch).encode() + b"/ HTTP/1.1\r\nHost: x\r\n")
                held.append((reader, writer))
        assert len(server.connections) <= 40
        assert server.connections.refused >= 260

        # Meanwhile another visitor reads a page, and the bot writes to its database.
        connector = aiohttp.TCPConnector(local_addr=(VISITOR, 0))
        async with aiohttp.ClientSession(connector=connector) as session:
            url = f"http://{ATTACKER}:{server.port}/s/{league.token}/games"
            async with session.get(url, timeout=aiohttp.ClientTimeout(total=LONG)) as response:
                assert response.status == 200
        await change_settings(league.database, GUILD, hide_bots=True)
        store = await Store.open(league.database)
        try:
            assert (await get_guild_settings(store, GUILD)).hide_bots
        finally:
            await store.close()

        # Those beyond the cap were closed at once; the rest when their deadline passed.
        closed = await asyncio.gather(*(closed_by_server(reader) for reader, _ in held))
        assert all(closed)
        assert len(server.connections) == 0
    finally:
        for _, writer in held:
            writer.close()
        await server.close()


async def test_a_trusted_proxy_is_held_only_to_the_total(league):
    """A reverse proxy carries every visitor: the per-address cap would shut them all out."""
    server = await start_web(
        league.database,
        host=ATTACKER,
        port=0,
        secret=SECRET,
        trusted_proxies=[ip_network("127.0.0.1/32")],
        bounds=Bounds(per_client=2, total=4),
    )
    opened = []
    try:
        for _ in range(6):
            opened.append(await asyncio.open_connection(ATTACKER, server.port))
        closed = await asyncio.gather(
            *(closed_by_server(reader) for reader, _ in opened[4:]),
        )
        assert all(closed) and len(server.connections) == 4 and server.connections.refused == 2
    finally:
        for _, writer in opened:
            writer.close()
        await server.close()


async def test_an_idle_kept_alive_connection_is_closed(league):
    server = await serve(league, idle_timeout=0.5)
    try:
        reader, writer = await asyncio.open_connection(ATTACKER, server.port)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b" 200 " in await asyncio.wait_for(reader.readline(), LONG)
        # The response is read, the connection kept alive, and then nothing more is sent.
        with suppress(TimeoutError):
            while await asyncio.wait_for(reader.read(65536), LONG):
                pass
        assert reader.at_eof()
        writer.close()
    finally:
        await server.close()


async def test_a_body_trickled_after_the_headers_is_cut_off(league):
    server = await serve(league, request_timeout=0.5)
    try:
        reader, writer = await asyncio.open_connection(ATTACKER, server.port)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")

        async def trickle() -> None:
            with suppress(ConnectionError):
                for _ in range(int(LONG / 0.05)):  # a byte every 50 ms: never a whole body
                    writer.write(b"x")
                    await writer.drain()
                    await asyncio.sleep(0.05)

        sending = asyncio.create_task(trickle())
        assert await closed_by_server(reader)
        sending.cancel()
        writer.close()
    finally:
        await server.close()


async def test_csv_downloads_wait_in_a_bounded_line_left_by_those_who_hang_up(league, monkeypatch):
    release = threading.Event()
    real = web_app.to_csv

    def slow_build(*args):
        release.wait(LONG)
        return real(*args)

    monkeypatch.setattr(web_app, "to_csv", slow_build)
    server = await serve(league)
    slots = server.runner.app[STATE].csv_slots = BuildSlots(running=1, waiting=2)
    path = f"/s/{league.token}/chips.csv".encode()
    request = b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    try:
        first = asyncio.create_task(raw(server.port, request))
        await until(lambda: slots.started == 1)  # the first download is building before others come
        leaving = [await asyncio.open_connection(ATTACKER, server.port) for _ in range(2)]
        for _, writer in leaving:
            writer.write(request)
        await until(lambda: len(slots) == 3)
        assert len(slots) == 3  # one building, two waiting
        status, body = await get(server.port, path)
        assert status == 503 and b"Too many ledger downloads" in body

        for _, writer in leaving:  # the two waiting clients hang up
            writer.close()
        await until(lambda: len(slots) == 1)
        assert len(slots) == 1
        release.set()
        status, body = await asyncio.wait_for(first, LONG)
        assert status == 200 and body.startswith(b"tx_id,")
        assert slots.started == 1  # the downloads whose clients left were never built
    finally:
        release.set()
        await server.close()


async def test_a_build_whose_client_left_keeps_its_slot_until_it_ends(league, monkeypatch):
    release = threading.Event()
    real = web_app.to_csv

    def slow_build(*args):
        release.wait(LONG)
        return real(*args)

    monkeypatch.setattr(web_app, "to_csv", slow_build)
    server = await serve(league)
    slots = server.runner.app[STATE].csv_slots = BuildSlots(running=1, waiting=0)
    path = f"/s/{league.token}/chips.csv".encode()
    try:
        _, writer = await asyncio.open_connection(ATTACKER, server.port)
        writer.write(b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        await until(lambda: slots.started == 1)
        writer.close()  # hangs up while its file is being built
        await asyncio.sleep(0.3)
        assert len(slots) == 1  # the thread still builds: no second build may start
        assert (await get(server.port, path))[0] == 503
        release.set()
        await until(lambda: len(slots) == 0)
        status, body = await get(server.port, path)
        assert status == 200 and body.startswith(b"tx_id,") and slots.started == 2
    finally:
        release.set()
        await server.close()


MALFORMED = (
    b"",
    b"x" * 4000,
    b"9" * 19 + b"-" + b"0" * 32,  # above a 64-bit id
    b"9" * 25 + b"-" + b"0" * 32,
    b"%D9%A1%D9%A2-" + b"0" * 32,  # digits of another script
    b"%C3%A9",
    b"%00",
    b"4242-" + b"0" * 32 + b"%00",
    b"%2F",
    b"a%2Fb",
    b"%ff%fe",
    b"%",
    b"%zz",
    b"-1-" + b"0" * 32,
    b"+4242-" + b"0" * 32,
    b"%20",
    b"4242-" + b"0" * 31 + b"G",
    b"4242--" + b"0" * 32,
)


async def test_every_malformed_token_and_id_out_of_range_is_the_one_404(league, caplog):
    server = await serve(league)
    try:
        _, api_404 = await get(server.port, b"/api/s/4242-" + b"0" * 32 + b"/standings")
        for token in MALFORMED:
            for suffix in (b"/", b"/chips.csv", b"/games/1"):
                status, page = await get(server.port, b"/s/" + token + suffix)
                assert status == 404 and NOT_FOUND in visible_text(page.decode()), token
            for suffix in (b"/standings", b"/players/1"):
                assert await get(server.port, b"/api/s/" + token + suffix) == (404, api_404), token
        good = league.token.encode()
        for path in (
            b"/players/9999999999999999999",
            b"/players/999999999999999999",
            b"/games/0",
            b"/games/%D9%A1",
            b"/events/99999999999999999999999",
            b"/chips/-1",
        ):
            status, page = await get(server.port, b"/s/" + good + path)
            assert status == 404 and NOT_FOUND in visible_text(page.decode()), path
        # Bytes HTTP does not allow in an address: the parser's 400, and no traceback logged.
        for token in (b"\xc3\xa9", b"\x00", b"\x7f"):
            assert (await get(server.port, b"/s/" + token + b"/"))[0] == 400
    finally:
        await server.close()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_every_route_answers_503_when_the_database_cannot_be_read(league):
    class Broken:
        dialect = "sqlite"

        async def fetchone(self, sql, params=()):
            raise sqlite3.OperationalError("disk I/O error")

        fetchall = fetchone

    app = create_app(Broken(), secret=SECRET, database=league.database)
    paths = [
        str(route.resource.canonical)
        .replace("{token}", league.token)
        .replace("{player_id}", str(league.players["ann"]))
        .replace("{game_id}", str(league.games[0]))
        .replace("{event_id}", str(league.events["friday"]))
        for route in app.router.routes()
        if route.method == "GET" and "{token}" in route.resource.canonical
    ]
    assert (
        len(paths) == 19
    )  # nine pages (the replay and its deal check among them), their API, the CSV
    async with TestClient(TestServer(app)) as client:
        for path in paths:
            assert (await client.get(path)).status == 503, path

    # The reader answers but the CSV's own snapshot cannot open the database.
    pool = await open_reader(league.database)
    missing = create_app(pool, secret=SECRET, database=league.database + ".gone")
    try:
        async with TestClient(TestServer(missing)) as client:
            response = await client.get(f"/s/{league.token}/chips.csv")
            assert response.status == 503
            assert "cannot be read right now" in await response.text()
    finally:
        await pool.close()


@pytest.mark.parametrize("field", ["request_timeout", "idle_timeout", "per_client", "total"])
def test_bounds_refuse_values_that_would_let_nothing_in(field):
    with pytest.raises(ValueError):
        Bounds(**{field: 0})
