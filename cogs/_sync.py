"""Command sync that spares Discord's daily limit: only when the command tree changed.

The fingerprint is a SHA-256 of the exact payload `CommandTree.sync` would send
(translations included), kept in a file beside the database. A fresh database
folder, a changed command or a changed translation syncs; a plain restart does
not. `DEV_GUILD_ID` syncs to that one server, where commands appear at once.

A refused upload (Discord answers 400 naming a field, or any other HTTP error) raises
`SyncRefused`, which names each field with the command and option it belongs to: one bad
option makes Discord refuse every command, and the owner must learn which.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)


class SyncRefused(Exception):
    """Discord refused the command upload; the message is one line naming what it refused."""


def named(payload: list[dict[str, Any]], field: str) -> str:
    """A dotted field of the upload (`0.options.23.options.0.max_value`) in the commands' own
    names (`/pinochle replay game: max_value`)."""
    node: Any = payload
    names: list[str] = []
    parts = field.split(".")
    rest = 0
    for index, part in enumerate(parts):
        step = int(part) if part.isdigit() and isinstance(node, list) else part
        try:
            node = node[step]
        except (IndexError, KeyError, TypeError):
            return field
        if isinstance(step, int) and isinstance(node, dict) and "name" in node:
            names.append(str(node["name"]))
            rest = index + 1
    tail = ".".join(parts[rest:])
    return f"/{' '.join(names)}" + (f": {tail}" if tail else "")


def refusal(error: discord.HTTPException, payload: list[dict[str, Any]]) -> str:
    """One line: Discord's answer, and each field it named (`In <field>: <why>` in discord.py's
    text of Discord's `errors`), in the commands' names."""
    fields = [
        f"{key} ({named(payload, key)}): {why}"
        for key, _, why in (
            line[3:].partition(": ") for line in error.text.splitlines() if line.startswith("In ")
        )
    ]
    why = "; ".join(fields) or " ".join(error.text.split()) or "no reason given"
    return (
        f"Discord refused the slash commands (HTTP {error.status}, code {error.code}): {why}."
        " These commands are not registered (Discord keeps what it had before: nothing, on a"
        " first sync); the bot serves everything else."
    )


async def tree_payload(
    tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    commands = tree.get_commands(guild=guild)
    if tree.translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, tree.translator) for command in commands]


def fingerprint(payload: list[dict[str, Any]]) -> str:
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def marker_path(data_dir: Path, guild_id: int | None) -> Path:
    return data_dir / f"commands-{guild_id or 'global'}.sha256"


async def sync_commands(
    tree: app_commands.CommandTree, data_dir: Path, guild_id: int | None, *, force: bool = False
) -> bool:
    """Sync if the tree differs from the last sync recorded in `data_dir` (or if forced).

    Raises `SyncRefused` if Discord refuses the upload (nothing is recorded then: the next
    start tries again)."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = await tree_payload(tree, guild)
    digest = fingerprint(payload)
    marker = marker_path(data_dir, guild_id)
    if not force and marker.exists() and marker.read_text().strip() == digest:
        log.info("commands unchanged since the last sync; not syncing")
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as error:
        raise SyncRefused(refusal(error, payload)) from error
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(digest + "\n")
    log.info("synced commands to %s", f"guild {guild_id}" if guild_id else "every server")
    return True
