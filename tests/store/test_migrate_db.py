"""`python -m bot migrate-db`: a SQLite file with finished and unfinished Check games, a
ledger and a season, copied to PostgreSQL — everything equal, and the unfinished game plays on there."""

from __future__ import annotations

import asyncio
import random

from bot.ledger_hook import ledger_hook
from bot.store import (
    Store,
    balance,
    game_results,
    grant,
    ledger_check,
    list_seasons,
    list_tables,
    load_actions,
    standings,
    start_season,
)
from bot.store.cli import main
from bot.store.transfer import migrate_database
from bot.tables import Person, TableService
from tests.ledger_hook.helpers import choose

GUILD = 1
PEOPLE = [Person(101, "North"), Person(102, "East"), Person(103, "South"), Person(104, "West")]


async def check_table(service: TableService, channel: int, host: Person) -> int:
    """A Check table of the four people (`host` opens it: a member waits between two openings)."""
    opened = await service.open(guild_id=GUILD, channel_id=channel, host=host, variant="check")
    for person in PEOPLE:
        if person != host:
            await service.join(opened.table.id, person)  # a refusal raises
    await service.start(opened.table.id, host)  # a refusal raises
    return opened.table.id


async def play(service: TableService, table_id: int, rng: random.Random, deals: int | None) -> None:
    """Act for whoever is to act until the game ends (or `deals` deals are over)."""
    while (table := service.table(table_id)) is not None:
        if deals is not None and len(table.game.deal_results) >= deals:
            return
        person = next(p for p in PEOPLE if p.user_id == table.seats[table.to_act].user_id)
        await service.act(table_id, person, choose(table.game, rng))  # a refusal raises


async def sqlite_with_games(path) -> tuple[int, int]:
    """A season, a finished Check game, a granted chip and an unfinished game two deals in."""
    store = await Store.open(path)
    service = TableService(store, seed=3, turn_seconds=0, hooks=[ledger_hook])
    try:
        async with store.transaction() as tx:
            await start_season(tx, GUILD, "Winter")
        finished = await check_table(service, 10, PEOPLE[0])
        await play(service, finished, random.Random(1), None)
        unfinished = await check_table(service, 11, PEOPLE[1])
        await play(service, unfinished, random.Random(2), 2)
        north = service.table(unfinished).seats[1].player_id
        async with store.transaction() as tx:
            await grant(tx, GUILD, north, 25, "welcome")
    finally:
        await service.close()
        await store.close()
    return finished, unfinished


async def test_round_trip_to_postgres_then_the_unfinished_game_continues(tmp_path, postgres_url):
    path = tmp_path / "bot.db"
    finished, unfinished = await sqlite_with_games(path)

    report = await migrate_database(str(path), postgres_url)
    assert report.problems == []
    assert report.rows["actions"] > 0 and report.rows["ledger_lines"] > 0

    source, target = await Store.open(path), await Store.open(postgres_url)
    try:
        for store in (source, target):
            assert await ledger_check(store) == []
        players = [row[0] for row in await source.fetchall("SELECT id FROM players ORDER BY id")]
        assert [await balance(target, GUILD, p) for p in players] == [
            await balance(source, GUILD, p) for p in players
        ]
        assert await game_results(target, GUILD) == await game_results(source, GUILD)
        [season] = await list_seasons(target, GUILD)
        for season_id in (None, season.id):
            assert await standings(target, GUILD, "partnership", season_id=season_id) == (
                await standings(source, GUILD, "partnership", season_id=season_id)
            )
        assert await load_actions(target, unfinished) == await load_actions(source, unfinished)
        assert [t.id for t in await list_tables(target, GUILD)] == [unfinished]
    finally:
        await source.close()

    service = TableService(target, seed=3, turn_seconds=0, hooks=[ledger_hook])
    try:
        [resumed] = await service.resume()
        assert resumed.id == unfinished and len(resumed.game.deal_results) == 2
        await play(service, unfinished, random.Random(2), None)
        assert resumed.game.is_over
        async with target.transaction() as tx:  # new rows get ids after the copied ones
            await grant(tx, GUILD, players[0], 1, "after the move")
        assert await ledger_check(target) == []
        settled = await target.fetchall(
            "SELECT deal_no FROM settlements WHERE game_id = ? ORDER BY deal_no", (unfinished,)
        )
        assert [row[0] for row in settled] == [r["deal"] for r in resumed.game.deal_results]
        assert {row.game_id for row in await game_results(target, GUILD)} == {finished, unfinished}
    finally:
        await service.close()
        await target.close()


def test_a_target_with_data_is_refused_unless_forced(tmp_path, postgres_server, capsys):
    path = tmp_path / "bot.db"
    asyncio.run(sqlite_with_games(path))
    url = asyncio.run(postgres_server.new_database())
    assert main(["migrate-db", "--from", str(path), "--to", url]) == 0
    assert "OK:" in capsys.readouterr().out

    assert main(["migrate-db", "--from", str(path), "--to", url]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["migrate-db", "--from", str(path), "--to", url, "--force"]) == 0
    assert main(["ledger", "check", "--database", url]) == 0
    assert "balances" in capsys.readouterr().out
