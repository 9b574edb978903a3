"""The chip ledger: double entry, exactly-once settlement, grants, settings, history, CSV."""

import pytest

from bot.store import (
    LedgerError,
    LedgerLine,
    Store,
    adjust,
    balance,
    ensure_player,
    grant,
    history,
    is_settled,
    leaderboard,
    ledger_check,
    ledger_csv,
    ledger_lines,
    read_csv,
    set_guild_settings,
    settle_deal,
)

from .helpers import make_players

GUILD = 1


def transfer(payer: int, payee: int, checks: int, reason: str = "contract", detail: str = ""):
    return {"from": payer, "to": payee, "checks": checks, "reason": reason, "detail": detail}


async def settle(store: Store, game: int, deal: int, transfers) -> bool:
    async with store.transaction() as tx:
        return await settle_deal(tx, GUILD, None, game, deal, transfers)


async def test_a_deal_settles_exactly_once_even_after_a_restart(tmp_path):
    path = tmp_path / "bot.db"
    store = await Store.open(path)
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    assert await settle(store, 5, 1, [transfer(bob, ann, 7)]) is True
    assert await settle(store, 5, 1, [transfer(bob, ann, 7)]) is False
    await store.close()
    store = await Store.open(path)
    try:
        assert await is_settled(store, 5, 1) and not await is_settled(store, 5, 2)
        assert await settle(store, 5, 1, [transfer(bob, ann, 7)]) is False
        assert await settle(store, 5, 2, [transfer(ann, bob, 2)]) is True
        assert (await balance(store, GUILD, ann), await balance(store, GUILD, bob)) == (5, -5)
        assert await ledger_check(store) == []
    finally:
        await store.close()


async def test_a_settlement_rolled_back_with_the_deal_end_can_be_written_again(store):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await settle_deal(tx, GUILD, None, 5, 1, [transfer(bob, ann, 7)])
            raise RuntimeError("recording the deal's end failed")
    assert not await is_settled(store, 5, 1)
    assert await balance(store, GUILD, ann) == 0
    assert await settle(store, 5, 1, [transfer(bob, ann, 7)]) is True
    assert await balance(store, GUILD, ann) == 7


async def test_a_deal_without_checks_is_still_marked_settled(store):
    assert await settle(store, 5, 1, []) is True
    assert await is_settled(store, 5, 1)
    assert await settle(store, 5, 1, []) is False


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"checks": 0}, "positive"),
        ({"checks": -3}, "positive"),
        ({"checks": 2.0}, "whole number"),
        ({"checks": True}, "whole number"),
        ({"checks": 1_000_001}, "limit"),
        ({"reason": "grant"}, "not one of"),
        ({"to": "payer"}, "cannot pay himself"),
    ],
)
async def test_a_bad_transfer_is_refused_and_nothing_is_written(store, bad, message):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    bad_transfer = transfer(bob, ann, 3) | bad
    if bad_transfer["to"] == "payer":
        bad_transfer["to"] = bob
    with pytest.raises(LedgerError, match=message):
        await settle(store, 5, 1, [transfer(bob, ann, 1), bad_transfer])
    assert not await is_settled(store, 5, 1)
    assert await balance(store, GUILD, ann) == 0


async def test_a_transfer_without_a_field_or_to_another_guilds_player_is_refused(store):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    [stranger] = await make_players(store, GUILD + 1, "Stranger")
    with pytest.raises(LedgerError, match="lacks 'checks'"):
        await settle(store, 5, 1, [{"from": bob, "to": ann, "reason": "meld"}])
    with pytest.raises(LedgerError, match=f"player {stranger} is not a player of guild {GUILD}"):
        await settle(store, 5, 1, [transfer(bob, stranger, 1)])
    assert not await is_settled(store, 5, 1)


async def test_grants_and_adjustments_move_chips_against_the_house(store):
    [ann] = await make_players(store, GUILD, "Ann")
    async with store.transaction() as tx:
        await grant(tx, GUILD, ann, 500, "league prize", actor_id=99)
        await adjust(tx, GUILD, ann, -120, "typo in last grant", actor_id=99)
    assert await balance(store, GUILD, ann) == 380
    page = await history(store, GUILD, ann)
    assert [(e.reason, e.memo, e.amount_for(ann), e.actor_id) for e in page.entries] == [
        ("adjust", "typo in last grant", -120, 99),
        ("grant", "league prize", 500, 99),
    ]
    house_line = [line for line in page.entries[1].lines if line.player_id is None]
    assert [line.amount for line in house_line] == [-500]
    assert await ledger_check(store) == []


