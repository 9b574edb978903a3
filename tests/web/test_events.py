"""League events on the web: a player's results, the server's finished events, one event's table.

The sample server has two finished events: "Friday night" (duplicate deals,
ranked by matchpoints: Ann 14, Mallory 10, Bob 6) and a later one with a
hostile name (points: Ann and Bob share first place with 830, Mallory 600),
plus one still running that no page may show. The dark server has a finished
event of its own, which the open server's link must not reach.
"""

from __future__ import annotations

from bot.store import Store

from .pages import assert_not_found, change_settings, page, rows, visible_text
from .sample import HOSTILE, HOSTILE_EVENT

ESCAPED_EVENT = "&lt;img src=x onerror=&#34;alert(1)&#34;&gt; Night &amp; &lt;i&gt;Day&lt;/i&gt;"


async def test_player_page_lists_finished_events_newest_first(client, league):
    html = await page(client, league, f"/players/{league.players['ann']}")
    assert "League events" in visible_text(html)
    table = rows(html, "events")
    # The running event is not over: it is not listed.
    assert [row.split(" ", 1)[1] for row in table] == [
        f"{HOSTILE_EVENT} Partnership points 1 of 3 830",
        "Friday night Two-handed matchpoints (duplicate deals) 1 of 3 14",
    ]
    assert table[0][:10] == table[1][:10]  # a date, then the rest
    for event in ("hostile", "friday"):
        assert f'href="/s/{league.token}/events/{league.events[event]}"' in html


async def test_player_events_in_russian(client, league):
    html = await page(client, league, f"/players/{league.players['bob']}?lang=ru")
    assert "Турниры лиги" in visible_text(html)
    table = rows(html, "events")
    assert table[0].endswith("Двое на двое по очкам 1 из 3 830")
    assert table[1].endswith("Для двоих по матчпойнтам (дубликатные раздачи) 3 из 3 6")
    assert f'href="/s/{league.token}/events/{league.events["friday"]}?lang=ru"' in html


async def test_a_player_without_events_is_told_so(client, league):
    html = await page(client, league, f"/players/{league.players['cpu']}")
    after = visible_text(html.split("League events", 1)[1])
    assert after == "Nothing yet."
    assert '<table class="events"' not in html


async def test_events_list_has_the_finished_events_with_their_winners(client, league):
    standings = await page(client, league)
    assert f'href="/s/{league.token}/events"' in standings  # the top navigation leads there
    html = await page(client, league, "/events")
    # (visible_text puts a space after each link's text, so before the comma between winners)
    table = [row.replace(" , ", ", ") for row in rows(html, "events")]
    assert [row.split(" ", 1)[1] for row in table] == [
        f"{HOSTILE_EVENT} Partnership points 3 Ann, Bob",  # a shared first place: both won
        "Friday night Two-handed matchpoints (duplicate deals) 3 Ann",
    ]
    assert "Next week" not in html and "Dark night" not in html
    assert html.count(f'href="/s/{league.token}/players/{league.players["ann"]}"') == 2


async def test_event_page_shows_its_final_table(client, league):
    html = await page(client, league, f"/events/{league.events['friday']}")
    text = visible_text(html)
    assert "Friday night" in text
    assert "Two-handed · matchpoints (duplicate deals) · Rounds: 3, deals a round: 4" in text
    assert "Players: 3" in text and "Final table" in text
    assert "Place Player Matchpoints" in text
    assert rows(html, "final") == ["1 Ann 14", f"2 {HOSTILE} 10", "3 Bob 6"]
    for player in ("ann", "bob", "mallory"):
        assert f'href="/s/{league.token}/players/{league.players[player]}"' in html
    shared = await page(client, league, f"/events/{league.events['hostile']}?lang=ru")
    assert "Место Игрок Очки" in visible_text(shared)
    assert rows(shared, "final") == ["1 Ann 830", "1 Bob 830", f"3 {HOSTILE} 600"]
    assert "Туров: 3, сдач в туре: 4" in visible_text(shared)


