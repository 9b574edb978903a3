"""The command tree the bot syncs is one Discord accepts, in English and in Russian: the upload is
checked against Discord's published request schema and its documented command limits
(`tests.conformance`: names, descriptions, at most 25 subcommands, options and choices, option
bounds within ±(2^53 − 1), each command at most 8,000 characters counting its longest
localizations), so adding a command can never silently break the sync."""

from __future__ import annotations

import copy
from typing import Any

from tests.conformance.check import check_request

#: Discord's most subcommands in a group (and options in a command).
MOST_CHILDREN = 25


def synced(room) -> tuple[str, list[dict[str, Any]]]:
    """The path and the commands of the bot's last sync, as sent to Discord."""
    puts = [r for r in room.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    return puts[-1].path, puts[-1].json


def nodes(node: dict[str, Any]):
    """A command, its subcommands and options, and their choices."""
    yield node
    for child in [*(node.get("options") or ()), *(node.get("choices") or ())]:
        yield from nodes(child)


def in_russian(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The upload as a Russian client reads it: each localized text in place of the English."""
    russian = copy.deepcopy(commands)
    for command in russian:
        for node in nodes(command):
            for field in ("name", "description"):
                localized = (node.get(f"{field}_localizations") or {}).get("ru")
                if localized is not None:
                    node[field] = localized
    return russian


async def test_the_synced_tree_is_one_discord_accepts_in_english_and_russian(room):
    path, commands = synced(room)
    assert check_request("PUT", path, commands) == []
    assert check_request("PUT", path, in_russian(commands)) == []
    pinochle = next(c for c in commands if c["name"] == "pinochle")
    assert len(pinochle["options"]) == MOST_CHILDREN  # full: a new /pinochle command needs room
    assert pinochle["name_localizations"] == {"ru": "пинокль"}


async def test_every_name_and_description_has_its_russian_text(room):
    _, commands = synced(room)
    for command in commands:
        for node in nodes(command):
            if "description" in node:  # a command, subcommand or option (not a choice)
                assert "ru" in (node.get("description_localizations") or {}), node["name"]
            assert "ru" in (node.get("name_localizations") or {}), node["name"]


async def test_the_replay_game_option_stops_where_discord_s_integers_do(room):
    _, commands = synced(room)
    pinochle = next(c for c in commands if c["name"] == "pinochle")
    replay = next(o for o in pinochle["options"] if o["name"] == "replay")
    (game,) = replay["options"]
    assert (game["min_value"], game["max_value"]) == (1, 2**53 - 1)
