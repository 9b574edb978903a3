"""SimCord that does not depend on how busy the machine is (simcord==3.2.1, pinned in pyproject).

SimCord runs the bot on a virtual clock, but by default it also watches the real one: a bot timer
fires by itself once its delay has passed in real seconds (so a test waits out every short sleep,
and on a slow machine a turn timer may fire mid-test), the bot's runnable work must settle within
5 real seconds (a loaded machine fails the test), and it checks every 50 ms whether work has
settled. `steady_env` changes those three, through SimCord's private hooks of that version: a
test's time moves only when it says so, and only the bot's own work takes real time.

SimCord also gives `time.monotonic` two readings: virtual inside the bot's own tasks, real in the
test's code (the driver). A test that acts through the table service directly makes the
presenter read the real clock there and the virtual one at its ticks, and a board could wait
for a moment the other clock never reaches. `one_clock` makes the presenter and the request
budget read the virtual clock wherever they run, as the bot's one clock does in production.
"""

from __future__ import annotations

import time
import types
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import discord
from simcord.env import Env

#: Real seconds the bot's runnable work may take before a SimCord action fails: a busy machine
#: makes a test slower, never a failure.
SETTLE_SECONDS = 120.0
#: Timers closer than this (in seconds) still fire on the real clock too, as SimCord does by itself.
REAL_TIMER_SECONDS = 0.05
#: How often SimCord looks whether the bot's work has settled (its own default: 50 ms).
IDLE_SECONDS = 0.005


def steady_env(bot: discord.Client, **options: Any) -> Env:
    """A SimCord environment (not started) whose clock is virtual only and whose settling is patient.

    The bot's sleeps and timeouts end only when the test moves the clock (`advance_time`).
    """
    env = Env(bot, **{"settle_timeout": SETTLE_SECONDS, **options})
    schedule, settle = env._schedule_timer, env._settle_internal

    def virtual_timer(record: Any, callback: Any, args: Any, context: Any) -> None:
        schedule(record, callback, args, context)  # gives the timer its real-clock fallback
        real = record.real_handle
        if real is not None and record.when - env._virtual_time >= REAL_TIMER_SECONDS:
            real.cancel()
            record.real_handle = None

    async def patient_settle(**how: Any) -> None:
        if (
            how.get("timeout") is not None
        ):  # the bot's start asks for 5 s whatever settle_timeout says
            how["timeout"] = max(how["timeout"], SETTLE_SECONDS)
        how["idle"] = min(how.get("idle", IDLE_SECONDS), IDLE_SECONDS)
        await settle(**how)

    env._schedule_timer = virtual_timer  # type: ignore[method-assign]
    env._settle_internal = patient_settle  # type: ignore[method-assign]
    return env


#: The modules whose `time.monotonic` must be the test's one clock (the presenter's pacing and
#: the process's request budget).
CLOCKED_MODULES = ("cogs._presenter", "cogs._requests")


@contextmanager
def one_clock(env: Env) -> Iterator[None]:
    """While it lasts, the clocked modules read `time.monotonic` as the environment's virtual time
    from any task, the test's own code included (SimCord's reading depends on who asks)."""
    import importlib

    def monotonic() -> float:
        return env._virtual_time if env._started else time.monotonic()

    clock: Callable[[], float] = monotonic
    shim = types.SimpleNamespace(**{**vars(time), "monotonic": clock})
    modules = [importlib.import_module(name) for name in CLOCKED_MODULES]
    for module in modules:
        module.time = shim  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module in modules:
            module.time = time  # type: ignore[attr-defined]


@asynccontextmanager
async def steady_run(bot: discord.Client, **options: Any) -> AsyncIterator[Env]:
    """`simcord.run(bot, **options)` on a `steady_env` (for a SimCord outside pytest's fixture)."""
    env = steady_env(bot, **options)
    await env.start()
    try:
        with env.time_context(), one_clock(env):
            yield env
    finally:
        await env.shutdown()
    if env.check_errors:
        env._raise_errors_since(env._errors_acknowledged)
