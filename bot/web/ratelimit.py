"""Requests per client address, a token bucket each, in bounded memory.

Each address may burst `burst` requests and then `per_second` more each
second. At most `max_clients` addresses are remembered: the one seen least
recently is forgotten first (it comes back with a full bucket, which is what
a quiet address would have had anyway).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

#: Defaults: a person clicking through pages never meets the limit; a scraper does.
DEFAULT_BURST = 60
DEFAULT_PER_SECOND = 5.0
DEFAULT_MAX_CLIENTS = 10_000


class RateLimit:
    def __init__(
        self,
        *,
        burst: int = DEFAULT_BURST,
        per_second: float = DEFAULT_PER_SECOND,
        max_clients: int = DEFAULT_MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or per_second <= 0 or max_clients < 1:
            raise ValueError("a rate limit needs a burst of 1 or more, a positive rate, a client")
        self.burst = burst
        self.per_second = per_second
        self.max_clients = max_clients
        self._clock = clock
        #: address -> (tokens left, when last counted), least recently seen first.
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> float:
        """Count one request from `client`: 0 if allowed, else the seconds until one would be."""
        now = self._clock()
        tokens, then = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.per_second
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait

    @staticmethod
    def retry_after(wait: float) -> str:
        """The Retry-After header's whole seconds (at least 1)."""
        return str(max(1, math.ceil(wait)))
