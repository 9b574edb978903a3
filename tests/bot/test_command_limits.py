"""The command tree the bot syncs stays within Discord's limits (Discord API docs, application
commands), so adding a command can never silently break the sync: at most 100 slash commands,
25 subcommands in a group, 25 options in a command, 25 choices in an option, and each top-level
command's names, descriptions and choice values together at most 8,000 characters, counting only
the longest localization of each field."""

from __future__ import annotations

from typing import Any

#: Discord's limits on one application's chat-input commands.
MOST_COMMANDS, MOST_CHILDREN, MOST_CHOICES, MOST_CHARACTERS = 100, 25, 25, 8000


def longest(node: dict[str, Any], field: str) -> int:
    """A field's length as Discord counts it: the longest of the default and its localizations."""
    texts = [str(node.get(field, "")), *(node.get(f"{field}_localizations") or {}).values()]
    return max(map(len, texts))


def characters(node: dict[str, Any]) -> int:
    """A command's, option's or choice's names, descriptions and values, with its children."""
    own = longest(node, "name") + longest(node, "description") + len(str(node.get("value", "")))
    children = [*node.get("options", ()), *node.get("choices", ())]
    return own + sum(characters(child) for child in children)


def breaches(commands: list[dict[str, Any]]) -> list[str]:
    """Every limit the payload of a sync breaks, named with the command it breaks it in."""
    found = []
    if len(commands) > MOST_COMMANDS:
        found.append(f"{len(commands)} commands")
    for command in commands:
        if characters(command) > MOST_CHARACTERS:
            found.append(f"{command['name']}: {characters(command)} characters")
        stack = [(command["name"], command)]
        while stack:
            path, node = stack.pop()
            if len(node.get("options", ())) > MOST_CHILDREN:
                found.append(f"{path}: {len(node['options'])} subcommands or options")
            if len(node.get("choices", ())) > MOST_CHOICES:
                found.append(f"{path}: {len(node['choices'])} choices")
            stack += [(f"{path} {o['name']}", o) for o in node.get("options", ())]
    return found


def synced(room) -> list[dict[str, Any]]:
    """The commands of the bot's last sync, as sent to Discord (with their Russian texts)."""
    puts = [r for r in room.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    return puts[-1].json


async def test_the_synced_tree_is_within_discords_limits(room):
    commands = synced(room)
    assert breaches(commands) == []
    pinochle = next(c for c in commands if c["name"] == "pinochle")
    assert len(pinochle["options"]) == MOST_CHILDREN  # full: a new /pinochle command needs room
    assert pinochle["name_localizations"] == {"ru": "пинокль"}


def test_the_check_names_each_limit_broken():
    choices = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    subcommands = [
        {"name": f"s{i}", "description": "d", "type": 1, "options": []} for i in range(26)
    ]
    subcommands[0]["options"] = [{"name": "o", "description": "d", "type": 3, "choices": choices}]
    wordy = {
        "name": "wordy",
        "description": "d",
        "description_localizations": {"ru": "д" * 8000},
    }
    assert breaches([{"name": "big", "description": "d", "options": subcommands}, wordy]) == [
        "big: 26 subcommands or options",
        "big s0 o: 26 choices",
        "wordy: 8005 characters",
    ]
    assert len(breaches([{"name": f"x{i}", "description": "d"} for i in range(101)])) == 1
