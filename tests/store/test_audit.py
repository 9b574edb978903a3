"""`ledger_check` and `python -m bot ledger check`: any tampering is reported, exit non-zero."""

import asyncio

from bot.store import Store, grant, ledger_check, settle_deal
from bot.store.cli import main

from .helpers import make_players

GUILD = 1


async def build_ledger(path) -> Store:
    store = await Store.open(path)
    ann, bob = await make_players(store, GUILD, "Ann", "Bob")
    async with store.transaction() as tx:
        await settle_deal(
            tx,
            GUILD,
            None,
            1,
            1,
            [{"from": bob, "to": ann, "checks": 7, "reason": "contract", "detail": "300"}],
        )
        await grant(tx, GUILD, bob, 20, "welcome")
    return store


async def test_a_sound_ledger_has_no_problems(tmp_path):
    store = await build_ledger(tmp_path / "bot.db")
    try:
        assert await ledger_check(store) == []
    finally:
        await store.close()
    assert await ledger_check(tmp_path / "bot.db") == []


async def test_every_kind_of_damage_is_reported(tmp_path):
    store = await build_ledger(tmp_path / "bot.db")
    try:
        async with store.transaction() as tx:
            # A cached balance edited by hand, a line that lost its twin, chips across guilds.
            await tx.execute("UPDATE accounts SET balance = balance + 1000 WHERE player_id = 1")
            await tx.execute("DELETE FROM ledger_lines WHERE tx_id = 2 AND amount < 0")
            await tx.execute(
                "INSERT INTO ledger_tx (guild_id, reason, created_at) VALUES (2, 'adjust', 'x')"
            )
            await tx.execute("INSERT INTO ledger_lines VALUES (3, 1, 5), (3, 2, -5)")
        problems = await ledger_check(store)
    finally:
        await store.close()
    assert problems == [
        "ledger transaction 2 (grant) has 1 line(s) summing to +20, not two or more summing to 0",
        "ledger transaction 3 of guild 2 moves chips of account 1 of guild 1",
        "ledger transaction 3 of guild 2 moves chips of account 2 of guild 1",
        "account 1 of player 1 (Ann) in guild 1 caches 1007 chips but its entries sum to 12",
        "account 2 of player 2 (Bob) in guild 1 caches 13 chips but its entries sum to 8",
        "account 3 of the house in guild 1 caches -20 chips but its entries sum to 0",
    ]


async def test_cli_prints_ok_or_each_problem_and_sets_the_exit_status(tmp_path, capsys):
    path = tmp_path / "bot.db"
    store = await build_ledger(path)
    await store.close()
    assert await _run(["ledger", "check", "--database", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK")
    store = await Store.open(path)
    async with store.transaction() as tx:
        await tx.execute("UPDATE accounts SET balance = 0 WHERE player_id = 1")
    await store.close()
    assert await _run(["ledger", "check", "--database", str(path)]) == 1
    assert "caches 0 chips but its entries sum to 7" in capsys.readouterr().out


async def test_cli_on_a_missing_file_fails_without_creating_it(tmp_path, capsys):
    path = tmp_path / "typo.db"
    assert await _run(["ledger", "check", "--database", str(path)]) == 2
    assert f"no database at {path}" in capsys.readouterr().err
    assert not path.exists()


async def _run(argv: list[str]) -> int:
    """`main` runs its own event loop, so call it from a worker thread."""
    return await asyncio.to_thread(main, argv)


async def test_cli_usage_errors_return_a_status_instead_of_exiting(capsys):
    assert await _run(["ledger"]) == 2
    assert "required" in capsys.readouterr().err
    assert await _run(["ledger", "check", "--help"]) == 0
    assert "--database" in capsys.readouterr().out
