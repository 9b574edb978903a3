"""The read-only web app: league tables, players, chips, games, replays and events per server.

Every page of a server lives under `/s/<token>/` (HTML) and `/api/s/<token>/`
(JSON, the same data; `/api/openapi.json` describes it). The token decides the
server: a malformed, wrong or rotated token, or a server whose pages are off,
gets the same 404 as an address that never existed. There are only GET routes,
and the database is read through the web app's own read-only connections.

    app = create_app(reader, secret="...", database="data/pinochle.db")
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import urlencode

import aiohttp_jinja2
import asyncpg
import jinja2
from aiohttp import web

from bot.game.errors import Refusal
from bot.game.record import GameRecord
from bot.i18n import LANGUAGES, describe_error, t
from bot.store import (
    GuildSettings,
    LedgerLine,
    Reader,
    StoreOpenError,
    get_guild_settings,
    read_database,
    to_csv,
)
from bot.store import ledger_lines as read_ledger_lines
from bot.store.records import GameLog, game_log
from bot.store.web_reads import FinishedGame, finished_game

from .chart import rating_chart
from .clients import HEADER as FORWARDED_FOR
from .clients import Network, client_address, client_key
from .connections import Connections
from .data import (
    NotFound,
    chips_data,
    event_data,
    events_data,
    games_data,
    ledger_data,
    player_data,
    standings_data,
)
from .openapi import openapi_document
from .ratelimit import RateLimit
from .replay import RESULT_COLUMNS, ReplayBuilder, ReplayError, verify_view
from .security import add_security_headers
from .texts import Words, request_language
from .threads import in_web_thread
from .tokens import token_guild, token_matches

log = logging.getLogger(__name__)
T = TypeVar("T")
#: What a database that cannot be read raises, on SQLite and on PostgreSQL: the page says so (503).
UNAVAILABLE: Final = (
    sqlite3.Error,
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    StoreOpenError,
)

HERE: Final = Path(__file__).parent
#: Ledger CSV files built at once (each holds its whole file in memory, like `/chips export`).
MAX_CSV: Final = 2
#: CSV downloads that may wait for a build slot; more are answered 503 at once.
MAX_CSV_WAITING: Final = 8
#: Seconds /healthz waits for the database before it says it is unavailable.
HEALTH_TIMEOUT: Final = 2.0


class Busy(Exception):
    """Every build slot is taken and the line behind them is full."""


class BuildSlots:
    """At most `running` builds at once and `waiting` more in line; beyond that, `Busy` at once.

    A waiting download whose client leaves is dropped from the line: the
    server cancels its handler (`handler_cancellation`), which leaves here.
    A build already running in its thread cannot be stopped: it keeps its
    slot until it ends, so hanging up and asking again starts no more builds.
    """

    def __init__(self, running: int = MAX_CSV, waiting: int = MAX_CSV_WAITING) -> None:
        self._slots = asyncio.Semaphore(running)
        self._limit = running + waiting
        self._holders = 0
        #: Builds begun (a test counts them).
        self.started = 0

    def __len__(self) -> int:
        """Downloads building or waiting."""
        return self._holders

    async def build(self, function: Callable[[], T]) -> T:
        """`function()` in a web thread once a slot is free; `Busy` when the line is full."""
        if self._holders >= self._limit:
            raise Busy
        self._holders += 1
        try:
            async with self._slots:
                self.started += 1
                running = asyncio.ensure_future(in_web_thread(function))
                try:
                    return await asyncio.shield(running)
                except asyncio.CancelledError:
                    await asyncio.wait([running])  # the slot is free when the thread is
                    raise
        finally:
            self._holders -= 1


@dataclass
class WebState:
    """What the handlers share: the database, the token key, the limits and caches."""

    db: Reader
    secret: str | None
    #: The SQLite file or PostgreSQL URL, for the CSV export's read-only snapshot.
    database: str
    limit: RateLimit
    #: Proxies whose X-Forwarded-For names the client the rate limit counts (none: the peer).
    trusted_proxies: tuple[Network, ...] = ()
    replays: ReplayBuilder = field(default_factory=ReplayBuilder)
    csv_slots: BuildSlots = field(default_factory=BuildSlots)
    #: The server's connection bounds (`start_web`); None under a test server.
    connections: Connections | None = None


STATE: Final = web.AppKey("state", WebState)

#: A page's data: (database, the server's settings, the request) -> JSON-ready dict.
Loader = Callable[[Reader, GuildSettings, web.Request], Awaitable[dict[str, Any]]]


def _id(request: web.Request, name: str) -> int:
    return int(request.match_info[name])


async def _built(
    db: Reader, guild: GuildSettings, request: web.Request
) -> tuple[dict[str, Any], GameRecord]:
    """A recorded game of this server (none hidden: `finished_game`), its replay and record."""
    game_id = _id(request, "game_id")

    async def load() -> tuple[FinishedGame, GameLog] | None:
        """The recorded game of this server and its table's log (`records.game_log`)."""
        game = await finished_game(db, guild.guild_id, game_id)
        if game is None or game.table_id is None:
            return None
        log = await game_log(db, game.table_id)
        return None if log is None or log.guild_id != guild.guild_id else (game, log)

    built = await request.app[STATE].replays.built(game_id, load)
    if built is None:
        raise NotFound(game_id)
    return built


