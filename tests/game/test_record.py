"""The game record: built from the action log, written as text, read back,
checked against the engine, for every variant (RULES §3-§7)."""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import VARIANTS, Dealing, make_pack, new_game
from bot.game.cards import pack_of_size
from bot.game.events import TrickTaken
from bot.game.plain import plain
from bot.game.random_play import random_action
from bot.game.record import MAX_RECORD_CHARS, GameRecord, RecordCache, RecordError

FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = [{}, {"pack64": True}, {"draw_before_meld": True}, {"winner_chooses_last_card": True}]


def random_log(variant: str, seed: int, options: dict, stop: int | None = None) -> list[str]:
    """The action texts of a random legal game, to its end or its first `stop` actions."""
    game = new_game(variant, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over and (stop is None or len(game.history) < stop):
        game.apply(random_action(game, rng))
    return [str(action) for action in game.history]


def written(record: GameRecord) -> tuple:
    """What a text record holds: the header and each deal's cards, calls, melds, tricks, results
    and actions (a record built from a log also knows meld names, draws and holdings)."""
    deals = [
        (
            d.number, d.dealer, d.hands, d.turnup, d.stock, d.auction, d.contract, d.trump,
            [(m.seat, p.cards, p.points) for m in d.melds for p in m.parts],
            [(t.number, t.plays, t.winner, t.points) for t in d.tricks],
            plain(d.results), d.actions, d.salts, d.seed,
        )
        for d in record.deals
    ]  # fmt: skip
    header = (record.variant, record.options, record.seed, record.final_scores, record.names)
    return header, record.hints, record.table_id, deals


@pytest.mark.parametrize("variant", list(VARIANTS))
@FAST
@given(
    seed=st.integers(0, 2**31),
    options=st.sampled_from(OPTIONS),
    stop=st.none() | st.integers(0, 300),
)
def test_text_round_trip_matches_the_engine(variant, seed, options, stop):
    """export → replay: the text reads back to the same record, and the engine agrees with it."""
    options = options if VARIANTS[variant].two_handed else {}  # the two-hand rules' options
    log = random_log(variant, seed, options, stop)
    record = GameRecord.from_log(variant, options, seed, log)
    text = record.to_text()
    again = GameRecord.parse(text)
    assert written(again) == written(record)
    assert again.to_text() == text
    assert again.check() == []
    assert again.actions == log
    game = again.replay()
    assert record.finished == game.is_over
    assert record.final_scores == (tuple(game.seat_scores()) if game.is_over else None)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_deal_holds_the_whole_pack_and_its_tricks_add_up(variant):
    """Hands as dealt (plus the two-hand turn-up and stock) are the pack (G-10, A-3); a finished
    deal's card points are its tricks' points plus the last trick's 10 (G-5)."""
    options = {"pack64": True} if VARIANTS[variant].two_handed else {}
    record = GameRecord.from_log(variant, options, 11, random_log(variant, 11, options))
    assert record.finished and len(record.deals) >= 2
    for deal in record.deals:
        dealt = [card for hand in deal.hands.values() for card in hand]
        if deal.stock is not None:
            dealt += [*deal.stock, *([deal.turnup] if deal.turnup else [])]
        assert Counter(dealt) == Counter(pack_of_size(len(dealt)))
        results = deal.result
        assert results is not None
        if results.complete:
            per_unit = [0, 1] if VARIANTS[variant].partnership else list(range(record.players))
            cards = sum(results.cards[unit] for unit in per_unit)
            last = 2 if VARIANTS[variant].double_deck else 10  # G-5, H-9
            assert cards == sum(trick.points for trick in deal.tricks) + last
            assert sum(results.tricks) == len(deal.tricks)
        for trick in deal.tricks:
            assert trick.leader == trick.plays[0][0]
            assert len({seat for seat, _ in trick.plays}) == len(trick.plays)


def test_a_check_deal_tells_the_auction_contract_and_trump():
    """E-5 to E-8: the auction's calls in order, the contract (declarer, bid) and the trump named."""
    record = GameRecord.from_log("check", {}, 5, random_log("check", 5, {}))
    deal = record.deals[0]
    declarer, amount = deal.contract
    assert deal.auction[-1] == (declarer, f"bid {amount}")
    assert all(word == "pass" or word.startswith("bid ") for _, word in deal.auction)
    assert deal.trump is not None and deal.actions[len(deal.auction)] == f"trump {deal.trump}"
    assert deal.result is not None
    assert deal.result.declarer == declarer and deal.result.bid == amount


def test_names_and_hints_are_kept_in_the_header():
    log = random_log("two-handed", 3, {}, stop=20)
    record = GameRecord.from_log("two-handed", {}, 3, log, names=["Anna", "Борис"], hints=[1, 1])
    text = record.to_text()
    assert 'seats: ["Anna", "Борис"]' in text and "hints: 2" in text  # seat 2, as people count
    again = GameRecord.parse(text)
    assert again.names == ("Anna", "Борис") and again.hints == (1,)
    assert not again.finished and again.deals[-1].results is None


def test_an_edited_trick_is_caught_by_check():
    log = random_log("four-handed", 7, {})
    text = GameRecord.from_log("four-handed", {}, 7, log).to_text()
    line = next(line for line in text.splitlines() if line.startswith("trick 3: "))
    winner = int(line.split(" -> ")[1].split(",")[0])
    edited = text.replace(line, line.replace(f" -> {winner},", f" -> {(winner + 1) % 4},"), 1)
    problems = GameRecord.parse(edited).check()
    assert len(problems) == 1 and "trick 3" in problems[0]


def test_an_edited_action_is_refused_by_the_engine():
    log = random_log("two-handed", 2, {})
    text = GameRecord.from_log("two-handed", {}, 2, log).to_text()
    first_play = next(a for a in log if a.startswith("play "))
    held = GameRecord.from_log("two-handed", {}, 2, log).deals[0].hands
    absent = next(c for c in make_pack() if all(c not in h for h in held.values()))
    edited = text.replace(f"actions: {first_play}", f"actions: play {absent}", 1)
    assert GameRecord.parse(edited).check()[0].startswith("the engine refuses")


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda t: t.replace("Pinochle game record 2", "Some other file"), "line 1"),
        (lambda t: t.replace("variant: two-handed", "variant: bridge"), "unknown variant"),
        (lambda t: t.replace("seed: 4", "seed: four"), "bad seed"),
        (lambda t: t.replace("deal 2, dealer", "deal 9, dealer"), "expected 'deal 2"),
        (lambda t: t.replace("trick 1: ", "trick 1: 1 Z♥, "), "line 22: not a card"),
        (lambda t: t.rsplit("actions:", 1)[0], "ends too soon"),
    ],
)
def test_a_damaged_record_is_refused_with_its_line(damage, message):
    text = GameRecord.from_log("two-handed", {}, 4, random_log("two-handed", 4, {})).to_text()
    with pytest.raises(RecordError, match=message):
        GameRecord.parse(damage(text))


