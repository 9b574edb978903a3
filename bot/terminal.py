"""Local play in a terminal: one person against computer players, through the same service and texts.

The table lives in a temporary database, or in the one given (`--database`), where the
game is kept exactly as a Discord game would be: the same hooks record its deal figures
(bot.services.records_hook), its league rating and any Check chips (bot.services.ledger_hook). The
terminal is a server of its own (`LOCAL_GUILD`) whose one member is the person at the
keyboard, named by `--name` and known by an id drawn from that name (`local_member`);
as its only manager the terminal sets that server's limits so any variant may be played
against computers of any level. What Discord would show goes to the terminal: channel lines
as they happen, then the board and your hand with numbered legal actions. Type a number or
any label as shown ("Show the dix", "Объявить Д♠ В♦"), or an action ("play 10h",
"ставка 250"); "q" (or Ctrl-C, or the end of input) quits, and a kept game continues the
next time the same person plays in that database.
"""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.ai.table_players import ai_players
from bot.game import PASS, Action, Card, Phase, SeatView
from bot.game.errors import Refusal
from bot.i18n import card_text, cards_text, describe_error, t
from bot.presentation.record_text import revealed_lines
from bot.presentation.texts import (
    Namer,
    board_text,
    board_title,
    card_places,
    give_prompt,
    hand_action_label,
    hand_text,
    numbered,
    plain_namer,
    say,
)
from bot.presentation.typed import BothReadings, read_number, salt_of, typed_action
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
from bot.services.settings import NUMBER_RANGES, SettingsService
from bot.store import Store, StoreOpenError
from bot.store.urls import safe_url
from bot.tables.outcome import Name, Outcome
from bot.tables.row_settings import TableHome
from bot.tables.service import Hand, Person, TableService
from bot.tables.snapshot import TableSnapshot

#: The server id of local play: Discord never gives a server the id 0, so a database the
#: bot also uses keeps local games apart from every real server's.
LOCAL_GUILD = 0
#: Local members' ids lie below this: Discord's ids (snowflakes) are far above it.
LOCAL_IDS = 2**22
#: The longest name a person may play under (a Discord display name's limit).
NAME_LIMIT = 32
#: Bids listed one by one before the rest are summed up in one line (the highest is listed too).
SHOWN_BIDS = 5
#: Answers that leave the game.
QUIT = ("q", "quit", "exit")
#: Answers that show how to answer.
HELP = ("help", "?", "помощь")


