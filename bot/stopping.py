"""The long-running commands (the bot, `web`, `demo`) stop alike on Ctrl-C and on SIGTERM.

SIGTERM is what `systemctl stop` and a hosting platform's shutdown send. Left to Python's
default it kills the process at once: exit status 143 instead of the documented 0 "stopped",
and none of the `finally` blocks that close the web server, Discord and the database run.
Here it cancels the command's main task, as Ctrl-C does, so they run.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


async def _stoppable(main: Coroutine[Any, Any, T]) -> T:
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    watching = task is not None and threading.current_thread() is threading.main_thread()
    if watching:
        assert task is not None
        loop.add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        return await main
    finally:
        if watching:
            loop.remove_signal_handler(signal.SIGTERM)


def run_until_stopped(main: Coroutine[Any, Any, T]) -> T | None:
    """`asyncio.run(main)`; None when Ctrl-C or SIGTERM stopped it (after its clean-up ran)."""
    try:
        return asyncio.run(_stoppable(main))
    except (KeyboardInterrupt, asyncio.CancelledError):
        return None
