"""`python -m bot record export|replay`: a stored game exported as text reads back and agrees
with the engine, in every variant; damage and absence are told apart. The older spelling
`python -m bot.game record …` answers alike."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.game import VARIANTS, Dealing, new_game
from bot.game.__main__ import main as engine_main
from bot.game.fair import deal_seed
from bot.game.random_play import random_action
from bot.store import Seat, Store, append_action, create_table, update_table


async def store_game(
    path, variant: str, seed: int, *, moves: int | None = None, key: bytes | None = None
) -> int:
    """A table whose game was played by random legal moves (all of it, or `moves` of them);
    dealt fairly from `key` (bot.game.fair), else from its seed (a table made before)."""
    dealing = None if key is None else Dealing(key=key)
    game = new_game(variant, seed=seed, options={"target": 300}, dealing=dealing)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.apply(random_action(game, rng))
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            table = await create_table(
                tx,
                guild_id=1,
                channel_id=seed,
                host_id=1,
                variant=variant,
                options={"target": 300},
                seed=seed,
                seats=[Seat(0, "Ann", user_id=1)]
                + [Seat(s, f"Bot {s}", bot_level="easy") for s in range(1, game.n)],
                deal_key=key,
            )
            for seq, action in enumerate(game.history, start=1):
                await append_action(tx, table.id, seq, None, None, str(action))
            await update_table(tx, table.id, status="finished" if game.is_over else "playing")
    finally:
        await store.close()
    return table.id


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_export_then_replay_round_trips_every_variant(variant, tmp_path, capsys):
    database = tmp_path / "pinochle.db"
    game_id = asyncio.run(store_game(database, variant, seed=7))
    assert main(["record", "export", "--game", str(game_id), "--database", str(database)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Pinochle game record 2\nvariant: " + variant)
    assert '["Ann", "Bot 1"' in text
    record_file = tmp_path / "game.txt"
    record_file.write_text(text, encoding="utf-8")
    assert main(["record", "replay", str(record_file)]) == 0
    assert capsys.readouterr().out.startswith(f"OK: {record_file}: {variant}, ")


def test_replay_reports_each_line_the_engine_disagrees_with(tmp_path, capsys):
    database = tmp_path / "pinochle.db"
    game_id = asyncio.run(store_game(database, "partnership", seed=3))
    main(["record", "export", "--game", str(game_id), "--database", str(database)])
    text = capsys.readouterr().out
    final = next(line for line in text.splitlines() if line.startswith("final: "))
    record_file = tmp_path / "game.txt"
    record_file.write_text(text.replace(final, "final: 999 0 999 0"), encoding="utf-8")
    assert main(["record", "replay", str(record_file)]) == 1
    out = capsys.readouterr().out
    assert "line 7: the record says 'final: 999 0 999 0'" in out


def test_a_fair_game_in_play_exports_its_deals_over_and_no_secret(database, tmp_path, capsys):
    """On either backend (SQLite, PostgreSQL): the deal in play and the key stay secret."""
    key = bytes(range(32))
    game_id = asyncio.run(store_game(database, "three-handed", seed=5, moves=80, key=key))
    assert main(["record", "export", "--game", str(game_id), "--database", str(database)]) == 0
    text = capsys.readouterr().out
    assert "final: unfinished" in text and f"dealing: fair, table {game_id}" in text
    assert f"seed: {deal_seed(key, 1).hex()}" in text and "\ndeal 2," not in text  # 2: in play
    assert key.hex() not in text and deal_seed(key, 2).hex() not in text
    record_file = tmp_path / "game.txt"
    record_file.write_text(text, encoding="utf-8")
    assert main(["record", "replay", str(record_file)]) == 0


def test_a_game_in_play_dealt_from_its_seed_alone_is_not_exported(database, capsys):
    """Its seed deals every deal still to come: an export would tell them (on either backend)."""
    game_id = asyncio.run(store_game(database, "three-handed", seed=5, moves=40))
    assert main(["record", "export", "--game", str(game_id), "--database", str(database)]) == 1
    captured = capsys.readouterr()
    assert "still in play" in captured.err and "seed: 5" not in captured.out


def test_missing_things_are_told_apart(tmp_path, capsys):
    database = tmp_path / "pinochle.db"
    asyncio.run(store_game(database, "check", seed=2, moves=5))
    for game in ("99", "0", "-5", str(2**64)):  # the last beyond any id a database holds
        assert main(["record", "export", "--game", game, "--database", str(database)]) == 1
        assert capsys.readouterr().err == f"error: no game {game} in {database}\n"
    nowhere = tmp_path / "none.db"
    assert main(["record", "export", "--game", "1", "--database", str(nowhere)]) == 2
    assert "no database" in capsys.readouterr().err
    assert not nowhere.exists()
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n", encoding="utf-8")
    assert main(["record", "export", "--game", "1", "--database", str(junk)]) == 2
    said = capsys.readouterr().err
    assert (
        said.startswith("error: ") and "not a SQLite database" in said and "Traceback" not in said
    )
    assert main(["record", "replay", str(junk)]) == 2
    assert "line 1: expected 'Pinochle game record 2'" in capsys.readouterr().err
    assert main(["record", "replay", str(tmp_path / "absent.txt")]) == 2


@pytest.mark.parametrize("deals", ["0", "-1", "many"])
def test_simulate_refuses_a_count_of_deals_below_one(deals, capsys):
    """No deals make no averages: a usage error (status 2), not a division by zero."""
    with pytest.raises(SystemExit) as stopped:
        engine_main(["simulate", "--deals", deals])
    assert stopped.value.code == 2
    assert (
        f"argument --deals: {deals!r} is not a whole number of 1 or more" in capsys.readouterr().err
    )


def test_the_engine_s_spelling_hands_over_to_the_bot_s_record_command(tmp_path, capsys):
    """`python -m bot.game record …` runs `python -m bot record …` (the engine never imports the
    store): the same text, the same exit statuses."""
    database = tmp_path / "pinochle.db"
    game_id = asyncio.run(store_game(database, "two-handed", seed=4))
    assert main(["record", "export", "--game", str(game_id), "--database", str(database)]) == 0
    text = capsys.readouterr().out
    root = Path(__file__).resolve().parents[2]

    def engine(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "bot.game", "record", *args]
        return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60)

    exported = engine("export", "--game", str(game_id), "--database", str(database))
    assert (exported.returncode, exported.stdout) == (0, text)
    absent = engine("replay", str(tmp_path / "absent.txt"))
    assert absent.returncode == 2 and "absent.txt" in absent.stderr
    assert "Traceback" not in absent.stderr


@pytest.fixture
def no_settings(tmp_path, monkeypatch):
    """A folder of its own (its `.env` is the test's) and no database setting in the environment;
    whatever `.env` sets is undone at the end."""
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.setenv(name, "")  # remembered as it was, so restored after `.env` sets it
        monkeypatch.delenv(name)


def test_export_reads_the_database_the_bot_uses(no_settings, tmp_path, postgres_url, capsys):
    """No --database: DATABASE_URL (PostgreSQL), else DATABASE_PATH, from the environment or
    `.env`, as the bot reads them; an explicit --database wins over both."""
    import os

    on_server = asyncio.run(store_game(postgres_url, "auction", seed=6))
    in_file = asyncio.run(store_game(tmp_path / "games.db", "check", seed=8))
    assert main(["record", "export", "--game", str(on_server), "--database", postgres_url]) == 0
    expected = capsys.readouterr().out
    (tmp_path / ".env").write_text(f"DATABASE_URL={postgres_url}\n", encoding="utf-8")
    assert main(["record", "export", "--game", str(on_server)]) == 0
    assert capsys.readouterr().out == expected and "variant: auction" in expected
    os.environ.pop("DATABASE_URL")  # as if .env said only where the SQLite file is
    (tmp_path / ".env").write_text("DATABASE_PATH=games.db\n", encoding="utf-8")
    assert main(["record", "export", "--game", str(in_file)]) == 0
    assert "variant: check" in capsys.readouterr().out
    database = str(tmp_path / "games.db")
    os.environ["DATABASE_URL"] = postgres_url  # the setting, not the command line, gives way
    assert main(["record", "export", "--game", str(in_file), "--database", database]) == 0
    assert "variant: check" in capsys.readouterr().out


def test_export_without_a_database_or_with_a_bad_setting_says_so_in_one_line(
    no_settings, monkeypatch, capsys
):
    """The organiser's slips: no database where the settings point, a DATABASE_URL of another
    kind (its password never shown); exit 2, one line, no traceback."""
    assert main(["record", "export", "--game", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "error: no database at data/pinochle.db\n" and not Path("data").exists()
    monkeypatch.setenv("DATABASE_URL", "mysql://bot:hunter2@db/pinochle")
    assert main(["record", "export", "--game", "1"]) == 2
    err = capsys.readouterr().err
    assert "DATABASE_URL must be a postgresql:// URL" in err and "hunter2" not in err
    assert len(err.splitlines()) == 1
