"""The ledger hook on real engine games: every Check deal settled once, every game recorded.

Check Pinochle settles per RULES §7.5 (E-15: each member of the receiving side
collects from one opponent) and E-16..E-19; the game's winner comes from the
engine's ranking (E-14: the declaring side is counted first, so it may win on
fewer points).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import pytest

from bot.game import VARIANTS
from bot.game.events import DealEnded, GameOver, Melded
from bot.game.record import GameRecord, RecordCache
from bot.services.ledger_hook import best_melds, ledger_hook
from bot.services.records_hook import records_hook, seat_deals
from bot.store import balance, game_results, history, is_settled, ledger_check, player_profile
from bot.store.records import deal_stats
from bot.tables import model
from bot.tables.facts import facts_of

from .helpers import GUILD, play, seat_table


def chips_by_seat(game) -> list[int]:
    return [sum(result.chips[seat] for result in game.deal_results) for seat in range(4)]


async def settlement_count(store) -> int:
    return (await store.fetchone("SELECT COUNT(*) FROM settlements"))[0]


async def test_a_check_game_settles_each_deal_once_even_when_the_hook_runs_twice(store):
    table = await seat_table(store, "check", 4)
    await play(store, table, seed=0, runs=2)
    game = table.game
    assert len(game.deal_results) == 8

    assert await ledger_check(store) == []
    assert await settlement_count(store) == len(game.deal_results)
    assert all([await is_settled(store, table.id, r.deal) for r in game.deal_results])
    moved = [t for r in game.deal_results for t in r.transfers if t.checks]
    assert (await history(store, GUILD)).total == len(moved)
    balances = [await balance(store, GUILD, table.seats[seat].player_id) for seat in range(4)]
    assert balances == chips_by_seat(game)
    assert sum(balances) == 0 and any(balances)
    # E-15: partners collect and pay alike.
    assert balances[0] == balances[2] and balances[1] == balances[3]


async def test_a_retry_after_the_game_changes_nothing(store):
    table = await seat_table(store, "check", 4)
    played = await play(store, table, seed=3)
    before = [await balance(store, GUILD, table.seats[seat].player_id) for seat in range(4)]
    async with store.transaction() as tx:  # the whole game's events again, as after a restart
        for events in played:
            await ledger_hook(tx, facts_of(table, events), events)
    assert [await balance(store, GUILD, table.seats[s].player_id) for s in range(4)] == before
    assert await settlement_count(store) == len(table.game.deal_results)
    assert len({row.game_id for row in await game_results(store, GUILD)}) == 1
    assert await ledger_check(store) == []


async def test_a_rolled_back_action_settles_nothing_and_its_retry_settles_once(store):
    """The service runs the hook in the action's transaction: if that fails, the deal stays open."""
    table = await seat_table(store, "check", 4)

    async def crash_at_first_deal_end(tx, table, events):
        await ledger_hook(tx, table, events)
        if any(isinstance(event, DealEnded) for event in events):
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        await play(store, table, seed=2, hook=crash_at_first_deal_end)
    assert not await is_settled(store, table.id, 1)
    assert (await history(store, GUILD)).total == 0
    await play(store, table, seed=2)
    assert await settlement_count(store) == len(table.game.deal_results)
    assert [
        await balance(store, GUILD, table.seats[s].player_id) for s in range(4)
    ] == chips_by_seat(table.game)


async def test_the_league_records_the_engines_ranking_not_the_higher_score(store):
    """Seed 6: both sides pass 1000 in the last deal; E-14 lets the declarers (1 & 3) win on fewer points."""
    table = await seat_table(store, "check", 4)
    played = await play(store, table, seed=6)
    over = played[-1][-1]
    assert isinstance(over, GameOver) and over.ranking == ((1, 3), (0, 2))
    assert over.scores[0] > over.scores[1]

    rows = await game_results(store, GUILD)
    assert [(r.seat, r.display_name, r.team, r.score, r.rank) for r in rows] == [
        (0, "North", 0, over.scores[0], 2),
        (1, "East", 1, over.scores[1], 1),
        (2, "South", 0, over.scores[0], 2),
        (3, "West", 1, over.scores[1], 1),
    ]
    assert {(r.game_id, r.table_id, r.variant, r.family) for r in rows} == {
        (table.id, table.id, "check", "partnership")
    }


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "check"])
async def test_other_variants_are_recorded_with_teams_and_ranks_and_settle_no_chips(store, variant):
    players = VARIANTS[variant].players
    table = await seat_table(store, variant, players)
    over = (await play(store, table, seed=1))[-1][-1]
    assert isinstance(over, GameOver)
    rank = {seat: place for place, side in enumerate(over.ranking, 1) for seat in side}
    rows = await game_results(store, GUILD)
    partnership = VARIANTS[variant].partnership
    assert [(r.seat, r.team, r.score, r.rank) for r in rows] == [
        (seat, seat % 2 if partnership else seat, over.scores[seat], rank[seat])
        for seat in range(players)
    ]
    assert await settlement_count(store) == 0 and (await history(store, GUILD)).total == 0


