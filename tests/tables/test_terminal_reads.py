"""Terminal play as a newcomer reads it: every variant at every level, a kept database, and a
screen that tells each thing once, in the order it can be typed back."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

import bot.terminal as terminal
from bot.ai import LEVELS
from bot.ai.table_players import ai_players
from bot.game import VARIANTS, parse_action
from bot.i18n import t
from bot.presentation.typed import typed_action
from bot.store import Store, find_player, game_log, leaderboard, player_stats, standings
from bot.store.league import family_of
from bot.terminal import LOCAL_GUILD, local_member, play_in_terminal

#: A game kept short: the fewest points a game may go to.
SHORT = {"target": 300}


@pytest.fixture(autouse=True)
def quick_hard(monkeypatch):
    """`hard` thinks a hundredth of a second here (its second a move is for players, not tests)."""
    monkeypatch.setattr(terminal, "ai_players", lambda: ai_players(0.01))


class Screen:
    """A scripted person: answers from `pick(listed entries)` and keeps every line written."""

    def __init__(self, pick: Callable[[list[str]], str], limit: int = 3000) -> None:
        self.out: list[str] = []
        self.pick = pick
        self.left = limit
        self.written_at_prompt: list[int] = []

    def write(self, line: str) -> None:
        self.out.extend(str(line).split("\n"))

    def read(self, prompt: str) -> str:
        self.written_at_prompt.append(len(self.out))
        self.left -= 1
        return self.pick(self.entries()) if self.left > 0 else "q"

    def entries(self) -> list[str]:
        """The numbered entries of the last list shown."""
        last: list[str] = []
        for line in reversed(self.out):
            match = re.fullmatch(r"\s+(\d+)\. (.+)", line)
            if match:
                last.insert(0, match[2])
                if match[1] == "1":
                    return last
            elif last:
                break
        return last

    @property
    def text(self) -> str:
        return "\n".join(self.out)

    def boards(self) -> Iterator[list[str]]:
        """Each screen from its title to the next prompt."""
        start = None
        for i, line in enumerate(self.out):
            if re.search(r" · (table #|стол №)\d+$", line):
                start = i
            elif start is not None and re.fullmatch(r"\s+1\. .+", line):
                yield self.out[start:i]
                start = None


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_every_variant_plays_at_every_level(variant, level):
    """The terminal is its own server: three `hard` computers sit at a four-handed table."""
    screen = Screen(lambda entries: "1", limit=4)
    status = await play_in_terminal(
        variant, seed=1, level=level, options=SHORT, read=screen.read, write=screen.write
    )
    assert status == 0
    assert "Your hand: " in screen.text and "Traceback" not in screen.text
    assert "at most" not in screen.text  # no server limit refused a seat
    assert screen.out[-1] == "Bye."


async def test_a_kept_game_has_its_stats_replay_ratings_and_chips(tmp_path):
    """`--database`: the game is recorded as on Discord (the same hooks), under the person's name,
    and the same name is the same member in the next game."""
    database = str(tmp_path / "kept.db")
    for variant in ("two-handed", "check"):
        screen = Screen(lambda entries: "1")
        status = await play_in_terminal(
            variant,
            seed=3,
            level="easy",
            options=SHORT,
            database=database,
            name="Alice",
            read=screen.read,
            write=screen.write,
        )
        assert status == 0 and screen.out[-1].startswith(f"The game is kept in {database}")
    store = await Store.open(database)
    try:
        player = await find_player(store, LOCAL_GUILD, user_id=local_member("Alice"))
        assert player is not None
        alice = player.id
        stats = await player_stats(store, LOCAL_GUILD, alice)
        assert stats is not None and stats.player.display_name == "Alice"
        assert sorted(record.variant for record in stats.variants) == ["check", "two-handed"]
        assert stats.deals > 0
        table = await standings(store, LOCAL_GUILD, family_of("two-handed"))
        names = {row.display_name: row for row in table}
        assert "Alice" in names and any(row.is_bot for row in table)
        assert names["Alice"].games == 1
        log = await game_log(store, 1)
        assert log is not None and log.names[0] == "Alice" and log.status == "finished"
        assert len(log.actions) > 20  # the replay's every move
        chips = [row.balance for row in await leaderboard(store, LOCAL_GUILD)]
        assert any(chips) and sum(chips) == 0  # Check moved chips between the players
    finally:
        await store.close()


async def test_quitting_a_kept_game_continues_it_next_time(tmp_path):
    database = str(tmp_path / "kept.db")
    first = Screen(lambda entries: "1", limit=3)
    await play_in_terminal(
        "two-handed", seed=2, database=database, name="Bob", read=first.read, write=first.write
    )
    assert first.out[-1].startswith("The game is kept: play again with the same --database")
    again = Screen(lambda entries: "1", limit=2)
    await play_in_terminal(
        "check", seed=2, database=database, name="bob", read=again.read, write=again.write
    )
    assert again.out[0].startswith("Your unfinished game at table #1 is kept in")
    assert "Two-handed · table #1" in again.text


async def test_a_password_in_the_database_url_is_never_printed(postgres_server):
    """A game kept in PostgreSQL: the lines naming where it is kept mask the URL's password."""
    url = (await postgres_server.new_database()).replace("postgres@", "postgres:hunter2@")
    screen = Screen(lambda entries: "q")
    args = {"seed": 2, "options": SHORT, "database": url, "name": "Alice", "level": "easy"}
    await play_in_terminal("two-handed", read=screen.read, write=screen.write, **args)
    screen = Screen(lambda entries: "1")
    await play_in_terminal("two-handed", read=screen.read, write=screen.write, **args)
    masked = url.replace("hunter2", "***")
    assert f"in {masked}" in screen.text  # continuing it, then where it is kept
    assert screen.text.count(masked) == 3 and "hunter2" not in screen.text


