"""Helpers for text tests: a table around a real game, driven action by action without a service."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from bot.game import VARIANTS, Action, new_game
from bot.game.events import Event
from bot.presentation.texts import plain_namer, say
from bot.store import Seat
from bot.tables.announce import event_lines, start_lines
from bot.tables.model import Table
from bot.tables.outcome import Text
from tests.tables.helpers import shown

NAMES = ("Alice", "Bob", "Carol", "Dave")
#: (variant, house rules): every game, and two-handed with the 64-card pack (its longest hands).
EVERY_GAME: tuple[tuple[str, dict[str, bool]], ...] = (
    *((variant, {}) for variant in sorted(VARIANTS)),
    ("two-handed", {"pack64": True}),
)


def table_of(variant: str, seed: int, **options) -> Table:
    """A playing table with named seats (no store: the announcer and the board only read it)."""
    table = Table(
        id=1,
        guild_id=1,
        channel_id=1,
        host_id=101,
        variant=variant,
        options=options,
        seed=seed,
        language="en",
        turn_seconds=0,
        status="playing",
    )
    table.game = new_game(variant, seed=seed, options=options)
    for seat in range(table.size):
        table.seats[seat] = Seat(seat=seat, display_name=NAMES[seat], user_id=101 + seat)
    return table


def random_moves(table: Table, rng: random.Random) -> Callable[[list[Action]], Action]:
    """A chooser of random legal moves for `table` (in the passing, F-5, a card of the giver's
    hand at a time)."""

    def choose(legal: list[Action]) -> Action:
        return rng.choice(legal)

    return choose


def publishes(
    table: Table,
    choose: Callable[[list[Action]], Action] = lambda legal: legal[0],
) -> Iterator[tuple[Action | None, list[Event], list[Text]]]:
    """The game's start (no action), then each action: (action, its events, the lines published
    for it)."""
    yield None, list(table.game.opening_events), start_lines(table)
    while not table.game.is_over:
        action = choose(table.game.legal_actions())
        events = table.game.apply(action)
        table.version += 1
        yield action, events, event_lines(table, events)


def said(lines: list[Text], table: Table, lang: str = "en") -> list[str]:
    return [say(text, lang, plain_namer(shown(table))) for text in lines]
