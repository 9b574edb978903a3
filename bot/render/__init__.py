"""Pictures of cards: pure functions from engine values to PNG bytes.

`render_hand`, `render_trick` and `render_melds` draw with Pillow only (no Discord,
no asyncio) and cache each distinct picture; the bot calls them through
`render_in_thread` so its event loop never waits for a picture.
"""

from __future__ import annotations

from bot.render.hand import _render_hand, render_hand
from bot.render.melds import _render_melds, render_melds
from bot.render.sprites import card_sprite
from bot.render.thread import render_in_thread
from bot.render.trick import _render_trick, render_trick

__all__ = ["clear_caches", "render_hand", "render_in_thread", "render_melds", "render_trick"]


def clear_caches(*, sprites: bool = False) -> None:
    """Forget every cached picture (and, with `sprites`, the pre-drawn card faces too):
    for benchmarks and tests that want to measure or check a cold render."""
    for cached in (_render_hand, _render_trick, _render_melds):
        cached.cache_clear()
    if sprites:
        card_sprite.cache_clear()
