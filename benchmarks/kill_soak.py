"""Kill and restart: SIGKILL a bot-like process at random moments, then prove nothing acknowledged was lost.

    python benchmarks/kill_soak.py --kills 30 --tables 6

The parent starts a child (this script with `--child`) on one SQLite file:
the table service with the chip ledger's hook, `--tables` channels each
playing game after game — one or two scripted people per table and computers
in the other seats, every variant in turn, Check among them — with no turn
timer. The child prints `ack <table> <seq> <action>` for every action the
service accepted, after its transaction committed (the publisher runs after
the commit), and `resumed <table>` for each table it loaded at start. The
parent reads the pipe (a line written before a kill is still in the pipe
after it), SIGKILLs the child at a random moment 0.3–`--max-life` s after it
said `ready`, and after each kill checks, reading the file without writing
(`bot.store.read_database`): every acknowledged action is stored with the
same sequence number and text, and the ledger balances; the next child must
resume exactly the tables left unfinished. At the end `python -m bot ledger
check` runs on the file. It prints the figures and exits non-zero if anything
was lost, a table was not resumed, or the ledger did not balance.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.ai.table_players import ai_players  # noqa: E402
from bot.game import PASS, Action  # noqa: E402
from bot.services.ledger_hook import ledger_hook  # noqa: E402
from bot.store import Snapshot, Store, read_database  # noqa: E402
from bot.store.audit import ledger_problems  # noqa: E402
from bot.tables import Outcome, Person, Refusal, TableService  # noqa: E402
from bot.tables.model import Table  # noqa: E402

VARIANTS = (
    "check",
    "two-handed",
    "three-handed",
    "four-handed",
    "partnership",
    "two-handed-no-trump",
)
#: People per table by variant (the other seats are computers).
PEOPLE = {"check": 2, "partnership": 2}
GUILD = 1


# ------------------------------------------------------------------ the child: a bot without Discord


class Acks:
    """The publisher: one line per accepted action, written to the pipe at once."""

    def publish(self, table: Table, outcome: Outcome) -> None:
        if outcome.action is not None:
            print(f"ack {table.id} {table.version} {outcome.action}", flush=True)


def person_choice(legal: list[Action], rng: random.Random) -> Action:
    """Mostly pass in auctions, else the lowest bid, else any legal action (so games end)."""
    if PASS in legal and rng.random() < 0.7:
        return PASS
    bids = [action for action in legal if action.verb == "bid"]
    return min(bids, key=lambda bid: bid.amount or 0) if bids else rng.choice(legal)


async def channel(service: TableService, number: int, rng: random.Random, think: float) -> None:
    """Play game after game in one channel, acting for whichever person is to act."""
    people = [Person(10_000 + number * 10 + k, f"P{number}.{k}") for k in range(2)]
    games = 0
    while True:
        table = service.table_in(number)
        if table is None:
            variant = VARIANTS[(number - 1 + games) % len(VARIANTS)]
            games += 1
            table = (
                await service.open(
                    guild_id=GUILD, channel_id=number, host=people[0], variant=variant
                )
            ).table
            if PEOPLE.get(variant, 1) > 1:
                await service.join(table.id, people[1])
        if table.status == "lobby":
            host = next(p for p in people if p.user_id == table.host_id)
            while len(table.seats) < table.size:
                await service.add_computer(table.id, host, level=rng.choice(("easy", "normal")))
            await service.start(table.id, host)
            continue
        seat = table.to_act
        user = None if seat is None else table.seats[seat].user_id
        if user is None:  # a computer's turn, or the game just ended
            await asyncio.sleep(0.01)
            continue
        try:
            hand = await service.hand(table.id, user)
        except Refusal:  # the game ended meanwhile
            continue
        if not hand.legal:
            await asyncio.sleep(0.01)
            continue
        await asyncio.sleep(rng.uniform(0, 2 * think))
        person = next(p for p in people if p.user_id == user)
        with contextlib.suppress(Refusal):  # the table moved on while the person thought
            await service.act(
                table.id, person, person_choice(hand.legal, rng), version=hand.version
            )


async def child(database: Path, tables: int, think: float, seed: int) -> None:
    store = await Store.open(database)
    service = TableService(
        store,
        publisher=Acks(),
        players=ai_players(0.05),
        turn_seconds=0,
        seed=seed,
        hooks=[ledger_hook],
    )
    for table in await service.resume():
        print(f"resumed {table.id}", flush=True)
    print("ready", flush=True)
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            channel(service, number, random.Random(rng.random()), think)
            for number in range(1, tables + 1)
        )
    )


# ------------------------------------------------------------------ the parent: kills and checks


class Run:
    """One child process and what it said."""

    def __init__(self, database: Path, args: argparse.Namespace, seed: int) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--child",
                "--database",
                str(database),
                "--tables",
                str(args.tables),
                "--think",
                str(args.think),
                "--seed",
                str(seed),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        self.acks: dict[tuple[int, int], str] = {}
        self.resumed: set[int] = set()
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            kind, _, rest = line.rstrip("\n").partition(" ")
            if kind == "ack":
                table, seq, action = rest.split(" ", 2)
                self.acks[int(table), int(seq)] = action
            elif kind == "resumed":
                self.resumed.add(int(rest))
            elif kind == "ready":
                self.ready.set()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.reader.join()  # the pipe drains to its end: every line written before the kill


async def stored(db: Snapshot) -> tuple[dict[tuple[int, int], str], set[int], list[str], int]:
    """Every stored action, the unfinished tables, the ledger's problems and its transactions."""
    actions = {
        (row[0], row[1]): row[2]
        for row in await db.fetchall("SELECT table_id, seq, action FROM actions")
    }
    unfinished = {
        row[0]
        for row in await db.fetchall("SELECT id FROM tables WHERE status IN ('lobby', 'playing')")
    }
    transactions = (await db.fetchone("SELECT COUNT(*) FROM ledger_tx"))[0]
    return actions, unfinished, await ledger_problems(db), transactions


