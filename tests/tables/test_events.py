"""Whole league events through the table service, computers filling seats."""

from __future__ import annotations

import asyncio

import pytest

from bot.nights import DealScore, round_scores, standings
from bot.nights.runner import NightRunner
from bot.presentation.texts import numbered, say
from bot.store import Store, get_table, set_guild_settings
from bot.store.nights import absences, event_scores, event_tables, get_event, list_entrants
from bot.tables import Person, Refusal, TableService
from tests.tables.event_support import Notices, dealt_hands, play_event
from tests.tables.helpers import GUILD, live, lives, play_out, refusal_of

PEOPLE = [Person(200 + n, name) for n, name in enumerate("Ann Bob Cy Dee Eve Fay Gus Hal".split())]
ANN, BOB, CY = PEOPLE[:3]
EVENT_CHANNEL = 30


@pytest.fixture
def notices() -> Notices:
    return Notices()


@pytest.fixture
async def make_runner(store):
    """Runners over services of their own on the test's store, all closed at the end (a
    restart is a second one); `seconds` per deal of the round clock."""
    made = []

    async def make(
        notices: Notices, seconds: float = 3600, *, resume: bool = False, owns=lambda guild: True
    ):
        runner = NightRunner(notices, round_seconds_per_deal=seconds)
        service = TableService(
            store, seed=3 + len(made), turn_seconds=0, hooks=[runner.hook], owns=owns
        )
        made.append((runner, service))
        if resume:
            await service.resume()
        await runner.attach(service)
        return runner

    yield make
    for runner, service in reversed(made):
        await runner.close()
        await service.close()


@pytest.fixture
async def runner(make_runner, notices):
    """A runner with rounds long enough never to run out in a test."""
    return await make_runner(notices)


async def new_event(runner, people, **options):
    settings = {"variant": "two-handed", "rounds": 2, "deals_per_round": 2, **options}
    event = await runner.create(
        guild_id=GUILD, channel_id=EVENT_CHANNEL, organiser=ANN, name="Friday", **settings
    )
    for person in people:
        await runner.join(event.id, person)
    return event


async def test_a_duplicate_event_plays_the_same_deals_at_every_table_and_ranks_by_matchpoints(
    runner, notices, store
):
    people = PEOPLE[:5]  # five two-handed players: two pairs and one against a computer
    event = await new_event(runner, people)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)

    event = await get_event(store, event.id)
    assert event.status == "finished" and event.round == 2
    tables = await event_tables(store, event.id)
    assert [(t.round, t.table_no, t.done) for t in tables] == [
        (r, n, True) for r in (1, 2) for n in range(3)
    ]
    for round_no in (1, 2):
        rows = [await get_table(store, t.table_id) for t in tables if t.round == round_no]
        assert len({(row.seed, row.deal_key) for row in rows}) == 1  # one seed and key per round
        hands = [await dealt_hands(runner.service, row) for row in rows]
        assert all(h[:2] == hands[0][:2] for h in hands)  # deals 1 and 2 identical everywhere
        assert all(row.status == "finished" for row in rows)

    # Matchpoints by hand from the stored deal results, against the posted final table.
    scores = await event_scores(store, event.id)
    by_cards = {}
    for s in scores:
        by_cards.setdefault((s.round, s.deal, s.seat), []).append(s)
    expected = {}
    for group in by_cards.values():
        for mine in group:
            if mine.user_id is None:
                continue
            mp = sum(
                2 if o.score < mine.score else 1 if o.score == mine.score else 0 for o in group
            )
            expected[mine.user_id] = expected.get(mine.user_id, 0) + mp - 1  # not against oneself
    final = notices.boards[-1]
    assert final.final and final.round == 2
    assert {s.player: s.total for s, _, _ in final.rows} == {
        p.user_id: expected.get(p.user_id, 0) for p in people
    }
    assert [s.place for s, _, _ in final.rows] == sorted(s.place for s, _, _ in final.rows)
    assert len(notices.boards) == 2  # after round 1, and the final table


