"""The web's one refusal handler (the `refusals` middleware): a `Refusal` from any layer is a 400
page, or JSON under /api/, in the reader's language; a bug is never shown as a traceback."""

from __future__ import annotations

import bot.web.app as web_app
from bot.game import IllegalAction
from bot.store.ledger import LedgerRefusal
from tests.web.pages import visible_text


async def test_a_bad_page_number_is_refused_in_the_reader_s_language(client, league):
    russian = await client.get(f"/s/{league.token}/?page=0", headers={"Accept-Language": "ru"})
    assert russian.status == 400 and russian.content_type == "text/html"
    assert "Номер страницы должен быть целым числом от 1 до 10000." in visible_text(
        await russian.text()
    )
    english = await client.get(f"/api/s/{league.token}/standings?page=x&lang=en")
    assert english.status == 400
    assert await english.json() == {
        "status": 400,
        "error": "bad_page",
        "message": "The page number must be a whole number from 1 to 10000.",
    }


async def test_a_refusal_of_the_engine_or_the_store_reaching_a_page_is_answered_the_same_way(
    client, league, monkeypatch
):
    async def engine(*args):
        raise IllegalAction("game_over")

    monkeypatch.setattr(web_app, "standings_data", engine)
    refused = await client.get(f"/s/{league.token}/?lang=ru")
    assert refused.status == 400 and "партия окончена" in visible_text(await refused.text())

    async def store(*args):
        raise LedgerRefusal("chips.refuse.reason_missing")

    monkeypatch.setattr(web_app, "standings_data", store)
    refused = await client.get(f"/api/s/{league.token}/standings?lang=en")
    body = await refused.json()
    assert refused.status == 400 and body["error"] == "reason_missing"
    assert body["message"] == "Give a reason: it is written into the ledger."  # not the log's text


async def test_a_bug_behind_a_page_is_no_refusal_and_shows_no_traceback(
    client, league, monkeypatch
):
    async def broken(*args):
        raise KeyError("secret internals")

    monkeypatch.setattr(web_app, "standings_data", broken)
    response = await client.get(f"/s/{league.token}/")
    assert response.status == 500
    text = await response.text()
    assert "secret internals" not in text and "Traceback" not in text