def test_a_record_longer_than_the_limit_is_refused_unread():
    """A file of any size may be handed in: past the limit it is refused whole, not parsed."""
    text = GameRecord.from_log("two-handed", {}, 4, random_log("two-handed", 4, {})).to_text()
    padded = text + "\n" * (MAX_RECORD_CHARS + 1 - len(text))
    with pytest.raises(RecordError, match=f"at most {MAX_RECORD_CHARS} characters"):
        GameRecord.parse(padded)
    assert GameRecord.parse(padded[:-1]).check() == []  # at the limit it reads


def test_a_record_needs_a_seed():
    with pytest.raises(ValueError, match="seed"):
        GameRecord.from_log("two-handed", {}, None, [])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_holdings_hold_every_card_each_seat_plays(variant):
    """Before each trick every seat holds the card it then plays (P-0); the last trick is played
    from one card each; without a stock, a dix exchanged (C-4) or cards passed (F-5) the first
    holdings are the hands as dealt (G-10)."""
    record = GameRecord.from_log(variant, {}, 9, random_log(variant, 9, {}))
    for deal in record.deals[:3]:
        holdings = [trick.held for trick in deal.tricks]  # as each trick began
        assert len(holdings) == len(deal.tricks)
        for held, trick in zip(holdings, deal.tricks, strict=True):
            assert all(card in held[seat] for seat, card in trick.plays)
        if deal.result is not None and deal.result.complete:
            assert all(len(cards) == 1 for cards in holdings[-1].values())
        passed = any(str(action).startswith("give") for action in deal.actions)
        if deal.stock is None and "exchange" not in deal.actions and not passed:
            assert {s: Counter(c) for s, c in holdings[0].items()} == {
                s: Counter(c) for s, c in deal.hands.items()
            }


def test_the_record_cache_builds_a_game_once_and_keeps_a_bounded_number():
    """One replay per game and log length, whoever asks; the oldest dropped past the size; a
    game id reused by another store (another seed) is built again, never mistaken."""
    cache = RecordCache(size=2)
    log = random_log("two-handed", 5, {}, stop=40)
    first = cache.get(1, "two-handed", {}, 5, log)
    assert cache.get(1, "two-handed", {}, 5, log) is first
    assert cache.get(1, "two-handed", {}, 5, log[:-1]).actions == log[:-1]  # before the last
    other = random_log("two-handed", 6, {}, stop=40)
    reused = cache.get(1, "two-handed", {}, 6, other)  # the same id and length
    assert reused.seed == 6 and reused.actions == other
    for game_id in (2, 3, 4):
        cache.get(game_id, "two-handed", {}, 5, log)
    assert len(cache) == 2
    again = cache.get(1, "two-handed", {}, 5, log)
    assert again is not first and again.to_text() == first.to_text()


@pytest.mark.parametrize("variant", ["two-handed", "four-handed", "partnership"])
def test_a_trick_of_the_record_is_the_engine_s_own_taken_trick(variant):
    """One finished-trick type (G-3, G-4): the record's tricks, built or read back, carry the
    engine's own `CompletedTrick`s of the deal in play."""
    log = random_log(variant, 7, {}, stop=60)
    record = GameRecord.from_log(variant, {}, 7, log)
    engine = tuple(record.replay().state.tricks)
    assert engine and tuple(trick.taken for trick in record.deals[-1].tricks) == engine
    again = GameRecord.parse(record.to_text())
    assert tuple(trick.taken for trick in again.deals[-1].tricks) == engine


