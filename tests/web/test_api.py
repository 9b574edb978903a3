"""The JSON API: the pages' data under /api/, described by /api/openapi.json."""

from __future__ import annotations

import re

from bot.web.data import PAGE_SIZE

from .sample import GRANTS


def route_paths(app) -> set[str]:
    """Every API path the app serves, in OpenAPI's notation (`{player_id}`, no patterns)."""
    paths = set()
    for resource in app.router.resources():
        path = re.sub(r"\{(\w+):[^}]*\}", r"{\1}", resource.canonical)
        if path.startswith("/api/s/"):
            paths.add(path)
    return paths


async def test_openapi_document_describes_exactly_the_api_routes(client):
    response = await client.get("/api/openapi.json")
    assert response.status == 200
    document = await response.json()
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == route_paths(client.app)
    for path, item in document["paths"].items():
        assert set(item) == {"get"}, path  # read-only
        named = {p["name"] for p in item["get"]["parameters"] if p["in"] == "path"}
        assert named == set(re.findall(r"\{(\w+)\}", path)), path
        schema = item["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert (
            schema["$ref"].removeprefix("#/components/schemas/")
            in document["components"]["schemas"]
        )


async def test_api_answers_match_their_schemas_required_fields(client, league):
    document = await (await client.get("/api/openapi.json")).json()
    schemas = document["components"]["schemas"]
    ann = league.players["ann"]
    for path in document["paths"]:
        url = path.replace("{token}", league.token)
        url = url.replace("{player_id}", str(ann)).replace("{game_id}", str(league.games[0]))
        url = url.replace("{event_id}", str(league.events["friday"]))
        response = await client.get(url)
        assert response.status == 200, url
        data = await response.json()
        name = document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"][
            "schema"
        ]["$ref"].rsplit("/", 1)[1]
        assert set(schemas[name]["required"]) <= set(data), (url, set(schemas[name]["required"]))


async def test_api_standings_and_paging(client, league):
    data = await (await client.get(f"/api/s/{league.token}/standings?season=all")).json()
    assert data["family"] == "two-handed" and data["season"] is None
    assert [row["rank"] for row in data["rows"]] == [1, 2, 3, 4]
    assert data["rows"][0]["display_name"] == "Bob"
    assert data["seasons"] == [{"id": league.season_id, "name": "Spring", "active": True}]
    ledger = await (
        await client.get(f"/api/s/{league.token}/chips/{league.players['ann']}?page=2")
    ).json()
    assert (ledger["page"], ledger["pages"], ledger["total"]) == (2, 2, GRANTS)
    assert len(ledger["entries"]) == GRANTS - PAGE_SIZE
    assert ledger["entries"][-1]["amount"] == 10 and ledger["entries"][-1]["others"] == [
        {"player_id": None, "name": None}
    ]


async def test_api_replay_gives_deals_and_tricks(client, league):
    data = await (await client.get(f"/api/s/{league.token}/games/{league.games[0]}")).json()
    assert data["game"]["variant"] == "two-handed"
    assert data["final_scores"] == [seat["score"] for seat in data["game"]["seats"]]
    first = data["deals"][0]
    assert first["number"] == 1 and len(first["hands"]) == 2
    assert all(len(hand["cards"]) == 12 for hand in first["hands"])  # RULES A-3: 12 cards each
    # Every counter is in some trick: 240 card points, and the last trick's 10 in the result (G-5).
    assert sum(trick["points"] for trick in first["tricks"]) == 240
    assert sum(first["results"]["cards"]) == 250
    assert all(len(trick["plays"]) == 2 for trick in first["tricks"])


async def test_api_refusals_are_json(client, league):
    response = await client.get(f"/api/s/{league.token}/standings?family=poker")
    assert response.status == 400
    data = await response.json()
    assert data["error"] == "bad_family" and "poker" in data["message"]