async def _replay(db: Reader, guild: GuildSettings, request: web.Request) -> dict[str, Any]:
    return (await _built(db, guild, request))[0]


async def _verify(db: Reader, guild: GuildSettings, request: web.Request) -> dict[str, Any]:
    """A fair deal of a recorded game checked (`?deal=&seed=&fingerprint=`): bot.game.verify."""
    view, record = await _built(db, guild, request)
    return await in_web_thread(verify_view, view, record, request.query)


#: Each page: its path under the server's prefix, its template, and what it shows.
PAGES: Final[tuple[tuple[str, str, Loader], ...]] = (
    ("/", "standings.html", lambda db, g, r: standings_data(db, g, r.query)),
    (
        "/players/{player_id:[0-9]{1,18}}",
        "player.html",
        lambda db, g, r: player_data(db, g, _id(r, "player_id"), r.query),
    ),
    ("/chips", "chips.html", lambda db, g, r: chips_data(db, g, r.query)),
    (
        "/chips/{player_id:[0-9]{1,18}}",
        "ledger.html",
        lambda db, g, r: ledger_data(db, g, _id(r, "player_id"), r.query),
    ),
    ("/games", "games.html", lambda db, g, r: games_data(db, g, r.query)),
    ("/games/{game_id:[0-9]{1,18}}", "replay.html", _replay),
    ("/games/{game_id:[0-9]{1,18}}/verify", "verify.html", _verify),
    ("/events", "events.html", lambda db, g, r: events_data(db, g, r.query)),
    (
        "/events/{event_id:[0-9]{1,18}}",
        "event.html",
        lambda db, g, r: event_data(db, g, _id(r, "event_id"), r.query),
    ),
)


async def server_of(request: web.Request) -> GuildSettings:
    """The server the token opens; NotFound for a bad token or a server with its pages off."""
    state = request.app[STATE]
    token = request.match_info["token"]
    guild_id = token_guild(token)
    if guild_id is None or state.secret is None:
        raise NotFound(token)
    settings = await get_guild_settings(state.db, guild_id)
    if not (settings.web and token_matches(state.secret, token, settings.web_generation)):
        raise NotFound(token)
    return settings


def _html(template: str, loader: Loader) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def handler(request: web.Request) -> web.StreamResponse:
        guild = await server_of(request)
        data = await loader(request.app[STATE].db, guild, request)
        return await render(request, template, data)

    return handler


def _json(loader: Loader) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def handler(request: web.Request) -> web.StreamResponse:
        guild = await server_of(request)
        return json_response(await loader(request.app[STATE].db, guild, request))

    return handler


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status)


async def render(
    request: web.Request, template: str, data: dict[str, Any], status: int = 200
) -> web.Response:
    """A page in the request's language, with links that keep the token and a chosen `lang`.

    Rendered in a worker thread: a replay page draws a thousand cards, and the
    event loop (the bot's, beside it) keeps its turns while that runs.
    """
    lang, chosen = request_language(
        request.query.get("lang"), request.headers.get("Accept-Language")
    )
    token = request.match_info.get("token")

    def link(path: str = "/", **query: Any) -> str:
        """An address under this server's pages (the path alone for /static and the like)."""
        kept = {k: v for k, v in query.items() if v is not None}
        if chosen:
            kept["lang"] = lang
        prefix = f"/s/{token}" if token and not path.startswith("/static/") else ""
        return prefix + path + (f"?{urlencode(kept)}" if kept else "")

    def switch(to: str) -> str:
        """This very page in another language."""
        query = {**request.query, "lang": to}
        return request.path + "?" + urlencode(query)

    context = {
        "data": data,
        "w": Words(lang),
        "lang": lang,
        "link": link,
        "switch": switch,
        "token": token,
        "chosen": chosen,
        "languages": LANGUAGES,
        "language_name": lambda code: t("web.language_name", code),
        "chart": rating_chart,
        "result_columns": RESULT_COLUMNS,
    }
    html = await in_web_thread(aiohttp_jinja2.render_string, template, request, context)
    return web.Response(text=html, content_type="text/html", status=status)


async def ledger_csv_file(request: web.Request) -> web.StreamResponse:
    """The whole ledger as CSV: the same rows and writer as `/chips export`, built off the loop."""
    guild = await server_of(request)
    state = request.app[STATE]

    async def build(db: Reader) -> str:
        return to_csv(LedgerLine, await read_ledger_lines(db, guild.guild_id))

    def build_in_thread() -> str:
        """The whole file, read on a connection and event loop of the web thread's own."""
        return asyncio.run(read_database(state.database, build))

    text = await state.csv_slots.build(build_in_thread)
    return web.Response(
        body=text.encode(),
        content_type="text/csv",
        charset="utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="chips-ledger-{guild.guild_id}.csv"'
        },
    )


