"""Attacks on provably fair deals (docs/fair-deals.md, "What each check proves"): a dishonest
house, a troll's name or record, and a careful outsider with only a link each get a clear answer."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.game import Dealing, Game, fingerprint, make_pack, new_game
from bot.game.__main__ import random_action
from bot.game.fair import deal_seed
from bot.game.record import GameRecord
from bot.record_cli import main as record_main
from bot.verify_cli import main as verify_main

KEY = bytes(range(32))
TABLE = 12


def played(variant: str, *, seed: int = 5, options: dict | None = None, moves: int = 400) -> Game:
    game = new_game(
        variant, seed=seed, options={"target": 300, **(options or {})}, dealing=Dealing(key=KEY)
    )
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < moves:
        game.apply(random_action(game, rng))
    return game


def record_of(game: Game, names: list[str] | None = None) -> GameRecord:
    record = GameRecord.from_log(
        game.variant.name,
        dict(game.options.given),
        game.seed,
        [str(a) for a in game.history],
        names=names,
        dealing=game.dealing,
        table_id=TABLE,
    )
    record = replace(record, deals=tuple(deal for deal in record.deals if deal.finished))
    return record


def shown(deal: int) -> str:
    return fingerprint(deal_seed(KEY, deal), TABLE, deal)[:32]


@pytest.mark.parametrize("odd", ["\u2028", "\u2029", "\x85", "\x1b", "\x0b", "\x1c"])
def test_a_name_with_a_line_separator_or_control_leaves_every_deal_verifiable(
    tmp_path, odd, capsys
):
    record = record_of(played("two-handed"), names=[f"bob{odd}deal 9, dealer 1", "carol"])
    text = record.to_text()
    assert odd not in text  # escaped: the name is JSON, and JSON says it as \\uXXXX
    assert GameRecord.parse(text).names == record.names
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    assert verify_main(["--record", str(path), "--deal", "1", "--fingerprint", shown(1)]) == 0
    assert record_main(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize("line", ["options", "seats", "salts", "results"])
def test_deeply_nested_json_is_one_line_and_exit_2_from_verify_and_replay(tmp_path, line, capsys):
    record = record_of(played("two-handed"))
    text = record.to_text()
    nested = "[" * 100_000 + "]" * 100_000
    lines = text.splitlines()
    at = next(n for n, text_line in enumerate(lines) if text_line.startswith(f"{line}: "))
    lines[at] = f"{line}: {nested}"
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    assert verify_main(["--record", str(path), "--deal", "1", "--fingerprint", shown(1)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "nested more than" in err
    assert record_main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "nested more than" in err


#: A person's click, as Discord numbers it (2026-01-01 00:00:00 UTC).
CLICK = 1_456_074_443_980_800_100


def thrown_in_then_played(rule: str = "F-3") -> Game:
    """Deal 1 thrown in, deal 2 played out: F-3 auction with `all_pass=redeal` (all four pass),
    or B-8 with `b_no_trump_fallback=redeal` (no marriage in the stock; seed found once)."""
    if rule == "F-3":
        dealing = Dealing(key=KEY, draws={2: CLICK}, people={1: (0, 1, 2, 3), 2: (0, 1, 2, 3)})
        game = new_game("auction", seed=3, options={"all_pass": "redeal"}, dealing=dealing)
        for _ in range(4):
            game.apply("pass")
        rng = random.Random(4)
    else:
        options = {"b_no_trump_fallback": "redeal", "target": 300}
        game = new_game("two-handed-no-trump", seed=1, options=options, dealing=Dealing(key=KEY))
        rng = random.Random(1)
    while game.deal_no <= 2 and not game.is_over:
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("rule", ["F-3", "B-8"])
def test_a_passed_out_deal_is_in_the_record_and_the_next_deal_verifies(tmp_path, capsys, rule):
    game = thrown_in_then_played(rule)
    record = record_of(game)  # only the deals that are over, as `record export` writes them
    first = record.deals[0]
    assert first.number == 1 and first.thrown_in and first.seed == deal_seed(KEY, 1)
    if rule == "F-3":
        assert [call for _, call in first.auction] == ["pass"] * 4  # its passes
    text = record.to_text()
    assert "deal 1, dealer" in text and "results: thrown in" in text
    path = tmp_path / "export.txt"
    path.write_text(text, encoding="utf-8")
    for deal in (1, 2):
        assert (
            verify_main(["--record", str(path), "--deal", str(deal), "--fingerprint", shown(deal)])
            == 0
        )
        assert f"OK: deal {deal} of table #{TABLE}" in capsys.readouterr().out
    assert record_main(["replay", str(path)]) == 0


def test_a_passed_out_deal_then_an_honest_deal_verify_on_the_web():
    from bot.store.records import GameLog
    from bot.store.web_reads import FinishedGame
    from bot.web.replay import replay_view, verify_view

    game = thrown_in_then_played()
    log = GameLog(
        game_id=TABLE,
        guild_id=1,
        status="finished",
        variant="auction",
        options=dict(game.options.given),
        seed=game.seed,
        actions=[str(a) for a in game.history],
        names=["ann", "bob", "carol", "dan"],
        hints=(),
        dealing=game.dealing,
    )
    view, record = replay_view(FinishedGame(TABLE, "auction", "2026-01-01", TABLE, ()), log)
    assert [deal["number"] for deal in view["deals"]][:2] == [1, 2]
    assert (
        view["deals"][0]["thrown_in"]
        and view["deals"][0]["fair"]["seed"] == deal_seed(KEY, 1).hex()
    )
    for deal in (1, 2):
        query = {"deal": str(deal), "seed": deal_seed(KEY, deal).hex(), "fingerprint": shown(deal)}
        checked = verify_view(view, record, query)
        assert checked["ok"] is True, checked["lines"]
        assert checked["lines"][1]["key"] == ("no_draw" if deal == 1 else "draw")
    assert view["deals"][1]["fair"]["draw"] == str(CLICK)
    assert view["deals"][1]["fair"]["draw_time"] == "2026-01-01 00:00:00"


def docs_code(block: int) -> dict:
    """The `block`-th Python block of docs/fair-deals.md, run as an outsider would copy it."""
    text = (Path(__file__).parents[2] / "docs" / "fair-deals.md").read_text(encoding="utf-8")
    code = text.split("```python\n")[block + 1].split("```", 1)[0]
    names: dict = {}
    exec(code, names)
    return names


def test_a_double_deck_deal_redealt_from_the_docs_own_code():
    """H-1: 80 cards, four of each A 10 K Q J; four hands of 20 in packets of 4 from the
    dealer's left; with a draw and a salt: an outsider reads the record's lines (seats from 1)
    and re-deals them with docs/fair-deals.md's code alone."""
    outsider = {**docs_code(0), **docs_code(1)}
    dealing = Dealing(key=KEY, salts={1: {2: "zebra"}}, draws={1: CLICK}, people={1: (0, 1, 2, 3)})
    game = new_game("double-deck", seed=9, dealing=dealing)
    rng = random.Random(9)
    while game.deal_no == 1:
        game.apply(random_action(game, rng))
    text = record_of(game).to_text()
    lines = dict(line.split(": ", 1) for line in text.split("\n\n")[1].splitlines()[1:])
    dealer = int(text.split("deal 1, dealer ")[1].split("\n")[0])
    salts = {int(seat): word for seat, word in json.loads(lines["salts"]).items()}
    assert salts == {3: "zebra"}  # the engine's seat 2, as people number it
    pack = outsider["pack"](double_deck=True)
    assert pack == [str(card) for card in make_pack(double_deck=True)] and len(pack) == 80
    deck = outsider["deck"](lines["seed"], salts, pack, int(lines["draw"]))
    hands, rest = outsider["deal"](deck, dealer, 4, 20, 4)
    assert {seat: lines[f"hand {seat}"].split() for seat in (1, 2, 3, 4)} == hands
    assert rest == [] and lines["turnup"] == "-"
    undrawn = outsider["deal"](outsider["deck"](lines["seed"], salts, pack), dealer, 4, 20, 4)
    assert undrawn[0] != hands  # the draw goes into the shuffle


