"""The action hooks hear frozen facts of the table (`TableFacts`), never the live `Table`.

The hooks run inside the transaction that stores an action, under the table's lock: handed the
live table, one could keep it past that transaction or change what the next hook hears. Walked to
the bottom (`thawed_in_value`, as for the service's answers), what every hook call gets holds no
list, dict or set, no thawed dataclass and no `Table`.
"""

from __future__ import annotations

from bot.game.events import Event, GameOver
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
from bot.tables import TableFacts, TableService
from bot.tables.service_events import Cancelled, Forfeited
from tests.tables.helpers import ALICE, BOB, open_table, play_out
from tests.tables.test_frozen_api import thawed_in_annotation, thawed_in_value


async def test_the_action_hooks_hear_frozen_facts_never_the_live_table(store):
    """Each hook call (every action, a leave's forfeit, a cancel after a deal, a game's end)
    hands the hooks the table's facts and events frozen to the bottom, the game's record
    included; the real hooks run beside the listener as in the bot."""
    heard: list[tuple[TableFacts, tuple[Event, ...]]] = []

    async def listen(tx, table, events) -> None:
        heard.append((table, tuple(events)))

    service = TableService(store, seed=5, turn_seconds=0, hooks=[ledger_hook, records_hook, listen])
    check = await open_table(service, "check", options={"target": 1000})
    await service.join(check.id, BOB)
    await service.start(check.id, ALICE)
    await play_out(service, check, ALICE, BOB, until=lambda t: len(t.game.deal_results) >= 1)
    bob = check.seat_of(BOB.user_id)
    await service.leave(check.id, BOB)  # the forfeit (Check: the leaver pays the premium)
    await service.cancel(check.id, ALICE)  # after a completed deal: rated, its record built
    duel = await open_table(service)  # the channel is free again
    await service.join(duel.id, BOB)
    await service.start(duel.id, ALICE)
    await play_out(service, duel, ALICE, BOB)

    assert thawed_in_annotation(TableFacts) == []  # what the hook type promises
    assert heard and all(isinstance(facts, TableFacts) for facts, _ in heard)
    thawed = [
        bad
        for n, (facts, events) in enumerate(heard)
        for bad in thawed_in_value(facts, f"[{n}]") + thawed_in_value(events, f"[{n}].events")
    ]
    assert thawed == []
    kinds = {type(event) for _, events in heard for event in events}
    assert {Forfeited, Cancelled, GameOver} <= kinds
    ends = [facts for facts, events in heard if any(isinstance(e, GameOver) for e in events)]
    ends += [facts for facts, events in heard if any(isinstance(e, Cancelled) for e in events)]
    assert len(ends) == 2 and all(f.game is not None and f.game.record for f in ends)
    forfeit = next(f for f, events in heard if any(isinstance(e, Forfeited) for e in events))
    assert forfeit.game is not None and list(forfeit.game.forfeits) == [bob]
