"""The web pages through aiohttp's test client: what each page shows, and its refusals."""

from __future__ import annotations

import re

import pytest

from bot.game import Suit, parse_cards, sort_hand
from bot.game.record import GameRecord
from bot.store import Store, ledger_csv, set_guild_settings
from bot.store.records import game_log
from bot.web.data import PAGE_SIZE

from .pages import page, rows, visible_text
from .sample import GRANTS, HOSTILE


async def test_standings_rank_the_running_season_best_rating_first(client, league):
    html = await page(client, league)
    text = visible_text(html)
    assert "Standings" in text and "Two-handed · Spring" in text
    table = rows(html, "standings")
    # Bob won two of his three games; the computer lost its only one.
    assert table[0].split(" ")[:2] == ["1", "Bob"]
    assert len(table) == 4
    assert any("Computer computer" in row for row in table)  # computers are marked as such


async def test_standings_of_an_empty_family_say_so(client, league):
    html = await page(client, league, "/?family=partnership&season=all")
    assert "Partnership and Check · All time" in visible_text(html)
    assert "Nobody has a rated game in this table yet." in visible_text(html)


async def test_hidden_computers_are_left_out_of_standings_and_leaderboard(client, league):
    store = await Store.open(league.database)
    async with store.transaction() as tx:
        await set_guild_settings(tx, 4242, hide_bots=True)
    await store.close()
    assert "Computer" not in visible_text(await page(client, league))
    api = await (await client.get(f"/api/s/{league.token}/standings")).json()
    assert {row["display_name"] for row in api["rows"]} == {"Bob", "Ann", HOSTILE}
    assert api["total"] == 3


async def test_a_bad_family_season_or_page_is_refused_clearly(client, league):
    for query, said in (
        ("?family=poker", "There is no table called “poker”."),
        ("?season=99", "This server has no season “99”."),
        ("?page=0", "The page number must be a whole number from 1 to 10000."),
        ("?page=x", "The page number must be a whole number from 1 to 10000."),
    ):
        response = await client.get(f"/s/{league.token}/{query}")
        assert response.status == 400
        assert said in visible_text(await response.text())


async def test_player_page_has_chart_recent_games_head_to_head_and_melds(client, league):
    ann = league.players["ann"]
    html = await page(client, league, f"/players/{ann}?season=all")
    text = visible_text(html)
    assert "Ann" in text and "Chips: 735" in text  # 10 + 11 + … + 39
    assert "Rating after each game: Two-handed" in text
    assert html.count('<circle class="dot"') == 3  # one point per game Ann played
    assert "<polyline" in html
    assert html.count(f"/s/{league.token}/games/") >= 3  # each recent game links to its replay
    head_to_head = rows(html.split("Head to head")[1])
    assert head_to_head[0].startswith("Bob 2 ")  # two games against Bob
    assert "Best melds" in text


async def test_a_single_game_draws_no_line(client, league):
    html = await page(client, league, f"/players/{league.players['cpu']}?season=all")
    assert "The chart needs at least two rated games." in visible_text(html)
    assert "<polyline" not in html


async def test_ledger_pages_newest_first_and_links_the_csv(client, league):
    ann = league.players["ann"]
    first = await page(client, league, f"/chips/{ann}")
    lines = rows(first, "ledger")
    assert len(lines) == PAGE_SIZE
    assert "+39" in lines[0] and "grant: prize 30" in lines[0]
    assert "Page 1 of 2" in visible_text(first)
    assert f'href="/s/{league.token}/chips/{ann}?page=2"' in first
    second = rows(await page(client, league, f"/chips/{ann}?page=2"), "ledger")
    assert len(second) == GRANTS - PAGE_SIZE
    assert "+10" in second[-1] and "the house" in second[-1]
    assert f'href="/s/{league.token}/chips.csv"' in first


async def test_csv_download_is_the_chips_export(client, league):
    response = await client.get(f"/s/{league.token}/chips.csv")
    assert response.status == 200
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="chips-ledger-4242.csv"'
    )
    store = await Store.open(league.database)
    try:
        assert await response.text() == await ledger_csv(store, 4242)
    finally:
        await store.close()


async def test_leaderboard_lists_balances_highest_first(client, league):
    html = await page(client, league, "/chips")
    assert [row.split(" ")[-1] for row in rows(html)] == ["735", "5"]


