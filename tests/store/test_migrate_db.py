"""`python -m bot migrate-db`: a SQLite file with finished and unfinished Check games, a
ledger, a season, a league night and web-page settings, copied to PostgreSQL — everything equal, and
the unfinished game plays on there; copied in pages smaller than its tables, every row exactly once."""

from __future__ import annotations

import asyncio
import random
import re

from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
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
from bot.store.nights import (
    ScoreRow,
    absences,
    add_absences,
    add_entrant,
    add_event_table,
    add_scores,
    create_event,
    event_scores,
    event_tables,
    finish_event_table,
    list_entrants,
    list_events,
    player_event_results,
    save_results,
    update_event,
)
from bot.store.records import game_log, player_stats
from bot.store.settings import get_guild_settings, set_guild_settings
from bot.store.tables import mark_hinted
from bot.store.transfer import COPY_ORDER, migrate_database
from bot.tables import Person, TableService
from tests.ledger_hook.helpers import choose
from tests.tables.helpers import live, lives

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
    while service.table(table_id) is not None:
        table = live(service, table_id)
        if deals is not None and len(table.game.deal_results) >= deals:
            return
        person = next(p for p in PEOPLE if p.user_id == table.seats[table.to_act].user_id)
        await service.act(table_id, person, choose(table.game, rng))  # a refusal raises


async def league_night(store: Store, table_id: int) -> None:
    """A finished league event of the four people: one round played at `table_id`, each deal's
    result per seat, a no-show, the final standings; and the server's web pages on."""
    async with store.transaction() as tx:
        event = await create_event(
            tx,
            guild_id=GUILD,
            channel_id=12,
            organiser_id=PEOPLE[0].user_id,
            name="Пятница",
            variant="check",
            rounds=1,
            deals_per_round=2,
            duplicate=False,
            language="ru",
            seed=11,
            round_seconds=2400.0,
            turn_seconds=90.5,
        )
        entrants = [
            await add_entrant(tx, event.id, GUILD, p.user_id, p.name, 20.0 - n / 3)
            for n, p in enumerate(PEOPLE)
        ]
        await add_event_table(tx, event.id, 1, 0, table_id)
        scores = [
            ScoreRow(1, 0, deal, seat, PEOPLE[seat].user_id, 10 * deal - seat)
            for deal in (1, 2)
            for seat in range(4)
        ]
        await add_scores(tx, event.id, scores)
        await add_absences(tx, event.id, 1, [105])
        await finish_event_table(tx, table_id)
        results = [(e.user_id, e.player_id, n + 1, 30 - 3 * n) for n, e in enumerate(entrants)]
        await save_results(tx, event.id, results, len(entrants))
        await update_event(tx, event.id, status="finished", round=1)
        await set_guild_settings(tx, GUILD, web=True, web_generation=2)