async def test_hostile_event_and_player_names_are_escaped(client, league):
    for path in (
        "/events",
        f"/events/{league.events['hostile']}",
        f"/players/{league.players['ann']}",
    ):
        html = await page(client, league, path)
        assert "<img src=x" not in html and "<i>Day" not in html, path
        assert ESCAPED_EVENT in html, path
    html = await page(client, league, f"/events/{league.events['friday']}")
    assert "<script>alert" not in html and "&lt;script&gt;alert(&#34;x&#34;)" in html


async def test_events_not_over_or_of_another_server_are_not_found(client, league):
    for event in ("running", "dark"):
        await assert_not_found(client, f"/s/{league.token}/events/{league.events[event]}")
        await assert_not_found(client, f"/api/s/{league.token}/events/{league.events[event]}")
    await assert_not_found(client, f"/s/{league.token}/events/999999")
    await assert_not_found(client, f"/s/{league.dark_token}/events")
    await assert_not_found(client, f"/s/{league.dark_token}/events/{league.events['dark']}")
    await change_settings(league.database, 4242, web=False)
    await assert_not_found(client, f"/s/{league.token}/events")
    await assert_not_found(client, f"/api/s/{league.token}/events/{league.events['friday']}")


async def cancel_or_empty(database: str, *, cancel: list[int], empty: list[int]) -> None:
    """Mark some events cancelled and take the final table from others (as a test's setting)."""
    store = await Store.open(database)
    try:
        async with store.transaction() as tx:
            for event_id in empty:
                await tx.execute("DELETE FROM event_results WHERE event_id = ?", (event_id,))
            for event_id in cancel:
                await tx.execute("UPDATE events SET status = 'cancelled' WHERE id = ?", (event_id,))
    finally:
        await store.close()


async def test_a_cancelled_event_and_one_without_a_final_table(client, league):
    friday, hostile = league.events["friday"], league.events["hostile"]
    await cancel_or_empty(league.database, cancel=[hostile], empty=[friday])
    html = await page(client, league, f"/events/{friday}")
    assert "This event ended without a final table." in visible_text(html)
    assert "Players: 0" in visible_text(html)
    await assert_not_found(client, f"/s/{league.token}/events/{hostile}")
    listed = await page(client, league, "/events")
    assert [row.split(" ", 1)[1] for row in rows(listed, "events")] == [
        "Friday night Two-handed matchpoints (duplicate deals) 0"
    ]
    await cancel_or_empty(league.database, cancel=[friday], empty=[])
    assert "No league event has finished yet." in visible_text(
        await page(client, league, "/events")
    )


async def test_api_player_events_and_event_routes(client, league):
    api = f"/api/s/{league.token}"
    player = await (await client.get(f"{api}/players/{league.players['mallory']}")).json()
    assert [
        (e["name"], e["duplicate"], e["place"], e["entrants"], e["total"]) for e in player["events"]
    ] == [(HOSTILE_EVENT, False, 3, 3, 600), ("Friday night", True, 2, 3, 10)]
    listed = await (await client.get(f"{api}/events")).json()
    assert (listed["page"], listed["pages"], listed["total"]) == (1, 1, 2)
    first = listed["events"][0]
    assert first["name"] == HOSTILE_EVENT and first["variant"] == "partnership"
    assert [w["display_name"] for w in first["winners"]] == ["Ann", "Bob"]
    table = await (await client.get(f"{api}/events/{league.events['friday']}")).json()
    assert table["event"]["duplicate"] is True and table["event"]["rounds"] == 3
    assert [(r["place"], r["display_name"], r["total"]) for r in table["rows"]] == [
        (1, "Ann", 14),
        (2, HOSTILE, 10),
        (3, "Bob", 6),
    ]
    assert table["total"] == 3
    refused = await client.get(f"{api}/events/{league.events['friday']}?page=0")
    assert refused.status == 400 and (await refused.json())["error"] == "bad_page"
