"""Tables seated in a real store, and engine games played through the ledger hook.

White-box, as the table service's own tests: a game is played on the service's `Table` without the
service, and each action's hooks hear what the service would hand them (`facts_of`)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from bot.game import PASS, Action, Game, Phase, new_game
from bot.game.events import Event
from bot.game.random_play import random_action
from bot.services.ledger_hook import ledger_hook
from bot.store import Seat, Store, create_table, update_table
from bot.tables.facts import TableFacts, facts_of
from bot.tables.model import Table

GUILD = 1
NAMES = ("North", "East", "South", "West")


async def seat_table(
    store: Store, variant: str, players: int, *, channel: int = 10, computers: tuple[int, ...] = ()
) -> Table:
    """A playing table whose people have user ids 1, 2, … by seat; `computers` seats are easy bots."""
    seats = [
        Seat(n, f"Computer {n}", bot_level="easy")
        if n in computers
        else Seat(n, NAMES[n], user_id=n + 1)
        for n in range(players)
    ]
    async with store.transaction() as tx:
        row = await create_table(
            tx, guild_id=GUILD, channel_id=channel, host_id=1, variant=variant, seats=seats
        )
        row = await update_table(tx, row.id, status="playing")
    return Table.from_row(row, turn_seconds=0)


def choose(game: Game, rng: random.Random) -> Action:
    """A random legal action with a cautious auction (mostly pass, else the lowest bid), so games end."""
    actions = game.legal_actions()
    if game.state.phase is Phase.PASSING:  # F-5: a random set of the hand, card by card
        return random_action(game, rng)
    if PASS in actions and rng.random() < 0.8:
        return PASS
    bids = [action for action in actions if action.verb == "bid"]
    if bids:
        return min(bids, key=lambda bid: bid.amount or 0)
    return rng.choice(actions)


Hook = Callable[[Any, TableFacts, list[Event]], Awaitable[None]]


async def play(
    store: Store, table: Table, seed: int, *, hook: Hook = ledger_hook, runs: int = 1
) -> list[list[Event]]:
    """Play the table's whole game, one transaction per action calling `hook` `runs` times with
    the table's facts after the action.

    Returns every action's events, in order.
    """
    table.game = new_game(table.variant, seed=seed)
    rng = random.Random(seed)
    played = []
    while not table.game.is_over:
        events = table.game.apply(choose(table.game, rng))
        facts = facts_of(table, events)
        async with store.transaction() as tx:
            for _ in range(runs):
                await hook(tx, facts, events)
        played.append(events)
    return played
