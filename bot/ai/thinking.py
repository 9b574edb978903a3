"""Computer thinking out of the event loop and out of the GIL, fair across tables.

A `Thinker` answers `choose(table_id, level, view, legal, seed)` with one of
`legal`. Two implementations:

- `ThreadThinker` asks a `PlayerFactory`'s player in a worker thread of this
  process: the table service's quick default for its own tests.
- `PoolThinker` (the bot's) sends `hard` decisions to a bounded set of worker
  processes, so a search holds neither the event loop nor this process's GIL.
  Fast levels (`random`, `easy`, `normal`: about a millisecond each) are
  decided in a thread here and never wait behind a search.

Fairness: each table has at most one decision waiting (the service asks one at a
time), and waiting tables are served round robin (a table that was just
answered goes to the back), with at most one decision per worker in flight.
Under saturation `hard` thinks less: the budget is divided by the rounds of
work still waiting for the workers (never below `MIN_BUDGET`), so a backlog
does not multiply everyone's wait. A worker that dies is replaced and its
decision tried once more; a decision that fails again is made by the `easy`
rules (logged), so one bad decision never stops a table.

A decision is a function of what it is sent (level, view, legal, seed, budget;
the legal `Action`s and the chosen one cross the pipe pickled, being frozen
values) and nothing else the worker holds: `hard` counts its budget in work at
fixed rates (`bot.ai.hard.WORK_PER_SECOND`), so every worker searches the same
worlds for the same decision; each builds the search's tables as it starts
(`bot.ai.warm_up`).
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import random
import signal
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Protocol

from bot.ai.hard import GUARD
from bot.ai.hard import warm_up as build_tables
from bot.ai.table_players import LevelPlayer, PlayerFactory
from bot.game import Action, SeatView

log = logging.getLogger(__name__)

#: Levels decided in the worker processes; the others take about a millisecond.
SEARCH_LEVELS = frozenset({"hard"})
#: The least a saturated `hard` decision may think, in seconds.
MIN_BUDGET = 0.05
#: Tries of one decision in the workers before the `easy` rules make it instead.
ATTEMPTS = 2
#: A worker that dies this many times in a row before it is ready means the pool cannot work.
START_FAILURES = 3
#: Seconds a worker may take over one decision beyond `GUARD` x budget before it is stopped.
HANG_GRACE = 10.0

#: Decides one turn: (level, view, legal, seed, budget) -> one of legal. Must be picklable.
Decide = Callable[[str, SeatView, list[Action], int, float], Action]


class Thinker(Protocol):
    """Where the table service gets its computer players' decisions."""

    async def choose(
        self, table_id: int, level: str, view: SeatView, legal: list[Action], seed: int
    ) -> Action:
        """One of `legal` for the seat whose `view` this is, decided from the view alone."""

    async def close(self) -> None:
        """Stop thinking; nothing keeps running afterwards."""


def decide(level: str, view: SeatView, legal: list[Action], seed: int, budget: float) -> Action:
    """The bot.ai player of `level`, seeded as the service seeds it."""
    return LevelPlayer(level, budget).choose(view, legal, random.Random(seed))


def warm_up() -> None:
    """Build `hard`'s tables in this process (a worker's first act)."""
    build_tables()


class ThreadThinker:
    """The players of `players` in a worker thread of this process (the service's default)."""

    def __init__(self, players: PlayerFactory) -> None:
        self._players = players

    async def choose(
        self, table_id: int, level: str, view: SeatView, legal: list[Action], seed: int
    ) -> Action:
        return await asyncio.to_thread(
            self._players(level).choose, view, legal, random.Random(seed)
        )

    async def close(self) -> None:
        pass


class WorkerFailed(RuntimeError):
    """The workers could not make this decision (crashed twice, or the player raised)."""


@dataclass(eq=False)
class _Job:
    table_id: int
    level: str
    view: SeatView
    legal: list[Action]
    seed: int
    future: asyncio.Future[Action]
    attempts: int = 0


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    ready: bool = False
    reading: bool = False
    job: _Job | None = None
    budget: float = 0.0
    overdue: asyncio.TimerHandle | None = field(default=None, repr=False)


