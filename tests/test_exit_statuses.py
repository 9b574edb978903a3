"""docs/web-and-cli.md's one table of exit statuses, held against the commands themselves: every
command the entry points offer has its row, and the statuses a row lists are those the command
gives (`record replay` run here for each; `verify`'s in tests/game/test_fair.py)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bot.__main__ import parser as bot_parser
from bot.ai.__main__ import parser as ai_parser
from bot.game.__main__ import parser as game_parser
from tests.test_cli_help import DELEGATED, commands

ROOT = Path(__file__).resolve().parent.parent
STATUSES = ("0", "1", "2", "75")


def documented() -> dict[str, set[str]]:
    """Each row of the table: the command, and the statuses whose cell is not "—"."""
    page = (ROOT / "docs" / "web-and-cli.md").read_text(encoding="utf-8")
    section = page.split("## Exit status of every command", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines():
        match = re.fullmatch(r"\| `([^`]+)`[^|]*\|(.*)\|", line)
        if match is None:
            continue
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", match[2])]
        assert len(cells) == len(STATUSES), line
        assert match[1] not in rows, f"{match[1]} has two rows"
        rows[match[1]] = {
            status for status, cell in zip(STATUSES, cells, strict=True) if cell != "—"
        }
    return rows


def subcommands(parse: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return {
        name: sub
        for action in parse._actions
        if isinstance(action, argparse._SubParsersAction)
        for name, sub in action.choices.items()
    }


def leaves(parse: argparse.ArgumentParser, path: str) -> set[str]:
    """The commands a parser runs: those with no subcommand below them. A stub handed to another
    parser (`DELEGATED`) counts by that parser's commands (the store's tools name themselves:
    `ledger check`, `migrate-db`, `backup`)."""
    found = set()
    for command, sub in commands(parse, path):
        name = command.split()[-1]
        if not sub.add_help and name in DELEGATED:
            made = DELEGATED[name]
            own = made if isinstance(made, argparse.ArgumentParser) else made()
            if name in subcommands(own):  # the delegate's commands start with this name
                parent = command.rsplit(" ", 1)[0]
                found |= {c for c in leaves(own, parent) if c.split()[len(parent.split())] == name}
            else:
                found |= leaves(own, command)
        elif not subcommands(sub):
            found.add(command)
    return found


def offered() -> set[str]:
    """Every command of `python -m bot` (the bot itself included), `python -m bot.game` and
    `python -m bot.ai`; `python -m bot.game record` is `python -m bot record`'s."""
    found = {"python -m bot"} | leaves(bot_parser(), "python -m bot")
    found |= leaves(game_parser(), "python -m bot.game") | leaves(ai_parser(), "python -m bot.ai")
    return {c for c in found if not c.startswith("python -m bot.game record")}


def test_every_command_has_one_row_of_exit_statuses():
    assert set(documented()) == offered()


def test_record_replay_exits_as_documented(tmp_path, capsys):
    """0: the engine agrees; 1: a line it does not (each printed); 2: no file, or a damaged one."""
    from bot.game.fair import Dealing
    from bot.record_cli import main
    from tests.game.test_fair import KEY, played_game, record_of

    text = record_of(played_game("two-handed", Dealing(key=KEY))).to_text()
    good, wrong, damaged = tmp_path / "good.txt", tmp_path / "wrong.txt", tmp_path / "bad.txt"
    good.write_text(text, encoding="utf-8")
    final = re.search(r"^final: .*$", text, re.M)
    assert final is not None
    wrong.write_text(text.replace(final[0], "final: 1 2"), encoding="utf-8")
    damaged.write_text("no record\n", encoding="utf-8")
    statuses = {
        main(["replay", str(good)]),
        main(["replay", str(wrong)]),
        main(["replay", str(damaged)]),
        main(["replay", str(tmp_path / "missing.txt")]),
    }
    assert statuses == {0, 1, 2}
    assert {str(s) for s in statuses} == documented()["python -m bot record replay"]
    assert "Traceback" not in capsys.readouterr().err


def test_verify_lists_the_statuses_its_test_gives():
    """tests/game/test_fair.py runs `verify` to 0 (it checks out), 1 (a wrong fingerprint) and 2
    (no such deal)."""
    assert documented()["python -m bot verify"] == {"0", "1", "2"}
