"""Helpers for the damaged-database tests: a real database, ways to spoil a copy, and a child process.

The child runs `python -m bot …` with a timeout, so a process that hangs fails
the test instead of hanging it. When the tests run as root, the child drops
the capabilities that let root ignore file permissions (CAP_DAC_OVERRIDE and
friends), so a read-only file or folder is read-only to it as to anyone else.
"""

from __future__ import annotations

import ctypes
import functools
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Seat, Store, append_action, create_table, ensure_player, settle_deal

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a child may take before the test calls it hung.
TIMEOUT = 20
PAGE = 4096
_PR_CAPBSET_DROP = 24
#: CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER.
_FILE_CAPABILITIES = (1, 2, 3)


async def real_database(path: Path) -> None:
    """A closed database with a table in play, its actions and a settled Check deal."""
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            table = await create_table(
                tx,
                guild_id=1,
                channel_id=2,
                host_id=3,
                variant="check",
                seats=[Seat(n, f"P{n}", user_id=10 + n) for n in range(4)],
            )
            for seq, text in enumerate(["bid 250", "pass", "pass", "pass"], start=1):
                await append_action(tx, table.id, seq, seq - 1, 10 + seq - 1, text)
            ann = await ensure_player(tx, 1, display_name="P0", user_id=10)
            bob = await ensure_player(tx, 1, display_name="P1", user_id=11)
            await settle_deal(
                tx,
                1,
                table.id,
                1,
                1,
                [
                    {
                        "from": bob.id,
                        "to": ann.id,
                        "checks": 7,
                        "reason": "contract",
                        "detail": "250",
                    }
                ],
            )
    finally:
        await store.close()


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(13).randbytes(16 * PAGE))


def truncate(path: Path) -> None:
    """Keep the first page only: the schema still names tables whose pages are gone."""
    data = path.read_bytes()
    assert len(data) > 2 * PAGE
    path.write_bytes(data[:PAGE])


def flip_bits(path: Path) -> None:
    """Flip every bit of the first bytes of each page after the first (the b-tree page headers)."""
    data = bytearray(path.read_bytes())
    for start in range(PAGE, len(data), PAGE):
        for offset in range(start, start + 8):
            data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def empty(path: Path) -> None:
    path.write_bytes(b"")


def execute(path: Path, sql: str) -> None:
    """One statement through a plain sqlite3 connection, closed after (so the file holds it all)."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.execute(sql)
    finally:
        conn.close()


def _obey_permissions() -> None:  # runs in the child between fork and exec
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in _FILE_CAPABILITIES:
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@functools.cache
def permissions_hold() -> bool:
    """Whether a child can be made to obey file permissions (always, unless root without CAP_SETPCAP)."""
    if os.geteuid() != 0:
        return True
    try:
        subprocess.run(
            [sys.executable, "-c", ""], preexec_fn=_obey_permissions, check=True, timeout=TIMEOUT
        )
    except (subprocess.SubprocessError, OSError):
        return False
    return True


def run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m bot *args` in `cwd`, bound to obey file permissions; fails the test if it hangs."""
    if os.geteuid() == 0 and not permissions_hold():
        pytest.skip(
            "running as root without CAP_SETPCAP: a child cannot be made to obey file permissions"
        )
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **(env or {})}
    try:
        return subprocess.run(
            [sys.executable, "-m", "bot", *args],
            cwd=cwd,
            env=environment,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            preexec_fn=_obey_permissions if os.geteuid() == 0 else None,
        )
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"python -m bot {' '.join(args)} still ran after {TIMEOUT} s: {hung.stderr!r}")


def start_bot(database: Path, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m bot` with a token that would fail at Discord: it must stop before trying."""
    return run(cwd=cwd, env={"DISCORD_TOKEN": "not-a-token." * 5, "DATABASE_PATH": str(database)})


def check_ledger(database: Path, cwd: Path) -> subprocess.CompletedProcess:
    return run("ledger", "check", "--database", str(database), cwd=cwd)


_HOLD = """
import asyncio, sys
from bot.store import Store

async def hold():
    store = await Store.open(sys.argv[1])
    print("open", flush=True)
    await asyncio.sleep(3600)

asyncio.run(hold())
"""


def hold_store(database: Path, cwd: Path) -> subprocess.Popen:
    """A process that opens the store on `database` and keeps it open until killed."""
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(database)],
        cwd=cwd,
        stdout=subprocess.PIPE,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stdout.readline() == "open\n"
    return child