async def parent(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="kill-soak-"))
    database = folder / "soak.db"
    acked: dict[tuple[int, int], str] = {}
    lost: dict[tuple[int, int], str] = {}
    expected: set[int] = set()
    left_unresumed = resumed_total = 0
    unbalanced: list[str] = []
    started = time.perf_counter()
    for number in range(args.kills + 1):
        run = Run(database, args, seed=rng.randrange(2**31))
        if not run.ready.wait(60):
            run.kill()
            print("a child did not start within 60 s", file=sys.stderr)
            return 2
        if expected - run.resumed:
            left_unresumed += len(expected - run.resumed)
        resumed_total += len(expected & run.resumed)
        last = number == args.kills
        time.sleep(args.max_life if last else rng.uniform(0.3, args.max_life))
        run.kill()
        acked |= run.acks
        actions, expected, problems, transactions = await read_database(database, stored)
        lost |= {key: action for key, action in acked.items() if actions.get(key) != action}
        unbalanced += problems
    elapsed = time.perf_counter() - started
    check = subprocess.run(
        [sys.executable, "-m", "bot", "ledger", "check", "--database", str(database)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    games = sum(1 for (table, seq), action in acked.items() if seq == 1)
    print(
        f"{args.kills} SIGKILLs in {elapsed:.0f} s ({args.tables} tables, people think {args.think:g} s mean,"
        f" seed {args.seed})"
    )
    print(f"acknowledged actions: {len(acked)} (games begun: {games}); lost: {len(lost)}")
    print(
        f"unfinished tables at the kills, resumed by the next process: {resumed_total};"
        f" not resumed: {left_unresumed}"
    )
    print(
        f"ledger: {transactions} chip transactions; problems after the kills: {len(unbalanced)};"
        f" ledger check: exit {check.returncode}, {(check.stdout or check.stderr).strip()}"
    )
    for key, action in sorted(lost.items())[:10]:
        print(f"lost: table {key[0]} action {key[1]} {action!r}")
    for problem in unbalanced[:10]:
        print(f"ledger: {problem}")
    sound = not lost and not left_unresumed and not unbalanced and check.returncode == 0
    if sound:
        for leftover in folder.iterdir():
            leftover.unlink()
        folder.rmdir()
    else:
        print(f"the database is kept for a look: {database}")
    return 0 if sound else 1


def main() -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--kills", type=int, default=30)
    parse.add_argument("--tables", type=int, default=6)
    parse.add_argument("--think", type=float, default=0.05, help="mean seconds a person thinks")
    parse.add_argument(
        "--max-life", type=float, default=4.0, help="longest a child lives, in seconds"
    )
    parse.add_argument("--seed", type=int, default=1)
    parse.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parse.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    args = parse.parse_args()
    if args.child:
        asyncio.run(child(args.database, args.tables, args.think, args.seed))
        return 0
    return asyncio.run(parent(args))


if __name__ == "__main__":
    sys.exit(main())
