"""Running the web app: beside the bot in its process (`WEB_PORT`), or alone (`python -m bot web`).

Beside the bot the app shares the bot's event loop, so nothing it does may hold
the loop: queries run on the web's own read-only connections (aiosqlite
threads), replays and the CSV export in worker threads, and the rest is a page
of template rendering (`benchmarks/web_bench.py` measures the loop's stalls).
Nor may it take the bot's descriptors: every connection passes the bounds of
`bot.web.connections` (a cap per client and in total, deadlines for a request
and for an idle connection), and a request whose client leaves is cancelled.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.config import Config, config_for_a_process
from bot.i18n import t
from bot.stopping import run_until_stopped
from bot.store import StoreOpenError

from .app import create_app
from .clients import Network
from .connections import DEFAULT_BOUNDS, Bounds, Connections
from .ratelimit import RateLimit
from .reader import WebReader, open_reader

log = logging.getLogger(__name__)


class _ClientFaults(logging.Filter):
    """Drop aiohttp's traceback for a request it could not parse: the client's fault, answered 400."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, HttpProcessingError)


#: aiohttp's own messages about connections and requests (its unhandled errors included).
HTTP_LOG: Final = logging.getLogger("bot.web.http")
HTTP_LOG.addFilter(_ClientFaults())


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site, each of its connections behind the `Connections` bounds."""

    __slots__ = ("_connections",)

    def __init__(
        self, runner: web.AppRunner, host: str, port: int, connections: Connections
    ) -> None:
        super().__init__(runner, host, port)
        self._connections = connections

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registers the site with its runner
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            self._connections.factory(server),
            self._host,
            self._port,
            backlog=self._backlog,
        )
        self._bound_port = self._server.sockets[0].getsockname()[1]


class WebStartError(RuntimeError):
    """The pages cannot listen where they were told (the port is taken, the address is not ours)."""


def base_url(host: str, port: int) -> str:
    """The pages' address on `host` (an IPv6 address in brackets, as URLs write it) and `port`."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


@dataclass
class WebServer:
    """A running web app; `close()` stops listening and closes its connections."""

    runner: web.AppRunner
    pool: WebReader
    connections: Connections

    @property
    def port(self) -> int:
        """The port it listens on (useful when started on port 0)."""
        for site in self.runner.sites:
            if isinstance(site, web.TCPSite):
                return site.port
        raise RuntimeError("the web server is not listening")

    async def close(self) -> None:
        await self.runner.cleanup()
        await self.pool.close()


async def start_web(
    database: str | Path,
    *,
    host: str,
    port: int,
    secret: str | None,
    limit: RateLimit | None = None,
    trusted_proxies: Sequence[Network] = (),
    bounds: Bounds = DEFAULT_BOUNDS,
) -> WebServer:
    """Open the web's read-only connections to `database` (a file or URL) and listen on host:port.

    `bounds`: the connection limits and deadlines (`bot.web.connections`).
    """
    if secret is None:
        log.warning("WEB_SECRET is not set: no server's pages can be opened (every page is 404)")
    pool = await open_reader(database)
    connections = Connections(bounds, trusted_proxies)
    try:
        runner = web.AppRunner(
            create_app(
                pool,
                secret=secret,
                database=database,
                limit=limit,
                trusted_proxies=trusted_proxies,
                connections=connections,
            ),
            access_log=None,
            logger=HTTP_LOG,
            handler_cancellation=True,
            keepalive_timeout=bounds.idle_timeout,
            lingering_time=min(bounds.request_timeout, 10.0),
        )
        await runner.setup()
        try:
            await GuardedSite(runner, host, port, connections).start()
        except (OSError, OverflowError) as error:  # OverflowError: a port beyond 65535
            await runner.cleanup()
            problem = getattr(error, "strerror", None) or str(error)
            raise WebStartError(f"cannot listen on {host}:{port}: {problem}") from None
    except BaseException:
        await pool.close()
        raise
    server = WebServer(runner, pool, connections)
    log.info("web pages at %s", base_url(host, server.port))  # the port taken when asked for 0
    return server


def _port(text: str) -> int:
    """A TCP port as typed: 0 (any free one) to 65535, else a usage error."""
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return int(text)


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m bot web",
        description=t("bot.main.web_help", "en"),
        epilog="The pages only read the database (their own read-only connections), so they"
        " may run beside the bot or in a process of their own. Exit status: 0 stopped,"
        " 2 the database cannot be read or the address cannot be listened on."
        " Bounds and deadlines: docs/web-and-cli.md.",
    )
    parse.add_argument("--host", default=None, help="address to listen on (default: WEB_HOST)")
    parse.add_argument(
        "--port",
        type=_port,
        default=None,
        help="port, 0 for any free one (default: WEB_PORT, else 8080)",
    )
    parse.add_argument(
        "--database",
        default=None,
        help="a SQLite file or a postgresql:// URL (default: DATABASE_URL, else DATABASE_PATH)",
    )
    return parse


async def _serve(database: str, host: str, port: int, settings: Config) -> None:
    server = await start_web(
        database,
        host=host,
        port=port,
        secret=settings.web_secret,
        trusted_proxies=settings.web_trusted_proxies,
    )
    try:
        await asyncio.Event().wait()
    finally:
        await server.close()


def main(argv: Sequence[str]) -> int:
    """`python -m bot web`: serve the pages alone until interrupted; 2 when the database cannot be read."""
    args = parser().parse_args(argv)
    settings = config_for_a_process()
    if settings is None:
        return 2
    database = args.database or settings.database
    try:
        run_until_stopped(
            _serve(
                database,
                args.host or settings.web_host,
                args.port if args.port is not None else settings.web_port or 8080,
                settings,
            )
        )
    except (StoreOpenError, WebStartError) as error:
        print(t("bot.main.web_unusable", "en", problem=error), file=sys.stderr)
        return 2
    return 0