async def test_a_name_longer_than_discord_allows_is_refused_with_one_line(tmp_path):
    out: list[str] = []
    database = str(tmp_path / "kept.db")
    status = await play_in_terminal(
        "two-handed", database=database, name="x" * 33, write=out.append
    )
    assert status == 2 and out == ["A name may be at most 32 characters long."]


async def test_end_of_input_and_ctrl_c_leave_with_a_line():
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    for read in (interrupted, lambda prompt: (_ for _ in ()).throw(EOFError)):
        out: list[str] = []
        assert await play_in_terminal("two-handed", seed=1, read=read, write=out.append) == 0
        assert out[-1] == "Bye."


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_label_shown_can_be_typed_back(lang):
    """A whole game answered with the labels as shown ("Show the dix", «Объявить Д♠ В♦»,
    «Пас»), never a number: none is refused."""
    screen = Screen(lambda entries: entries[-1] if entries else "q")
    status = await play_in_terminal(
        "two-handed", lang=lang, seed=5, options=SHORT, read=screen.read, write=screen.write
    )
    assert status == 0
    assert not [line for line in screen.out if line.startswith("! ")]
    over = "Game over" if lang == "en" else "Партия окончена"
    assert over in screen.text


@pytest.mark.parametrize(
    "typed, action",
    [
        ("объявить дп вб", "meld Q♠ J♦"),
        ("Объявить Д♠ В♦", "meld Q♠ J♦"),
        ("Meld Qs, Jd", "meld Q♠ J♦"),
        ("ставка 250", "bid 250"),
        ("Козырь ч", "trump ♥"),
        ("пас", "pass"),
        ("сыграть 10ч", "play 10♥"),
        ("9п", "play 9♠"),
        ("Показать дис", "dix"),
        ("show the dix", "dix"),
        ("Объявить выход", "declare out"),
        ("Взять открытую карту", "draw turnup"),
    ],
)
def test_verbs_and_cards_of_either_language_read_as_the_engines_action(typed, action):
    """Text that is no label shown now still reads through the catalogue's verbs, so the engine
    says why that action is refused rather than "unknown action"."""
    assert parse_action(typed_action(typed, None, [])) == parse_action(action)  # type: ignore[arg-type]


def test_a_verb_with_no_action_after_it_is_refused_in_the_persons_own_words():
    assert typed_action("объявить жж", None, []) == "объявить жж"  # type: ignore[arg-type]
    assert typed_action("ставка много", None, []) == "ставка много"  # type: ignore[arg-type]


