"""Playing through the service: turns, refusals that change nothing, computer seats, the end."""

from __future__ import annotations

import asyncio

import pytest

from bot.game import ALL_CARDS, IllegalAction
from bot.i18n import cards_text, meld_name
from bot.presentation.texts import numbered, plain_namer, say
from bot.store import get_table, load_actions
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, EVE, lives, open_table, play_out, refusal_of


async def two_people(service: TableService):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    return table


async def state(service, store, table):
    """What must not change when an action is refused: version, stored log, both views."""
    return (
        table.version,
        len(await load_actions(store, table.id)),
        table.game.view(0),
        table.game.view(1),
    )


def person_at(table, seat):
    return {ALICE.user_id: ALICE, BOB.user_id: BOB}[table.seats[seat].user_id]


async def test_out_of_turn_illegal_and_malformed_actions_change_nothing(service, store):
    table = await two_people(service)
    mover = person_at(table, table.to_act)
    waiter = person_at(table, 1 - table.to_act)
    hand = await service.hand(table.id, mover.user_id)
    before = await state(service, store, table)

    out_of_turn = await refusal_of(service.act(table.id, waiter, hand.legal[0]))
    assert out_of_turn.key == "bot.refuse.not_your_turn"

    foreign = next(
        c for c in ALL_CARDS[:48:2] if c not in hand.view.hand and f"play {c}" not in hand.legal
    )
    illegal = await refusal_of(service.act(table.id, mover, f"play {foreign}"))
    assert isinstance(illegal, IllegalAction)  # the engine's own refusal, passed through
    assert illegal.name == "not_in_hand"
    assert say(illegal, "en", numbered).startswith(f"Not allowed: {foreign} is not in your hand")

    malformed = await refusal_of(service.act(table.id, mover, "play zz"))
    assert isinstance(malformed, IllegalAction) and malformed.name == "bad_action"

    stranger = await refusal_of(service.act(table.id, EVE, hand.legal[0]))
    assert stranger.key == "bot.refuse.not_seated"
    assert await state(service, store, table) == before


async def test_a_double_click_applies_once_and_the_second_is_stale(service, store):
    table = await two_people(service)
    mover = person_at(table, table.to_act)
    hand = await service.hand(table.id, mover.user_id)
    first, second = await asyncio.gather(
        service.act(table.id, mover, hand.legal[0], version=hand.version),
        refusal_of(service.act(table.id, mover, hand.legal[0], version=hand.version)),
    )
    assert first.action == hand.legal[0]
    assert second.key == "bot.refuse.stale"
    assert table.version == hand.version + 1
    assert [a.action for a in await load_actions(store, table.id)] == [str(hand.legal[0])]


async def test_hand_refuses_people_without_a_seat(service):
    table = await two_people(service)
    refused = await refusal_of(service.hand(table.id, EVE.user_id))
    assert refused.key == "bot.refuse.not_seated"
    own = await service.hand(table.id, ALICE.user_id)
    assert own.view.hand and own.view.seat == table.seat_of(ALICE.user_id)


async def test_computer_seats_play_until_a_person_is_to_act(service, store):
    table = await open_table(service, "check")
    await service.start(table.id, ALICE)
    await service.settle()
    assert table.to_act == table.seat_of(ALICE.user_id)
    hand = await service.hand(table.id, ALICE.user_id)
    assert hand.legal and hand.version == len(await load_actions(store, table.id))


@pytest.mark.parametrize("variant", ["two-handed", "check"])
async def test_a_seat_handed_to_the_computer_plays_the_game_to_final_standings(
    service, store, recorder, variant
):
    table = await open_table(service, variant)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    left = await service.leave(table.id, ALICE)
    assert left.public[0].key == "bot.line.left_game"
    await play_out(service, table, BOB)  # Bob stays: the computer covers Alice's seat to the end
    assert table.status == "finished" and table.game.is_over
    assert (await get_table(store, table.id)).status == "finished"
    assert recorder.keys[-1] == "bot.line.game_over"
    assert service.table(table.id) is None
    assert len(await load_actions(store, table.id)) == table.version


