"""The ledger service: a member's grant or adjustment is checked before anything is written."""

import pytest

from bot.services import Services
from bot.store import (
    LedgerError,
    NegativeBalance,
    Typed,
    ensure_player,
    grant,
    history,
    read_csv,
    settle_deal,
)
from bot.store.ledger import LedgerLine

GUILD, ANN, BOB, MANAGER = 1, 501, 502, 900


@pytest.mark.parametrize(
    ("kind", "amount", "reason", "message", "key"),
    [
        ("grant", 0, "x", "positive", "chips.refuse.amount_positive"),
        ("grant", -5, "x", "positive", "chips.refuse.amount_positive"),
        ("grant", 1.5, "x", "whole number", None),
        ("grant", "10", "x", "whole number", None),
        ("grant", 1_000_001, "x", "limit of 1000000", "chips.refuse.amount_limit"),
        ("adjust", 0, "x", "at least one chip", "chips.refuse.amount_zero"),
        ("adjust", -1_000_001, "x", "limit", "chips.refuse.amount_limit"),
        ("adjust", 5, "", "Give a reason", "chips.refuse.reason_missing"),
        ("adjust", 5, "   ", "Give a reason", "chips.refuse.reason_missing"),
        ("grant", 5, "x" * 201, "at most 200", "chips.refuse.reason_long"),
    ],
)
async def test_a_bad_grant_or_adjustment_is_refused_and_nothing_is_written(
    services: Services, store, kind, amount, reason, message, key
):
    post = services.ledger.grant if kind == "grant" else services.ledger.adjust
    with pytest.raises(LedgerError, match=message) as refused:
        await post(GUILD, ANN, "Ann", amount, reason, actor_id=MANAGER)
    assert getattr(refused.value, "key", None) == key  # None: a caller's bug, no refusal
    assert (await history(store, GUILD)).total == 0
    assert await services.player(GUILD, ANN) is None  # not even a player was opened


async def test_a_grant_at_the_limit_is_written_and_the_balance_after_is_answered(services):
    assert await services.ledger.grant(GUILD, ANN, "Ann", 1_000_000, " welcome ", actor_id=9) == (
        1_000_000
    )
    ann = await services.player(GUILD, ANN)
    assert ann is not None and ann.display_name == "Ann"
    [entry] = (await services.ledger.history(GUILD, ann.id, limit=10)).entries
    assert (entry.reason, entry.memo, entry.actor_id) == ("grant", "welcome", 9)
    assert await services.ledger.adjust(GUILD, ANN, "Ann", -1_000_000, "oops", actor_id=9) == 0


async def test_no_negative_balances_refuses_admin_moves_naming_the_member_but_settles_games(
    services, store
):
    await services.settings.change(GUILD, allow_negative=False)
    await services.ledger.grant(GUILD, ANN, "Ann", 5, "welcome", actor_id=MANAGER)
    with pytest.raises(NegativeBalance, match="holds 5 chips") as refused:
        await services.ledger.adjust(GUILD, ANN, "Ann *the* great", -6, "penalty", actor_id=1)
    assert refused.value.key == "chips.refuse.negative"
    assert refused.value.params == {"balance": 5, "amount": -6, "name": Typed("Ann *the* great")}
    ann = await services.player(GUILD, ANN)
    assert await services.ledger.balance(GUILD, ann.id) == 5
    assert await services.ledger.adjust(GUILD, ANN, "Ann", -5, "all of it", actor_id=1) == 0
    # A game's checks are owed whatever the balance: the settlement is written in full.
    await services.ledger.grant(GUILD, BOB, "Bob", 1, "welcome", actor_id=1)
    bob = await services.player(GUILD, BOB)
    async with store.transaction() as tx:
        transfer = {"from": ann.id, "to": bob.id, "checks": 20, "reason": "contract"}
        assert await settle_deal(tx, GUILD, None, 1, 1, [transfer])
    assert await services.ledger.balance(GUILD, ann.id) == -20


async def test_a_newcomer_refused_below_zero_opens_no_account(services):
    await services.settings.change(GUILD, allow_negative=False, starting_balance=10)
    with pytest.raises(NegativeBalance, match="holds 10 chips"):
        await services.ledger.adjust(GUILD, ANN, "Ann", -11, "penalty", actor_id=1)
    assert await services.player(GUILD, ANN) is None


async def test_a_newcomer_would_open_with_the_starting_balance(services):
    await services.settings.change(GUILD, starting_balance=250)
    assert await services.ledger.balance(GUILD, None) == 250
    await services.ledger.grant(GUILD, ANN, "Ann", 50, "welcome", actor_id=MANAGER)
    ann = await services.player(GUILD, ANN)
    assert await services.ledger.balance(GUILD, ann.id) == 300


async def test_the_leaderboard_leaves_computers_out_when_the_server_hides_them(services, store):
    async with store.transaction() as tx:
        ada = await ensure_player(tx, GUILD, display_name="Ada", bot_level="easy")
        await grant(tx, GUILD, ada.id, 20, "seed")  # a computer's chips come from its games
    await services.ledger.grant(GUILD, ANN, "Ann", 10, "welcome", actor_id=MANAGER)
    names = [r.display_name for r in await services.ledger.leaderboard(GUILD, limit=10)]
    assert names == ["Ada", "Ann"]
    await services.settings.change(GUILD, hide_bots=True)
    names = [r.display_name for r in await services.ledger.leaderboard(GUILD, limit=10)]
    assert names == ["Ann"]


async def test_the_export_is_the_servers_ledger_as_csv(services):
    await services.ledger.grant(GUILD, ANN, "Ann", 10, "welcome", actor_id=MANAGER)
    await services.ledger.grant(GUILD + 1, BOB, "Bob", 20, "elsewhere", actor_id=MANAGER)
    text, count = await services.ledger.export(GUILD)
    lines = read_csv(LedgerLine, text)
    assert count == len(lines) == 2  # the member's line and the house's
    assert sorted(line.amount for line in lines) == [-10, 10]
    assert {line.memo for line in lines} == {"welcome"}
