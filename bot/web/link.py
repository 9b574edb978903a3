"""`python -m bot web-link --guild ID`: a server's web page link, for operators and local play.

The link is the one `/pinochle settings web on` gives a server's managers
(`bot.web.tokens.server_link`, under `WEB_SECRET` and `WEB_BASE_URL`). A server's pages
are off until its managers turn them on; `--enable` turns them on from here, as its
operator may (the terminal's games are the server `bot.terminal.LOCAL_GUILD`, 0).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import config_for_a_process
from bot.i18n import t
from bot.store import Store, StoreOpenError, get_guild_settings, set_guild_settings
from bot.store.urls import safe_url

from .reader import open_reader
from .tokens import server_link

#: Server ids are Discord snowflakes, below 2**63 as the store keeps them (0: local play).
MAX_GUILD = 2**63


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m bot web-link", description=t("bot.weblink.help", "en")
    )
    parse.add_argument(
        "--guild", type=int, required=True, help="the server's id (0: games played in a terminal)"
    )
    parse.add_argument(
        "--database",
        default=None,
        help="the SQLite file or PostgreSQL URL (default: DATABASE_URL, else DATABASE_PATH)",
    )
    parse.add_argument(
        "--base-url", default=None, help="where the pages are reached (default: WEB_BASE_URL)"
    )
    parse.add_argument(
        "--enable", action="store_true", help="turn the server's pages on if they are off"
    )
    return parse


def main(argv: Sequence[str]) -> int:
    """Print the link: 0; the pages are off (no `--enable`): 1; no such server id, no secret or
    no database: 2."""
    args = parser().parse_args(argv)
    if not 0 <= args.guild < MAX_GUILD:
        print(t("bot.weblink.bad_guild", "en", guild=args.guild), file=sys.stderr)
        return 2
    settings = config_for_a_process()
    if settings is None:
        return 2
    if settings.web_secret is None:
        print(t("bot.weblink.no_secret", "en"), file=sys.stderr)
        return 2
    database = args.database or settings.database
    if "://" not in database and not Path(database).is_file():
        print(t("bot.weblink.no_database", "en", database=database), file=sys.stderr)
        return 2
    try:
        on, generation = asyncio.run(_pages(database, args.guild, args.enable))
    except StoreOpenError as error:
        print(t("bot.weblink.unusable", "en", problem=error), file=sys.stderr)
        return 2
    if not on:
        print(t("bot.weblink.off", "en", guild=args.guild), file=sys.stderr)
        return 1
    base = args.base_url or settings.web_base_url
    print(server_link(base, settings.web_secret, args.guild, generation))
    print(t("bot.weblink.serve", "en", database=safe_url(database)), file=sys.stderr)
    return 0


async def _pages(database: str, guild_id: int, enable: bool) -> tuple[bool, int]:
    """Whether the server's pages are on (turned on first if `enable`), and their generation.

    Read as the pages read it (their read-only connections), so a running bot holding the
    database does not stand in the way; only turning the pages on opens it for writing."""
    reader = await open_reader(database, size=1)
    try:
        current = await get_guild_settings(reader, guild_id)
    finally:
        await reader.close()
    if current.web or not enable:
        return current.web, current.web_generation
    store = await Store.open(database)
    try:
        async with store.transaction() as tx:
            current = await set_guild_settings(tx, guild_id, web=True)
        return current.web, current.web_generation
    finally:
        await store.close()
