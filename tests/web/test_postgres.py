"""The web pages on PostgreSQL (the store's other backend): the same sample league, read the same way."""

from __future__ import annotations

import pytest

from bot.store import Store, ledger_csv
from bot.store.web_reads import count_standings, finished_games, rating_history

from .pages import rows, visible_text, web_client
from .sample import GUILD, HOSTILE, sample_league


@pytest.fixture
async def pg_league(postgres_server):
    return await sample_league(await postgres_server.new_database())


async def test_every_page_and_the_api_read_postgres(pg_league):
    ann = pg_league.players["ann"]
    async with web_client(pg_league) as client:
        for path in (
            "/?season=all",
            f"/players/{ann}",
            "/chips",
            f"/chips/{ann}?page=2",
            "/games",
            f"/games/{pg_league.games[0]}",
            "/events",
            f"/events/{pg_league.events['hostile']}",
        ):
            response = await client.get(f"/s/{pg_league.token}{path}")
            assert response.status == 200, (path, await response.text())
        standings = rows(await (await client.get(f"/s/{pg_league.token}/")).text(), "standings")
        assert standings[0].split(" ")[:2] == ["1", "Bob"]
        games = await (await client.get(f"/api/s/{pg_league.token}/games")).json()
        assert [g["game_id"] for g in games["games"]] == pg_league.games[::-1]
        assert games["games"][0]["seats"][1]["display_name"] == "Bob"
        player = await client.get(f"/s/{pg_league.token}/players/{pg_league.players['mallory']}")
        assert HOSTILE in visible_text(await player.text())
        assert rows(await player.text(), "events")[1].endswith("2 of 3 10")
        events = await (await client.get(f"/api/s/{pg_league.token}/events")).json()
        assert [
            (e["entrants"], [w["display_name"] for w in e["winners"]]) for e in events["events"]
        ] == [
            (3, ["Ann", "Bob"]),
            (3, ["Ann"]),
        ]
        table = await (
            await client.get(f"/api/s/{pg_league.token}/events/{pg_league.events['friday']}")
        ).json()
        assert [r["total"] for r in table["rows"]] == [14, 10, 6]
        csv = await client.get(f"/s/{pg_league.token}/chips.csv")
        store = await Store.open(pg_league.database)
        try:
            assert await csv.text() == await ledger_csv(store, GUILD)
            assert len(await rating_history(store, GUILD, ann, "two-handed")) == 3
            assert await count_standings(store, GUILD, "two-handed", include_bots=False) == 3
            assert [g.game_id for g in await finished_games(store, GUILD, limit=1)] == [
                pg_league.games[-1]
            ]
        finally:
            await store.close()
        assert (await client.get("/healthz")).status == 200
