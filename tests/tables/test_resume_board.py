"""A restart resumes a table as it was: the board lists the same recent tricks, and a
Check auction still open at the restart is told whole, in one message, when it closes (E-5..E-9)."""

from __future__ import annotations

from bot.presentation.texts import board_text
from bot.tables import TableService
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    Recorder,
    lives,
    open_table,
    play_out,
    shown,
)


def _named(seat: int) -> str:
    return f"P{seat + 1}"


async def test_after_a_restart_the_board_lists_the_same_recent_tricks(store):
    service = TableService(store, seed=5, turn_seconds=0)
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE, BOB, until=lambda t: t.game.tricks_played >= 3)
    before = board_text(shown(table), "en", _named)
    assert len(table.deal_log.tricks) == 3
    await service.close()

    again = TableService(store, seed=5, turn_seconds=0)
    [resumed] = lives(again, await again.resume())
    assert list(resumed.deal_log.tricks) == list(table.deal_log.tricks)
    assert board_text(shown(resumed), "en", _named) == before
    await again.close()


async def test_an_auction_open_at_a_restart_is_told_whole_when_it_closes(store):
    service = TableService(store, seed=5, turn_seconds=0)
    table = await open_table(service, "check")
    for person in (BOB, CAROL, DAVE):
        await service.join(table.id, person)
    await service.start(table.id, ALICE)
    people = {p.user_id: p for p in (ALICE, BOB, CAROL, DAVE)}
    first = table.to_act
    await service.act(table.id, people[table.seats[first].user_id], "pass")
    await service.close()

    recorder = Recorder()
    again = TableService(store, publisher=recorder, seed=5, turn_seconds=0)
    [resumed] = lives(again, await again.resume())
    await play_out(
        again,
        resumed,
        ALICE,
        BOB,
        CAROL,
        DAVE,
        until=lambda t: not t.deal_log.held and t.game.phase not in ("auction", "trump", "meld"),
    )
    [told] = [x for o in recorder.outcomes for x in o.public if x.key == "bot.line.contract"]
    assert told.params["bids"][0].key == "bot.line.auction_pass"  # the pass made before the restart
    assert told.params["bids"][0].params["who"].seat == first
    await again.close()
