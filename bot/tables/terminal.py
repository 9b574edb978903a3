"""Local play in a terminal: one person against computer players, through the same service and texts.

The table lives in a temporary database, the other seats are computer
players of one level (bot.ai, `normal` unless asked otherwise), and what
Discord would show goes to the terminal: channel lines as they happen, then
the board and your hand with numbered legal actions. Type a number, or an
action's text ("play 10h", "meld K♥ Q♥", "bid 250"); "q" quits.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.game import Action
from bot.i18n import action_label, t
from bot.store import Store
from bot.tables.model import Table
from bot.tables.outcome import Outcome
from bot.tables.players import ai_players
from bot.tables.refusal import Refusal
from bot.tables.service import Hand, Person, TableService
from bot.tables.texts import (
    board_text,
    board_title,
    hand_text,
    numbered,
    plain_namer,
    say,
)

YOU = 1  # the terminal player's id
#: Bids listed one by one before the rest are summed up in one line (the highest is listed too).
SHOWN_BIDS = 5


class TerminalPublisher:
    """Prints channel lines as the table produces them."""

    def __init__(self, write: Callable[[str], Any]) -> None:
        self.write = write

    def publish(self, table: Table, outcome: Outcome) -> None:
        for text in outcome.public:
            self.write("  " + say(text, table.language, plain_namer(table)))


async def play_in_terminal(
    variant: str,
    *,
    lang: str = "en",
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    level: str = "normal",
    read: Callable[[str], str] = input,
    write: Callable[[str], Any] = print,
) -> int:
    """Play one game; returns 0 when it ends or the player quits, 2 if the table cannot open."""
    with tempfile.TemporaryDirectory(prefix="pinochle-") as folder:
        store = await Store.open(Path(folder) / "local.db")
        service = TableService(
            store,
            publisher=TerminalPublisher(write),
            players=ai_players(),
            seed=seed,
            turn_seconds=0,
        )
        try:
            return await _play(service, variant, lang, options, level, read, write)
        finally:
            await service.close()
            await store.close()


async def _play(
    service: TableService,
    variant: str,
    lang: str,
    options: dict[str, Any] | None,
    level: str,
    read: Callable[[str], str],
    write: Callable[[str], Any],
) -> int:
    you = Person(YOU, t("bot.terminal.you", lang))
    try:
        opened = await service.open(
            guild_id=0, channel_id=0, host=you, variant=variant, options=options, language=lang
        )
    except Refusal as refusal:
        write(say(refusal.said, lang, numbered))
        return 2
    table = opened.table
    assert table is not None  # an opened table
    while table.free_seat() is not None:
        await service.add_computer(table.id, you, level)
    await service.start(table.id, you)
    while True:
        await service.settle()
        if table.status != "playing":
            write(board_title(table, lang) + "\n" + board_text(table, lang, plain_namer(table)))
            return 0
        hand = await service.hand(table.id, YOU)
        _show(table, hand, lang, write)
        try:
            answer = (await asyncio.to_thread(read, t("bot.terminal.prompt", lang))).strip()
        except EOFError:
            answer = "q"
        if answer.lower() in ("q", "quit", "exit"):
            write(t("bot.terminal.bye", lang))
            return 0
        action = chosen_action(answer, hand.legal)
        if action is None:
            write("! " + t("bot.terminal.help", lang, count=len(hand.legal)))
            continue
        try:
            await service.act(table.id, you, action, version=hand.version)
        except Refusal as refusal:
            write("! " + say(refusal.said, lang, plain_namer(table)))


def chosen_action(answer: str, legal: list[Action]) -> Action | str | None:
    """The action a typed answer means: a listed number picks that entry, other text is an action's
    text (the service reads it, and refuses what is no action); None for an empty line or any
    number that is no entry ("99", "0", "²", "٣", 5,000 digits)."""
    if not answer:
        return None
    if not answer.lstrip("+-").isnumeric():
        return answer
    if answer.isascii() and answer.isdigit() and len(answer) <= len(str(len(legal))):
        number = int(answer)
        if 1 <= number <= len(legal):
            return legal[number - 1]
    return None


def _show(table: Table, hand: Hand, lang: str, write: Callable[[str], Any]) -> None:
    name = plain_namer(table)
    write("")
    write(board_title(table, lang))
    write(board_text(table, lang, name))
    write(hand_text(table, hand.seat, hand.view, hand.covered, lang, name))
    bids = [n for n, action in enumerate(hand.legal) if action.verb == "bid"]
    hidden = set(bids[SHOWN_BIDS:-1])  # a Check auction offers every amount up to the limit (E-4)
    for number, action in enumerate(hand.legal):
        if number not in hidden:
            write(f"  {number + 1:>2}. {action_label(action, lang)}")
        elif number == bids[SHOWN_BIDS]:
            write("      " + t("bot.terminal.more_bids", lang, example=str(hand.legal[number])))