#: Two seeds whose fingerprints for "table 1 deal 1" share their first 16 hex digits (64 bits),
#: found once offline with a distinguished-point collision search (about 2**32 SHA-256 in C;
#: the tests never search): the first 8 bytes below, then b"pinochle-collision-test!".
COLLIDING = (0x9C1F97F0B4FD2A66, 0x9B588F9B1D2DCDDE)


def colliding_seed(prefix: int) -> bytes:
    return prefix.to_bytes(8, "big") + b"pinochle-collision-test!"


def test_two_seeds_sharing_16_digits_are_told_apart_by_the_32_shown(tmp_path, capsys):
    """A house that found two seeds whose fingerprints share 16 digits could reveal either: 16
    digits bind nothing. Both deals are refused with 16 digits; 32 tell them apart."""
    first, second = (colliding_seed(prefix) for prefix in COLLIDING)
    assert first != second
    assert fingerprint(first, 1, 1)[:16] == fingerprint(second, 1, 1)[:16]
    assert fingerprint(first, 1, 1)[:32] != fingerprint(second, 1, 1)[:32]
    paths = []
    for n, seed in enumerate((first, second)):
        game = new_game("two-handed", seed=5, dealing=Dealing(seeds={1: seed}))
        rng = random.Random(5)
        while game.deal_no == 1:
            game.apply(random_action(game, rng))
        record = GameRecord.from_log(
            "two-handed", {}, 5, [str(a) for a in game.history], dealing=game.dealing, table_id=1
        )
        record = replace(record, deals=tuple(deal for deal in record.deals if deal.finished))
        paths.append(tmp_path / f"deal{n}.txt")
        paths[-1].write_text(record.to_text(), encoding="utf-8")
    assert paths[0].read_text() != paths[1].read_text()  # two different deals
    short = fingerprint(first, 1, 1)[:16]
    for path in paths:
        assert verify_main(["--record", str(path), "--deal", "1", "--fingerprint", short]) == 2
        assert "32 to 64 hexadecimal digits" in capsys.readouterr().err
    shown = fingerprint(first, 1, 1)[:32]
    assert verify_main(["--record", str(paths[0]), "--deal", "1", "--fingerprint", shown]) == 0
    assert verify_main(["--record", str(paths[1]), "--deal", "1", "--fingerprint", shown]) == 1