async def test_replay_shows_every_hand_and_every_trick_of_each_deal(client, league):
    game_id = league.games[0]
    html = await page(client, league, f"/games/{game_id}")
    store = await Store.open(league.database)
    try:
        log = await game_log(store, game_id)
    finally:
        await store.close()
    assert log is not None
    record = GameRecord.from_stored(log)
    deals = [deal for deal in record.deals if deal.finished]
    assert html.count('<section class="deal"') == len(deals)
    assert html.count('<li class="trick">') == sum(len(deal.tricks) for deal in deals)
    first_hand = deals[0].hands[0]
    assert html.count('<svg class="card') >= sum(len(hand) for hand in deals[0].hands.values())
    assert all(f'aria-label="{card}"' in html for card in first_hand)
    text = visible_text(html)
    assert "Deal 1" in text and "Hands as dealt" in text and "Final scores" in text
    assert '<script src="/static/replay.js" defer></script>' in html


async def test_replay_shows_each_hand_as_its_owner_held_it(client, league):
    """Trump first, then by suit and rank high to low, as /pinochle replay and the hand view show
    it; the deal's order of the cards tells a reader nothing."""
    replay = await (await client.get(f"/api/s/{league.token}/games/{league.games[0]}")).json()
    for deal in replay["deals"]:
        trump = Suit.parse(deal["trump"]) if deal["trump"] else None
        for hand in deal["hands"]:
            cards = parse_cards(" ".join(hand["cards"]))
            assert cards == sort_hand(cards, trump), hand


async def test_replay_cards_follow_the_language(client, league):
    html = await page(client, league, f"/games/{league.games[0]}?lang=ru")
    assert "Сдача 1" in visible_text(html)
    assert 'aria-label="Д' in html or 'aria-label="В' in html  # Russian queens and jacks


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_no_table_names_two_columns_alike(client, league, lang):
    """A reader tells every column apart: the replay's seat and place are two words in Russian too."""
    ann, event = league.players["ann"], league.events["friday"]
    for path in (
        "/",
        "/games",
        f"/games/{league.games[0]}",
        f"/players/{ann}?season=all",
        "/chips",
        f"/chips/{ann}",
        "/events",
        f"/events/{event}",
    ):
        html = await page(client, league, f"{path}{'&' if '?' in path else '?'}lang={lang}")
        for head in re.findall(r"<thead>(.*?)</thead>", html, re.S):
            names = [visible_text(th) for th in re.findall(r"<th\b.*?</th>", head, re.S)]
            assert len(names) == len(set(names)), (path, names)


async def test_games_list_links_each_replay(client, league):
    html = await page(client, league, "/games")
    assert len(rows(html)) == len(league.games)
    for game_id in league.games:
        assert f'href="/s/{league.token}/games/{game_id}"' in html


async def test_hostile_names_are_escaped_everywhere(client, league):
    mallory = league.players["mallory"]
    for path in (
        "/?season=all",
        f"/players/{mallory}",
        "/chips",
        f"/chips/{mallory}",
        "/games",
        f"/games/{league.games[1]}",
        f"/players/{league.players['ann']}",
    ):
        html = await page(client, league, path)
        assert "<script>alert" not in html and "<b>Mallory" not in html, path
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;Mallory" in html, (
            path
        )
    api = await (await client.get(f"/api/s/{league.token}/players/{mallory}")).json()
    assert api["player"]["name"] == HOSTILE  # JSON carries the name as it is, as data


async def test_russian_by_query_keeps_the_language_in_links(client, league):
    html = await page(client, league, "/?lang=ru")
    assert "Турнирная таблица" in visible_text(html)
    assert f'href="/s/{league.token}/chips?lang=ru"' in html
    assert '<html lang="ru">' in html


async def test_russian_by_accept_language(client, league):
    html = await page(client, league, "/", **{"Accept-Language": "de;q=1, ru;q=0.8, en;q=0.5"})
    assert "Турнирная таблица" in visible_text(html)
    assert f'href="/s/{league.token}/chips"' in html  # the browser chose: links stay plain
    english = await page(client, league, "/", **{"Accept-Language": "fr, en-GB;q=0.9"})
    assert "Standings" in visible_text(english)


async def test_a_log_that_no_longer_replays_is_said_so(client, league):
    store = await Store.open(league.database)
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE actions SET action = 'play nonsense' WHERE table_id = ? AND seq = 5",
            (league.games[2],),
        )
    await store.close()
    response = await client.get(f"/s/{league.token}/games/{league.games[2]}")
    assert response.status == 500
    assert "This game's record could not be replayed." in visible_text(await response.text())
    other = await client.get(f"/s/{league.token}/games/{league.games[0]}")
    assert other.status == 200  # one broken record breaks nothing else
