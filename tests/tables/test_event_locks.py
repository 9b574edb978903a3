"""`KeyedLocks`: one event's long wait (a round opening through Discord's retries) holds up
that event alone, and the map of locks keeps nothing once nobody holds or waits."""

from __future__ import annotations

import asyncio

import pytest

from bot.nights.runner import KeyedLocks


async def test_one_key_waits_for_its_holder_another_key_does_not():
    locks = KeyedLocks()
    slow_may_end = asyncio.Event()
    order: list[str] = []

    async def slow(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(f"{name} in")
            await slow_may_end.wait()
            order.append(f"{name} out")

    async def quick(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(name)

    first = asyncio.create_task(slow(1, "event 1"))
    await asyncio.sleep(0)
    same = asyncio.create_task(quick(1, "event 1 again"))
    await asyncio.wait_for(quick(2, "event 2"), timeout=5)  # not behind event 1's wait
    assert order == ["event 1 in", "event 2"] and not same.done()
    slow_may_end.set()
    await asyncio.gather(first, same)
    assert order == ["event 1 in", "event 2", "event 1 out", "event 1 again"]
    assert locks._locks == {} and locks._users == {}  # bounded: nothing kept for idle keys


async def test_a_holder_that_fails_lets_the_next_one_in_and_is_forgotten():
    locks = KeyedLocks()
    with pytest.raises(ConnectionError):
        async with locks.hold("guild"):
            raise ConnectionError("Discord had a bad second")
    async with locks.hold("guild"):
        pass
    assert locks._locks == {}
