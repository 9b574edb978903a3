"""Two bot processes on one PostgreSQL, each running one of two shards in a SimCord of its
own: both play; one is killed mid-deal while the other plays on; restarted, it resumes its own table
only (the other's, unfinished and driven by a live process, stays where it is) and plays on.
And what players see while their process is cut off from its table's lease."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config
from bot.store import Lease, Store, load_actions
from cogs._bot import create_bot
from tests.cogs.ledger_support import refused
from tests.cogs.playing import play_out
from tests.cogs.shard_worker import guild_id
from tests.cogs.sim import act_in, board_body, take_turn
from tests.cogs.test_play import two_people
from tests.pg_cutoff import LeaseNews, cut_off

ROOT = Path(__file__).resolve().parents[2]
WAIT = 240  # seconds a worker may take for its next line on a loaded machine


class Worker:
    def __init__(self, url: str, shard: int, data: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.cogs.shard_worker", url, str(shard), str(data), *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    def until(self, word: str, value: object = None) -> object:
        """Read lines until one says `word` (with `value`, if given); its value."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            said, _, rest = line.strip().partition(" ")
            if said == word and (value is None or json.loads(rest) == value):
                return json.loads(rest)
        raise AssertionError(f"the worker ended (status {self.process.wait()}) before {word}")

    def finish(self) -> int:
        return self.process.wait(timeout=WAIT)

    def close(self) -> None:
        """Leave no process and no open pipe behind, also after a failed run."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


async def stored(url: str, table_id: int) -> int:
    store = await Store.open(url)
    try:
        return len(await load_actions(store, table_id))
    finally:
        await store.close()


def test_two_processes_kill_one_mid_deal_only_its_tables_resume(tmp_path, postgres_server):
    url = asyncio.run(postgres_server.new_database())
    asyncio.run(stored(url, 0))  # the schema is made once, before the two processes start
    go = tmp_path / "go"
    workers: list[Worker] = []
    try:
        first = Worker(url, 0, tmp_path, "start", "6", "hold")
        workers.append(first)
        first_ready = first.until("ready")
        second = Worker(url, 1, tmp_path, "start", "10", str(go), "10")
        workers.append(second)
        second_ready = second.until("ready")
        assert first_ready["guild"] == guild_id(0) and second_ready["guild"] == guild_id(1)
        assert first_ready["violations"] == second_ready["violations"] == []
        # Only the process running shard 0 syncs the commands.
        assert (first_ready["synced"], second_ready["synced"]) == (1, 0)
        [mine], [theirs] = first_ready["tables"], second_ready["tables"]
        first.until("acted", 6)
        second.until("acted", 10)

        first.process.send_signal(signal.SIGKILL)  # mid-deal, its leases held
        first.process.wait(timeout=WAIT)
        before = asyncio.run(stored(url, mine))
        go.touch()
        second.until("acted", 20)  # the other process's table never stalls
        assert second.finish() == 0

        again = Worker(url, 0, tmp_path, "resume", "5")
        workers.append(again)
        resumed = again.until("ready")
        assert resumed["tables"] == [mine]  # its own table only, not `theirs`
        assert resumed["violations"] == []
        again.until("acted", 5)
        assert again.finish() == 0
        assert asyncio.run(stored(url, mine)) == before + 5
        assert asyncio.run(stored(url, theirs)) >= 20
    finally:
        for worker in workers:
            worker.close()


@pytest.fixture
def simcord_bot(postgres_url, tmp_path):
    """The bot of the `room` on a database of its own on the session's PostgreSQL server (what it
    keeps beside the database, such as the synced commands' hash, in the test's folder)."""
    return create_bot(postgres_url, config=Config(database_path=tmp_path / "marker.db"))


async def test_players_at_a_table_being_moved_are_told_so_then_play_on(
    room, postgres_server, postgres_url
):
    """The process's lease connection is cut mid-deal and it cannot reconnect for a while:
    every call at the table is refused, privately, in the member's language, and nothing changes;
    connected again, it takes the table back and the game goes on from where it stood."""
    table, _, _ = await two_people(room)
    for _ in range(5):
        await take_turn(room.member_at(table.to_act), room.channel)
        await room.env.advance_time(2)
    mover, waiter = room.member_at(table.to_act), room.member_at(1 - table.to_act)
    await waiter.slash(room.channel, "pinochle language", language="ru")
    hand = (await mover.slash(room.channel, "pinochle hand")).response  # open when the cut comes
    version, board, news = table.version, board_body(room.channel), LeaseNews(room.bot.store)

    async with cut_off(postgres_server, postgres_url, room.bot.store):
        assert await news.next() == (table.id, Lease.SUSPENDED)
        clicked = await act_in(mover, hand)  # the open hand view says so in place of the hand
        assert clicked.response.ephemeral and not clicked.response.components
        assert clicked.response.content == "This table is being moved. Try again in a moment."
        said = await refused(room.env, waiter.slash(room.channel, "pinochle hand"))
        assert said == "Этот стол сейчас переносится. Попробуйте ещё раз чуть позже."
        await room.env.advance_time(5)  # no computer, no timer runs meanwhile
        assert len(await load_actions(room.bot.store, table.id)) == table.version == version
        assert board_body(room.channel) == board

    await room.env.advance_time(30)  # the bot connects again
    assert await news.next() == (table.id, Lease.HELD)
    await room.env.settle()
    assert not table.moving and room.table() is table and table.version == version
    await take_turn(mover, room.channel)  # the hand shown again, and the same choice accepted
    assert table.version == version + 1
    await play_out(room.env, room.bot, table, [room.alice, room.bob])
    stored = await load_actions(room.bot.store, table.id)
    assert table.status == "finished" and len(stored) == table.version
