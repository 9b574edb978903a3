"""The process's request budget (cogs._requests), on a fake clock: never past Discord's global
limit, the turn ping before a board edit before a summary before a housekeeping delete."""

from __future__ import annotations

import asyncio

from cogs._requests import (
    PRESENTER_SHARE,
    TOKEN_RATE,
    Priority,
    RequestBudget,
    ShutChannels,
    process_rate,
)


class FakeClock:
    """Time that moves only when someone sleeps."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        for _ in range(
            3
        ):  # whoever was just let through runs first, at the time it was let through
            await asyncio.sleep(0)
        self.now += seconds


def budget(rate: float, clock: FakeClock, **options) -> RequestBudget:
    return RequestBudget(rate, clock=clock, sleep=clock.sleep, **options)


async def test_no_more_requests_start_in_any_second_than_the_rate_allows():
    clock = FakeClock()
    spend = budget(10, clock)
    started: list[float] = []

    async def request() -> None:
        assert await spend.take(Priority.BOARD)
        started.append(clock.now)

    await asyncio.gather(*(request() for _ in range(35)))
    assert len(started) == 35
    for first in started:
        assert sum(first <= t < first + 1.0 for t in started) <= 10
    assert started[-1] - started[0] >= 3.0  # 35 requests at 10 a second take over three seconds


async def test_when_the_second_is_spent_the_ping_goes_before_the_board_before_the_summary_before_the_delete():
    clock = FakeClock()
    spend = budget(2, clock)
    assert await spend.take(Priority.BOARD) and await spend.take(Priority.BOARD)  # spent
    order: list[Priority] = []

    async def request(priority: Priority) -> None:
        assert await spend.take(priority)
        order.append(priority)

    queued = [Priority.HOUSEKEEPING, Priority.SUMMARY, Priority.BOARD, Priority.PROMPT]
    await asyncio.gather(*(request(p) for p in queued))
    assert order == [Priority.PROMPT, Priority.BOARD, Priority.SUMMARY, Priority.HOUSEKEEPING]


async def test_too_many_waiting_refuses_the_least_urgent_and_a_ping_still_gets_in():
    clock = FakeClock()
    spend = budget(1, clock, waiting=2)
    assert await spend.take(Priority.BOARD)
    boards = [asyncio.ensure_future(spend.take(Priority.BOARD)) for _ in range(2)]
    await asyncio.sleep(0)
    assert not await spend.take(Priority.SUMMARY)  # no room, and it is the least urgent
    ping = asyncio.ensure_future(spend.take(Priority.PROMPT))  # takes a board's place
    results = await asyncio.gather(*boards, ping)
    assert results == [True, False, True]
    assert spend.refused == 2 and spend.waiting == 0


async def test_a_waiter_whose_caller_gave_up_takes_no_slot():
    clock = FakeClock()
    spend = budget(1, clock)
    assert await spend.take(Priority.BOARD)
    gone = asyncio.ensure_future(spend.take(Priority.PROMPT))
    await asyncio.sleep(0)
    gone.cancel()
    assert await spend.take(Priority.HOUSEKEEPING)
    assert clock.now == 101.0  # the next second's only slot went to the one still waiting


def test_each_process_spends_its_shards_part_of_the_token_budget():
    assert process_rate(None, None) == TOKEN_RATE * PRESENTER_SHARE
    assert process_rate(4, None) == TOKEN_RATE * PRESENTER_SHARE
    assert process_rate(4, (0,)) == TOKEN_RATE * PRESENTER_SHARE / 4
    assert abs(process_rate(3, (1, 2)) - TOKEN_RATE * PRESENTER_SHARE * 2 / 3) < 1e-9
    assert budget(process_rate(8, (3,)), FakeClock()).per_window == 5  # 40 / 8


def test_a_channel_that_refused_the_bot_is_left_alone_for_a_while_and_the_list_is_bounded():
    clock = FakeClock()
    shut = ShutChannels(600, most=3, clock=clock)
    shut.shut(1)
    assert shut.is_shut(1) and not shut.is_shut(2)
    clock.now += 599
    assert shut.is_shut(1)
    clock.now += 1
    assert not shut.is_shut(1)
    for channel in (10, 11, 12, 13):
        shut.shut(channel)
    assert not shut.is_shut(10) and all(shut.is_shut(c) for c in (11, 12, 13))