async def test_a_failing_hook_rolls_the_action_back(store, recorder):
    async def refuse_to_store(tx, table, events):
        raise RuntimeError("disk full")

    service = TableService(
        store, publisher=recorder, seed=3, turn_seconds=0, hooks=[refuse_to_store]
    )
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    mover = person_at(table, table.to_act)
    before = await state(service, store, table)
    hand = await service.hand(table.id, mover.user_id)
    with pytest.raises(RuntimeError):
        await service.act(table.id, mover, hand.legal[0])
    assert await state(service, store, table) == before
    await service.close()


async def test_restart_resumes_the_game_from_the_stored_log(store, recorder):
    first = TableService(store, publisher=recorder, seed=5, turn_seconds=0)
    table = await two_people(first)
    for _ in range(9):
        mover = person_at(table, table.to_act)
        hand = await first.hand(table.id, mover.user_id)
        await first.act(table.id, mover, hand.legal[-1])
    views = [table.game.view(0), table.game.view(1)]
    await first.close()

    second = TableService(store, publisher=recorder, seed=99, turn_seconds=0)
    [again] = lives(second, await second.resume())
    assert again.id == table.id and again.version == 9 and again.status == "playing"
    assert [again.game.view(0), again.game.view(1)] == views
    assert again.seats == table.seats
    mover = person_at(again, again.to_act)
    hand = await second.hand(again.id, mover.user_id)
    await second.act(again.id, mover, hand.legal[0], version=9)
    await second.close()


async def statements_of(store, call) -> list[str]:
    """The SQL the store's writer runs during `call` (the writer connection is private to the store)."""
    seen: list[str] = []
    await store._writer.set_trace_callback(seen.append)
    try:
        await call
    finally:
        await store._writer.set_trace_callback(None)
    return [" ".join(sql.split()[:3]) for sql in seen]


async def test_an_accepted_action_is_stored_by_one_insert_in_its_transaction(store, recorder):
    """The speed of play: a plain action costs BEGIN, one INSERT that checks the sequence, COMMIT;
    when the next turn is a person's with a timer, the deadline it starts is stored with it."""
    service = TableService(store, publisher=recorder, seed=3, turn_seconds=60)
    for timer in (0, 60):
        table = await open_table(service, turn_seconds=timer)
        await service.join(table.id, BOB)
        await service.start(table.id, ALICE)
        mover = person_at(table, table.to_act)
        hand = await service.hand(table.id, mover.user_id)
        sql = await statements_of(
            store, service.act(table.id, mover, hand.legal[0], version=hand.version)
        )
        stored = (await get_table(store, table.id)).settings.get("turn")
        if timer:
            assert sql == ["BEGIN IMMEDIATE", "INSERT INTO actions", "UPDATE tables SET", "COMMIT"]
            assert stored == [table.version, table.turn[1]]
        else:
            assert sql == ["BEGIN IMMEDIATE", "INSERT INTO actions", "COMMIT"] and stored is None
        await service.cancel(table.id, ALICE)
    await service.close()


async def test_a_meld_is_confirmed_by_its_name_and_points_in_both_languages(service):
    """M-1: the winner of a trick melds; the private answer names the meld and the points the
    engine scored for it, not just "Meld K♥ Q♥"."""
    table = await two_people(service)
    for _ in range(200):
        mover = person_at(table, table.to_act)
        hand = await service.hand(table.id, mover.user_id)
        melds = [action for action in hand.legal if action.verb == "meld"]
        if melds:
            break
        await service.act(table.id, mover, hand.legal[0], version=hand.version)
    else:
        raise AssertionError("nobody could meld")
    name, points = table.started_game.meld_value(melds[0].cards)
    outcome = await service.act(table.id, mover, melds[0], version=hand.version)
    cards = {lang: cards_text(melds[0].cards, lang) for lang in ("en", "ru")}
    said = {lang: say(outcome.private[-1], lang, plain_namer(table)) for lang in ("en", "ru")}
    assert said["en"] == f"Done: melded {meld_name(name, 'en')} {cards['en']}: {points} points."
    assert (
        said["ru"] == f"Сделано. Объявлено: {meld_name(name, 'ru')} {cards['ru']}; очков: {points}."
    )
