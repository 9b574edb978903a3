"""The thinking pool: `hard` in worker processes, fair across tables, bounded.

Stand-in players (`thinking_fakes`) run in the workers where a test is about
order, budgets or crashes; orders are asserted, never wall-clock times.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random

import pytest

from bot.ai.table_players import LevelPlayer
from bot.ai.thinking import PoolThinker
from bot.game import parse_action
from bot.tables import Person, TableService
from tests.ai.helpers import random_positions
from tests.tables import thinking_fakes
from tests.tables.helpers import live, play_out
from tests.tables.thinking_fakes import alive, budget_of

LEGAL = [parse_action(text) for text in ("play A♠", "play 10♠", "play K♠")]
FIRST, LAST = LEGAL[0], LEGAL[-1]  # what a worker answers, what the easy lane answers
#: So small a budget that `hard` searches exactly its minimum of worlds, whatever the machine's speed.
TINY = 1e-6


@pytest.fixture
async def pools():
    """Make pools; every one is closed at the end, and no worker process may outlive it."""
    made: list[PoolThinker] = []

    def make(workers: int = 1, budget: float = 1.0, **kwargs) -> PoolThinker:
        made.append(PoolThinker(workers, budget, warm=None, **kwargs))
        return made[-1]

    yield make
    pids = [pid for pool in made for pid in pool.pids]
    for pool in made:
        await pool.close()
    assert not [pid for pid in pids if alive(pid)]


async def test_the_pool_chooses_what_the_player_in_this_process_chooses(pools):
    """Same view, seed and budget, same choice: the worker runs the very same player."""
    pool = pools(budget=TINY)
    asked = 0
    for variant, seed in (("three-handed", 4), ("partnership", 2), ("two-handed", 9)):
        for number, game in enumerate(random_positions(variant, seed)):
            view = game.view(game.to_act)
            if len(view.legal) < 2 or number % 5:
                continue
            seed_here = 1000 * seed + number
            here = LevelPlayer("hard", TINY).choose(
                game.view(game.to_act), list(view.legal), random.Random(seed_here)
            )
            there = await pool.choose(1, "hard", view, list(view.legal), seed_here)
            assert there == here, (variant, number)
            asked += 1
    assert asked > 10
    assert len(pool.pids) == 1  # every one of them went to the worker


async def test_fast_levels_never_wait_behind_a_search(pools):
    pool = pools(decide=thinking_fakes.slow)
    search = asyncio.create_task(pool.choose(1, "hard", {"think": 1.0}, LEGAL, 1))
    await pool.thinking()
    for level in ("random", "easy", "normal"):
        assert await pool.choose(2, level, {}, LEGAL, 1) == LAST  # decided here, not in the worker
    assert not search.done()
    assert await search == FIRST


async def test_a_forced_move_needs_no_worker(pools):
    pool = pools(decide=thinking_fakes.slow)
    assert await pool.choose(1, "hard", {}, [FIRST], 1) == FIRST
    assert pool.pids == []


async def test_tables_take_turns_for_the_workers(pools):
    """Round robin: a table just answered waits behind the others, so one busy table cannot starve them."""
    pool = pools(decide=thinking_fakes.slow)
    answered: list[int] = []

    async def table(table_id: int, decisions: int) -> None:
        for _ in range(decisions):
            await pool.choose(table_id, "hard", {"think": 0.05}, LEGAL, 1)
            answered.append(table_id)

    await asyncio.gather(table(1, 3), table(2, 1), table(3, 1))
    assert answered == [1, 2, 3, 1, 1]


async def test_a_table_has_one_decision_waiting_at_most(pools):
    pool = pools(decide=thinking_fakes.slow)
    first = asyncio.create_task(pool.choose(1, "hard", {}, LEGAL, 1))
    await asyncio.sleep(0)
    with pytest.raises(ValueError, match="table 1 already has a decision waiting"):
        await pool.choose(1, "hard", {}, LEGAL, 2)
    assert await first == FIRST


async def test_a_saturated_pool_gives_hard_a_smaller_budget(pools):
    """The budget is divided by the rounds of work waiting for the workers, down to 0.05 s."""
    pool = pools(decide=thinking_fakes.budget_echo)
    budgets = await asyncio.gather(
        *(pool.choose(table_id, "hard", {}, LEGAL, 1) for table_id in range(4))
    )
    assert [budget_of(b) for b in budgets] == pytest.approx([1 / 4, 1 / 3, 1 / 2, 1])
    budgets = await asyncio.gather(
        *(pool.choose(table_id, "hard", {}, LEGAL, 1) for table_id in range(30))
    )
    assert budget_of(budgets[0]) == 0.05 and budget_of(budgets[-1]) == 1.0
    assert (
        budget_of(await pool.choose(1, "hard", {}, LEGAL, 1)) == 1.0
    )  # no backlog, the whole budget


async def test_two_workers_share_the_backlog(pools):
    pool = pools(workers=2, decide=thinking_fakes.budget_echo)
    budgets = await asyncio.gather(
        *(pool.choose(table_id, "hard", {}, LEGAL, 1) for table_id in range(4))
    )
    assert sorted(budget_of(b) for b in budgets) == pytest.approx([1 / 2, 1 / 2, 1, 1])
    assert len(pool.pids) == 2


async def test_a_worker_that_dies_is_replaced_and_the_decision_tried_again(pools, tmp_path, caplog):
    pool = pools(decide=thinking_fakes.crashing)
    assert await pool.choose(1, "hard", {}, LEGAL, 1) == FIRST
    [first_pid] = pool.pids
    view = {"crash": "once", "marker": str(tmp_path / "crashed")}
    with caplog.at_level(logging.WARNING, logger="bot.ai.thinking"):
        assert await pool.choose(1, "hard", view, LEGAL, 1) == FIRST  # by the new worker
    assert (tmp_path / "crashed").exists() and not alive(first_pid)
    assert pool.pids != [first_pid] and len(pool.pids) == 1
    assert "exited with 3 deciding for table 1" in caplog.text


async def test_a_decision_that_kills_every_worker_is_made_by_the_easy_rules(pools, caplog):
    pool = pools(decide=thinking_fakes.crashing)
    with caplog.at_level(logging.ERROR, logger="bot.ai.thinking"):
        assert await pool.choose(1, "hard", {"crash": "always"}, LEGAL, 1) == LAST  # the easy lane
    assert "table 1: the hard decision failed in the workers" in caplog.text
    assert await pool.choose(2, "hard", {}, LEGAL, 1) == FIRST  # the pool still works


async def test_a_worker_stuck_far_past_its_budget_is_stopped(pools, caplog):
    """Stopped twice (the decision is tried once more), then the easy rules decide; the pool goes on."""
    pool = pools(budget=0.01, decide=thinking_fakes.hanging, hang_grace=0.2)
    with caplog.at_level(logging.ERROR, logger="bot.ai.thinking"):
        assert await pool.choose(1, "hard", {"hang": 60}, LEGAL, 1) == LAST
    assert caplog.text.count("table 1: a worker took too long over a hard decision") == 2
    assert await pool.choose(1, "hard", {}, LEGAL, 1) == FIRST


async def test_a_player_that_raises_does_not_stop_the_table(pools, caplog):
    pool = pools(decide=thinking_fakes.raising)
    with caplog.at_level(logging.ERROR, logger="bot.ai.thinking"):
        assert await pool.choose(1, "hard", {}, LEGAL, 1) == LAST
    assert "ValueError: no idea" in caplog.text
    assert len(pool.pids) == 1  # the worker itself lives on


async def test_closing_stops_every_worker_even_mid_search():
    pool = PoolThinker(2, 1.0, decide=thinking_fakes.slow, warm=None)
    pool.start()
    pids = pool.pids
    search = asyncio.create_task(pool.choose(1, "hard", {"think": 60.0}, LEGAL, 1))
    await pool.thinking()
    await pool.close()
    with pytest.raises(asyncio.CancelledError):
        await search
    assert len(pids) == 2 and not [pid for pid in pids if alive(pid)]
    assert not [child for child in multiprocessing.active_children() if child.pid in pids]
    with pytest.raises(RuntimeError, match="closed"):
        await pool.choose(2, "easy", {}, LEGAL, 1)


async def test_a_table_of_hard_computers_plays_through_the_pool(store, pools):
    """A person plays a three-handed game with two `hard` computers; the workers play their turns."""
    pool = pools(budget=0.01)
    service = TableService(store, thinker=pool, seed=3, turn_seconds=0)
    alice = Person(101, "Alice")
    opened = await service.open(
        guild_id=1, channel_id=10, host=alice, variant="three-handed", options={"target": 100}
    )
    table = live(service, opened.table.id)
    for _ in range(2):
        await service.add_computer(table.id, alice, level="hard")
    await service.start(table.id, alice)
    await play_out(service, table, alice)
    assert table.status == "finished" and table.game.is_over
    assert len(pool.pids) == 1
    await service.close()
