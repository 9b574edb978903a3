"""The web's own worker threads: page rendering, replays and CSV builds.

Beside the bot, `asyncio.to_thread` would queue them in the loop's default
executor, where the computer players' decisions also run: a burst of page
views would delay a move. The pages get this small pool of their own, and its
line is bounded by the server's connections (`bot.web.connections`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

#: Threads the web pages use at most (CSV builds and replays take two each at most).
WEB_THREADS: Final = 4
_POOL: Final = ThreadPoolExecutor(max_workers=WEB_THREADS, thread_name_prefix="web")


async def in_web_thread(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """`function(*args, **kwargs)` in one of the web's threads."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_POOL, functools.partial(function, *args, **kwargs))