async def test_the_limit_itself_is_allowed(store):
    [ann] = await make_players(store, GUILD, "Ann")
    async with store.transaction() as tx:
        await adjust(tx, GUILD, ann, -1_000_000, "opening debt")
    assert await balance(store, GUILD, ann) == -1_000_000


async def test_starting_balance_is_an_opening_entry_from_the_house(store):
    async with store.transaction() as tx:
        settings = await set_guild_settings(tx, GUILD, starting_balance=100)
    assert settings.starting_balance == 100 and settings.allow_negative
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    assert await balance(store, GUILD, ann) == 100  # what the account will open with
    assert await settle(store, 1, 1, [transfer(bob, ann, 10)]) is True
    assert (await balance(store, GUILD, ann), await balance(store, GUILD, bob)) == (110, 90)
    page = await history(store, GUILD, ann)
    assert [(e.reason, e.amount_for(ann)) for e in page.entries] == [
        ("contract", 10),
        ("opening", 100),
    ]
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, starting_balance=500)
    assert await balance(store, GUILD, ann) == 110  # an open account keeps its history
    assert await ledger_check(store) == []


async def test_history_is_newest_first_paginated_and_names_the_game(store):
    ann, bob, cid = await make_players(store, GUILD, "Ann", "Bob", "Cid")
    for deal in range(1, 8):
        assert await settle(store, 40, deal, [transfer(bob, ann, deal, "meld", "flush")])
    await settle(store, 41, 1, [transfer(cid, bob, 1)])
    first = await history(store, GUILD, ann, limit=3)
    second = await history(store, GUILD, ann, limit=3, offset=3)
    last = await history(store, GUILD, ann, limit=3, offset=6)
    assert first.total == 7
    assert [e.deal_no for e in first.entries + second.entries + last.entries] == [
        7,
        6,
        5,
        4,
        3,
        2,
        1,
    ]
    entry = first.entries[0]
    assert (entry.reason, entry.detail, entry.game_id, entry.amount_for(ann)) == (
        "meld",
        "flush",
        40,
        7,
    )
    assert [(line.display_name, line.amount) for line in entry.lines] == [("Ann", 7), ("Bob", -7)]
    assert (await history(store, GUILD)).total == 8
    assert (await history(store, GUILD + 1)).total == 0


async def test_history_keeps_the_last_known_name_of_a_member_who_left(store):
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    await settle(store, 1, 1, [transfer(bob, ann, 3)])
    async with store.transaction() as tx:  # the last time the bot saw Bob, he was renamed
        await ensure_player(tx, GUILD, display_name="Robert", user_id=2)
    [entry] = (await history(store, GUILD, ann)).entries
    assert [line.display_name for line in entry.lines] == ["Ann", "Robert"]


async def test_leaderboard_orders_by_balance_and_can_hide_computers(store):
    ann, bob, cid = await make_players(store, GUILD, "Ann", "Bob", "Cid")
    async with store.transaction() as tx:
        cpu = (await ensure_player(tx, GUILD, display_name="CPU", bot_level="hard")).id
    await settle(store, 1, 1, [transfer(bob, ann, 5), transfer(cid, cpu, 9), transfer(bob, cid, 2)])
    board = await leaderboard(store, GUILD)
    assert [(r.rank, r.display_name, r.balance) for r in board] == [
        (1, "CPU", 9),
        (2, "Ann", 5),
        (3, "Bob", -7),
        (4, "Cid", -7),
    ]
    people = await leaderboard(store, GUILD, include_bots=False)
    assert [r.display_name for r in people] == ["Ann", "Bob", "Cid"]
    assert [r.rank for r in await leaderboard(store, GUILD, limit=2, offset=1)] == [2, 3]


async def test_csv_export_parses_back_to_the_same_ledger(store):
    names = ["Ann", '=HYPERLINK("x")', 'O\'Neil, "the"\nsecond', "'quoted", "Пётр ♠"]
    ids = await make_players(store, GUILD, *names)
    await settle(
        store,
        3,
        1,
        [transfer(ids[1], ids[0], 4, "meld", "-80 kings?"), transfer(ids[2], ids[3], 1, "slam")],
    )
    async with store.transaction() as tx:
        await grant(tx, GUILD, ids[4], 50, "+welcome, friend", actor_id=9)
    text = await ledger_csv(store, GUILD)
    assert text.splitlines()[0] == (
        "tx_id,created_at,reason,detail,memo,actor_id,table_id,game_id,deal_no,player_id,"
        "display_name,amount"
    )
    assert "'=HYPERLINK" in text  # a spreadsheet shows it as text, it does not run it
    lines = await ledger_lines(store, GUILD)
    assert len(lines) == 6
    assert read_csv(LedgerLine, text) == lines
    assert sum(line.amount for line in lines) == 0
