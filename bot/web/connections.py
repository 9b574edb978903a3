"""Bounds on the web server's connections: how many, from whom, and for how long.

aiohttp alone keeps a connection that trickles its headers (or sends none)
for an hour and accepts as many as the process has descriptors; beside the
bot (`WEB_PORT`) a few hundred such sockets would leave the bot unable to
open its database or keep Discord. So every connection passes through a
`Guard` (an asyncio protocol around aiohttp's own) that:

- closes a new connection at once when its client address (an IPv6
  client's /64) already holds `per_client` connections, or the server `total` (a trusted reverse proxy
  carries many clients: only the total counts for it);
- gives a request `request_timeout` seconds from its first byte (from the
  connection's start for the first request) to complete its headers, which
  is when the app starts handling it (`request_started`). The pages take no
  body: one sent anyway is read for at most `request_timeout` after the
  answer (aiohttp's `lingering_time`), and its bytes start the next deadline;
- closes a connection idle for `idle_timeout` seconds after a response, or
  whose response the client does not read within that time.

Time spent handling a request is the app's own (each page is bounded by
its database pool and the CSV queue). Timed-out connections are aborted,
not closed gracefully: a client that does not read must not keep them.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from .clients import Network, client_key, is_trusted

#: Seconds for a request's headers, from its first byte (and for reading a body nobody asked for).
REQUEST_TIMEOUT: Final = 10.0
#: Seconds a kept-alive connection may sit idle (or a response sit unread).
IDLE_TIMEOUT: Final = 30.0
#: Open connections per client address (a browser opens about six).
PER_CLIENT: Final = 32
#: Open connections in all: what the pages may take of the process's descriptors.
TOTAL: Final = 256


@dataclass(frozen=True)
class Bounds:
    """The limits a `Connections` enforces (the defaults above unless a test or operator says)."""

    request_timeout: float = REQUEST_TIMEOUT
    idle_timeout: float = IDLE_TIMEOUT
    per_client: int = PER_CLIENT
    total: int = TOTAL

    def __post_init__(self) -> None:
        if (
            min(self.request_timeout, self.idle_timeout) <= 0
            or min(self.per_client, self.total) < 1
        ):
            raise ValueError("connection bounds need positive timeouts and room for a connection")


DEFAULT_BOUNDS: Final = Bounds()


class Connections:
    """The server's open connections, counted per client address and in total."""

    def __init__(
        self, bounds: Bounds = DEFAULT_BOUNDS, trusted_proxies: Sequence[Network] = ()
    ) -> None:
        self.bounds = bounds
        self._trusted = tuple(trusted_proxies)
        self._per_client: Counter[str] = Counter()
        #: aiohttp's protocol of each admitted connection -> its guard.
        self._guards: dict[asyncio.BaseProtocol, Guard] = {}
        #: Connections closed at once because a cap was full (for the operator and tests).
        self.refused = 0

    def __len__(self) -> int:
        return len(self._guards)

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for `loop.create_server` that guards each of `inner`'s protocols."""
        return lambda: Guard(self, inner())

    def request_started(self, protocol: asyncio.BaseProtocol) -> None:
        """The app got a request on `protocol`'s connection: its headers are in."""
        guard = self._guards.get(protocol)
        if guard is not None:
            guard.handling()

    def request_finished(self, protocol: asyncio.BaseProtocol) -> None:
        """The app answered: the connection goes idle (or must be read) within `idle_timeout`."""
        guard = self._guards.get(protocol)
        if guard is not None:
            guard.idle()

    def _admit(self, guard: Guard, peer: str) -> bool:
        client = client_key(peer)
        capped = not is_trusted(peer, self._trusted)
        if len(self._guards) >= self.bounds.total or (
            capped and self._per_client[client] >= self.bounds.per_client
        ):
            self.refused += 1
            return False
        self._guards[guard.inner] = guard
        self._per_client[client] += 1
        return True

    def _release(self, guard: Guard, peer: str) -> None:
        client = client_key(peer)
        del self._guards[guard.inner]
        self._per_client[client] -= 1
        if self._per_client[client] <= 0:
            del self._per_client[client]


class Guard(asyncio.Protocol):
    """One connection: admitted or closed at once, then aborted when a deadline passes."""

    def __init__(self, connections: Connections, inner: asyncio.Protocol) -> None:
        self.connections = connections
        self.inner = inner
        self._transport: asyncio.Transport | None = None
        self._peer = ""
        self._admitted = False
        #: "request": its bytes are due; "handling": the app has it; "idle": answered.
        self._state = "request"
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self.connections._admit(self, self._peer):
            transport.abort()
            return
        self._admitted = True
        self._transport = transport
        self._arm(self.connections.bounds.request_timeout)
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self._admitted:
            return
        self._admitted = False
        self._disarm()
        self.connections._release(self, self._peer)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        if self._state == "idle":
            # The first byte of the next request (or of a body the app never read).
            self._state = "request"
            self._arm(self.connections.bounds.request_timeout)
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self._admitted else None

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def handling(self) -> None:
        self._state = "handling"
        self._disarm()

    def idle(self) -> None:
        if self._admitted:
            self._state = "idle"
            self._arm(self.connections.bounds.idle_timeout)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._expire)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        self._timer = None
        if self._transport is not None:
            self._transport.abort()
