"""Player records: stats from games played through the table service equal the
figures counted by hand from the same games, deal by deal (RULES C-6, E-7, E-12)."""

from __future__ import annotations

from bot.game.record import GameRecord
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
from bot.store import find_player, game_log, player_stats, recent_games
from bot.store.records import longest_streak
from bot.tables import TableService
from bot.tables.model import Table
from tests.tables.helpers import ALICE, GUILD, open_table, play_out


def counted_by_hand(table: Table, seat: int) -> tuple[int, int, int, int]:
    """(deals, meld that counted, contracts, contracts made) of `seat`, read deal by deal as
    *Review last deal* shows them (each meld's own counted mark, the contract and the result),
    not by the hook's rule (a side's meld credited)."""
    deals = meld = bids = made = 0
    for deal in table.record().deals:
        if deal.result is None:
            continue  # the deal in play when the game was cancelled
        deals += 1
        meld += sum(m.points for m in deal.melds if m.seat == seat and m.counted)
        if deal.contract is not None and deal.contract[0] == seat:
            bids += 1
            made += bool(deal.result.made)
    return deals, meld, bids, made


async def play_game(store, variant: str, target: int, seed: int) -> Table:
    service = TableService(store, seed=seed, turn_seconds=0, hooks=[ledger_hook, records_hook])
    table = await open_table(service, variant, options={"target": target})
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE, seed=seed)
    assert table.game.is_over
    await service.close()
    return table


async def test_stats_of_three_games_equal_the_counts_by_hand(store):
    """Two Check games (a contract set, then one made) and a two-handed game, Alice in seat 0."""
    tables = [
        await play_game(store, "check", 500, seed=8),
        await play_game(store, "check", 500, seed=3),
        await play_game(store, "two-handed", 300, seed=6),
    ]
    alice = await find_player(store, GUILD, user_id=ALICE.user_id)
    stats = await player_stats(store, GUILD, alice.id)

    won = [0 in table.game.view(0).ranking[0] for table in tables]
    assert {(v.variant, v.games, v.wins) for v in stats.variants} == {
        ("check", 2, won[0] + won[1]),
        ("two-handed", 1, int(won[2])),
    }
    assert (stats.games, stats.wins) == (3, sum(won))
    assert stats.longest_streak == longest_streak([1 if w else 2 for w in won])
    counts = [counted_by_hand(table, 0) for table in tables]
    assert (stats.deals, stats.meld, stats.bids, stats.made) == tuple(
        map(sum, zip(*counts, strict=True))
    )
    assert (stats.bids, stats.made, stats.set) == (2, 1, 1)  # E-12: one contract set, one made
    assert stats.meld > 0 and stats.meld_per_deal == stats.meld / stats.deals
    assert counts[2][2] == 0  # two-handed has no auction (RULES §3)

    check = tables[0]
    partners = {table.seats[2].player_id for table in tables[:2]}  # E-1: seats 0 and 2
    assert {c.player_id for c in stats.partners} == partners
    opponents = {t.seats[s].player_id for t in tables[:2] for s in (1, 3)}
    assert {c.player_id for c in stats.opponents} <= opponents | {tables[2].seats[1].player_id}
    assert check.seats[2].player_id == tables[1].seats[2].player_id  # the same 🤖 both times
    assert [(c.games, c.wins) for c in stats.partners] == [(2, won[0] + won[1])]

    only_check = await player_stats(store, GUILD, alice.id, variant="check")
    assert only_check.games == 2 and only_check.deals == counts[0][0] + counts[1][0]
    assert only_check.meld == counts[0][1] + counts[1][1] and only_check.bids == 2


async def test_history_is_newest_first_and_each_game_replays_from_its_log(store):
    first = await play_game(store, "three-handed", 200, seed=3)
    second = await play_game(store, "two-handed-no-trump", 200, seed=4)
    alice = await find_player(store, GUILD, user_id=ALICE.user_id)
    history = await recent_games(store, GUILD, alice.id)
    assert [g.game_id for g in history] == [second.id, first.id]
    assert [g.hints for g in history] == [False, False]
    assert [g.game_id for g in await recent_games(store, GUILD, alice.id, offset=1)] == [first.id]
    log = await game_log(store, first.id)
    record = GameRecord.from_stored(log)
    assert record.finished and record.final_scores == tuple(first.game.seat_scores())
    assert record.names[0] == "Alice" and record.check() == []
    assert await game_log(store, 999) is None


async def test_a_stranger_has_no_stats(store):
    assert await player_stats(store, GUILD, 12345) is None


def test_longest_streak_counts_wins_in_a_row():
    assert longest_streak([]) == 0
    assert longest_streak([2, 1, 1, 3, 1, 1, 1, 2]) == 3
    assert longest_streak([1, 2, 1]) == 1


async def test_a_game_cancelled_after_a_deal_counts_its_finished_deals(store):
    """A cancel after a completed deal rates the game (bot.services.ledger_hook): its deals count too."""
    service = TableService(store, seed=2, turn_seconds=0, hooks=[ledger_hook, records_hook])
    table = await open_table(service, "four-handed", options={"target": 2000})
    await service.start(table.id, ALICE)
    await play_out(service, table, ALICE, until=lambda t: len(t.game.deal_results) == 1)
    await service.cancel(table.id, ALICE)
    await service.close()
    alice = await find_player(store, GUILD, user_id=ALICE.user_id)
    stats = await player_stats(store, GUILD, alice.id)
    assert (stats.games, stats.deals) == (1, 1)
    assert stats.meld == counted_by_hand(table, 0)[1]
