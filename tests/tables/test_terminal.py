"""Local play in a terminal: the same service and texts, a scripted player, to the end."""

from __future__ import annotations

import itertools
import re

import pytest

from bot.game import new_game
from bot.game.fair import fingerprint
from bot.terminal import play_in_terminal


async def scripted_game(answers: list[str], lang: str = "en") -> tuple[int, str]:
    """A short two-handed game (seed 4, to 300) answered by `answers`: its status, what it wrote."""
    out: list[str] = []
    typed = iter(answers)
    status = await play_in_terminal(
        "two-handed",
        lang=lang,
        seed=4,
        options={"target": 300},
        read=lambda prompt: next(typed),
        write=out.append,
    )
    return status, "\n".join(out)


async def test_a_scripted_player_finishes_a_game_in_the_terminal():
    status, text = await scripted_game(["bogus"] + ["1"] * 2000)
    assert status == 0
    assert "! Not allowed: not an action: 'bogus'" in text
    assert "Your hand: " in text and "   1. " in text
    assert "Game over. 1. " in text and "Final standings: 1. " in text


async def test_quitting_and_russian():
    out: list[str] = []
    answers = iter(["1", "q"])
    status = await play_in_terminal(
        "check", lang="ru", seed=2, read=lambda prompt: next(answers), write=out.append
    )
    text = "\n".join(out)
    assert status == 0 and "Ваши карты: " in text and text.endswith("До встречи.")
    assert "· стол №1" in text and "Торговля" in text


async def test_an_unknown_variant_is_refused():
    out: list[str] = []
    assert await play_in_terminal("bridge", read=lambda prompt: "q", write=out.append) == 2
    assert out == ["There is no variant called bridge."]


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_lines_about_you_read_right(lang):
    """The terminal names its player "You" ("Вы"): every line about them must agree with that
    ("You won", never "You wins"; no Russian third-person or gendered verb after "Вы")."""
    out: list[str] = []
    answers = itertools.cycle(["2", "1"])  # the second entry (a bid, when the first is a pass)
    await play_in_terminal(
        "check",
        lang=lang,
        seed=1,  # a game the player wins, naming trump
        options={"target": 300},
        read=lambda prompt: next(answers),
        write=out.append,
    )
    text = "\n".join(out)
    you = "You" if lang == "en" else "Вы"
    assert re.search(rf"\b{you}\b", text)
    if lang == "en":
        assert "You won" in text and "You named trump" in text
        assert not re.findall(
            r"\bYou (?:is|was|[a-z]+[^s]s)\b", text
        )  # "You wins", "You melds", "You was"
        assert not re.findall(
            r"\b[a-z]+ You\b", text
        )  # "won by You", "Waiting for You": a capital mid-sentence
    else:
        assert "Вы: козырь — " in text
        assert not re.findall(r"\bВы [а-яё]+(?:ет|ёт|ит|ал|ял|ил|ел)\b", text)
        assert not re.findall(r"\b(?:за|перед|для|у) Вы\b", text)


async def test_the_computer_seats_play_at_the_level_asked_for(monkeypatch):
    """`python -m bot play --level easy`: the other seats are bot.ai players of that level."""
    import bot.ai

    asked: list[str] = []
    real = bot.ai.get_player

    def recording(level, **kwargs):
        asked.append(level)
        return real(level, **kwargs)

    monkeypatch.setattr(bot.ai, "get_player", recording)
    answers = iter(["1", "1", "q"])
    await play_in_terminal(
        "four-handed",
        seed=3,
        level="easy",
        read=lambda prompt: next(answers),
        write=lambda line: None,
    )
    assert asked and set(asked) == {"easy"}


async def test_a_long_auction_lists_a_few_bids_and_takes_any_typed_amount():
    """E-4: every amount up to the limit is legal; the terminal lists a few and takes the rest typed."""
    out: list[str] = []
    answers = iter(["bid 300", "q"])
    await play_in_terminal(
        "check", seed=2, level="easy", read=lambda prompt: next(answers), write=out.append
    )
    top = f"Bid {new_game('check', seed=2).bid_ceiling()}"  # F-2: what a deal can be worth
    first_offer = out[: next(i for i, line in enumerate(out) if line.endswith(top)) + 1]
    listed = [line for line in first_offer if re.fullmatch(r"\s+\d+\. Bid \d+", line)]
    assert 2 <= len(listed) <= 6 and listed[-1].endswith(top)
    assert "   1. Pass" in first_offer  # the pass first, not after 130 bids
    assert any("any other amount: type it" in line for line in first_offer)
    assert any("Contract 300 (You)" in line for line in out)  # the auction is on the board


