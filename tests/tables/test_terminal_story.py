"""The terminal tells a game in the order things happen, answers `help` and `salt`, and ends
quietly when nobody reads its output any more."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.game import Card
from bot.terminal import play_in_terminal


async def transcript(variant: str, answers: list[str], *, lang: str = "en", seed: int = 3):
    """What the terminal writes for `answers` (then "1" to every prompt until a second deal has
    begun and its first board is shown), against random computers; and the prompts asked."""
    out: list[str] = []
    given = iter(answers)

    def read(prompt: str) -> str:
        if sum(line.startswith("Deal 2 · ") for line in out) >= 1:
            return "q"
        return next(given, "1")

    status = await play_in_terminal(
        variant, lang=lang, seed=seed, level="random", read=read, write=out.append
    )
    assert status == 0
    return "\n".join(out).splitlines()


def boards(lines: list[str]) -> list[int]:
    """Where each board begins (its title line)."""
    return [i for i, line in enumerate(lines) if " · table #" in line]


async def test_a_two_handed_deal_is_told_in_order_melds_at_once_and_each_drawn_card_named():
    """A-6: a trick winner's meld is told when made, not after the last trick; A-5: the card a
    player draws is named to that player alone (the last two, the turn-up and the card shown, to
    everyone); a new deal's board starts without the last deal's trick."""
    lines = await transcript("two-handed", [])
    over = lines.index("  Deal 1 is over.")
    melds = [i for i, line in enumerate(lines[:over]) if " melded " in line]
    assert melds, "seed 3 has melds after tricks in deal 1"
    for i in melds:  # told before the next board, which shows the meld on the table
        following = next(b for b in boards(lines) if b > i)
        assert any(line.startswith("Melds (") for line in lines[following : following + 8])
    assert melds[0] < next(i for i, line in enumerate(lines) if line.startswith("Trick 3:"))

    drawn = [
        i
        for i, line in enumerate(lines[:over])
        if line.startswith("  You drew ") and "shown to all" not in line
    ]
    assert len(drawn) >= 8
    for i in drawn:
        card = lines[i].removeprefix("  You drew ").removesuffix(".")
        Card.from_text(card)
        hand = next(line for line in lines[i:] if line.startswith("Your hand: "))
        assert card in hand.split()
    shown = [line for line in lines[:over] if "shown to all:" in line]
    assert len(shown) <= 1

    second = next(b for b in boards(lines) if "Deal 2 · " in lines[b + 2])
    screen = lines[
        second : next(i for i in range(second, len(lines)) if lines[i].startswith("Your hand"))
    ]
    assert not [line for line in screen if line.startswith("Trick ")], screen


async def test_partnership_opening_melds_are_told_before_the_persons_first_card():
    """D2-1: the melds and the dix declared before the person's first card are told before it."""
    lines = await transcript("partnership", [])
    first = boards(lines)[0]
    told = [line for line in lines[:first] if " declared " in line or "dix" in line]
    assert told, lines[:first]


@pytest.mark.parametrize(
    ("lang", "asks", "help_start"),
    [
        ("en", ["help", "?", "HELP"], "Type the number of an action"),
        ("ru", ["помощь", "?", "Помощь"], "Наберите номер действия"),
    ],
)
async def test_help_shows_how_to_answer_and_salt_works_as_on_discord(lang, asks, help_start):
    lines = await transcript("two-handed", [*asks, "salt lucky7", "salt"], lang=lang)
    helps = [line for line in lines if help_start in line]
    assert len(helps) == len(asks) and not any(line.startswith("! ") for line in helps)
    assert not [line for line in lines if "not an action" in line or "непонятное" in line]
    salted = {"en": "Your salt “lucky7” goes into the shuffle of deal 2.", "ru": "«lucky7»"}
    assert any(salted[lang] in line for line in lines)
    assert sum(line.startswith("! ") for line in lines) == 1  # the bare "salt" is refused
    counted = {"en": "salts added: 1", "ru": "солей добавлено: 1"}
    assert any(counted[lang] in line for line in lines)  # the board counts it


def test_a_closed_pipe_ends_the_game_quietly():
    """`python -m bot play | head -3`: no BrokenPipeError, no traceback, status 0."""
    play = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--variant", "two-handed", "--level", "random"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert play.stdout is not None and play.stdin is not None
    play.stdout.readline()
    play.stdout.close()  # the reader goes away, as `head` does
    play.stdin.write(b"1\n" * 3)  # a few turns: less than a pipe's buffer of output
    play.stdin.close()
    assert play.wait(timeout=25) == 0
    assert play.stderr is not None
    with play.stderr:
        assert play.stderr.read().decode() == ""
