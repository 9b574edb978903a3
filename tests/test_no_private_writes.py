"""No module of the bot writes discord.py's private attributes (`command._callback = ...`): the
bot uses discord.py's own hooks (the tree's `on_error`, a view's `on_error`), which survive its
upgrades."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: `thing._private = ...` (or `+=`, or `setattr(thing, "_private", ...)`) on anything but the
#: module's own object (`self`, `cls`).
PRIVATE_WRITE = re.compile(
    r"(?<![\w.])(?!self\.|cls\.)[A-Za-z_][\w.]*\._[A-Za-z]\w*\s*[-+*]?=(?!=)"
    r"|setattr\(\s*(?!self\b|cls\b)[\w.]+\s*,\s*[\"']_"
)


def discord_modules() -> list[Path]:
    """Every module of the bot that imports discord.py."""
    return [
        path
        for folder in ("bot", "cogs")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if re.search(r"^\s*(import discord|from discord\b)", path.read_text("utf-8"), re.M)
    ]


def test_the_pattern_finds_the_write_it_forbids() -> None:
    assert PRIVATE_WRITE.search("                command._callback = answering(command.callback)")
    assert PRIVATE_WRITE.search('        setattr(command, "_callback", run)')
    assert not PRIVATE_WRITE.search("        self._views = {}")
    assert not PRIVATE_WRITE.search("    if command._callback == other:")


def test_no_module_that_uses_discord_writes_a_private_attribute() -> None:
    modules = discord_modules()
    assert len(modules) > 20 and ROOT / "cogs" / "_errors.py" in modules
    writes = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in modules
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if PRIVATE_WRITE.search(line)
    ]
    assert writes == []