def local_member(name: str) -> int:
    """The member id of a local player: the same name is the same member in every game."""
    digest = hashlib.sha256(name.strip().casefold().encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % (LOCAL_IDS - 1)


class Screen:
    """Where the terminal writes. A reader that went away (a closed pipe: `| head`) ends the
    game quietly: nothing more is written, and the process's standard output goes nowhere, so
    nothing fails when Python flushes it on the way out."""

    def __init__(self, write: Callable[[str], Any]) -> None:
        self._write = write
        self.gone = False

    def __call__(self, text: str) -> None:
        if self.gone:
            return
        try:
            self._write(text)
        except BrokenPipeError:
            self.gone_away()

    def flush(self) -> None:
        """Send what standard output still buffers (written to a pipe, it waits in a block)."""
        if self._write is print and not self.gone:
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                self.gone_away()

    def gone_away(self) -> None:
        self.gone = True
        if self._write is print:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class TerminalPublisher:
    """Prints channel lines as the table produces them."""

    def __init__(self, write: Callable[[str], Any], name: Callable[[TableSnapshot], Namer]) -> None:
        self.write = write
        self.name = name

    def publish(self, table: TableSnapshot, outcome: Outcome) -> None:
        for text in outcome.public:
            self.write("  " + say(text, table.language, self.name(table)))


async def play_in_terminal(
    variant: str,
    *,
    lang: str = "en",
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    level: str = "normal",
    database: str | None = None,
    name: str = "",
    read: Callable[[str], str] = input,
    write: Callable[[str], Any] = print,
) -> int:
    """Play one game; returns 0 when it ends or the player quits, 2 if the table cannot open.

    `database`: a SQLite file or PostgreSQL URL that keeps the game (None: a temporary one);
    `name`: the person's name there (their stats, replays and rating are kept under it).
    """
    screen = Screen(write)
    name = " ".join(name.split())
    if len(name) > NAME_LIMIT:
        screen(t("bot.terminal.bad_name", lang, limit=NAME_LIMIT))
        return 2
    you = Person(local_member(name), name or t("bot.terminal.you", lang))
    with tempfile.TemporaryDirectory(prefix="pinochle-") as folder:
        try:
            store = await Store.open(database or Path(folder) / "local.db")
        except StoreOpenError as error:
            screen(t("bot.terminal.database_unusable", lang, problem=error))
            return 2
        try:
            await own_server(store)
            service = TableService(
                store,
                publisher=TerminalPublisher(screen, lambda table: terminal_namer(table, you, lang)),
                players=ai_players(),
                seed=seed,
                turn_seconds=0,
                hooks=[ledger_hook, records_hook],
                owns=lambda guild_id: guild_id == LOCAL_GUILD,
            )
            try:
                table = await _table(service, you, variant, options, level, lang, database, screen)
                if table is None:
                    return 2
                return await _play(service, table, you, lang, database, read, screen)
            finally:
                await service.close()
                screen.flush()
        finally:
            await store.close()


async def own_server(store: Store) -> None:
    """The terminal's server lets one person seat computers of any level: its limit on `hard`
    seats is the most the setting allows (a table's every other seat), with no wait between games."""
    most = NUMBER_RANGES["max_hard_seats"][1]
    await SettingsService(store).change(LOCAL_GUILD, max_hard_seats=most, new_cooldown=0)


def terminal_namer(table: TableSnapshot, you: Person, lang: str) -> Namer:
    """Players as the terminal names them: the person at the keyboard is "You" ("Вы")."""
    plain = plain_namer(table)

    def name(who: int | Name) -> str:
        if isinstance(who, int) and who in table.seats and table.seats[who].user_id == you.user_id:
            return t("bot.terminal.you", lang)
        return plain(who)

    return name


async def _table(
    service: TableService,
    you: Person,
    variant: str,
    options: dict[str, Any] | None,
    level: str,
    lang: str,
    database: str | None,
    write: Callable[[str], Any],
) -> TableSnapshot | None:
    """The person's unfinished game kept in `database`, or a new table with computers seated."""
    if database is not None:
        await service.resume()
        kept = service.table_in(you.user_id)
        if kept is not None and kept.status == "playing":
            write(t("bot.terminal.continuing", lang, table=kept.id, database=safe_url(database)))
            return kept
        if kept is not None:
            await service.cancel(kept.id, you)  # a lobby left by a run that stopped early
    return await answered(_open(service, you, variant, options, level, lang), lang, numbered, write)


async def _open(
    service: TableService,
    you: Person,
    variant: str,
    options: dict[str, Any] | None,
    level: str,
    lang: str,
) -> TableSnapshot:
    opened = await service.open(
        guild_id=LOCAL_GUILD,
        channel_id=you.user_id,  # each local person has a "channel" of their own
        host=you,
        variant=variant,
        options=options,
        language=lang,
        home=TableHome(as_they_happen=True),  # read line by line, in the order things happen
    )
    table = opened.table
    while table is not None and table.free_seat() is not None:
        table = (await service.add_computer(table.id, you, level)).table
    assert table is not None  # an opened table
    return (await service.start(table.id, you)).table or table


T = TypeVar("T")


async def answered(
    call: Awaitable[T], lang: str, name: Namer, write: Callable[[str], Any], *, mark: str = ""
) -> T | None:
    """The terminal's one answer to a refusal, from any layer: why, in `lang` (after `mark`, "! "
    during play); None then."""
    try:
        return await call
    except Refusal as refusal:
        write(mark + say(refusal, lang, name))
        return None


async def _play(
    service: TableService,
    table: TableSnapshot,
    you: Person,
    lang: str,
    database: str | None,
    read: Callable[[str], str],
    write: Screen,
) -> int:
    name = terminal_namer(table, you, lang)
    drawn: int | None = None
    held = Held()
    while True:
        await service.settle()
        if write.gone:
            return 0
        table = service.known_table(table.id) or table  # as it is now
        if table.status != "playing":
            write("\n" + board_title(table, lang) + "\n" + board_text(table, lang, name))
            if table.status == "finished":  # the fingerprints shown before each deal, checked
                deals = await service.revealed_deals(table.id)
                for line in revealed_lines(table, deals, lang, name):
                    write(line)
            if database is not None:
                write(t("bot.terminal.kept", lang, database=safe_url(database)))
            return 0
        hand = await service.hand(table.id, you.user_id)
        listed = listed_actions(table, hand)
        if hand.version != drawn:  # a refusal changes nothing: it stays under the same board
            if cards := held.drawn(hand):
                write("  " + t("bot.terminal.drew", lang, cards=cards_text(cards, lang)))
            _show(table, hand, listed, lang, name, write)
            drawn = hand.version
        try:
            answer = _ask(read, t("bot.terminal.prompt", lang)).strip()
        except (EOFError, KeyboardInterrupt):
            write("")
            answer = "q"
        except BrokenPipeError:  # the prompt itself found nobody reading
            write.gone_away()
            return 0
        if answer.casefold() in QUIT:
            write(t("bot.terminal.bye_kept" if database else "bot.terminal.bye", lang))
            return 0
        if answer.casefold() in HELP:
            write(t("bot.terminal.help", lang, count=len(listed)))
            continue
        word, salted = salt_of(answer)
        if salted:  # a salt word for the next deal, as on Discord (bot.game.fair)
            salt = await answered(
                service.salt(table.id, you.user_id, word), lang, name, write, mark="! "
            )
            for text in salt.private if salt is not None else ():
                write(say(text, lang, name))
            continue
        if hand.legal and hand.view.phase is Phase.PASSING:  # F-5: the cards' numbers
            action = given_cards(answer, hand) or chosen_action(answer, listed, hand.view)
        else:
            action = chosen_action(answer, listed, hand.view)
        if action is None:
            write("! " + t("bot.terminal.help", lang, count=len(listed)))
            continue
        if isinstance(action, BothReadings):  # F-2: an entry's number and a bid's amount
            entry = hand_action_label(hand.view, action.entry, lang)
            bid = hand_action_label(hand.view, action.bid, lang)
            write(
                "! "
                + t("bot.terminal.both_readings", lang, number=action.number, entry=entry, bid=bid)
            )
            continue
        act = service.act(table.id, you, action, version=hand.version)
        await answered(act, lang, name, write, mark="! ")


class Held:
    """The person's cards at the last screen, to name the cards they drew since (the stock is
    face down: the channel says who drew, never what; A-5)."""

    def __init__(self) -> None:
        self._deal, self._stock, self._cards = 0, 0, Counter[Card]()

    def drawn(self, hand: Hand) -> list[Card]:
        """The cards drawn from the stock since the last call, in the hand's order."""
        view = hand.view
        cards = Counter([*view.hand, *view.table.get(hand.seat, ())])
        # The stock's last two cards are everyone's to see (the turn-up, the card shown: A-8).
        drew = view.deal == self._deal and 0 < view.stock < self._stock
        gained = cards - self._cards if drew else Counter[Card]()
        self._deal, self._stock, self._cards = view.deal, view.stock, cards
        return [card for card in dict.fromkeys(view.hand) for _ in range(gained.get(card, 0))]


def _ask(read: Callable[[str], str], prompt: str) -> str:
    """`read(prompt)` with Ctrl-C raising KeyboardInterrupt at once: the handler `asyncio.run`
    installs would only cancel the game once a whole line had been typed."""
    if threading.current_thread() is not threading.main_thread():
        return read(prompt)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return read(prompt)
    finally:
        signal.signal(signal.SIGINT, previous)


def listed_actions(table: TableSnapshot, hand: Hand) -> list[Action]:
    """The legal actions in the order the terminal numbers them: cards in the order the screen
    shows them, the hand's then those it has melded onto the table (so numbers read off the
    screen), and in an auction the pass first, before the bids."""
    position = card_places(hand.view)
    first = {action.verb: i for i, action in reversed(list(enumerate(hand.legal)))}
    auction = hand.view.phase == Phase.AUCTION

    def order(entry: tuple[int, Action]) -> tuple[int, int, int]:
        i, action = entry
        if auction and action == PASS:
            return (0, 0, 0)
        if action.verb == "play":
            return (1, first["play"], position.get(action.card, i))
        return (1, first[action.verb], i)

    return [action for _, action in sorted(enumerate(hand.legal), key=order)]


def shown_entries(listed: list[Action]) -> dict[int, Action]:
    """The entries the screen numbers, by number: all but the bids past the first few (the
    highest is shown too); a number read as an entry must be one of these (`read_number`)."""
    bids = [n for n, action in enumerate(listed) if action.verb == "bid"]
    hidden = set(bids[SHOWN_BIDS:-1])  # a Check auction offers every amount up to the limit (E-4)
    return {n + 1: action for n, action in enumerate(listed) if n not in hidden}


def chosen_action(
    answer: str, listed: list[Action], view: SeatView
) -> Action | str | BothReadings | None:
    """The action a typed answer means: a number shown on the screen picks that entry, a legal
    bid's amount not shown as an entry bids it, and one that is both is `BothReadings`
    (`read_number`); other text is read back as a shown label or an action's text
    (`typed_action`); None for an empty line or any number that is neither ("99", "0", "²",
    "٣", 5,000 digits)."""
    if not answer:
        return None
    if not answer.lstrip("+-").isnumeric():
        return typed_action(answer, view, listed)
    return read_number(answer, shown_entries(listed), listed)


def given_cards(answer: str, hand: Hand) -> Action | None:
    """The cards to give in the passing (F-5) from their numbers on the screen ("1 4 7 9"), any
    count (the engine says how many are due); None unless every word is a card's number."""
    words = answer.replace(",", " ").split()
    cards = hand.view.hand
    if not words or not all(w.isascii() and w.isdigit() and len(w) <= 2 for w in words):
        return None
    numbers = [int(w) for w in words]
    if not all(1 <= n <= len(cards) for n in numbers) or len(set(numbers)) != len(numbers):
        return None
    return Action.give(cards[n - 1] for n in numbers)


def _show(
    table: TableSnapshot,
    hand: Hand,
    listed: list[Action],
    lang: str,
    name: Namer,
    write: Callable[[str], Any],
) -> None:
    write("")
    write(board_title(table, lang))
    write(board_text(table, lang, name))
    write(hand_text(table, hand.seat, hand.view, hand.covered, lang, name, beside_board=True))
    why = hand.only_pass
    if why is not None:
        write(t("bot.terminal.only_pass", lang, reason=describe_error(why, lang, rule=False)))
    if hand.legal and hand.view.phase is Phase.PASSING:  # F-5: the cards numbered, to give
        free = hand.view.unchosen
        for number, held in enumerate(hand.view.hand):  # a card chosen already is ticked
            write(f"  {number + 1:>2}. {card_text(held, lang)}{'' if number in free else ' ✓'}")
        write(give_prompt(hand.view, "bot.terminal", lang, name))
        return
    bids = [n for n, action in enumerate(listed) if action.verb == "bid"]
    shown = shown_entries(listed)
    for number, action in enumerate(listed):
        if number + 1 in shown:
            write(f"  {number + 1:>2}. {hand_action_label(hand.view, action, lang)}")
        elif number == bids[SHOWN_BIDS]:
            write(
                "      "
                + t(
                    "bot.terminal.more_bids",
                    lang,
                    example=hand_action_label(hand.view, listed[number], lang),
                )
            )
