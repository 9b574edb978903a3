"""Helpers for event tests: notices that remember what an event showed, and people who play."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from bot.game import Dealing, new_game
from bot.nights.runner import EventBoard, NightRunner
from bot.store import TableRow, load_actions
from bot.store.nights import EventRow
from bot.tables import Person, Refusal, SimplePlayer, TableHome, TableService, Text

#: Refusals a person too slow for the round's clock may get.
LATE = ("bot.refuse.covered", "bot.refuse.stale", "bot.refuse.not_your_turn", "bot.refuse.no_table")
#: Channel ids of event tables' homes (threads on Discord) start here.
FIRST_HOME = 5000


class Notices:
    """`NightNotices` that give each table a channel of its own and keep every board and line."""

    def __init__(self) -> None:
        self._homes = itertools.count(FIRST_HOME)
        self.boards: list[EventBoard] = []
        self.lines: list[Text] = []
        self.alerts: list[Text] = []
        self.members: dict[int, tuple[int, ...]] = {}  # each home's people, as placed
        self.forgotten: list[int] = []  # homes taken back

    async def place(
        self, event: EventRow, round_no: int, table_no: int, people: Sequence[int]
    ) -> tuple[int, TableHome]:
        home = next(self._homes)
        self.members[home] = tuple(people)
        return home, TableHome()

    async def forget(self, event: EventRow, channel_id: int) -> None:
        self.forgotten.append(channel_id)

    async def standings(self, event: EventRow, board: EventBoard) -> list[int]:
        self.boards.append(board)
        return list(event.standings_messages or (77,))

    async def say(self, event: EventRow, text: Text) -> None:
        self.lines.append(text)

    async def alert(self, event: EventRow, text: Text) -> None:
        self.alerts.append(text)

    @property
    def keys(self) -> list[str]:
        return [text.key for text in self.lines]


async def play_event(
    runner: NightRunner,
    service: TableService,
    people: list[Person],
    *,
    seed: int = 0,
    skip: frozenset[int] = frozenset(),
    rounds: int | None = None,
) -> None:
    """Take the people's turns at every table of their events (SimplePlayer's choices) until no
    person but those in `skip` has a turn; `rounds` stops once that many rounds have started."""
    by_id = {p.user_id: p for p in people}
    rng, player = random.Random(seed), SimplePlayer()
    while True:
        await service.settle()
        await runner.settle()
        moved = False
        for table in service.tables():
            if table.event is None or table.status != "playing":
                continue
            if rounds is not None and table.event.round > rounds:
                continue
            seat = table.to_act
            user = None if seat is None else table.seats[seat].user_id
            if user is None or user in skip or not table.awaits(user):
                continue
            # The round's clock may end the table, or hand the seat to the computer, meanwhile.
            try:
                hand = await service.hand(table.id, user)
            except Refusal as late:
                assert late.key in LATE, late.key
                continue
            if not hand.legal:
                continue
            choice = player.choose(hand.view, hand.legal, rng)
            try:
                await service.act(table.id, by_id[user], choice, version=hand.version)
            except Refusal as late:  # between the look and the act
                assert late.key in LATE, late.key
            moved = True
        if not moved:
            return


async def dealt_hands(service: TableService, row: TableRow) -> list[Any]:
    """Every deal's hands as dealt at a table, replayed from its stored key and actions."""
    game = new_game(row.variant, seed=row.seed, dealing=Dealing(key=row.deal_key))
    hands = [[sorted(map(str, h)) for h in game.state.hands]]
    for action in await load_actions(service.store, row.id):
        deal = game.deal_no
        game.apply(action.action)
        if game.deal_no != deal:
            hands.append([sorted(map(str, h)) for h in game.state.hands])
    return hands
