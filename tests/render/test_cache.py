"""Pictures are cached per distinct input, deterministic, and rendered off the event loop."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import threading

from bot.game.cards import Suit, parse_cards
from bot.render import clear_caches, render_hand, render_in_thread, render_melds, render_trick

HAND = parse_cards("A♠ 10♠ K♥ Q♥ J♦ 9♦ A♣ 10♣ K♣ Q♣ J♣ 9♣")

SCRIPT = """
import hashlib
from bot.game.cards import Suit, parse_cards
from bot.render import render_hand
hand = parse_cards("A♠ 10♠ K♥ Q♥ J♦ 9♦ A♣ 10♣ K♣ Q♣ J♣ 9♣")
print(hashlib.sha256(render_hand(hand, trump=Suit.CLUBS, legal=hand[:3], lang="ru")).hexdigest())
"""


def test_same_inputs_return_the_cached_bytes() -> None:
    first = render_hand(HAND, trump=Suit.CLUBS, legal=HAND[:3])
    assert render_hand(list(HAND), trump=Suit.CLUBS, legal=set(HAND[:3])) is first
    trick = [("Алиса", HAND[0]), ("Bob", HAND[1])]
    assert render_trick(trick, winner=1) is render_trick(list(trick), winner=1)
    melds = [("Bob", HAND[:2])]
    assert render_melds(melds) is render_melds([("Bob", tuple(HAND[:2]))])


def test_rendering_is_deterministic() -> None:
    before = render_hand(HAND, trump=Suit.CLUBS, legal=HAND[:3], lang="ru")
    clear_caches(sprites=True)
    after = render_hand(HAND, trump=Suit.CLUBS, legal=HAND[:3], lang="ru")
    assert after == before and after is not before


def test_a_fresh_process_draws_the_same_picture() -> None:
    """Nothing but the inputs and the shipped font decide the picture."""
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    expected = hashlib.sha256(
        render_hand(HAND, trump=Suit.CLUBS, legal=HAND[:3], lang="ru")
    ).hexdigest()
    assert out.stdout.strip() == expected


def test_different_inputs_give_different_pictures() -> None:
    pictures = {
        render_hand(HAND),
        render_hand(HAND, trump=Suit.CLUBS),
        render_hand(HAND, trump=Suit.CLUBS, legal=HAND[:3]),
        render_hand(HAND, trump=Suit.CLUBS, legal=[]),
        render_hand(HAND, lang="ru"),
    }
    assert len(pictures) == 5


async def test_render_in_thread_gives_the_same_bytes_off_the_loop_thread() -> None:
    seen: list[str] = []

    def spy(*args, **kwargs) -> bytes:
        seen.append(threading.current_thread().name)
        return render_hand(*args, **kwargs)

    png = await render_in_thread(spy, HAND, trump=Suit.HEARTS, lang="ru")
    assert png == render_hand(HAND, trump=Suit.HEARTS, lang="ru")
    assert seen and seen[0] != threading.current_thread().name
