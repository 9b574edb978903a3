"""Hidden cards stay hidden until every table that holds them is done (issue 22, item 1).

A duplicate league night deals the same cards at every table of a round. One
table finishes its deal while the other has not played a card: every way of
looking at the finished deal through the service, the store's reads and the web
server (page and API, over its own read-only connections) says no, or lists
nothing, until the round has ended everywhere; then all of them open.
"""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.nights.runner import NightRunner
from bot.presentation.texts import say
from bot.services.ledger_hook import ledger_hook
from bot.services.records_hook import records_hook
from bot.store import (
    history,
    league_csv,
    ledger_lines,
    player_stats,
    recent_games,
    set_guild_settings,
)
from bot.store.nights import event_tables
from bot.store.players import find_player
from bot.store.visibility import Hidden, hidden
from bot.tables import Person, Refusal, TableService
from bot.web.app import create_app
from bot.web.reader import open_reader
from bot.web.tokens import page_token
from tests.tables.event_support import Notices, play_event
from tests.tables.helpers import GUILD

PEOPLE = [Person(300 + n, name) for n, name in enumerate(("Ann", "Bob", "Cy", "Dee"))]
SECRET = "hidden-deals-secret-0123456789"


@pytest.fixture
async def runner(store):
    runner = NightRunner(Notices())
    hooks = [ledger_hook, records_hook, runner.hook]  # as the bot has them
    service = TableService(store, seed=5, turn_seconds=0, hooks=hooks)
    await runner.attach(service)
    yield runner
    await runner.close()
    await service.close()


@pytest.fixture
async def web(store, tmp_path):
    """The web pages of GUILD over the test's database, read through the web's own pool."""
    async with store.transaction() as tx:
        await set_guild_settings(tx, GUILD, web=True)
    pool = await open_reader(tmp_path / "tables.db")
    app = create_app(pool, secret=SECRET, database=str(tmp_path / "tables.db"))
    async with TestClient(TestServer(app)) as client:
        yield client, page_token(SECRET, GUILD, 0)
    await pool.close()


async def test_a_deal_other_tables_still_play_opens_when_the_round_ends_everywhere(
    runner, store, web
):
    client, token = web
    event = await runner.create(
        guild_id=GUILD,
        channel_id=30,
        organiser=PEOPLE[0],
        name="Friday",
        variant="two-handed",
        rounds=1,
        deals_per_round=1,
    )
    for person in PEOPLE:
        await runner.join(event.id, person)
    await runner.start(event.id, PEOPLE[0])
    first, second = await event_tables(store, event.id)
    service = runner.service
    slow = {s.user_id for s in service.table(second.table_id).seats.values()}
    await play_event(runner, service, PEOPLE, skip=frozenset(slow))  # only the first table plays
    assert service.table(first.table_id) is None and service.table(second.table_id) is not None
    game = first.table_id  # an event table's game id is its table's
    fast_player = next(p for p in PEOPLE if p.user_id not in slow)
    player = await find_player(store, GUILD, user_id=fast_player.user_id)

    async def everything_hidden() -> None:
        assert await hidden(store, game) == Hidden("Friday", 1)
        with pytest.raises(Refusal) as refused:
            await service.review(game)
        assert refused.value.key == "bot.refuse.deal_hidden_event"
        english = say(refused.value, "en", str)
        russian = say(refused.value, "ru", str)
        assert "another table" in english and "round 1 has ended" in english
        assert "другим столом" in russian and "тур 1" in russian
        stats = await player_stats(store, GUILD, player.id)
        assert stats.games == 0 and stats.best_meld is None
        assert await recent_games(store, GUILD, player.id) == []
        assert str(game) not in await league_csv(store, GUILD)
        for path in (f"/s/{token}/games/{game}", f"/api/s/{token}/games/{game}"):
            response = await client.get(path)
            assert response.status == 404, path
        listed = await (await client.get(f"/api/s/{token}/games")).json()
        assert listed["games"] == [] and listed["total"] == 0
        profile = await (await client.get(f"/api/s/{token}/players/{player.id}")).json()
        assert profile["recent_games"] == [] and profile["head_to_head"] == []
        assert [point for r in profile["ratings"] for point in r["history"]] == []

    await everything_hidden()

    await play_event(runner, service, PEOPLE)  # the second table plays: the round is over
    assert await hidden(store, game) is None
    table, review = await service.review(game)
    assert table.id == game and review.number == 1
    stats = await player_stats(store, GUILD, player.id)
    assert stats.games == 1
    assert [g.game_id for g in await recent_games(store, GUILD, player.id)] == [game]
    replay = await client.get(f"/api/s/{token}/games/{game}")
    assert replay.status == 200
    deals = (await replay.json())["deals"]
    assert [d["number"] for d in deals] == [1]  # the deal it played, not the one it dealt after
    page = await client.get(f"/s/{token}/games/{game}")
    assert page.status == 200
    profile = await (await client.get(f"/api/s/{token}/players/{player.id}")).json()
    assert [p["game_id"] for r in profile["ratings"] for p in r["history"]] == [game]


async def test_a_check_league_nights_chips_show_a_deal_only_once_it_may_be_shown(
    runner, store, web
):
    """Check's chips name a deal's melds and contract: the ledger waits like the replay."""
    client, token = web
    people = [Person(400 + n, f"P{n}") for n in range(8)]
    event = await runner.create(
        guild_id=GUILD,
        channel_id=31,
        organiser=people[0],
        name="Check night",
        variant="check",
        rounds=1,
        deals_per_round=1,
    )
    for person in people:
        await runner.join(event.id, person)
    await runner.start(event.id, people[0])
    first, second = await event_tables(store, event.id)
    service = runner.service
    slow = {s.user_id for s in service.table(second.table_id).seats.values()}
    await play_event(runner, service, people, skip=frozenset(slow))
    assert service.table(first.table_id) is None  # its deal is over, its chips settled
    fast = next(p for p in people if p.user_id not in slow)
    player = await find_player(store, GUILD, user_id=fast.user_id)

    assert (await history(store, GUILD, player.id)).total == 0
    assert (await history(store, GUILD)).entries == []
    assert not [line for line in await ledger_lines(store, GUILD) if line.table_id is not None]
    ledger = await (await client.get(f"/api/s/{token}/chips/{player.id}")).json()
    assert ledger["entries"] == [] and ledger["total"] == 0
    csv = await client.get(f"/s/{token}/chips.csv")
    assert csv.status == 200 and "contract" not in await csv.text()

    await play_event(runner, service, people)  # the round ends everywhere
    reasons = {entry.reason for entry in (await history(store, GUILD, player.id)).entries}
    assert reasons & {"contract", "set"}
    ledger = await (await client.get(f"/api/s/{token}/chips/{player.id}")).json()
    assert ledger["total"] == len(ledger["entries"]) > 0