def test_the_record_numbers_seats_as_people_do_and_still_reads_those_from_0(tmp_path, capsys):
    """Seats from 1 in the record, as on the board and in verify's answers; a record of the
    first format (seats from 0, exported before) reads back to the same game and verifies."""
    from bot.game.record.reader import MAGIC_FROM_0

    old = (Path(__file__).parent / "record_v1.txt").read_text(encoding="utf-8")
    assert old.startswith(MAGIC_FROM_0) and "contract: 0 290" in old
    record = GameRecord.parse(old)
    assert record.check() == []  # the engine agrees with every line, read as seats from 0
    text = record.to_text()
    assert text.startswith("Pinochle game record 2") and "contract: 1 290" in text
    assert 'salts: {"2": "pepper"}' in text and "hand 4:" in text and "hand 0:" not in text
    assert "auction: 2 bid 250, 3 bid 260, 4 pass, 1 bid 270" in text
    again = GameRecord.parse(text)
    assert again.deals[0].salts == {1: "pepper"} and again.deals == record.deals
    for version, body in (("old", old), ("new", text)):
        path = tmp_path / f"{version}.txt"
        path.write_text(body, encoding="utf-8")
        shown = fingerprint(deal_seed(KEY, 1), TABLE, 1)[:32]
        assert verify_main(["--record", str(path), "--deal", "1", "--fingerprint", shown]) == 0
    said = capsys.readouterr().out
    assert "People's salts in it: 2: pepper." in said
