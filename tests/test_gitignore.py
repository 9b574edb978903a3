"""Every file the bot leaves in a checkout is ignored by git, so `git status` stays clean.

The files are made by the code that makes them (the store beside its database, the command-tree
hash, a backup), in a temporary folder laid out like a checkout, and checked against .gitignore.
"""

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.backup import _backup
from cogs._sync import marker_path

ROOT = Path(__file__).resolve().parent.parent


def _ignored(relative: str) -> bool:
    done = subprocess.run(
        ["git", "check-ignore", "--quiet", "--no-index", relative], cwd=ROOT, check=False
    )
    return done.returncode == 0


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout"
)
def test_files_the_bot_writes_are_ignored(tmp_path):
    database = tmp_path / "data" / "pinochle.db"

    async def run_bot_files() -> None:
        store = await Store.open(str(database))
        try:
            marker_path(database.parent, None).write_text("hash\n")
            marker_path(database.parent, 1234).write_text("hash\n")
            (tmp_path / "backups").mkdir()
            _backup(database, tmp_path / "backups" / "pinochle-2026-12-01.db")
            (tmp_path / "backups" / "next.db.partial").write_text("")  # a backup cut short
            kept = await Store.open(str(tmp_path / "games.db"))  # README: play --database games.db
            await kept.close()
            (tmp_path / "games.db-wal").write_bytes(b"")  # as a reader killed mid-way leaves them
            (tmp_path / "games.db-shm").write_bytes(b"")
            (tmp_path / "tests" / "artifacts" / "web").mkdir(parents=True)
            (tmp_path / "tests" / "artifacts" / "web" / "standings.png").write_bytes(b"")
            files = [p for p in tmp_path.rglob("*") if p.is_file()]
            assert {"pinochle.db", "games.db.lock", "commands-global.sha256"} <= {
                p.name for p in files
            }
            unignored = [str(p.relative_to(tmp_path)) for p in files]
            unignored = [p for p in unignored if not _ignored(p)]
            assert not unignored
        finally:
            await store.close()

    asyncio.run(run_bot_files())
    assert not _ignored("bot/__main__.py")  # the check itself tells ignored from not
    assert not _ignored(".env.example")
