"""A finished Check game end to end on the store: the deal's actions, its settlement
and the game's record commit together, the ledger sums to zero, and a replay changes nothing."""

import pytest

from bot.services.league import record_game
from bot.store import (
    DuplicateAction,
    GameSeat,
    Seat,
    append_action,
    balance,
    create_table,
    get_table,
    history,
    ledger_check,
    settle_deal,
    standings,
    update_table,
)

GUILD, CHANNEL = 1, 10


async def test_check_game_settles_records_and_replays_safely(store):
    async with store.transaction() as tx:
        table = await create_table(
            tx,
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=1,
            variant="check",
            seed=5,
            seats=[
                Seat(0, "N", user_id=1),
                Seat(1, "E", user_id=2),
                Seat(2, "S", user_id=3),
                Seat(3, "W", bot_level="hard"),
            ],
        )
        table = await update_table(tx, table.id, status="playing")
    n, e, s, w = (seat.player_id for seat in table.seats)
    game = table.id  # one game per table: the table id names the game

    async def end_deal(seq: int, deal: int, transfers, final: bool = False) -> bool:
        async with store.transaction() as tx:
            await append_action(tx, table.id, seq, 0, 1, "play A♥", snapshot_json="{}")
            settled = await settle_deal(tx, GUILD, table.id, game, deal, transfers)
            if final:
                await record_game(
                    tx,
                    game_id=game,
                    guild_id=GUILD,
                    table_id=table.id,
                    variant="check",
                    seats=[
                        GameSeat(0, n, 0, 1010, 1, "flush", 150),
                        GameSeat(1, e, 1, 940, 2),
                        GameSeat(2, s, 0, 1010, 1),
                        GameSeat(3, w, 1, 940, 2),
                    ],
                )
                await update_table(tx, table.id, status="finished")
            return settled

    def side(payees, payers, checks, reason, detail=""):
        return [
            {"from": payer, "to": payee, "checks": checks, "reason": reason, "detail": detail}
            for payee, payer in zip(payees, payers, strict=False)
        ]

    # Deal 1 is CX-1, deal 2 is CX-4 (E–W made 250, N–S go out: game 11).
    assert await end_deal(
        1,
        1,
        side((n, s), (e, w), 2, "meld", "flush")
        + side((n, s), (e, w), 2, "meld", "100 aces")
        + side((n, s), (e, w), 7, "contract", "320")
        + side((e, w), (n, s), 1, "meld", "80 kings"),
    )
    last_deal = side((n, s), (e, w), 11, "game", "1010 to 940") + side(
        (e, w), (n, s), 4, "contract", "250"
    )
    assert await end_deal(2, 2, last_deal, final=True)

    expected = {n: 17, s: 17, e: -17, w: -17}
    assert {p: await balance(store, GUILD, p) for p in expected} == expected
    assert sum(expected.values()) == 0 and await ledger_check(store) == []
    assert (await get_table(store, table.id)).status == "finished"

    # A retried deal end after a crash is caught by its action number; a settle alone is a no-op.
    with pytest.raises(DuplicateAction):
        await end_deal(2, 2, last_deal, final=True)
    async with store.transaction() as tx:
        assert await settle_deal(tx, GUILD, table.id, game, 2, last_deal) is False
    assert {p: await balance(store, GUILD, p) for p in expected} == expected
    assert (await history(store, GUILD)).total == 12
    table_rows = await standings(store, GUILD, "partnership")
    assert [(r.display_name, r.games, r.wins) for r in table_rows][:2] == [("N", 1, 1), ("S", 1, 1)]