@pytest.mark.parametrize("variant", ["two-handed", "three-handed", "partnership"])
def test_a_taken_trick_event_carries_the_engine_s_trick_and_keeps_its_flat_plain_form(variant):
    """One finished-trick type (G-3, G-4): `TrickTaken` holds the very `CompletedTrick` the engine
    keeps, and its plain form is the flat one replays and digests were made of."""
    game = new_game(variant, seed=5)
    rng = random.Random(5)
    taken: list[TrickTaken] = []
    while not taken:  # the deal's first trick: the engine still holds it
        taken = [e for e in game.apply(random_action(game, rng)) if isinstance(e, TrickTaken)]
    (event,) = taken
    done = event.trick
    assert game.state.tricks == [done] and game.state.tricks[0] is done
    assert done.number == 1 and done.leader == done.plays[0][0] and not event.last
    assert json.dumps(plain(event)) == json.dumps(
        {
            "type": "trick",
            "number": 1,
            "winner": done.winner,
            "cards": [[seat, str(card)] for seat, card in done.plays],
            "points": done.points,
            "last": False,
        }
    )  # keys in this order: the text is what is hashed and shown


@pytest.mark.parametrize("read", [False, True])
def test_a_kept_record_cannot_be_changed_by_one_reader_for_the_others(read):
    """Every reader shares the one record built (`RECORDS`): built or read from text, none of
    its deals, hands, tricks, melds, results or header can be changed in place."""
    log = random_log("two-handed", 5, {})
    record = RecordCache(size=1).get(1, "two-handed", {}, 5, log)
    record = GameRecord.parse(record.to_text()) if read else record
    deal = record.deals[0]
    changes = [
        lambda: setattr(record, "deals", ()),
        lambda: record.options.update(pack64=True),  # type: ignore[attr-defined]
        lambda: setattr(deal, "trump", None),
        lambda: deal.hands.update({0: ()}),  # type: ignore[attr-defined]
        lambda: deal.tricks[0].plays.append(deal.tricks[0].plays[0]),  # type: ignore[attr-defined]
        lambda: setattr(deal.tricks[0], "winner", 1),
        lambda: deal.melds[0].parts[0].cards.pop(),  # type: ignore[attr-defined]
        lambda: deal.actions.append("pass"),  # type: ignore[attr-defined]
    ]
    if read:  # a result read from text is its plain form, frozen all the way down
        changes.append(lambda: deal.results["scores"].append(0))  # type: ignore[index]
    text = record.to_text()
    for change in changes:
        with pytest.raises((AttributeError, TypeError)):
            change()
    assert record.to_text() == text


def test_a_record_from_the_key_never_answers_for_one_from_revealed_seeds():
    """A fair game's record dealt from the key holds the deal in play; the record from the seeds
    revealed so far (what the store gives) leaves it out: the cache keeps them apart."""
    key = bytes(range(32))
    game = new_game("two-handed", seed=3, dealing=Dealing(key=key))
    rng = random.Random(3)
    while game.deal_no < 2:
        game.apply(random_action(game, rng))
    log = [str(action) for action in game.history]
    cache = RecordCache()
    from_key = cache.get(9, "two-handed", {}, 3, log, dealing=Dealing(key=key), table_id=9)
    revealed = Dealing(seeds={1: from_key.deals[0].seed})
    from_seeds = cache.get(9, "two-handed", {}, 3, log, dealing=revealed, table_id=9)
    assert [d.number for d in from_key.deals] == [1, 2]
    assert [d.number for d in from_seeds.deals] == [1]


@pytest.mark.parametrize(
    ("variant", "options"), [("auction", {}), ("double-deck", {"pass_count": 4})]
)
def test_a_pass_given_a_card_at_a_time_records_as_a_pass_given_at_once(variant, options):
    """F-5: the log of a pass given a card at a time and the log of the same pass given whole (as
    every game before it was recorded) replay to the same deals: one pass per giver, the same
    cards, tricks and results."""
    seed = 4
    log = random_log(variant, seed, options)
    whole: list[str] = []
    pending: list[str] = []
    for action in log:
        if action.startswith("give "):
            pending.append(action.removeprefix("give "))
            if len(pending) == 4:
                whole.append("give " + " ".join(pending))
                pending = []
        else:
            whole.append(action)
    assert len(whole) < len(log)  # there was a passing, given card by card
    by_card = GameRecord.from_log(variant, options, seed, log)
    at_once = GameRecord.from_log(variant, options, seed, whole)
    assert [d.passes for d in by_card.deals] == [d.passes for d in at_once.deals]
    assert all(len(d.passes) in (0, 2) for d in by_card.deals)
    for mine, old in zip(by_card.deals, at_once.deals, strict=True):
        assert (mine.tricks, mine.results) == (old.tricks, old.results)
    assert by_card.final_scores == at_once.final_scores
