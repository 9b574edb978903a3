"""The turn timer: a reminder at half time, a computer at expiry, away after three in a row,
and a deadline that survives a restart. The service runs on a clock the test moves."""

from __future__ import annotations

from bot.store import get_table
from bot.tables import AWAY_AFTER, TableService
from tests.tables.helpers import ALICE, Clock, Recorder, lives, open_table, refusal_of, run_out

TURN = 60  # seconds a turn lasts


def timed(store, recorder: Recorder, clock: Clock) -> TableService:
    return TableService(
        store, publisher=recorder, seed=11, turn_seconds=TURN, clock=clock, sleep=clock.sleep
    )


async def test_reminder_then_a_computer_plays_the_turn_then_the_seat_goes_away(store):
    clock = Clock()
    recorder = Recorder(clock)
    service = timed(store, recorder, clock)
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await service.settle()
    alice = table.seat_of(ALICE.user_id)
    assert table.to_act == alice
    version, start = table.version, clock.now

    await clock.sleeping()
    await clock.advance(TURN / 2)
    await recorder.until(lambda: "bot.line.reminder" in recorder.keys)
    assert recorder.when("bot.line.reminder") == start + TURN / 2
    reminder = next(
        o for o in recorder.outcomes if o.public and o.public[0].key == "bot.line.reminder"
    )
    assert reminder.ping == (ALICE.user_id,) and table.version == version
    assert reminder.public[0].params["seconds"] == TURN / 2

    await clock.advance(TURN / 2)
    await recorder.until(lambda: "bot.line.timeout" in recorder.keys)
    assert recorder.when("bot.line.timeout") == start + TURN
    await recorder.until(lambda: table.version > version)
    assert table.seats[alice].away_strikes == 1

    for _ in range(AWAY_AFTER - 1):
        await run_out(clock, recorder, table, alice, TURN)
    await recorder.until(lambda: "bot.line.away" in recorder.keys)
    assert table.seats[alice].away_strikes == AWAY_AFTER
    assert (await get_table(store, table.id)).seats[alice].away_strikes == AWAY_AFTER
    covered = await service.hand(table.id, ALICE.user_id)
    assert covered.covered and covered.legal == ()
    refused = await refusal_of(service.act(table.id, ALICE, "pass"))
    assert refused.key == "bot.refuse.covered"

    back = await service.join(table.id, ALICE)
    assert back.public[0].key == "bot.line.back"
    assert table.seats[alice].away_strikes == 0
    await service.settle()
    assert table.to_act == alice or table.status == "finished"
    await service.close()


async def test_acting_in_time_cancels_the_timer_and_clears_strikes(store, recorder):
    clock = Clock()
    service = timed(store, recorder, clock)
    table = await open_table(service)
    await service.start(table.id, ALICE)
    await service.settle()
    alice = table.seat_of(ALICE.user_id)
    await run_out(clock, recorder, table, alice, TURN)
    await recorder.until(lambda: "bot.line.timeout" in recorder.keys)
    assert table.seats[alice].away_strikes == 1
    await recorder.until(lambda: table.to_act == alice)
    hand = await service.hand(table.id, ALICE.user_id)
    await service.act(table.id, ALICE, hand.legal[0])
    assert table.seats[alice].away_strikes == 0
    await service.close()


async def test_a_restart_keeps_the_turn_deadline_that_was_stored(store, recorder):
    clock = Clock()
    first = timed(store, recorder, clock)
    table = await open_table(first)
    await first.start(table.id, ALICE)
    await first.settle()
    start = clock.now
    assert table.to_act == table.seat_of(ALICE.user_id)
    assert table.turn == (table.version, start + TURN)
    assert (await get_table(store, table.id)).settings["turn"] == [table.version, start + TURN]
    await first.close()

    clock.now += 45  # the bot was down for 45 seconds of Alice's turn
    second = timed(store, recorder, clock)
    [again] = lives(second, await second.resume())
    assert again.turn == (table.version, start + TURN)
    await second.close()

    clock.now += 55  # down past the deadline: Alice could not act, so she gets a whole turn
    third = timed(store, recorder, clock)
    [again] = lives(third, await third.resume())
    assert again.turn == (table.version, clock.now + TURN)
    assert (await get_table(store, table.id)).settings["turn"] == [table.version, clock.now + TURN]
    await third.close()


async def test_after_a_restart_time_runs_out_at_the_old_deadline_without_a_second_reminder(store):
    clock = Clock()
    before, after = Recorder(clock), Recorder(clock)
    first = timed(store, before, clock)
    table = await open_table(first)
    await first.start(table.id, ALICE)
    await first.settle()
    await clock.sleeping()
    await clock.advance(TURN / 2)
    await before.until(lambda: "bot.line.reminder" in before.keys)
    deadline = table.turn[1]
    await first.close()

    second = timed(store, after, clock)
    await second.resume()  # half a turn before the deadline: a new turn would end later
    await clock.sleeping()
    await clock.advance(deadline - clock.now)
    await after.until(lambda: "bot.line.timeout" in after.keys)
    assert after.when("bot.line.timeout") == deadline
    assert "bot.line.reminder" not in after.keys
    await second.close()


async def test_a_computer_standing_in_for_a_pass_gives_all_of_it(store, recorder):
    """F-5: the pass goes a card at a time; when Alice's time runs out in the passing, the
    computer that stands in gives every card still due (one expiry, one strike), and the turn
    moves on."""
    clock = Clock()
    service = timed(store, recorder, clock)
    table = await open_table(service, "auction")
    await service.start(table.id, ALICE)
    await service.settle()
    alice = table.seat_of(ALICE.user_id)
    for _ in range(400):
        await recorder.until(lambda: table.to_act == alice or table.status != "playing")
        if table.game.phase == "passing":
            break
        hand = await service.hand(table.id, ALICE.user_id)
        await service.act(table.id, ALICE, hand.legal[-1])  # pass in the auction, else any
    else:
        raise AssertionError("Alice never passed cards")
    held = list(table.game.state.hands[alice])
    hand = await service.hand(table.id, ALICE.user_id)
    await service.act(table.id, ALICE, hand.legal[0])  # one card chosen in time
    assert table.to_act == alice and len(table.game.view(alice).giving) == 1
    await run_out(clock, recorder, table, alice, TURN)
    await recorder.until(lambda: "bot.line.timeout" in recorder.keys)
    await recorder.until(lambda: table.game.phase != "passing" or table.to_act != alice)
    gave = table.game.view(alice).gave
    assert len(gave) == 4 and hand.legal[0].cards[0] in gave
    assert all(card in held for card in gave)
    assert table.seats[alice].away_strikes == 1
    await service.close()