async def home(request: web.Request) -> web.StreamResponse:
    """The root: what these pages are and how a server's link is had (no server is named)."""
    return await render(request, "home.html", {})


async def healthz(request: web.Request) -> web.StreamResponse:
    """200 when the database answers within a couple of seconds, 503 when it does not."""
    try:
        await asyncio.wait_for(
            request.app[STATE].db.fetchone("SELECT version FROM schema_version"), HEALTH_TIMEOUT
        )
    except (*UNAVAILABLE, TimeoutError, ValueError):
        return web.json_response({"status": "unavailable"}, status=503)
    return web.json_response({"status": "ok"})


async def openapi(request: web.Request) -> web.StreamResponse:
    return json_response(openapi_document())


def _is_api(request: web.Request) -> bool:
    return request.path.startswith("/api/")


async def _error(request: web.Request, status: int, key: str, **params: Any) -> web.Response:
    """The web's own refusals (`web.error.<key>`: not found, too many requests, busy)."""
    return await _refused(request, status, Refusal(f"web.error.{key}", **params))


async def _refused(request: web.Request, status: int, refusal: Refusal) -> web.Response:
    """A refusal in the request's language: a small page, or JSON under /api/ whose `error` is
    the last part of its key ("bad_page")."""
    lang, _ = request_language(request.query.get("lang"), request.headers.get("Accept-Language"))
    message = describe_error(refusal, lang, rule=False)
    if _is_api(request):
        code = refusal.key.rpartition(".")[2]
        return json_response({"status": status, "error": code, "message": message}, status)
    return await render(request, "error.html", {"status": status, "message": message}, status)


@web.middleware
async def refusals(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """The web's one handler: rate limit first, then every refusal as a page (or JSON): 404, 400
    (any `Refusal`), 429, 503."""
    if request.path != "/healthz":
        state = request.app[STATE]
        client = client_address(
            request.remote, request.headers.getall(FORWARDED_FOR, []), state.trusted_proxies
        )
        wait = state.limit.take(client_key(client))
        if wait:
            response = await _error(
                request, 429, "rate_limited", seconds=RateLimit.retry_after(wait)
            )
            response.headers["Retry-After"] = RateLimit.retry_after(wait)
            return response
    try:
        return await handler(request)
    except (NotFound, web.HTTPNotFound):
        return await _error(request, 404, "not_found")
    except web.HTTPMethodNotAllowed:
        raise
    except Refusal as refusal:  # from any layer: a bad query value, the engine, the store
        return await _refused(request, 400, refusal)
    except ReplayError:
        log.exception("a replay failed")
        return await _error(request, 500, "replay_failed")
    except UNAVAILABLE:
        return await _error(request, 503, "unavailable")
    except Busy:
        response = await _error(request, 503, "busy")
        response.headers["Retry-After"] = "60"
        return response


@web.middleware
async def connection_state(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Tell the connection bounds a request is in (its deadline stops) and when it is answered."""
    connections = request.app[STATE].connections
    if connections is None:
        return await handler(request)
    connections.request_started(request.protocol)
    try:
        return await handler(request)
    finally:
        connections.request_finished(request.protocol)


def create_app(
    db: Reader,
    *,
    secret: str | None,
    database: str | Path,
    limit: RateLimit | None = None,
    trusted_proxies: Sequence[Network] = (),
    connections: Connections | None = None,
) -> web.Application:
    """The web app over a reader (the web's own `open_reader`, or any `Reader` in tests).

    `trusted_proxies`: the reverse proxies in front of it (`WEB_TRUSTED_PROXIES`);
    `connections`: the bounds of the server it runs in (`start_web`).
    """
    app = web.Application(middlewares=[connection_state, refusals])
    app[STATE] = WebState(
        db,
        secret,
        str(database),
        RateLimit() if limit is None else limit,
        tuple(trusted_proxies),
        connections=connections,
    )
    aiohttp_jinja2.setup(
        app,
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    app.on_response_prepare.append(add_security_headers)
    for path, template, loader in PAGES:
        app.router.add_get(f"/s/{{token}}{path}", _html(template, loader))
        api_path = "/standings" if path == "/" else path
        app.router.add_get(f"/api/s/{{token}}{api_path}", _json(loader))
    app.router.add_get("/s/{token}/chips.csv", ledger_csv_file)
    app.router.add_get("/api/openapi.json", openapi)
    app.router.add_get("/", home)
    app.router.add_get("/healthz", healthz)
    app.router.add_static("/static/", HERE / "static", append_version=False)
    return app