@pytest.mark.parametrize(
    "lang, help_text",
    [
        ("en", "! Type the number of an action, from 1 to "),
        ("ru", "! Наберите номер действия от 1 до "),
    ],
)
async def test_answers_that_are_no_entry_get_help_and_the_prompt_again(lang, help_text):
    """An empty line, a number out of range, any Unicode digit (², ٣, full-width ９) and a
    5,000-digit number: each gets a helpful line in the player's language, then the prompt."""
    out: list[str] = []
    odd = ["", "   ", "0", "99", "-1", "²", "٣", "９", "9" * 5000]
    answers = iter([*odd, "q"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    assert await play_in_terminal("two-handed", lang=lang, seed=4, read=read, write=out.append) == 0
    assert len(prompts) == len(odd) + 1
    assert sum(line.startswith(help_text) for line in out) == len(odd)
    assert not [line for line in out if "not an action" in line or "непонятное действие" in line]


async def _auction_screen(variant: str, seed: int, typed: list[str]) -> list[str]:
    """The lines the terminal writes while `typed` is answered at the first prompts."""
    out: list[str] = []
    answers = iter([*typed, "q"])
    await play_in_terminal(
        variant, seed=seed, level="easy", read=lambda prompt: next(answers), write=out.append
    )
    return "\n".join(out).split("\n")


async def test_a_bare_number_is_a_menu_entry_only_when_the_screen_shows_it():
    """F-2, H-3: the double deck's screen lists Pass, Bid 50 … Bid 54 and the highest bid; 55 is
    no entry shown, so it bids 55 (it once bid the 55th entry's amount); 3 is an entry, Bid 51."""
    out = await _auction_screen("double-deck", 2, ["55"])
    assert "   6. Bid 54" in out and "   7. Bid 55" not in out
    assert any("Contract 55 (You)" in line for line in out)
    out = await _auction_screen("double-deck", 2, ["3"])
    assert any(line.startswith("High bid 52 (") for line in out)  # 51 was bid, and raised
    assert not any(line.startswith("High bid 480") for line in out)


async def test_a_number_both_shown_and_a_legal_bid_is_refused_with_both_readings():
    """F-2: the highest bid's entry number (80) is also a legal bid (80): neither is taken; both
    readings are offered and the auction waits."""
    out = await _auction_screen("double-deck", 2, ["80"])
    top = new_game("double-deck", seed=2).bid_ceiling()
    assert f"  80. Bid {top}" in out
    said = [line for line in out if line.startswith("! 80 is both entry 80")]
    assert said == [
        f"! 80 is both entry 80 on the screen (Bid {top}) and a bid of 80: type the entry's"
        f" words ('Bid {top}') or the bid ('Bid 80')."
    ]
    assert not any("Contract" in line for line in out)


async def test_a_bid_out_of_range_is_refused_for_its_real_reason():
    """F-2: in the auction "50" (no entry shown) is a bid under the minimum, not the 50th
    entry's amount; "9000" and "bid 9000" are over what a deal can be worth, and say so."""
    out = await _auction_screen("auction", 1, ["50", "9000", "bid 9000"])
    top = new_game("auction", seed=1).bid_ceiling()
    assert sum("the minimum bid is 100" in line for line in out) == 1
    over = f"no deal here can be worth more than {top}"
    assert sum(over in line for line in out) == 2
    assert not any("steps of" in line or "Contract" in line for line in out)
    dd = await _auction_screen("double-deck", 2, ["bid 2000"])  # the words, H-2
    dd_top = new_game("double-deck", seed=2).bid_ceiling()
    assert sum(f"no deal here can be worth more than {dd_top}" in line for line in dd) == 1


@pytest.mark.parametrize(
    ("lang", "locked", "unlocked"),
    [
        ("en", r"🔒 Deal (\d+) fingerprint: ([0-9a-f]+)", "Deal {deal}: 🔓 Fair deal: seed `"),
        ("ru", r"🔒 Отпечаток сдачи (\d+): ([0-9a-f]+)", "Сдача {deal}: 🔓 Честная сдача: зерно `"),
    ],
)
async def test_the_end_of_a_game_reveals_every_deals_seed_that_the_fingerprint_bound(
    lang, locked, unlocked
):
    """Fair deals (docs/fair-deals.md): each deal's fingerprint is shown before it and its seed
    once it is over; the terminal prints the seeds when the game ends, as the Discord review does,
    so the player can check SHA-256(seed, "table 1 deal N") against what was shown."""
    status, text = await scripted_game(["1"] * 2000, lang)
    assert status == 0
    shown = dict(re.findall(locked, text))
    assert shown and "1" in shown
    end = text.rindex("\n" + unlocked.format(deal=1))
    for deal, prefix in shown.items():
        start = text.index(unlocked.format(deal=deal), end) + len(unlocked.format(deal=deal))
        seed = bytes.fromhex(text[start : text.index("`", start)])
        assert fingerprint(seed, 1, int(deal)).startswith(prefix)
    assert "🔓" not in text[:end]  # no seed before the game is over


async def test_quitting_mid_game_reveals_no_seed():
    _, text = await scripted_game(["1", "1", "q"])
    assert "🔓" not in text and "seed" not in text
