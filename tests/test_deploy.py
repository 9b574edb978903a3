"""The operator kit: every deploy file explains itself, and each runs the bot as documented."""

import re
from pathlib import Path

import discord
import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "Procfile", *sorted((ROOT / "deploy").iterdir())]
UNITS = sorted((ROOT / "deploy").glob("*.service"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_deploy_file_starts_with_comments_saying_how_to_use_it(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    head = [line for line in lines[:3] if line.startswith("#")]
    assert len(head) == 3
    assert "docs/" in path.read_text(encoding="utf-8")  # where the rest is explained


@pytest.mark.parametrize("path", [ROOT / "Procfile", ROOT / "deploy" / "Procfile.sharded"])
def test_procfile_lines_are_processes_running_the_bot(path: Path) -> None:
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    assert lines
    for line in lines:  # honcho and Heroku read `name: command`, other lines are skipped
        assert re.fullmatch(r"[A-Za-z0-9_-]+:\s*(env SHARD_IDS=\d+ )?python -m bot", line)


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_a_unit_sets_what_it_fixes_on_its_command_line(unit: Path) -> None:
    """systemd lets EnvironmentFile= override Environment=, so the database path (and a
    template's shards) go on ExecStart, where the settings file cannot undo them."""
    settings = dict(
        line.split("=", 1) for line in unit.read_text().splitlines() if re.match(r"^\w+=", line)
    )
    assert settings["EnvironmentFile"] == "/etc/pinochle-bot/env"
    assert not any(line.startswith("Environment=") for line in unit.read_text().splitlines())
    start = settings["ExecStart"]
    assert start.startswith("/usr/bin/env ") and start.endswith("python -m bot")
    assert "DATABASE_PATH=/var/lib/pinochle-bot/" in start
    assert ("SHARD_IDS=%i" in start) == ("@" in unit.name)
    assert settings["RestartPreventExitStatus"] == "2"


def test_the_invite_links_permissions_are_the_ones_listed_beside_it() -> None:
    """Duplicate league nights need Create Private Threads: the number and the list agree."""
    text = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    number = re.search(r"permissions=(\d+)", text)
    listed = re.search(r"that is \*([^*]+)\*", text)
    assert number and listed
    names = {re.sub(r"\s+", "_", name.strip().lower()) for name in listed[1].split(",")}
    names = {"view_channel" if name == "view_channels" else name for name in names}
    assert discord.Permissions(int(number[1])) == discord.Permissions(**dict.fromkeys(names, True))
    assert "create_private_threads" in names
