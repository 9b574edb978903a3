"""Every command-line subcommand explains itself in --help, and every option says what it takes.

The rule is checked over the whole argparse tree of each entry point, so a command or option
added later without help fails here. `python -m bot` hands some subcommands to the parser of the
package that owns them (the store's tools, the web pages); those parsers are walked too.
"""

import argparse
from collections.abc import Iterator

import pytest

from bot.__main__ import parser as bot_parser
from bot.ai.__main__ import parser as ai_parser
from bot.demo import parser as demo_parser
from bot.game.__main__ import parser as game_parser
from bot.record_cli import parser as record_parser
from bot.store.cli import _parser as store_parser
from bot.verify_cli import parser as verify_parser
from bot.web.link import parser as link_parser
from bot.web.server import parser as web_parser

#: Subcommands of `python -m bot` whose --help is another parser's (their `add_help=False` stub).
DELEGATED = {
    "ledger": store_parser,
    "migrate-db": store_parser,
    "backup": store_parser,
    "web": web_parser,
    "web-link": link_parser,
    "demo": demo_parser,
    "verify": verify_parser,
    "record": record_parser,
}
ENTRY_POINTS = {
    "python -m bot": bot_parser,
    "python -m bot (store tools)": store_parser,
    "python -m bot web": web_parser,
    "python -m bot web-link": link_parser,
    "python -m bot demo": demo_parser,
    "python -m bot verify": verify_parser,
    "python -m bot record": record_parser,
    "python -m bot.game": game_parser,
    "python -m bot.ai": ai_parser,
}


def commands(
    parse: argparse.ArgumentParser, path: str
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """The parser and every subcommand's parser below it, by command path."""
    yield path, parse
    for action in parse._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, f"{path} {name}")


def problems(path: str, parse: argparse.ArgumentParser) -> list[str]:
    found = []
    if not parse.add_help:  # a stub: its --help is the delegate's
        name = path.split()[-1]
        if name not in DELEGATED:
            found.append(f"{path}: no --help of its own and no delegate")
        return found
    if not (parse.description or "").strip():
        found.append(f"{path}: no description")
    for action in parse._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            for listed in action._choices_actions:
                if not (listed.help or "").strip():
                    found.append(f"{path} {listed.dest}: not described in the list")
            continue
        if not (action.help or "").strip() or action.help == argparse.SUPPRESS:
            found.append(f"{path} {'/'.join(action.option_strings) or action.dest}: no help")
    return found


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_every_subcommand_has_a_description_and_every_option_help(entry: str) -> None:
    walked = list(commands(ENTRY_POINTS[entry](), entry))
    found = [p for path, parse in walked for p in problems(path, parse)]
    assert not found, "\n".join(found)


def test_delegated_subcommands_are_the_delegates_commands() -> None:
    store = {path.split()[-1] for path, _ in commands(store_parser(), "x")}
    assert {"ledger", "check", "migrate-db", "backup"} <= store


def test_the_help_printed_names_what_a_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        record_parser().parse_args(["export", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "text record" in out
    assert "the game's id" in out
