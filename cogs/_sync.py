"""Command sync that spares Discord's daily limit: only when the command tree changed.

The fingerprint is a SHA-256 of the exact payload `CommandTree.sync` would send
(translations included), kept in a file beside the database. A fresh database
folder, a changed command or a changed translation syncs; a plain restart does
not. `DEV_GUILD_ID` syncs to that one server, where commands appear at once.
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
    """Sync if the tree differs from the last sync recorded in `data_dir` (or if forced)."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = fingerprint(await tree_payload(tree, guild))
    marker = marker_path(data_dir, guild_id)
    if not force and marker.exists() and marker.read_text().strip() == digest:
        log.info("commands unchanged since the last sync; not syncing")
        return False
    await tree.sync(guild=guild)
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(digest + "\n")
    log.info("synced commands to %s", f"guild {guild_id}" if guild_id else "every server")
    return True