async def test_swiss_round_two_has_no_rematch(runner, store):
    people = PEOPLE[:6]
    event = await new_event(runner, people)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    pairs = {1: [], 2: []}
    for t in await event_tables(store, event.id):
        row = await get_table(store, t.table_id)
        pairs[t.round].append(frozenset(s.user_id for s in row.seats))
    assert len(pairs[1]) == len(pairs[2]) == 3
    assert not set(pairs[1]) & set(pairs[2])


async def test_without_duplicate_every_table_has_its_own_deals_and_ranks_by_points(
    runner, notices, store
):
    people = PEOPLE[:4]
    event = await new_event(runner, people, duplicate=False, rounds=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    rows = [await get_table(store, t.table_id) for t in await event_tables(store, event.id)]
    assert len({row.seed for row in rows}) == 2
    points = {}
    for s in await event_scores(store, event.id):
        if s.user_id is not None:
            points[s.user_id] = points.get(s.user_id, 0) + s.score
    assert {s.player: s.total for s, _, _ in notices.boards[-1].rows} == points


@pytest.mark.parametrize(
    ("variant", "count"), [("three-handed", 4), ("partnership", 5), ("check", 4)]
)
async def test_multi_hand_events_seat_everyone_and_fill_with_computers(
    runner, notices, store, variant, count
):
    people = PEOPLE[:count]
    event = await new_event(runner, people, variant=variant, rounds=2, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    assert (await get_event(store, event.id)).status == "finished"
    for round_no in (1, 2):
        seated = []
        for t in await event_tables(store, event.id, round_no):
            row = await get_table(store, t.table_id)
            seated += [s.user_id for s in row.seats if s.user_id is not None]
            assert any(s.user_id is not None for s in row.seats)
        assert sorted(seated) == sorted(p.user_id for p in people)
    assert len(notices.boards[-1].rows) == count


async def test_a_no_show_is_played_by_the_computer_and_scores_zero_for_the_round(
    make_runner, notices, store
):
    runner = await make_runner(notices, seconds=0.05)
    people = PEOPLE[:3]  # Ann-Bob, and Cy against a computer; Cy never shows up
    event = await new_event(runner, people, rounds=1, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people, skip=frozenset({CY.user_id}))
    for _ in range(1000):  # the round's clock (0.05 s) runs out, then the computer plays Cy's seat
        await asyncio.sleep(0.01)
        await runner.service.settle()
        await runner.settle()
        if (await get_event(store, event.id)).status == "finished":
            break
    assert (await get_event(store, event.id)).status == "finished"
    assert "events.line.time_up" in notices.keys
    assert (CY.user_id, 1) in await absences(store, event.id)
    final = {s.player: s for s, _, _ in notices.boards[-1].rows}
    assert final[CY.user_id].total == 0
    cy_scores = [s for s in await event_scores(store, event.id) if s.user_id == CY.user_id]
    assert cy_scores  # the computer's results are kept for the comparisons


async def test_pause_and_resume_across_a_restart_and_ratings_update_once(
    make_runner, notices, store
):
    runner = await make_runner(notices)
    people = PEOPLE[:4]
    event = await new_event(runner, people, rounds=2, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people, rounds=1)
    event = await get_event(store, event.id)
    assert event.round == 2  # round 1 done, round 2 open
    paused = await runner.pause(event.id, ANN, manager=False)
    assert paused.status == "paused" and paused.time_left > 0 and paused.deadline is None
    await runner.close()
    await runner.service.close()

    # A new process on the same database: its tables and the event come back.
    runner = await make_runner(Notices(), resume=True)
    assert {t.event.round for t in runner.service.tables()} == {2}
    with pytest.raises(Refusal) as refused:
        await runner.start(event.id, BOB)
    assert refused.value.key == "events.refuse.not_organiser"
    again = await runner.start(event.id, ANN)
    assert again.status == "running" and again.deadline is not None
    await play_event(runner, runner.service, people)
    assert (await get_event(store, event.id)).status == "finished"

    games = await store.fetchall("SELECT id, table_id FROM games ORDER BY id")
    tables = [t.table_id for t in await event_tables(store, event.id)]
    assert sorted(g["table_id"] for g in games) == sorted(tables)  # each table's game rated once
    rated = await store.fetchall(
        "SELECT p.user_id, r.games FROM ratings r JOIN players p ON p.id = r.player_id"
        " WHERE r.season_id = 0"
    )
    assert {row["user_id"]: row["games"] for row in rated} == {p.user_id: 2 for p in people}


async def test_computer_fillers_are_never_rated(runner, store):
    people = PEOPLE[:3]
    event = await new_event(runner, people, rounds=1, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    rated = await store.fetchall(
        "SELECT p.user_id FROM ratings r JOIN players p ON p.id = r.player_id"
    )
    assert {row["user_id"] for row in rated} == {ANN.user_id, BOB.user_id}


async def test_standings_order_matches_a_hand_count_after_each_round(runner, notices, store):
    people = PEOPLE[:4]
    event = await new_event(runner, people, rounds=2, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    scores = [
        DealScore(s.round, s.table_no, s.deal, s.seat, s.user_id, s.score)
        for s in await event_scores(store, event.id)
    ]
    entrants = [e.user_id for e in await list_entrants(store, event.id)]
    after_one = standings(
        entrants, round_scores([s for s in scores if s.round == 1], duplicate=True), 1
    )
    assert [(s.player, s.total) for s, _, _ in notices.boards[0].rows] == [
        (s.player, s.total) for s in after_one
    ]


async def test_dropping_an_entrant_hands_their_seat_to_the_computer_and_leaves_them_out(
    runner, notices, store
):
    people = PEOPLE[:4]
    event = await new_event(runner, people, rounds=2, deals_per_round=1)
    await runner.start(event.id, ANN)
    with pytest.raises(Refusal) as refused:
        await runner.drop(event.id, BOB, CY.user_id, manager=False)
    assert refused.value.key == "events.refuse.not_organiser"
    await runner.drop(event.id, ANN, CY.user_id, manager=False)
    await play_event(runner, runner.service, people)
    round_two = [await get_table(store, t.table_id) for t in await event_tables(store, event.id, 2)]
    assert CY.user_id not in {s.user_id for row in round_two for s in row.seats}
    dropped = [dropped for _, _, dropped in notices.boards[-1].rows]
    assert dropped.count(True) == 1


async def test_refusals_change_nothing(runner, store):
    with pytest.raises(Refusal) as refused:
        await runner.create(
            guild_id=GUILD, channel_id=1, organiser=ANN, name="X", variant="two-handed", rounds=0
        )
    assert refused.value.key == "events.refuse.rounds"
    event = await new_event(runner, [ANN])
    with pytest.raises(Refusal) as refused:
        await runner.join(event.id, ANN)
    assert refused.value.key == "events.refuse.joined"
    with pytest.raises(Refusal) as refused:
        await runner.start(event.id, ANN)
    assert refused.value.key == "events.refuse.too_few"
    with pytest.raises(Refusal) as refused:
        await runner.create(
            guild_id=GUILD, channel_id=1, organiser=BOB, name="friday", variant="check", rounds=1
        )
    assert refused.value.key == "events.refuse.name_taken"
    with pytest.raises(Refusal) as refused:
        await runner.pause(event.id, ANN, manager=False)
    assert refused.value.key == "events.refuse.not_running"
    assert (await get_event(store, event.id)).status == "signup"
    assert [e.user_id for e in await list_entrants(store, event.id)] == [ANN.user_id]
    ended = await runner.end(event.id, ANN, manager=False)
    assert ended.status == "cancelled"


async def test_an_event_starts_by_itself_at_its_start_time(runner, store):
    event = await runner.create(
        guild_id=GUILD,
        channel_id=EVENT_CHANNEL,
        organiser=ANN,
        name="Timed",
        variant="two-handed",
        rounds=1,
        starts_at=runner.service.clock() + 2,  # time enough for two to sign up first
    )
    for person in PEOPLE[:2]:
        await runner.join(event.id, person)
    assert (await get_event(store, event.id)).status == "signup"
    for _ in range(2000):
        await asyncio.sleep(0.01)
        if (await get_event(store, event.id)).status == "running":
            break
    assert (await get_event(store, event.id)).status == "running"
    assert len(await event_tables(store, event.id, 1)) == 1


async def test_event_tables_give_no_hints(runner, store):
    """Hints are off in events; asking at an event table is refused and changes nothing."""
    people = PEOPLE[:2]
    event = await new_event(runner, people)
    await runner.start(event.id, ANN)
    [table] = lives(runner.service)
    seat = table.game.to_act
    asker = next(p for p in people if table.seat_of(p.user_id) == seat)
    version = table.version
    with pytest.raises(Refusal) as refused:
        await runner.service.hint(table.id, asker)
    assert refused.value.key == "records.refuse.hints_off"
    assert table.version == version and not table.hints


async def test_a_process_runs_only_the_events_of_the_guilds_it_owns(make_runner, notices, store):
    """Sharded processes: an event belongs to its guild's shard; another shard's
    process on the same database never starts or drives it."""
    first = await make_runner(notices)
    event = await first.create(
        guild_id=GUILD,
        channel_id=EVENT_CHANNEL,
        organiser=ANN,
        name="Elsewhere",
        variant="two-handed",
        rounds=1,
        starts_at=first.service.clock() + 1,
    )
    for person in PEOPLE[:2]:
        await first.join(event.id, person)
    await first.close()
    await first.service.close()

    other = await make_runner(Notices(), resume=True, owns=lambda guild: guild != GUILD)
    for _ in range(30):  # well past its start time
        await asyncio.sleep(0.1)
    assert (await get_event(store, event.id)).status == "signup"
    assert other.service.tables() == ()


async def test_ending_mid_round_closes_its_tables_and_makes_the_standings_final(
    runner, notices, store
):
    people = PEOPLE[:4]
    event = await new_event(runner, people, rounds=3, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people, rounds=1)
    ended = await runner.end(event.id, ANN, manager=False)
    assert ended.status == "finished" and ended.round == 2
    round_two = [await get_table(store, t.table_id) for t in await event_tables(store, event.id, 2)]
    assert {row.status for row in round_two} == {"cancelled"}
    assert notices.boards[-1].final
    assert {s.player for s, _, _ in notices.boards[-1].rows} == {p.user_id for p in people}


MANAGER = Person(990, "Mod")


@pytest.mark.parametrize("how", ["dropped", "left"])
async def test_a_drop_is_final_the_person_cannot_take_the_seat_back(runner, store, how):
    people = PEOPLE[:2]
    event = await new_event(runner, people, rounds=2, deals_per_round=2)
    await runner.start(event.id, ANN)
    [table] = lives(runner.service)
    if how == "dropped":
        await runner.drop(event.id, ANN, BOB.user_id, manager=False)
    else:
        await runner.leave(event.id, BOB)
    seat = table.seat_of(BOB.user_id)
    version = table.version
    with pytest.raises(Refusal) as refused:
        await runner.service.join(table.id, BOB)
    assert refused.value.key == "events.refuse.dropped_out"
    assert table.seats[seat].away_strikes > 0 and table.version == version  # the computer plays on
    for lang in ("en", "ru"):
        assert "{" not in say(refused.value, lang, numbered)


@pytest.mark.parametrize("gone", ["cancelled", "lease in doubt"])
async def test_end_skips_a_table_no_longer_held_and_always_makes_the_standings_final(
    runner, notices, store, gone
):
    people = PEOPLE[:4]  # two tables
    event = await new_event(runner, people, rounds=3, deals_per_round=2)
    await runner.start(event.id, ANN)
    first, second = lives(runner.service)
    if gone == "cancelled":  # a manager's /pinochle cancel
        await runner.service.cancel(first.id, MANAGER, manager=True)
    else:  # what the store's word SUSPENDED does to a table (`bot.tables.leases`)
        first.moving = True
    ended = await runner.end(event.id, ANN, manager=False)
    assert ended.status == "finished"
    assert (await get_table(store, second.id)).status == "cancelled"
    assert [t.id for t in runner.service.tables()] == ([] if gone == "cancelled" else [first.id])
    assert notices.boards[-1].final
    assert {s.player for s, _, _ in notices.boards[-1].rows} == {p.user_id for p in people}


async def test_a_round_whose_last_table_a_manager_closed_moves_on_without_its_clock(runner, store):
    people = PEOPLE[:4]
    event = await new_event(runner, people, rounds=2, deals_per_round=1)
    await runner.start(event.id, ANN)
    _, second = lives(runner.service)
    await play_event(
        runner, runner.service, people, skip=frozenset(s.user_id for s in second.seats.values())
    )
    assert (await get_event(store, event.id)).round == 1  # waits for the second table
    await runner.service.cancel(second.id, MANAGER, manager=True)
    await runner.settle()
    assert (await get_event(store, event.id)).round == 2


async def test_a_rematch_of_an_event_table_is_an_ordinary_game(runner, store):
    people = PEOPLE[:2]
    event = await new_event(runner, people, rounds=1, deals_per_round=1)
    await runner.start(event.id, ANN)
    await play_event(runner, runner.service, people)
    [done] = await event_tables(store, event.id)
    opened = await runner.service.rematch(done.table_id, ANN)
    new = live(runner.service, opened.table.id)
    assert new.event is None and "target" not in new.options
    await runner.service.join(new.id, BOB)
    await runner.service.start(new.id, ANN)
    assert new.game.options["target"] == 1000  # two-handed's own target: the game can end


class FlakyNotices(Notices):
    """Notices whose `place` fails while `failing` is set (Discord refusing threads), from
    table `fail_from` of a round on."""

    failing = False
    fail_from = 0
    standings_failures = 0

    async def place(self, event, round_no, table_no, people):
        if self.failing and table_no >= self.fail_from:
            raise ConnectionError("no threads today")
        return await super().place(event, round_no, table_no, people)

    async def standings(self, event, board):
        if self.standings_failures:
            self.standings_failures -= 1
            raise ConnectionError("Discord had a bad second")
        return await super().standings(event, board)


@pytest.mark.parametrize(
    ("duplicate", "key"),
    [
        (False, "round_held"),  # table 1 falls back to the channel, table 2 has no room
        (True, "round_held_private"),  # table 1 has its place, table 2 none: no channel for it
    ],
)
async def test_a_round_that_cannot_open_pauses_the_event_and_start_tries_again(
    make_runner, store, duplicate, key
):
    notices = FlakyNotices()
    notices.fail_from = 1 if duplicate else 0
    runner = await make_runner(notices)
    runner.place_retries = (0.0, 0.0)
    people = PEOPLE[:4]  # two tables a round: at most one fits in the event's channel
    event = await new_event(runner, people, rounds=2, deals_per_round=1, duplicate=duplicate)
    await runner.start(event.id, ANN)
    round_1 = set(notices.members)
    notices.failing = True
    await play_event(runner, runner.service, people, rounds=1)
    held = await get_event(store, event.id)
    assert held.status == "paused" and held.round == 1
    assert [t.key for t in notices.alerts] == [f"events.line.{key}"]
    assert runner.service.tables() == ()  # nothing half-open
    # A place made for round 2 before the round was held is taken back (no empty thread stays).
    assert set(notices.forgotten) == set(notices.members) - round_1
    assert bool(notices.forgotten) == duplicate
    with pytest.raises(Refusal) as refused:  # still failing: refused, nothing changes
        await runner.start(event.id, ANN)
    assert refused.value.key == f"events.refuse.{key}"
    assert (await get_event(store, event.id)).status == "paused"
    notices.failing = False
    again = await runner.start(event.id, ANN)
    assert again.status == "running" and again.round == 2
    assert len(runner.service.tables()) == 2


async def test_nobody_is_kicked_at_an_event_table(runner, store):
    """The host of an event table cannot take an away entrant's seat (and their deals) away."""
    people = PEOPLE[:2]
    event = await new_event(runner, people)
    await runner.start(event.id, ANN)
    [table] = lives(runner.service)
    host = next(p for p in people if p.user_id == table.host_id)
    other = next(p for p in people if p is not host)
    await runner.service.cover(table.id, other.user_id)  # away, the computer plays for them
    with pytest.raises(Refusal) as refused:
        await runner.service.kick(table.id, host, table.seat_of(other.user_id))
    assert refused.value.key == "bot.refuse.event_kick"
    assert table.seat_of(other.user_id) is not None


@pytest.mark.parametrize("name", ["\u200b", " \u200b\u2060 "])
async def test_an_invisible_name_is_no_name(runner, name):
    with pytest.raises(Refusal) as refused:
        await runner.create(
            guild_id=GUILD, channel_id=1, organiser=ANN, name=name, variant="check", rounds=1
        )
    assert refused.value.key == "events.refuse.name"


async def test_once_the_rounds_time_is_up_a_seat_is_not_taken_back(make_runner, store):
    """Else a player could rejoin after each cover and hold the next round for ever."""
    runner = await make_runner(Notices(), seconds=0.05)
    people = PEOPLE[:2]
    event = await new_event(runner, people, rounds=2, deals_per_round=10)
    await runner.start(event.id, ANN)
    [table] = lives(runner.service)
    for _ in range(500):  # the round's clock (0.5 s) runs out; the computer covers both seats
        await asyncio.sleep(0.01)
        if all(s.away_strikes for s in table.seats.values()):
            break
    # ten deals of computer play are still to come: the table is there to ask
    with pytest.raises(Refusal) as refused:
        await runner.service.join(table.id, BOB)
    assert refused.value.key == "events.refuse.time_up"
    assert table.seats[table.seat_of(BOB.user_id)].away_strikes


async def test_a_final_table_that_fails_to_post_once_is_posted_on_the_next_try(make_runner, store):
    notices = FlakyNotices()
    runner = await make_runner(notices)
    runner.place_retries = (0.0,)
    event = await new_event(runner, PEOPLE[:2], rounds=1, deals_per_round=1)
    await runner.start(event.id, ANN)
    notices.standings_failures = 1
    await play_event(runner, runner.service, PEOPLE[:2])
    event = await get_event(store, event.id)
    assert event.status == "finished" and event.standings_messages == (77,)
    assert [board.final for board in notices.boards] == [True]


async def test_a_drop_before_the_start_is_final_too(runner, notices, store):
    event = await new_event(runner, [ANN, BOB], rounds=1, deals_per_round=1)
    await runner.drop(event.id, ANN, BOB.user_id, manager=False)
    # No signing up again, nor taking one's name off to sign up again.
    for again, key in ((runner.join, "dropped_signup"), (runner.leave, "not_entered")):
        with pytest.raises(Refusal) as refused:
            await again(event.id, BOB)
        assert refused.value.key == f"events.refuse.{key}"
    with pytest.raises(Refusal) as refused:
        await runner.start(event.id, ANN)
    assert refused.value.key == "events.refuse.too_few"  # Bob does not count
    await runner.join(event.id, CY)
    await runner.start(event.id, ANN)
    [table] = lives(runner.service)
    assert BOB.user_id not in {s.user_id for s in table.seats.values()}
    await play_event(runner, runner.service, [ANN, CY])
    assert {s.player for s, _, _ in notices.boards[-1].rows} == {ANN.user_id, CY.user_id}


@pytest.mark.parametrize("duplicate", [True, False])
async def test_a_round_deals_fairly_and_takes_salts_only_where_its_cards_are_its_own(
    runner, store, duplicate
):
    """A duplicate round's tables share one secret key (the same cards); a salt would change
    one table's cards only, so it is refused there, and taken where each table deals its own."""
    people = PEOPLE[:4]
    event = await new_event(runner, people, duplicate=duplicate)
    await runner.start(event.id, ANN)
    tables = [t for t in lives(runner.service) if t.event is not None]
    assert len(tables) == 2 and all(t.deal_key is not None for t in tables)
    assert (tables[0].deal_key == tables[1].deal_key) is duplicate
    person = next(p for p in people if tables[0].seat_of(p.user_id) is not None)
    if duplicate:
        refusal = await refusal_of(runner.service.salt(tables[0].id, person.user_id, "mine"))
        assert refusal.key == "bot.refuse.salt_duplicate"
    else:
        done = await runner.service.salt(tables[0].id, person.user_id, "mine")
        assert done.private[0].params["deal"] == 2
        await play_out(runner.service, tables[0], *people, until=lambda t: t.game.deal_no == 2)
        last = await refusal_of(runner.service.salt(tables[0].id, person.user_id, "more"))
        assert last.key == "bot.refuse.salt_no_deal"  # the round's last deal: none comes after


async def test_an_event_is_found_by_its_name_as_the_store_tells_names_apart(runner):
    """What `/league event … name:` and its autocomplete ask: case, Unicode forms and runs of
    spaces do not matter; a finished event is found only when asked for, another server's never."""
    summer = await runner.create(
        guild_id=GUILD, channel_id=1, organiser=ANN, name="ÉTÉ  Night", variant="check", rounds=1
    )
    spring = await runner.create(
        guild_id=GUILD, channel_id=2, organiser=ANN, name="Spring", variant="two-handed", rounds=1
    )
    for person in (ANN, BOB):
        await runner.join(spring.id, person)
    await runner.start(spring.id, ANN)
    assert (await runner.end(spring.id, ANN, manager=False)).status == "finished"
    never = await runner.create(
        guild_id=GUILD, channel_id=3, organiser=ANN, name="Never", variant="check", rounds=1
    )
    await runner.end(never.id, ANN, manager=False)  # cancelled before it started
    assert (await runner.named(GUILD, "été night")).id == summer.id
    assert await runner.named(GUILD, "spring") is None
    assert (await runner.named(GUILD, "SPRING", over=True)).id == spring.id
    assert await runner.named(GUILD, "never", over=True) is None
    assert await runner.named(GUILD + 1, "été night") is None
    assert [e.id for e in await runner.open_named_like(GUILD, "é n")] == [summer.id]
    assert await runner.open_named_like(GUILD, "spr") == []


async def test_a_round_moves_on_however_late_its_last_table_commits(postgres_url):
    """On PostgreSQL the round's check reads on a connection of its own: it waits for the action
    that finished the table to commit (it holds its table's lock until then), so a slow commit
    never leaves the finished round waiting for its clock."""
    store = await Store.open(postgres_url)
    runner = NightRunner(Notices())

    async def slow_commit(tx, table, events) -> None:
        if table.event is not None and table.over:
            await asyncio.sleep(0.2)  # after the runner's hook heard the table end

    service = TableService(store, seed=3, turn_seconds=0, hooks=[runner.hook, slow_commit])
    try:
        async with store.transaction() as tx:
            await set_guild_settings(tx, GUILD, new_cooldown=0)
        await runner.attach(service)
        event = await new_event(runner, PEOPLE[:2], rounds=1, deals_per_round=1)
        await runner.start(event.id, ANN)
        await play_event(runner, service, PEOPLE[:2])
        assert (await get_event(store, event.id)).status == "finished"
    finally:
        await runner.close()
        await service.close()
        await store.close()


@pytest.mark.parametrize("duplicate", [True, False])
async def test_only_a_duplicate_rounds_tables_deal_without_peoples_clicks(runner, store, duplicate):
    """Every table of a duplicate round must get the same cards: no person's click goes into
    them (docs/fair-deals.md, "The draw"); at other event tables the clicks do."""
    from dataclasses import replace

    from bot.store.deals import deal_inputs

    people = [replace(p, click=1_456_074_443_980_800_100 + 7 * n) for n, p in enumerate(PEOPLE[:4])]
    event = await new_event(runner, people, rounds=1, duplicate=duplicate)
    await runner.start(event.id, people[0])
    await play_event(runner, runner.service, people)
    rows = [await get_table(store, t.table_id) for t in await event_tables(store, event.id)]
    draws = [(await deal_inputs(store, row.id))[0] for row in rows]
    if duplicate:
        assert draws == [{}] * len(rows)
        assert len({str(await dealt_hands(runner.service, row)) for row in rows}) == 1
    else:
        assert all(2 in drawn for drawn in draws)  # deal 2 took a person's click