async def test_a_refusal_stays_under_the_board():
    """A refused answer is the last thing on screen when the prompt comes back, not scrolled away."""
    answers = iter(["bogus", "q"])
    screen = Screen(lambda entries: next(answers))
    await play_in_terminal("two-handed", seed=4, read=screen.read, write=screen.write)
    refusal = screen.written_at_prompt[1]
    assert screen.out[refusal - 1] == "! Not allowed: not an action: 'bogus'."


async def test_cards_are_numbered_in_the_hands_order_and_told_once():
    """The numbered cards follow the hand as shown; trump and the trick appear once a screen; a
    new deal's board lists none of the last deal's tricks once its own first trick is done."""
    screen = Screen(lambda entries: "1")
    await play_in_terminal(
        "four-handed", seed=7, level="easy", options=SHORT, read=screen.read, write=screen.write
    )
    boards = list(screen.boards())
    assert len(boards) > 20
    for board in boards:
        text = "\n".join(board)
        assert text.count("Trump ") <= 1 and text.count("Current trick:") <= 1
        assert text.count("To act: You.") == 1 and "Your turn" not in text
        tricks = [int(n) for n in re.findall(r"^Trick (\d+):", text, re.M)]
        assert tricks == list(range(tricks[0], tricks[0] - len(tricks), -1)) if tricks else True
        hand = next(line for line in board if line.startswith("Your hand: "))
        held = hand.removeprefix("Your hand: ").split()
        numbered = [entry for entry in screen_entries(screen, board)]
        positions = [held.index(card) for card in numbered if card in held]
        assert positions == sorted(positions)


async def test_cards_melded_onto_the_table_are_numbered_after_the_hand():
    """Two-handed with a stock: melded cards lie on the table and may still be played; the
    numbers run through the hand as shown, then through the cards on the table as shown."""
    screen = Screen(lambda entries: "1", limit=40)
    await play_in_terminal("two-handed", seed=3, read=screen.read, write=screen.write)
    checked = 0
    for board in screen.boards():
        face_up = [line for line in board if line.startswith("Your cards on the table: ")]
        entries = screen_entries(screen, board)
        if not face_up or not entries or " " in entries[0]:  # a meld or pass list, not cards
            continue
        held = next(line for line in board if line.startswith("Your hand: ")).split()[2:]
        shown = held + face_up[0].split()[5:]
        positions = [shown.index(card) for card in entries]  # the playable ones, in shown order
        assert positions == sorted(positions)
        checked += 1
    assert checked > 0


def screen_entries(screen: Screen, board: list[str]) -> list[str]:
    """The entries listed right after `board`."""
    end = _end_of(screen.out, board)
    entries = []
    for line in screen.out[end:]:
        match = re.fullmatch(r"\s+\d+\. (.+)", line)
        if not match:
            break
        entries.append(match[1])
    return entries


def _end_of(lines: list[str], block: list[str]) -> int:
    for i in range(len(lines) - len(block) + 1):
        if lines[i : i + len(block)] == block:
            return i + len(block)
    raise AssertionError("board not found")


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_check_says_why_only_pass_is_offered_and_uses_one_minus(lang):
    """E-5: without a marriage the only entry is Pass, and the screen says why; every negative
    number is written with the typographic minus."""
    screen = Screen(lambda entries: "1")
    await play_in_terminal(
        "check", lang=lang, seed=4, options=SHORT, read=screen.read, write=screen.write
    )
    why = {"en": "Only a pass is open to you: you need a marriage", "ru": "Вам остаётся только пас"}
    lonely = [
        i
        for i, line in enumerate(screen.out)
        if re.fullmatch(r"\s+1\. (Pass|Пас)", line)
        and not re.fullmatch(r"\s+2\. .+", screen.out[i + 1] if i + 1 < len(screen.out) else "")
    ]
    assert lonely
    for i in lonely:
        assert screen.out[i - 1].startswith(why[lang])
    assert not re.search(r"(?<![\w-])-\d", screen.text)
    assert "−" in screen.text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_passings_typed_example_is_read_as_a_give(lang):
    """F-5 in the terminal: the screen's own example of typing the cards to pass works as shown
    (it named "отдать", a verb the reader does not know, so copying it was refused)."""
    prompt = t("bot.terminal.give", lang, count=4, to="Alan")
    example = re.findall(r"'([^']+)'", prompt)[-1]
    assert parse_action(typed_action(example, None, [])) == parse_action("give A♥ 10♥ K♥ Q♥")  # type: ignore[arg-type]
