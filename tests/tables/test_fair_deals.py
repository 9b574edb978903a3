"""Fair deals at a table (bot.game.fair): the fingerprint is on the board before the first card,
a player's salt goes into the deal, the seed shows only in the record of a deal that is over,
and a restart between commit and reveal keeps both."""

from __future__ import annotations

import asyncio

from bot.__main__ import main as record_main
from bot.game import Dealing, fingerprint, new_game
from bot.game.fair import deal_seed
from bot.presentation.record_text import review_lines
from bot.presentation.texts import board_text
from bot.store import Seat, create_table, game_log
from bot.store.deals import deal_commits
from bot.tables import TableService
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    lives,
    open_table,
    play_out,
    refusal_of,
    shown,
)


def _named(seat: int) -> str:
    return f"P{seat + 1}"


def _everything_shown(table, lang: str = "en") -> str:
    """What anyone can read of a table: its board, and its repr (logs)."""
    return board_text(shown(table), lang, _named) + repr(table)


async def test_the_fingerprint_is_on_the_board_before_the_first_card(service, store):
    table = await open_table(service, "two-handed")
    first = fingerprint(deal_seed(table.deal_key, 1), table.id, 1)
    for lang in ("en", "ru"):
        assert first[:32] in board_text(shown(table), lang, _named)
    assert (await deal_commits(store, table.id))[1][0] == first  # kept as published

    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    board = board_text(shown(table), "ru", _named)
    assert "Отпечаток сдачи 1" in board and first[:32] in board
    second = fingerprint(deal_seed(table.deal_key, 2), table.id, 2)
    assert second[:32] in board  # the next deal's, while its salts are taken
    assert (await deal_commits(store, table.id))[2][0] == second


async def test_the_board_counts_salts_only_once_there_are_some_in_both_languages(service, store):
    """No "salts: 0": before any salt the lobby says there is none yet and the line of a deal in
    play says nothing of salts; once salted, the count reads "salts added: N"."""
    table = await open_table(service, "two-handed")
    fair = {lang: _fair_line(table, lang) for lang in ("en", "ru")}
    assert "no salt yet (add yours" in fair["en"] and "солей пока нет (добавьте" in fair["ru"]
    await service.join(table.id, BOB)
    await service.salt(table.id, BOB.user_id, "lucky7")
    assert "salts added: 1 (add yours" in _fair_line(table, "en")
    assert "солей добавлено: 1 (добавьте" in _fair_line(table, "ru")
    await service.start(table.id, ALICE)
    for lang in ("en", "ru"):
        assert "salt" not in _fair_line(table, lang) and "сол" not in _fair_line(table, lang)
        assert ": 0" not in _fair_line(table, lang)
    await service.salt(table.id, BOB.user_id, "seven")
    assert _fair_line(table, "en").endswith(", salts added: 1")
    assert _fair_line(table, "ru").endswith(", солей добавлено: 1")


def _fair_line(table, lang: str) -> str:
    return next(
        line for line in board_text(shown(table), lang, _named).splitlines() if "🔒" in line
    )


async def test_a_salt_goes_into_the_next_deal_and_its_record(service, store):
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    assert (await refusal_of(service.salt(table.id, CAROL.user_id, "x"))).key == (
        "bot.refuse.not_seated"
    )
    bad = await refusal_of(service.salt(table.id, BOB.user_id, "y" * 40))
    assert bad.key == "bot.refuse.salt_word" and bad.params == {"limit": 32}
    done = await service.salt(table.id, BOB.user_id, "  lucky   7 ")
    assert done.private[0].params["deal"] == 1
    await service.start(table.id, ALICE)
    unsalted = new_game("two-handed", seed=table.seed, dealing=Dealing(key=table.deal_key))
    salted = Dealing(key=table.deal_key, salts={1: {1: "lucky 7"}})
    assert (
        table.game.state.hands
        == new_game("two-handed", seed=table.seed, dealing=salted).state.hands
    )
    assert table.game.state.hands != unsalted.state.hands

    await service.salt(table.id, ALICE.user_id, "pepper")  # during deal 1: for deal 2
    assert (await deal_commits(store, table.id))[2][1] == {0: "pepper"}
    await play_out(service, table, ALICE, BOB, until=lambda t: t.game.deal_no == 2)
    _, review = await service.review(table.id)
    assert review.salts == {1: "lucky 7"} and review.seed == deal_seed(table.deal_key, 1)
    record = table.record()
    assert record.deals[1].salts == {0: "pepper"}


