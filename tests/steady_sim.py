"""SimCord that does not depend on how busy the machine is (simcord==3.2.1, pinned in pyproject).

SimCord runs the bot on a virtual clock, but by default it also watches the real one: a bot timer
fires by itself once its delay has passed in real seconds (so a test waits out every short sleep,
and on a slow machine a turn timer may fire mid-test), the bot's runnable work must settle within
5 real seconds (a loaded machine fails the test), and it checks every 50 ms whether work has
settled. `steady_env` changes those three, through SimCord's private hooks of that version: a
test's time moves only when it says so, and only the bot's own work takes real time.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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


@asynccontextmanager
async def steady_run(bot: discord.Client, **options: Any) -> AsyncIterator[Env]:
    """`simcord.run(bot, **options)` on a `steady_env` (for a SimCord outside pytest's fixture)."""
    env = steady_env(bot, **options)
    await env.start()
    try:
        with env.time_context():
            yield env
    finally:
        await env.shutdown()
    if env.check_errors:
        env._raise_errors_since(env._errors_acknowledged)
