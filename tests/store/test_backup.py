"""`python -m bot backup`: an online copy of the SQLite database while the bot has it open."""

from __future__ import annotations

from bot.store import Store, balance, ensure_player, grant, ledger_check
from bot.store.backup import backup_database
from bot.store.cli import main


async def test_a_backup_taken_while_the_store_is_open_holds_its_ledger(tmp_path):
    path, copy = tmp_path / "bot.db", tmp_path / "backup.db"
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            ann = (await ensure_player(tx, 1, display_name="Ann", user_id=7)).id
            await grant(tx, 1, ann, 40, "welcome")
        await backup_database(str(path), copy)  # the bot's connections stay open meanwhile
        async with store.transaction() as tx:
            await grant(tx, 1, ann, 2, "after the backup")
    finally:
        await store.close()
    saved = await Store.open(copy)
    try:
        assert await balance(saved, 1, ann) == 40
        assert await ledger_check(saved) == []
    finally:
        await saved.close()


def test_refusals_name_the_problem(tmp_path, capsys):
    taken = tmp_path / "taken.db"
    taken.write_text("")
    assert main(["backup", "--database", str(tmp_path / "none.db"), "--to", str(taken)]) == 2
    assert "no database at" in capsys.readouterr().err
    assert main(["backup", "--database", str(taken), "--to", str(taken)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["backup", "--database", "postgresql://u:secret@db/x", "--to", "b.db"]) == 2
    said = capsys.readouterr().err
    assert "pg_dump" in said and "secret" not in said