async def sqlite_with_games(path) -> tuple[int, int]:
    """A season, a finished Check game (a league night's table) with its deal summary and a hint
    asked, a granted chip, web pages on, and an unfinished game two deals in."""
    store = await Store.open(path)
    service = TableService(store, seed=3, turn_seconds=0, hooks=[ledger_hook, records_hook])
    try:
        async with store.transaction() as tx:
            await start_season(tx, GUILD, "Winter")
        finished = await check_table(service, 10, PEOPLE[0])
        await play(service, finished, random.Random(1), None)
        async with store.transaction() as tx:
            await mark_hinted(tx, finished, 2)
        await league_night(store, finished)
        unfinished = await check_table(service, 11, PEOPLE[1])
        await service.salt(unfinished, PEOPLE[1].user_id, "kept")  # deal 2's, fair dealing
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
    assert report.rows["deal_commits"] > 2  # fingerprints and salts: the game deals on from them

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
        assert report.rows["seat_deals"] == 4 and (await game_log(target, finished)).hints == (2,)
        for player in players:  # deals, meld and contracts from the deal summaries
            assert await player_stats(target, GUILD, player) == (
                await player_stats(source, GUILD, player)
            )
        assert [t.id for t in await list_tables(target, GUILD)] == [unfinished]
        assert await league_nights(target) == await league_nights(source)
        assert (await get_guild_settings(target, GUILD)).web_generation == 2
        assert await get_guild_settings(target, GUILD) == await get_guild_settings(source, GUILD)
    finally:
        await source.close()

    service = TableService(target, seed=3, turn_seconds=0, hooks=[ledger_hook])
    try:
        [resumed] = lives(service, await service.resume())
        assert resumed.id == unfinished and len(resumed.game.deal_results) == 2
        await play(service, unfinished, random.Random(2), None)
        assert resumed.game.is_over
        async with target.transaction() as tx:  # new rows get ids after the copied ones
            await grant(tx, GUILD, players[0], 1, "after the move")
        assert await ledger_check(target) == []
        settled = await target.fetchall(
            "SELECT deal_no FROM settlements WHERE game_id = ? ORDER BY deal_no", (unfinished,)
        )
        assert [row[0] for row in settled] == [r.deal for r in resumed.game.deal_results]
        assert {row.game_id for row in await game_results(target, GUILD)} == {finished, unfinished}
    finally:
        await service.close()
        await target.close()


async def league_nights(store: Store) -> list:
    """Every finished event of the server as the bot reads it: the event, its entrants, tables,
    deal results, no-shows, and each entrant's result."""
    nights = []
    for event in await list_events(store, GUILD, ("finished",)):
        entrants = await list_entrants(store, event.id)
        nights.append(
            (
                event,
                entrants,
                await event_tables(store, event.id),
                await event_scores(store, event.id),
                await absences(store, event.id),
                [await player_event_results(store, GUILD, e.player_id) for e in entrants],
            )
        )
    assert nights and all(part for night in nights for part in night)  # nothing left empty
    return nights


async def every_row(database: str) -> dict[str, list[tuple]]:
    """Every row of every table."""
    store = await Store.open(database)
    try:
        return {
            table: [tuple(row) for row in await store.fetchall(f'SELECT * FROM "{table}"')]
            for table in COPY_ORDER
        }
    finally:
        await store.close()


async def test_pages_smaller_than_the_tables_copy_every_row_exactly_once(tmp_path, postgres_url):
    """There and back (SQLite to PostgreSQL to a new SQLite file) in pages of a few rows: each
    side pages through its own primary keys, and the file that comes back is the one that left."""
    path, back = tmp_path / "bot.db", tmp_path / "back.db"
    await sqlite_with_games(path)
    there = await migrate_database(str(path), postgres_url, batch=7)
    assert there.problems == [] and there.rows["actions"] > 7 and there.rows["event_scores"] > 7
    again = await migrate_database(postgres_url, str(back), batch=3)
    assert again.problems == [] and again.rows == there.rows

    before, after = await every_row(str(path)), await every_row(str(back))
    assert {table: len(rows) for table, rows in before.items()} == there.rows
    for table in COPY_ORDER:
        assert sorted(after[table], key=repr) == sorted(before[table], key=repr), table


def test_a_target_with_data_is_refused_unless_forced(tmp_path, postgres_server, capsys):
    path = tmp_path / "bot.db"
    asyncio.run(sqlite_with_games(path))
    url = asyncio.run(postgres_server.new_database())
    assert main(["migrate-db", "--from", str(path), "--to", url]) == 0
    out = capsys.readouterr().out
    assert "OK:" in out
    assert " 1 rows" not in out and re.search(r": 1 row$", out, re.M)  # "1 row", said rightly

    assert main(["migrate-db", "--from", str(path), "--to", url]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["migrate-db", "--from", str(path), "--to", url, "--force"]) == 0
    assert main(["ledger", "check", "--database", url]) == 0
    assert "balances" in capsys.readouterr().out
