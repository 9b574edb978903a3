"""The forfeit policy: leaving, kicking or cancelling cannot dodge a loss or take away a win.

Check Pinochle (RULES §7): the leaver pays the game premium (E-20) at once to the opponent E-15
pairs them with; the seat then neither collects nor pays; the leaver's side is ranked last.
"""

from __future__ import annotations

from bot.game import game_checks
from bot.presentation.texts import plain_namer, say
from bot.services.ledger_hook import FORFEIT_DEAL, ledger_hook
from bot.store import balance, game_results, is_settled, ledger_check
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, GUILD, open_table, play_out, refusal_of, shown


async def check_table(store, people=(BOB,)):
    """A Check table to 1000 with Alice, the given people and computers, started."""
    service = TableService(store, seed=5, turn_seconds=0, hooks=[ledger_hook])
    table = await open_table(service, "check", options={"target": 1000})
    for person in people:
        await service.join(table.id, person)
    await service.start(table.id, ALICE)
    return service, table


async def balances(store, table) -> dict[int, int]:
    players = {seat.player_id for seat in table.seats.values()} | set(table.left.values())
    return {player: await balance(store, GUILD, player) for player in players}


def paired_opponent(table, seat: int) -> int:
    """E-15 pairs N with E and S with W: seat 0 with 1, seat 2 with 3."""
    return seat + 1 if seat % 2 == 0 else seat - 1


async def test_a_leaver_pays_the_game_premium_at_once_then_neither_wins_nor_loses(store):
    service, table = await check_table(store)
    await play_out(service, table, ALICE, BOB, until=lambda t: len(t.game.deal_results) >= 1)
    alice, game = table.seat_of(ALICE.user_id), table.game
    own, other = (
        game.scores[game.party(alice)] * game.scale,
        game.scores[1 - game.party(alice)] * game.scale,
    )
    premium = game_checks(other, own)
    payee = table.seats[paired_opponent(table, alice)].player_id
    before = await balances(store, table)

    left = await service.leave(table.id, ALICE)
    assert left.private[0].key == "bot.done.left_game"
    said = [say(text, "en", plain_namer(shown(table))) for text in left.public]
    assert said[1] == f"Chips — Alice: forfeit −{premium} = −{premium}."
    russian = say(left.public[1], "ru", plain_namer(shown(table)))
    assert russian == f"Фишки — Alice: неустойка за уход −{premium} = −{premium}."
    after = await balances(store, table)
    assert after[table.seats[alice].player_id] == before[table.seats[alice].player_id] - premium
    assert after[payee] == before[payee] + premium
    assert await is_settled(store, table.id, FORFEIT_DEAL + alice)
    again = await refusal_of(service.leave(table.id, ALICE))
    assert again.key == "bot.refuse.already_away"
    assert await balances(store, table) == after and await ledger_check(store) == []

    await play_out(service, table, BOB)
    assert table.status == "finished"
    final = await balances(store, table)
    assert (
        final[table.seats[alice].player_id] == after[table.seats[alice].player_id]
    )  # nothing more
    assert await ledger_check(store) == []
    ranks = {row.seat: row.rank for row in await game_results(store, GUILD)}
    partner = (alice + 2) % 4
    assert ranks[alice] == ranks[partner] == 2 and {
        ranks[(alice + 1) % 4],
        ranks[(alice + 3) % 4],
    } == {1}


async def test_a_present_player_cannot_be_kicked_and_a_kicked_one_leaves_no_chips_to_the_computer(
    store,
):
    service, table = await check_table(store)
    bob = table.seat_of(BOB.user_id)
    refused = await refusal_of(service.kick(table.id, ALICE, bob))
    assert refused.key == "bot.refuse.kick_present"
    await play_out(service, table, ALICE, BOB, until=lambda t: len(t.game.deal_results) >= 1)
    bob_player = table.seats[bob].player_id
    await service.leave(table.id, BOB)
    charged = await balance(store, GUILD, bob_player)
    await service.kick(table.id, ALICE, bob)
    computer = table.seats[bob].player_id
    assert computer != bob_player and table.left == {bob: bob_player}

    await play_out(service, table, ALICE)
    assert await balance(store, GUILD, computer) == 0  # the computer never pays Bob's chips
    assert await balance(store, GUILD, bob_player) == charged
    rows = {row.seat: row for row in await game_results(store, GUILD)}
    assert rows[bob].player_id == bob_player and rows[bob].rank == 2
    assert await ledger_check(store) == []


async def test_cancelling_after_a_deal_settles_the_premium_to_the_side_ahead_and_rates_the_game(
    store,
):
    service, table = await check_table(store)
    await play_out(service, table, ALICE, BOB, until=lambda t: len(t.game.deal_results) >= 1)
    game = table.game
    scores = game.seat_scores()
    ahead = max(range(4), key=lambda seat: scores[seat])
    behind = paired_opponent(table, ahead)
    before = await balances(store, table)
    await service.cancel(table.id, ALICE)
    after = await balances(store, table)
    assert scores[ahead] > scores[behind]
    premium = game_checks(scores[ahead] * game.scale, scores[behind] * game.scale)
    assert after[table.seats[ahead].player_id] == before[table.seats[ahead].player_id] + premium
    assert after[table.seats[behind].player_id] == before[table.seats[behind].player_id] - premium
    ranks = {row.seat: row.rank for row in await game_results(store, GUILD)}
    assert ranks[ahead] == 1 and len(ranks) == 4
    assert await ledger_check(store) == []


async def test_cancelling_before_any_deal_is_complete_moves_nothing(store):
    service, table = await check_table(store)
    await play_out(service, table, ALICE, BOB, until=lambda t: t.version >= 3)
    await service.cancel(table.id, ALICE)
    assert set((await balances(store, table)).values()) == {0}
    assert await game_results(store, GUILD) == []
