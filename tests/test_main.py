"""`python -m bot`: without a token it explains how to set one and exits non-zero off a terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_a_token_it_explains_and_exits_non_zero(tmp_path):
    done = run(cwd=tmp_path)
    assert done.returncode == 2
    assert (
        "DISCORD_TOKEN is not set" in done.stderr and "DISCORD_TOKEN=your-token-here" in done.stderr
    )
    assert "python -m bot play --variant two-handed" in done.stderr
    assert done.stderr.count("\n") == 1  # one line, as docs/web-and-cli.md promises


def test_play_in_the_terminal(tmp_path):
    done = run("play", "--variant", "two-handed", "--seed", "3", cwd=tmp_path, stdin="1\n2\nq\n")
    assert done.returncode == 0, done.stderr
    assert "Two-handed · table #1" in done.stdout and "Your hand: " in done.stdout
    assert done.stdout.rstrip().endswith("Bye.")


def test_a_target_the_rules_do_not_allow_is_refused_zero_too(tmp_path):
    """`--target 0` is no game length: refused like -5, never silently the default 1000."""
    for target in ("0", "-5"):
        done = run("play", "--target", target, cwd=tmp_path, stdin="q\n")
        assert done.returncode == 2 and "Your hand" not in done.stdout, target
        assert f"option target: {target} is not allowed" in done.stdout


def test_hard_computers_fill_a_four_handed_table_and_the_game_is_kept(tmp_path):
    """The terminal is its own server: three `hard` computers sit, and `--database` keeps it."""
    kept = tmp_path / "kept.db"
    args = ("play", "--variant", "four-handed", "--level", "hard", "--seed", "1")
    done = run(*args, "--database", str(kept), "--name", "Alice", cwd=tmp_path, stdin="1\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "Four-handed · table #1" in done.stdout and "🤖" in done.stdout
    assert done.stdout.rstrip().endswith("continue it.")  # the end of input leaves, kept
    assert kept.is_file()


def test_web_link_and_demo_say_what_is_missing_in_one_line(tmp_path):
    done = run("web-link", "--guild", "0", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("WEB_SECRET is not set")
    assert "Traceback" not in done.stderr
    done = run("demo", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "--no-serve" in done.stdout


def test_ledger_check_is_handed_to_the_store(tmp_path):
    done = run("ledger", "check", "--database", str(tmp_path / "none.db"), cwd=tmp_path)
    assert done.returncode == 2 and "no database" in done.stderr


def test_the_bot_opens_its_database_then_starts_its_thinking_workers_before_it_connects(
    monkeypatch, tmp_path
):
    """Start-up order: an unusable database stops it first; the workers calibrate `hard`
    while the bot connects, so the first `hard` decision pays nothing for it."""
    import cogs._bot
    from bot.__main__ import run_bot
    from bot.config import Config

    order: list[str] = []

    class FakeThinker:
        def start(self):
            order.append("workers")

    class FakeBot:
        thinker = FakeThinker()

        def __init__(self, store) -> None:
            order.append(f"bot on an open store: {store.path.name}")

        async def __aenter__(self):
            return self

        async def __aexit__(self, *exc) -> None:
            order.append("closed")

        async def start(self, token) -> None:
            order.append("connect")

    monkeypatch.setattr(cogs._bot, "create_bot", lambda path, config, store: FakeBot(store))
    settings = Config.from_env(
        {"DISCORD_TOKEN": "x" * 60, "DATABASE_PATH": str(tmp_path / "bot.db")}
    )
    assert run_bot(settings) == 0
    assert order == ["bot on an open store: bot.db", "workers", "connect", "closed"]
    assert (tmp_path / "bot.db").is_file()
