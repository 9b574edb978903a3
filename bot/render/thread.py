"""Running a picture off the event loop, on one worker thread shared by all pictures.

One worker, not asyncio's default pool: a picture takes milliseconds, and a single
thread means the caches and the shared font objects are never used by two threads
at once, while a burst of pictures cannot crowd out other users of the default pool.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


async def render_in_thread(func: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """`await render_in_thread(render_hand, cards, trump=trump)`: the PNG, without blocking the loop."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_EXECUTOR, functools.partial(func, *args, **kwargs))
