"""Provably fair deals (bot.game.fair, docs/fair-deals.md): a deal is a documented function of
bytes that an outsider re-computes; a check fails on any changed card, seed or id."""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.game import Dealing, Game, fingerprint, make_pack, new_game
from bot.game.__main__ import random_action
from bot.game.fair import clean_salt, deal_seed, shuffle
from bot.game.record import GameRecord, RecordError
from bot.game.verify import read_fingerprint, verify_deal

KEY = bytes(range(32))


def outsiders_code() -> dict:
    """docs/fair-deals.md's ten lines, run as an outsider would copy them."""
    text = (Path(__file__).parents[2] / "docs" / "fair-deals.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 14
    names: dict = {}
    exec(code, names)
    return names


OUTSIDER = outsiders_code()


def outsider_deck(seed_hex: str, salts: dict[int, str], pack: list[str]) -> list[str]:
    """The outsider's deck from the engine's salts (seats from 0), given as a record numbers
    them (from 1)."""
    return OUTSIDER["deck"](seed_hex, {seat + 1: word for seat, word in salts.items()}, pack)


def played_game(variant: str, dealing: Dealing, seed: int = 5, moves: int = 10**6) -> Game:
    game = new_game(variant, seed=seed, options={"target": 300}, dealing=dealing)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < moves:
        game.apply(random_action(game, rng))
    return game


def record_of(game: Game, table_id: int = 12) -> GameRecord:
    return GameRecord.from_log(
        game.variant.name,
        dict(game.options.given),
        game.seed,
        [str(a) for a in game.history],
        dealing=game.dealing,
        table_id=table_id,
    )


@pytest.mark.parametrize("salts", [{}, {0: "lucky7"}, {1: "тест", 3: "a b"}])
def test_the_deck_is_the_documented_function_of_the_seed_and_salts(salts):
    seed = deal_seed(KEY, 3)
    assert seed == hmac.new(KEY, b"deal 3", hashlib.sha256).digest()
    pack = [str(card) for card in make_pack()]
    assert [str(c) for c in shuffle(make_pack(), seed, salts)] == outsider_deck(
        seed.hex(), salts, pack
    )
    assert fingerprint(seed, 12, 3) == OUTSIDER["fingerprint"](seed.hex(), 12, 3)
    assert fingerprint(seed, 12, 3) == hashlib.sha256(seed + b"table 12 deal 3").hexdigest()


def test_the_engine_deals_the_hands_from_that_deck():
    """G-10: packets of 4 from the dealer's left; the two-hand turn-up and stock are the rest."""
    game = new_game("two-handed", seed=1, dealing=Dealing(key=KEY))
    pack = [str(card) for card in make_pack()]
    deck = outsider_deck(deal_seed(KEY, 1).hex(), {}, pack)
    first = 1 - game.state.dealer
    hands: dict[int, list[str]] = {first: [], 1 - first: []}
    for start in range(0, 24, 8):
        hands[first] += deck[start : start + 4]
        hands[1 - first] += deck[start + 4 : start + 8]
    assert {s: [str(c) for c in game.state.hands[s]] for s in (0, 1)} == hands
    assert str(game.state.turnup) == deck[24]
    assert [str(c) for c in game.state.stock] == deck[25:]


def test_a_players_salt_changes_the_deal_and_no_one_else():
    plain = new_game("four-handed", seed=1, dealing=Dealing(key=KEY))
    salted = new_game("four-handed", seed=1, dealing=Dealing(key=KEY, salts={1: {2: "mine"}}))
    later = new_game("four-handed", seed=1, dealing=Dealing(key=KEY, salts={2: {2: "mine"}}))
    assert salted.state.hands != plain.state.hands
    assert later.state.hands == plain.state.hands  # a salt for deal 2 leaves deal 1 alone


def test_games_without_a_key_deal_from_their_seed_as_before():
    old = new_game("check", seed=42)
    again = Game.from_json(old.to_json())
    assert "dealing" not in old.to_json() and again.state.hands == old.state.hands
    assert old.state.hands != new_game("check", seed=42, dealing=Dealing(key=KEY)).state.hands


def test_a_fair_game_round_trips_through_its_json():
    game = played_game("three-handed", Dealing(key=KEY, salts={2: {0: "x"}}), moves=80)
    again = Game.from_json(game.to_json())
    assert again.state.hands == game.state.hands and again.deal_no == game.deal_no


def test_a_record_reveals_the_seeds_of_deals_over_and_never_the_key():
    game = played_game("two-handed", Dealing(key=KEY, salts={2: {1: "pepper"}}), moves=60)
    assert game.deal_no >= 2 and not game.is_over
    record = record_of(game)
    text = record.to_text()
    assert KEY.hex() not in text and "dealing: fair, table 12" in text
    over = [deal for deal in record.deals if deal.finished]
    assert all(deal.seed == deal_seed(KEY, deal.number) for deal in over)
    in_play = record.deals[-1]
    assert not in_play.finished and in_play.seed is None
    assert deal_seed(KEY, in_play.number).hex() not in text
    assert record.deals[1].salts == {1: "pepper"} and 'salts: {"2": "pepper"}' in text  # seat 2


def test_a_fair_record_reads_back_and_agrees_with_the_engine():
    record = record_of(played_game("check", Dealing(key=KEY, salts={1: {0: "s"}})))
    again = GameRecord.parse(record.to_text())
    assert again.table_id == 12 and again.check() == []
    assert [d.seed for d in again.deals] == [d.seed for d in record.deals]
    with pytest.raises(RecordError, match="seed"):
        GameRecord.parse(record.to_text().replace(record.deals[0].seed.hex(), "abcd", 1))


def test_verify_succeeds_on_a_real_game_and_fails_on_a_changed_card_seed_or_id():
    game = played_game("two-handed", Dealing(key=KEY, salts={2: {0: "salt"}}))
    record = record_of(game)
    seed = deal_seed(KEY, 2)
    shown = fingerprint(seed, 12, 2)[:32]
    assert verify_deal(record, 2, seed, shown, 12).ok

    assert not verify_deal(record, 2, deal_seed(KEY, 3), shown, 12).ok  # another seed
    wrong_ids = [verify_deal(record, 2, seed, shown, 13), verify_deal(record, 3, seed, shown, 12)]
    assert all(not verdict.ok for verdict in wrong_ids)
    assert wrong_ids[0].problems[0][0] == "fingerprint"
    assert [k for k, _ in verify_deal(record, 2, seed, shown, 12, salts={}).problems] == [
        "hand",
        "hand",
        "rest",
    ]

    read = GameRecord.parse(record.to_text())
    dealt = read.deals[1]
    assert dealt.stock is not None
    hand, stock = dealt.hands[0], dealt.stock
    swapped = replace(  # one card swapped between the first hand and the stock
        dealt, hands={**dealt.hands, 0: (stock[0], *hand[1:])}, stock=(hand[0], *stock[1:])
    )
    edited = replace(read, deals=(read.deals[0], swapped, *read.deals[2:]))
    problems = verify_deal(edited, 2, seed, shown, 12).problems
    assert [key for key, _ in problems] == ["hand", "rest"]
    assert problems[0][1]["seat"] == 1


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  lucky   7 ", "lucky 7"),
        ("", None),
        ("x" * 33, None),
        ("tab\there", "tab here"),
        ("a\x00b", None),
    ],
)
def test_a_salt_word_is_short_and_printable(typed, kept):
    assert clean_salt(typed) == kept


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("ABCDEF0123456789" * 2, "abcdef0123456789" * 2),
        ("abc", None),
        ("abcdef0123456789", None),  # 64 bits bind nothing: see the colliding pair below
        ("zz" * 16, None),
    ],
)
def test_a_fingerprint_is_read_from_its_first_32_digits(typed, kept):
    assert read_fingerprint(typed) == kept


def test_the_verify_command_checks_a_deal_of_a_record_file(tmp_path, capsys):
    from bot.verify_cli import main

    record = record_of(played_game("two-handed", Dealing(key=KEY)))
    path = tmp_path / "game12.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    shown = fingerprint(deal_seed(KEY, 1), 12, 1)[:32]

    assert main(["--record", str(path), "--deal", "1", "--fingerprint", shown]) == 0
    assert "OK: deal 1 of table #12" in capsys.readouterr().out

    other = fingerprint(deal_seed(KEY, 1), 13, 1)[:32]
    assert main(["--record", str(path), "--deal", "1", "--fingerprint", other]) == 1
    assert "the fingerprint does not match" in capsys.readouterr().out

    last = max(deal.number for deal in record.deals)
    assert main(["--record", str(path), "--deal", str(last + 5), "--fingerprint", shown]) == 2
    assert f"no deal {last + 5}: its deals are numbered 1 to {last}" in capsys.readouterr().err
