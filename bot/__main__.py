"""`python -m bot`: run the Discord bot, or play locally, or check the ledger.

    python -m bot                               the bot (DISCORD_TOKEN from .env or the environment)
    python -m bot play --variant two-handed     one game in this terminal against computer players
                       [--database PATH --name NAME]   ... kept in a database (bot.terminal)
    python -m bot ledger check                  verify the chip ledger (bot.store.cli)
    python -m bot migrate-db --from X --to Y    copy a database (to PostgreSQL) and verify it
    python -m bot backup --to FILE              an online copy of the SQLite database
    python -m bot web [--host H] [--port P] [--database PATH]   the web pages alone (bot.web)
    python -m bot web-link --guild ID [--enable]  a server's page link (bot.web.link)
    python -m bot demo [--database PATH] [--port P]  a sample server built and served (bot.demo)
    python -m bot verify --record FILE --deal N --fingerprint HEX   check a fair deal (bot.verify_cli)
    python -m bot record export --game ID | replay FILE   a game's text record (bot.record_cli)

Without a token the bot explains how to set one; in an interactive terminal it
then offers a local game, and under a process manager it exits with status 2.

Exit status of the bot: 0 stopped, 2 something only a person can fix (no
token, a token Discord rejects, an unusable database or web port: a process
manager should not restart it), 75 (EX_TEMPFAIL) Discord or the PostgreSQL
server cannot be reached (no network: trying again later may work). Each is
one line, no traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence

from bot.ai import LEVELS
from bot.config import Config, config_for_a_process, load_config
from bot.game import VARIANTS
from bot.i18n import LANGUAGES, t


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m bot", description=t("bot.main.description", "en")
    )
    commands = parse.add_subparsers(dest="command")
    play = commands.add_parser(
        "play", help=t("bot.main.play_help", "en"), description=t("bot.main.play_help", "en")
    )
    play.add_argument(
        "--variant", choices=sorted(VARIANTS), default="two-handed", help="the game to play"
    )
    play.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the texts")
    play.add_argument("--seed", type=int, default=None, help="fix the deals (default: random)")
    play.add_argument(
        "--target", type=int, default=None, help="points a game goes to (300: a short game)"
    )
    play.add_argument(
        "--level", choices=sorted(LEVELS), default="normal", help="the computer players' level"
    )
    play.add_argument(
        "--database",
        default=None,
        help="keep the game in this SQLite file or PostgreSQL URL (default: a temporary one)",
    )
    play.add_argument(
        "--name",
        default=os.environ.get("USER") or os.environ.get("USERNAME") or "Player",
        help="your name in the kept database (default: $USER)",
    )
    # `python -m bot ledger check` belongs to the chip ledger: bot.store.cli.main(argv).
    commands.add_parser("ledger", help=t("bot.main.ledger_help", "en"), add_help=False)
    commands.add_parser("migrate-db", help=t("bot.main.migrate_help", "en"), add_help=False)
    commands.add_parser("backup", help=t("bot.main.backup_help", "en"), add_help=False)
    # `python -m bot web` serves the web pages alone: bot.web.server.main(argv).
    commands.add_parser("web", help=t("bot.main.web_help", "en"), add_help=False)
    # `python -m bot web-link --guild ID`: a server's page link (bot.web.link.main(argv)).
    commands.add_parser("web-link", help=t("bot.weblink.help", "en"), add_help=False)
    # `python -m bot demo`: a sample server built and served (bot.demo.main(argv)).
    commands.add_parser("demo", help=t("bot.demo.help", "en"), add_help=False)
    # `python -m bot verify --record FILE --deal N --fingerprint HEX`: bot.verify_cli.main(argv).
    commands.add_parser("verify", help=t("bot.verify.help", "en"), add_help=False)
    # `python -m bot record export|replay`: a game's text record (bot.record_cli.main(argv)).
    commands.add_parser("record", help=t("bot.main.record_help", "en"), add_help=False)
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] in (["ledger"], ["migrate-db"], ["backup"]):
        return store_tools(argv)
    if argv[:1] == ["web"]:
        from bot.web.server import main as web_main

        return web_main(argv[1:])
    if argv[:1] == ["web-link"]:
        from bot.web.link import main as link_main

        return link_main(argv[1:])
    if argv[:1] == ["verify"]:
        from bot.verify_cli import main as verify_main

        return verify_main(argv[1:])
    if argv[:1] == ["record"]:
        from bot.record_cli import main as record_main

        return record_main(argv[1:])
    if argv[:1] == ["demo"]:
        from bot.demo import main as demo_main

        return demo_main(argv[1:])
    args = parser().parse_args(argv)
    if args.command == "play":
        return local_game(
            args.variant,
            lang=args.lang,
            seed=args.seed,
            target=args.target,
            level=args.level,
            database=args.database,
            name=args.name,
        )
    config = config_for_a_process()
    if config is None:
        return 2
    if config.token is None:
        return no_token()
    return run_bot(config)


#: The exit status when Discord cannot be reached (BSD sysexits' EX_TEMPFAIL: try again later).
EX_TEMPFAIL = 75


class DiscordUnreachable(Exception):
    """Connecting to Discord failed for want of a network (the reason is the message)."""


def run_bot(config: Config) -> int:
    """Open the database, start the computer players' workers, then connect; exit 2 if the database is unusable.

    The store opens before anything else: a damaged, foreign,
    read-only or newer database, or one another bot process holds, stops the
    process within seconds with one line naming the file and the problem,
    before any attempt to reach Discord. A token Discord rejects exits 2, and no
    network EX_TEMPFAIL, each with one line.
    """
    import discord

    from bot.stopping import run_until_stopped
    from bot.store import StoreOpenError, StoreUnreachable
    from bot.web.server import WebStartError

    try:
        return run_until_stopped(_serve(config)) or 0
    except StoreUnreachable as error:  # the PostgreSQL server did not answer: later it may
        print(t("bot.main.database_unusable", "en", problem=error), file=sys.stderr)
        return EX_TEMPFAIL
    except discord.LoginFailure:
        print(t("bot.main.token_rejected", "en"), file=sys.stderr)
        return 2
    except DiscordUnreachable as error:
        print(t("bot.main.discord_unreachable", "en", problem=error), file=sys.stderr)
        return EX_TEMPFAIL
    except StoreOpenError as error:
        print(t("bot.main.database_unusable", "en", problem=error), file=sys.stderr)
        return 2
    except WebStartError as error:
        print(t("bot.main.web_unusable", "en", problem=error), file=sys.stderr)
        return 2


async def _serve(config: Config) -> int:
    import aiohttp
    import discord

    from bot.store import Store
    from cogs._bot import create_bot  # the entry point wires the Discord layer in

    assert config.token is not None, "main answers a missing token before the bot runs"
    token = config.token
    store = await Store.open(config.database, pool_size=config.database_pool_size)
    web = None
    try:
        if config.web_port is not None:
            from bot.web.server import start_web

            # After Store.open: the database exists and is at this release's schema.
            web = await start_web(
                config.database,
                host=config.web_host,
                port=config.web_port,
                secret=config.web_secret,
                trusted_proxies=config.web_trusted_proxies,
            )
        bot = create_bot(config.database, config=config, store=store)
        bot.thinker.start()  # the workers calibrate the computer players while the bot connects
        logging.getLogger("bot").info(
            "%d computer-player worker processes started", config.ai_workers
        )
        async with bot:
            try:
                await bot.start(token)
            except (
                OSError,
                TimeoutError,
                aiohttp.ClientError,
                discord.GatewayNotFound,
                discord.DiscordServerError,
            ) as error:
                # discord.py retries a lost connection itself: what reaches here is a login
                # or first connection that found no way to Discord (or Discord's own outage).
                problem = " ".join(str(error).split()) or type(error).__name__
                raise DiscordUnreachable(problem) from None
    finally:
        if web is not None:
            await web.close()
        await store.close()
    return 0


def no_token() -> int:
    """Say how to set a token; offer local play if a person is at the terminal."""
    print(t("bot.main.no_token", "en"), file=sys.stderr)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return 2
    answer = input(t("bot.main.offer_local", "en")).strip().lower()
    if answer not in ("y", "yes"):
        return 2
    return local_game("two-handed", lang="en", seed=None, target=None)


def local_game(
    variant: str,
    *,
    lang: str,
    seed: int | None,
    target: int | None,
    level: str = "normal",
    database: str | None = None,
    name: str = "",
) -> int:
    from bot.terminal import play_in_terminal

    options = None if target is None else {"target": target}  # 0 is refused, not ignored
    try:
        return asyncio.run(
            play_in_terminal(
                variant,
                lang=lang,
                seed=seed,
                options=options,
                level=level,
                database=database,
                name=name,
            )
        )
    except KeyboardInterrupt:  # Ctrl-C while the computers think
        print("\n" + t("bot.terminal.bye_kept" if database else "bot.terminal.bye", lang))
        return 0


def store_tools(argv: list[str]) -> int:
    """Hand over to the store's command line (bot.store.cli), with `.env` read first."""
    from bot.store.cli import main as ledger_main

    load_config()  # DATABASE_URL / DATABASE_PATH from .env, as for the bot
    return ledger_main(argv)


if __name__ == "__main__":
    sys.exit(main())