async def test_the_seed_is_never_reachable_while_its_deal_is_played(
    service, store, tmp_path, capsys
):
    table = await open_table(service, "three-handed")
    await service.join(table.id, BOB)
    await service.join(table.id, CAROL)
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE, BOB, CAROL, until=lambda t: t.game.tricks_played >= 2)
    secrets = [table.deal_key.hex(), deal_seed(table.deal_key, 1).hex()]
    told = _everything_shown(table) + _everything_shown(table, "ru")
    log = await game_log(store, table.id)
    told += repr(log) + repr(await store.fetchone("SELECT 1"))
    assert not any(secret in told for secret in secrets)
    assert (await refusal_of(service.review(table.id))).key == "bot.refuse.no_deal_over"
    assert "seed: hidden" in table.record().to_text()
    database = str(tmp_path / "tables.db")
    export = ["record", "export", "--game", str(table.id), "--database", database]
    assert await asyncio.to_thread(record_main, export) == 0  # an operator's read: no deal over yet
    exported = capsys.readouterr().out
    assert "final: unfinished" in exported and "deal 1" not in exported
    assert not any(secret in exported for secret in secrets)

    await play_out(service, table, ALICE, BOB, CAROL, until=lambda t: t.game.deal_no == 2)
    _, review = await service.review(table.id)
    assert review.seed == deal_seed(table.deal_key, 1)
    lines = "\n".join(review_lines(shown(table), review, "ru", _named))
    assert "Честная сдача: зерно" in lines and review.seed.hex() in lines
    assert deal_seed(table.deal_key, 2).hex() not in _everything_shown(table) + lines


async def test_a_restart_between_commit_and_reveal_keeps_both(store):
    service = TableService(store, seed=5, turn_seconds=0)
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    await service.salt(table.id, BOB.user_id, "kept")
    committed = await deal_commits(store, table.id)
    hands = [list(h) for h in table.game.state.hands]
    await service.close()

    again = TableService(store, seed=99, turn_seconds=0)  # another process: nothing in memory
    [resumed] = lives(again, await again.resume())
    assert [list(h) for h in resumed.game.state.hands] == hands
    assert resumed.deal_key == table.deal_key and resumed.salts == {2: {1: "kept"}}
    await play_out(again, resumed, ALICE, BOB, until=lambda t: t.game.deal_no == 2)
    assert await deal_commits(store, table.id) == {
        **committed,
        3: (fingerprint(deal_seed(table.deal_key, 3), table.id, 3), {}),
    }
    unsalted = new_game("two-handed", seed=table.seed, dealing=Dealing(key=table.deal_key))
    for action in resumed.game.history:
        unsalted.apply(action)
    assert unsalted.deal_no == 2 and unsalted.state.hands != resumed.game.state.hands
    record = resumed.record()
    assert record.deals[1].salts == {1: "kept"} and record.deals[0].seed == deal_seed(
        table.deal_key, 1
    )
    assert fingerprint(record.deals[0].seed, table.id, 1) == committed[1][0]
    await again.close()


async def test_a_table_stored_before_fair_dealing_deals_from_its_seed_as_before(store):
    """A lobby written by the older bot (no key) starts after the upgrade with the cards its
    seed always gave; it shows no fingerprint and takes no salt, saying why."""
    async with store.transaction() as tx:
        row = await create_table(
            tx,
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ALICE.user_id,
            variant="two-handed",
            seed=1234,
            seats=[Seat(0, ALICE.name, user_id=ALICE.user_id)],
        )
    service = TableService(store, seed=5, turn_seconds=0)
    [table] = lives(service, await service.resume())
    assert table.deal_key is None and "🔒" not in board_text(shown(table), "en", _named)
    refusal = await refusal_of(service.salt(table.id, ALICE.user_id, "mine"))
    assert refusal.key == "bot.refuse.salt_old_table"
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    assert table.game.state.hands == new_game("two-handed", seed=row.seed).state.hands
    assert await deal_commits(store, table.id) == {}
    await service.close()