def _serve(conn: Connection, decide: Decide, warm: Callable[[], None] | None) -> None:
    """A worker process: warm up, say so, then answer decisions until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the bot's to handle; it stops us
    if warm is not None:
        warm()
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            conn.send(("ok", decide(*job)))
        except Exception as error:  # the bot logs it and decides by the easy rules
            conn.send(("error", f"{type(error).__name__}: {error}"))


class PoolThinker:
    """`hard` decisions in up to `workers` processes, fair across tables; see the module docstring.

    Workers start when first needed, or all at once with `start()` (the bot
    does so before it connects, so they calibrate meanwhile). `close()` stops
    them all. `decide` and `warm` run in the workers and must be picklable
    (module-level functions); `warm=None` skips the calibration.
    """

    def __init__(
        self,
        workers: int,
        budget: float,
        *,
        decide: Decide = decide,
        warm: Callable[[], None] | None = warm_up,
        min_budget: float = MIN_BUDGET,
        hang_grace: float = HANG_GRACE,
    ) -> None:
        if workers < 1:
            raise ValueError(f"a pool needs at least one worker, not {workers}")
        self.size, self.budget, self.min_budget, self.hang_grace = (
            workers,
            budget,
            min_budget,
            hang_grace,
        )
        self._decide, self._warm = decide, warm
        self._context = multiprocessing.get_context(
            "spawn"
        )  # safe beside threads and a running loop
        self._workers: list[_Worker] = []
        self._waiting: OrderedDict[int, _Job] = OrderedDict()  # one per table, oldest first
        self._start_failures = 0
        self._broken = False
        self._closed = False
        self._sent = asyncio.Event()  # set whenever a worker is given a decision

    # ------------------------------------------------------------ public

    def start(self) -> None:
        """Start every worker now (each calibrates `hard` as it starts)."""
        while len(self._workers) < self.size:
            self._spawn()

    async def choose(
        self, table_id: int, level: str, view: SeatView, legal: list[Action], seed: int
    ) -> Action:
        if self._closed:
            raise RuntimeError("the thinking pool is closed")
        if level in SEARCH_LEVELS and self._broken:
            level = "easy"  # see _give_up
        if level not in SEARCH_LEVELS:
            return await self._in_thread(level, view, legal, seed)
        if len(legal) == 1:
            return legal[0]  # nothing to think about: no worker, no place in the queue
        if table_id in self._waiting:
            raise ValueError(f"table {table_id} already has a decision waiting")
        job = _Job(table_id, level, view, legal, seed, asyncio.get_running_loop().create_future())
        self._waiting[table_id] = job
        asyncio.get_running_loop().call_soon(self._pump)  # after this tick's other requests arrive
        try:
            return await job.future
        except WorkerFailed as error:
            log.error(
                "table %s: the %s decision failed in the workers (%s); the easy rules decide it",
                table_id,
                level,
                error,
            )
            return await self._in_thread("easy", view, legal, seed)
        finally:
            if self._waiting.get(table_id) is job:
                del self._waiting[table_id]

    def budgets_in_flight(self) -> list[float]:
        """The budget each busy worker was given (for tests and benchmarks)."""
        return [worker.budget for worker in self._workers if worker.job is not None]

    async def thinking(self) -> None:
        """Wait until some worker is busy with a decision (for tests and benchmarks)."""
        while not self.budgets_in_flight():
            self._sent.clear()
            await self._sent.wait()

    @property
    def pids(self) -> list[int]:
        """The worker processes running now."""
        return [worker.process.pid for worker in self._workers if worker.process.pid is not None]

    async def close(self) -> None:
        """Stop every worker and wait for it to exit; waiting decisions are cancelled."""
        self._closed = True
        for job in self._waiting.values():
            job.future.cancel()
        self._waiting.clear()
        workers, self._workers = self._workers, []
        for worker in workers:
            self._detach(worker)
            if worker.job is not None:
                worker.job.future.cancel()
            if worker.job is None and worker.ready:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
            else:  # mid-search or still calibrating: its answer is no longer wanted
                worker.process.terminate()
        await asyncio.to_thread(_reap, workers)

    # ------------------------------------------------------------ dispatch

    async def _in_thread(
        self, level: str, view: SeatView, legal: list[Action], seed: int
    ) -> Action:
        return await asyncio.to_thread(self._decide, level, view, legal, seed, self.budget)

    def _pump(self) -> None:
        """Give waiting decisions to idle workers, oldest table first; start workers if needed."""
        if self._closed:
            return
        for worker in self._workers:
            self._attach(worker)
        idle = [w for w in self._workers if w.ready and w.job is None]
        while idle and self._waiting:
            job = self._waiting.popitem(last=False)[1]
            if not job.future.done():  # else its table stopped asking (closed, cancelled)
                self._send(idle.pop(), job)
        starting = sum(1 for w in self._workers if not w.ready)
        while self._waiting and starting < len(self._waiting) and len(self._workers) < self.size:
            self._attach(self._spawn())
            starting += 1

    def _send(self, worker: _Worker, job: _Job) -> None:
        rounds = math.ceil((len(self._waiting) + 1) / self.size)  # this one and those still waiting
        worker.budget = max(self.min_budget, self.budget / rounds) if rounds > 1 else self.budget
        worker.job = job
        self._sent.set()
        job.attempts += 1
        try:
            worker.conn.send((job.level, job.view, job.legal, job.seed, worker.budget))
        except OSError:
            self._lost(worker)
            return
        worker.overdue = asyncio.get_running_loop().call_later(
            GUARD * worker.budget + self.hang_grace, self._stop_overdue, worker, job
        )

    def _stop_overdue(self, worker: _Worker, job: _Job) -> None:
        """A worker far past its budget is stuck: stop it (its decision is tried once more)."""
        if worker.job is job:
            log.error(
                "table %s: a worker took too long over a %s decision; stopping it",
                job.table_id,
                job.level,
            )
            worker.process.terminate()

    def _on_message(self, worker: _Worker) -> None:
        try:
            kind, payload = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        if kind == "ready":
            worker.ready = True
            self._start_failures = 0
        else:
            job, worker.job = worker.job, None
            if worker.overdue is not None:
                worker.overdue.cancel()
            if job is not None and not job.future.done():
                if kind == "ok":
                    job.future.set_result(payload)
                else:
                    job.future.set_exception(WorkerFailed(payload))
        self._pump()

    def _lost(self, worker: _Worker) -> None:
        """A worker died: forget it, retry its decision (first in line) or give up on it."""
        self._detach(worker)
        if worker in self._workers:
            self._workers.remove(worker)
        _reap([worker])
        job = worker.job
        log.warning(
            "a thinking worker (pid %s) exited with %s%s",
            worker.process.pid,
            worker.process.exitcode,
            f" deciding for table {job.table_id}" if job else "",
        )
        if not worker.ready:
            self._start_failures += 1
            if self._start_failures >= START_FAILURES:
                self._give_up()
                return
        if job is not None and not job.future.done():
            if job.attempts >= ATTEMPTS:
                job.future.set_exception(
                    WorkerFailed(f"a worker exited with {worker.process.exitcode}")
                )
            elif job.table_id not in self._waiting:
                self._waiting[job.table_id] = job
                self._waiting.move_to_end(job.table_id, last=False)
        self._pump()

    def _give_up(self) -> None:
        """Workers die before they are ready: decide `hard` turns by the easy rules from now on."""
        log.error(
            "thinking workers keep failing to start; the easy rules decide hard turns from now on"
        )
        self._broken = True
        for job in self._waiting.values():
            if not job.future.done():
                job.future.set_exception(WorkerFailed("no worker could start"))

    # ------------------------------------------------------------ processes

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve,
            args=(child, self._decide, self._warm),
            name="pinochle-thinker",
            daemon=True,
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._workers.append(worker)
        return worker

    def _attach(self, worker: _Worker) -> None:
        if not worker.reading:
            asyncio.get_running_loop().add_reader(worker.conn.fileno(), self._on_message, worker)
            worker.reading = True

    def _detach(self, worker: _Worker) -> None:
        if worker.overdue is not None:
            worker.overdue.cancel()
        if worker.reading:
            asyncio.get_running_loop().remove_reader(worker.conn.fileno())
            worker.reading = False


def _reap(workers: list[_Worker]) -> None:
    """Wait for each worker to exit (killing one that does not), then close its pipe."""
    for worker in workers:
        worker.process.join(timeout=2)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()