async def test_best_melds_replay_the_melds_shown_during_the_game(store):
    table = await seat_table(store, "four-handed", 4)
    played = await play(store, table, seed=2)
    shown = Counter()
    top: dict[int, int] = {}
    for event in (e for events in played for e in events if isinstance(e, Melded)):
        for meld in event.melds:
            shown[event.seat] += 1
            top[event.seat] = max(top.get(event.seat, 0), meld.points)
    best = best_melds(table.record())
    assert set(best) == set(shown) and {seat: points for seat, (_, points) in best.items()} == top
    profile = await player_profile(store, GUILD, table.seats[0].player_id)
    assert [(m.meld, m.points) for m in profile.best_melds] == [best[0]]


async def test_computer_seats_sharing_one_player_settle_their_net_and_are_not_rated(store, caplog):
    """Three easy computers are one player: the transfers among them are a wash, not a refusal."""
    table = await seat_table(store, "check", 4, computers=(1, 2, 3))
    assert len({table.seats[s].player_id for s in (1, 2, 3)}) == 1
    with caplog.at_level(logging.WARNING, logger="bot.services.ledger_hook"):
        await play(store, table, seed=4)
    chips = chips_by_seat(table.game)
    assert await balance(store, GUILD, table.seats[0].player_id) == chips[0]
    assert await balance(store, GUILD, table.seats[1].player_id) == chips[1] + chips[2] + chips[3]
    assert await ledger_check(store) == []
    assert await game_results(store, GUILD) == []
    assert "not rated" in caplog.text


async def test_tables_settling_at_the_same_time_lose_and_duplicate_nothing(store):
    tables = [await seat_table(store, "check", 4, channel=10 + n) for n in range(3)]
    await asyncio.gather(*(play(store, table, seed=n) for n, table in enumerate(tables)))
    assert await ledger_check(store) == []
    assert await settlement_count(store) == sum(len(t.game.deal_results) for t in tables)
    # The same four people sit at every table: their balances add up across the games.
    expected = [sum(chips_by_seat(t.game)[seat] for t in tables) for seat in range(4)]
    assert [await balance(store, GUILD, tables[0].seats[s].player_id) for s in range(4)] == expected
    assert len({row.game_id for row in await game_results(store, GUILD)}) == 3


async def test_both_game_end_hooks_read_one_replay_of_the_game(store, monkeypatch):
    """When a game ends, the league record (best melds) and the deal figures come from one
    record of the game, built once: not a replay per hook."""
    table = await seat_table(store, "check", 4)
    builds: list[int] = []
    build = GameRecord.from_log.__func__

    def counted(cls, variant, options, seed, actions, **kwargs):
        builds.append(len(actions))
        return build(cls, variant, options, seed, actions, **kwargs)

    monkeypatch.setattr(GameRecord, "from_log", classmethod(counted))
    monkeypatch.setattr(model, "RECORDS", RecordCache())  # none kept from an earlier test

    async def both(tx, table, events) -> None:
        await ledger_hook(tx, table, events)
        await records_hook(tx, table, events)

    await play(store, table, seed=5, hook=both)
    assert builds == [len(table.game.history)]
    profile = await player_profile(store, GUILD, table.seats[0].player_id)
    best = best_melds(table.record())
    assert [(m.meld, m.points) for m in profile.best_melds] == ([best[0]] if 0 in best else [])
    assert len({row.game_id for row in await game_results(store, GUILD)}) == 1
    assert await deal_stats(store, table.id) == seat_deals(table.record())
    assert builds == [len(table.game.history)]  # read again: still the one record
