"""The web root: what these pages are and how to get a server's link, in the reader's language."""

from __future__ import annotations

import pytest

from tests.web.pages import visible_text


@pytest.mark.parametrize(
    "accept, words",
    [
        ("en-GB,en;q=0.9", "How to get a server's link"),
        ("ru-RU,ru;q=0.9,en;q=0.5", "Как получить ссылку сервера"),
        ("", "How to get a server's link"),
    ],
)
async def test_the_root_explains_the_pages_and_how_to_get_a_link(client, league, accept, words):
    response = await client.get("/", headers={"Accept-Language": accept} if accept else {})
    assert response.status == 200
    text = visible_text(await response.text())
    assert words in text
    assert "/pinochle settings web on" in text and "python -m bot web-link --guild" in text
    assert league.token not in text and str(4242) not in text  # no server is named
