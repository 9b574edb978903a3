"""A fair game's web replay shows each deal's revealed seed, and the verify page (HTML and API)
re-deals it: verified with the fingerprint shown before the deal, refused with any other."""

from __future__ import annotations

from bot.game import fingerprint
from bot.game.fair import deal_seed
from bot.store import Store

from .pages import page, visible_text
from .sample import GUILD, _game

KEY = bytes(range(32, 64))


async def fair_game(league) -> int:
    store = await Store.open(league.database)
    try:
        players = [league.players["ann"], league.players["bob"]]
        return await _game(store, GUILD, 5, players, channel=50, key=KEY)
    finally:
        await store.close()


async def test_the_replay_and_its_api_reveal_each_deals_seed(client, league):
    game_id = await fair_game(league)
    seed = deal_seed(KEY, 1)
    html = await page(client, league, f"/games/{game_id}")
    assert f"seed {seed.hex()}" in visible_text(html) and KEY.hex() not in html
    assert f"/games/{game_id}/verify?deal=1&amp;seed={seed.hex()}" in html
    api = await (await client.get(f"/api/s/{league.token}/games/{game_id}")).json()
    first = api["deals"][0]["fair"]
    assert first["seed"] == seed.hex() and first["fingerprint"] == fingerprint(seed, game_id, 1)
    assert api["table_id"] == game_id and KEY.hex() not in str(api)


async def test_the_verify_page_checks_a_deal_in_either_language(client, league):
    game_id = await fair_game(league)
    seed = deal_seed(KEY, 2).hex()
    shown = fingerprint(deal_seed(KEY, 2), game_id, 2)[:32]
    base = f"/games/{game_id}/verify?deal=2&seed={seed}"
    ok = visible_text(await page(client, league, f"{base}&fingerprint={shown}"))
    assert "OK: deal 2 of table" in ok
    other = fingerprint(deal_seed(KEY, 3), game_id, 2)[:32]
    wrong = visible_text(await page(client, league, f"{base}&fingerprint={other}&lang=ru"))
    assert "НЕ ПОДТВЕРЖДЕНО" in wrong and "отпечаток не совпадает" in wrong
    api = await client.get(f"/api/s/{league.token}{base}&fingerprint={shown}&table={game_id + 1}")
    data = await api.json()
    assert data["ok"] is False and [line["key"] for line in data["lines"]] == [
        "failed",
        "fingerprint",
    ]
    bad = await client.get(f"/api/s/{league.token}{base}&fingerprint=xyz")
    assert (await bad.json())["lines"] == [{"key": "bad_fingerprint", "params": {}}]


async def test_a_player_with_only_the_link_verifies_a_deal_from_the_api_json(
    client, league, tmp_path, capsys
):
    """No operator needed: the API's JSON (or the page's record text) is what `verify` reads."""
    from bot.verify_cli import main as verify_main

    game_id = await fair_game(league)
    api = await client.get(f"/api/s/{league.token}/games/{game_id}")
    path = tmp_path / "game.json"
    path.write_text(await api.text(), encoding="utf-8")
    shown = fingerprint(deal_seed(KEY, 2), game_id, 2)[:32]
    assert verify_main(["--record", str(path), "--deal", "2", "--fingerprint", shown]) == 0
    assert f"OK: deal 2 of table #{game_id}" in capsys.readouterr().out
    html = await page(client, league, f"/games/{game_id}")
    assert "Pinochle game record 2" in html and "dealing: fair, table" in html
    assert KEY.hex() not in html
