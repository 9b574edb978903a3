"""Which language a request is answered in, and the words templates need in it.

`?lang=ru` wins (links then keep it); otherwise the browser's Accept-Language,
best quality first; otherwise English. Every word comes from the catalogs
(`web.json` and the game's own names), never from a template.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from markupsafe import Markup, escape

from bot.game.cards import Card
from bot.i18n import (
    LANGUAGES,
    card_text,
    chip_reason,
    meld_name,
    number,
    signed,
    suit_name,
    t,
    variant_name,
)


def accepted_language(header: str | None) -> str:
    """The first language of an Accept-Language header (by quality) that we speak, else English."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        primary = tag.strip().split("-", 1)[0].lower()
        if primary in LANGUAGES and quality > 0:
            ranked.append((-quality, index, primary))
    return min(ranked)[2] if ranked else LANGUAGES[0]


def request_language(query_lang: str | None, header: str | None) -> tuple[str, bool]:
    """The language to answer in, and whether the address chose it (then links carry `lang`)."""
    if query_lang in LANGUAGES:
        return query_lang, True
    return accepted_language(header), False


class Words:
    """The template's vocabulary in one language: `w("standings.title")` is `web.standings.title`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return t(f"web.{key}", self.lang, **params)

    def variant(self, variant: str) -> str:
        return variant_name(variant, self.lang)

    def family(self, family: str) -> str:
        return self(f"family.{family}")

    def meld(self, name: str) -> str:
        return meld_name(name, self.lang)

    def suit(self, suit: str) -> str:
        return suit_name(suit, self.lang)

    def card(self, card: str) -> Markup:
        """A card drawn as a small inline SVG (a replay page shows a thousand: each is made once)."""
        return _card_svg(card, self.lang)

    def verdict(self, key: str, params: dict[str, Any]) -> str:
        """One finding of a fair deal's check (bot.game.verify), as `python -m bot verify` says it."""
        return t(f"bot.verify.{key}", self.lang, **params)

    def reason(self, reason: str, detail: str, memo: str) -> str:
        """What a ledger transaction was for, as `/chips history` says it."""
        return chip_reason(reason, detail, self.lang, memo)

    def number(self, value: float, digits: int | None = None) -> str:
        return number(value, digits, self.lang)

    @staticmethod
    def signed(value: int) -> str:
        return signed(value)


@cache
def _card_svg(card: str, lang: str) -> Markup:
    parsed = Card.from_text(card)  # ValueError for anything but a card: no text reaches the SVG
    rank, suit = escape(card_text(parsed, lang)[:-1]), escape(parsed.suit.value)
    colour = "red" if parsed.suit.value in "♥♦" else "black"
    return Markup(
        f'<svg class="card {colour}" viewBox="0 0 36 50" role="img" aria-label="{rank}{suit}">'
        '<rect x="1" y="1" width="34" height="48" rx="4"/>'
        f'<text x="18" y="21" text-anchor="middle">{rank}</text>'
        f'<text x="18" y="42" text-anchor="middle">{suit}</text></svg>'
    )