async def test_a_salt_leaves_with_the_person_who_gave_it(service, store):
    """Bob salts in the lobby and leaves; Carol takes his seat: deal 1 has no salt of hers, and
    the review never shows her with Bob's word. Mid-game, a leaver's salt for the next deal goes
    with them too."""
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    await service.salt(table.id, BOB.user_id, "bobs-word")
    await service.leave(table.id, BOB)
    await service.join(table.id, CAROL)
    assert (await deal_commits(store, table.id))[1][1] == {}
    await service.start(table.id, ALICE)
    plain = new_game("two-handed", seed=table.seed, dealing=Dealing(key=table.deal_key))
    assert table.game.state.hands == plain.state.hands  # dealt without Bob's word

    await service.salt(table.id, CAROL.user_id, "carols-word")  # for deal 2
    await service.leave(table.id, CAROL)  # forfeits: a computer plays on
    assert (await deal_commits(store, table.id))[2][1] == {}
    await service.join(table.id, CAROL)  # takes her seat back
    await play_out(service, table, ALICE, CAROL, until=lambda t: t.game.deal_no == 2)
    _, review = await service.review(table.id)
    assert review.salts == {}
    assert "bobs-word" not in "\n".join(review_lines(shown(table), review, "en", _named))
    assert table.record().deals[1].salts == {}


#: Discord interaction ids as Discord gives them (a snowflake: its time, then counters).
CLICKS = iter(range(1_456_074_443_980_800_100, 1_456_074_443_980_900_000, 7))


async def test_a_persons_clicks_are_the_draw_a_computers_seat_never_salts(service, store):
    """Deal 1 is dealt with the host's Start click; deal 2 with the last click by a person in
    deal 1 (computers' moves change nothing); the record says so and `verify` checks it."""
    from dataclasses import replace

    from bot.game.verify import verify_deal
    from bot.store.deals import deal_inputs

    table = await open_table(service, "three-handed")
    await service.join(table.id, BOB)
    start = next(CLICKS)
    await service.start(table.id, replace(ALICE, click=start))  # seat 2 goes to a computer
    assert table.draws[1] == start and table.people[1] == (0, 1)
    dealt = Dealing(key=table.deal_key, draws={1: start})
    assert (
        table.game.state.hands
        == new_game("three-handed", seed=table.seed, dealing=dealt).state.hands
    )
    assert (
        table.game.state.hands
        != new_game(
            "three-handed", seed=table.seed, dealing=Dealing(key=table.deal_key)
        ).state.hands
    )

    by_id = {ALICE.user_id: ALICE, BOB.user_id: BOB}
    last = None
    while table.game.deal_no == 1:
        await service.settle()
        if table.game.deal_no != 1:
            break
        seat = table.to_act
        hand = await service.hand(table.id, table.seats[seat].user_id)
        last = next(CLICKS)
        who = replace(by_id[table.seats[seat].user_id], click=last)
        await service.act(table.id, who, hand.legal[0], version=hand.version)
    await service.settle()
    assert table.draws[2] == last  # the last click by a person before deal 2 was dealt
    assert (await deal_inputs(store, table.id))[0] == {1: start, 2: last}

    record = table.record()
    deal = record.deals[0]
    assert deal.draw == start and deal.people == (0, 1)
    text = record.to_text()
    assert f"draw: {start}" in text and "people: 1 2" in text  # seats as people count them
    shown = fingerprint(deal_seed(table.deal_key, 1), table.id, 1)[:32]
    verdict = verify_deal(record, 1, deal.seed, shown, table.id)
    assert verdict.ok and [key for key, _ in verdict.lines()] == ["ok", "draw"]

    # The house adds a salt for the computer's seat (3) until the deal suits it: refused.
    forged = type(record).parse(text.replace("salts: -", 'salts: {"3": "grind"}', 1))
    assert forged.deals[0].salts == {2: "grind"}
    problems = verify_deal(forged, 1, deal.seed, shown, table.id).problems
    assert ("not_a_person", {"seat": 3}) in problems


async def test_a_restart_keeps_each_deals_draw(store):
    """Nothing is lost: the draws are stored as their deals are dealt, so another process deals
    the same cards when it replays the log."""
    from dataclasses import replace

    service = TableService(store, seed=5, turn_seconds=0)
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    await service.start(table.id, replace(ALICE, click=next(CLICKS)))
    by_id = {ALICE.user_id: ALICE, BOB.user_id: BOB}
    while table.game.deal_no == 1:
        hand = await service.hand(table.id, table.seats[table.to_act].user_id)
        who = replace(by_id[table.seats[table.to_act].user_id], click=next(CLICKS))
        await service.act(table.id, who, hand.legal[0], version=hand.version)
    hands, draws = [list(h) for h in table.game.state.hands], dict(table.draws)
    assert set(draws) == {1, 2}
    await service.close()

    again = TableService(store, seed=99, turn_seconds=0)
    [resumed] = lives(again, await again.resume())
    assert [list(h) for h in resumed.game.state.hands] == hands and resumed.draws == draws
    await again.close()
