"""`python -m bot`: without a token it explains how to set one and exits non-zero off a terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_without_a_token_it_explains_and_exits_non_zero(tmp_path):
    done = run(cwd=tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr and "DISCORD_TOKEN=your-token-here" in done.stderr
    assert "python -m bot play --variant two-handed" in done.stderr


def test_play_in_the_terminal(tmp_path):
    done = run("play", "--variant", "two-handed", "--seed", "3", cwd=tmp_path, stdin="1\n2\nq\n")
    assert done.returncode == 0, done.stderr
    assert "Two-handed · table #1" in done.stdout and "Your hand: " in done.stdout
    assert done.stdout.rstrip().endswith("Bye.")


def test_ledger_check_is_handed_to_the_store(tmp_path):
    done = run("ledger", "check", "--database", str(tmp_path / "none.db"), cwd=tmp_path)
    assert done.returncode == 1 and "no database" in done.stdout


def test_the_bot_starts_its_thinking_workers_before_it_connects(monkeypatch):
    """Start-up calibration (issues 5, 13): the workers calibrate `hard` while the bot connects,
    so the first `hard` decision at a table pays nothing for it."""
    import bot
    from bot.__main__ import run_bot
    from bot.settings import Settings

    order: list[str] = []

    class FakeThinker:
        def start(self):
            order.append("start")

    class FakeBot:
        thinker = FakeThinker()

        def run(self, token, log_handler=None):
            order.append("run")

    monkeypatch.setattr(bot, "create_bot", lambda path, settings: FakeBot())
    settings = Settings.from_env({"DISCORD_TOKEN": "x" * 60})
    assert run_bot(settings) == 0
    assert order == ["start", "run"]
