"""Damaged, foreign, read-only and busy databases: the bot and `ledger check` stop
at once with one clear line, in a child process that must not hang; `ledger check` writes nothing."""

from __future__ import annotations

import os
import shutil
import signal

import pytest

from bot.store import Store, StoreOpenError, ledger_check

from .damage import (
    check_ledger,
    empty,
    execute,
    flip_bits,
    hold_store,
    random_bytes,
    real_database,
    start_bot,
    truncate,
)

SPOILERS = {
    "random bytes": (random_bytes, "is not a SQLite database"),
    "truncated": (truncate, "is damaged"),
    "bit flips": (flip_bits, "is damaged"),
    "empty": (empty, "is not a Pinochle database: the file is empty"),
}


@pytest.fixture
async def sound(tmp_path):
    """A real database, closed, in a folder of its own."""
    path = tmp_path / "data" / "pinochle.db"
    await real_database(path)
    return path


@pytest.mark.parametrize("kind", SPOILERS)
async def test_a_spoiled_file_stops_the_bot_and_the_check_with_its_reason(sound, tmp_path, kind):
    spoil, reason = SPOILERS[kind]
    spoil(sound)
    for done in (start_bot(sound, tmp_path), check_ledger(sound, tmp_path)):
        assert done.returncode == 2, done
        last = done.stderr.strip().splitlines()[-1]
        assert str(sound) in last and reason in last, done.stderr
        assert "Traceback" not in done.stderr


async def test_a_foreign_sqlite_file_is_not_a_pinochle_database_and_is_left_alone(tmp_path):
    path = tmp_path / "notes.db"
    execute(path, "CREATE TABLE notes (body TEXT)")
    before = path.read_bytes()
    for done in (start_bot(path, tmp_path), check_ledger(path, tmp_path)):
        assert done.returncode == 2
        assert f"{path} is not a Pinochle database: it holds other tables (notes)" in done.stderr
    assert path.read_bytes() == before


async def test_a_newer_schema_is_refused_without_being_touched(sound, tmp_path):
    execute(sound, "UPDATE schema_version SET version = version + 1")
    before = sound.read_bytes()
    for done in (start_bot(sound, tmp_path), check_ledger(sound, tmp_path)):
        assert done.returncode == 2 and "newer than this release knows" in done.stderr
        assert "upgrade the bot" in done.stderr
    assert sound.read_bytes() == before


async def test_a_read_only_file_stops_the_bot_but_can_still_be_checked(sound, tmp_path):
    sound.chmod(0o444)
    done = start_bot(sound, tmp_path)
    assert done.returncode == 2
    assert f"{sound} is read-only: the bot needs to write to its database" in done.stderr
    checked = check_ledger(sound, tmp_path)
    assert checked.returncode == 0 and checked.stdout.startswith("OK"), checked


async def test_a_read_only_folder_stops_the_bot_but_can_still_be_checked(sound, tmp_path):
    folder = sound.parent
    files = sorted(os.listdir(folder))
    folder.chmod(0o555)
    try:
        done = start_bot(sound, tmp_path)
        assert done.returncode == 2
        assert f"the folder {folder} is read-only" in done.stderr
        checked = check_ledger(sound, tmp_path)
        assert checked.returncode == 0 and checked.stdout.startswith("OK"), checked
        assert sorted(os.listdir(folder)) == files
    finally:
        folder.chmod(0o755)


async def test_a_missing_file_is_said_to_be_missing_and_not_made(tmp_path):
    path = tmp_path / "typo.db"
    done = check_ledger(path, tmp_path)
    assert done.returncode == 2 and f"no database at {path}" in done.stderr
    assert not path.exists()


async def test_ledger_check_writes_nothing_not_even_journal_files(sound, tmp_path):
    before, stamp = sound.read_bytes(), sound.stat().st_mtime_ns
    files = sorted(os.listdir(sound.parent))
    assert files == ["pinochle.db", "pinochle.db.lock"]  # a closed database: no -wal, no -shm
    done = check_ledger(sound, tmp_path)
    assert done.returncode == 0, done
    assert sound.read_bytes() == before and sound.stat().st_mtime_ns == stamp
    assert sorted(os.listdir(sound.parent)) == files


async def test_a_second_bot_on_the_same_file_is_refused_while_the_check_still_reads_it(
    sound, tmp_path
):
    store = await Store.open(sound)  # this test process is the first bot
    try:
        done = start_bot(sound, tmp_path)
        assert done.returncode == 2
        assert f"{sound} is in use by another bot process (pid {os.getpid()}" in done.stderr
        checked = check_ledger(sound, tmp_path)
        assert checked.returncode == 0 and checked.stdout.startswith("OK"), checked
    finally:
        await store.close()
    reopened = await Store.open(sound)  # closing released the lock
    await reopened.close()


async def test_a_failed_open_leaves_no_connection_and_no_lock_behind(sound, tmp_path):
    """The same file opens cleanly right after every kind of refusal (nothing half-open holds it)."""
    copy = tmp_path / "copy.db"
    shutil.copy(sound, copy)
    execute(copy, "UPDATE schema_version SET version = version + 1")
    with pytest.raises(StoreOpenError, match="newer"):
        await Store.open(copy)
    execute(copy, "UPDATE schema_version SET version = version - 1")
    store = await Store.open(copy)
    try:
        assert await ledger_check(store) == []
    finally:
        await store.close()


async def test_a_killed_bot_leaves_no_stale_lock(sound, tmp_path):
    """The lock is the system's: SIGKILL a process holding the store, and the next one opens it."""
    holder = hold_store(sound, tmp_path)
    try:
        refused = start_bot(sound, tmp_path)
        assert refused.returncode == 2 and f"pid {holder.pid}" in refused.stderr
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    store = await Store.open(sound)
    await store.close()
