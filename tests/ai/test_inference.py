"""Worlds that agree with the melds and the auction (`bot.ai.inference`), and bidding by search."""

from __future__ import annotations

import random
import statistics

import pytest

from bot.ai import hard
from bot.ai.bidding import best_trump
from bot.ai.inference import read_evidence
from bot.ai.knowledge import read_view
from bot.ai.normal import decide_normal
from bot.ai.worlds import deal_hidden
from bot.game import PASS, Card, Game, Phase, meld_points, new_game, trick_winner

from .helpers import random_positions

MULTI = ["three-handed", "four-handed", "partnership", "check"]


def _normal_positions(variant: str, seed: int, options: dict | None = None):
    """Every position of one deal played by `normal` at each seat (the game itself, live)."""
    game = new_game(variant, seed=seed, options=options)
    while not game.deal_results:
        yield game
        seat = game.to_act
        view = game.view(seat)
        game.apply(decide_normal(view, list(view.legal)))


def _meld_left(cards, trump, options) -> int:
    return meld_points(
        [c for c in cards if not (c.suit is trump and c.rank == "9")], trump, options
    )


@pytest.mark.parametrize(
    ("variant", "options"),
    [(v, None) for v in MULTI]
    + [
        ("partnership", {"meld_excludes_first_card": True}),
        ("four-handed", {"partnership_meld_timing": "before_play"}),
    ],
)
def test_the_melds_and_calls_never_rule_out_the_real_deal(variant, options):
    for seed in (1, 2):
        for n, game in enumerate(random_positions(variant, seed, options)):
            if n % 3:
                continue
            seat = game.to_act
            knowledge = read_view(game.view(seat))
            evidence = read_evidence(knowledge)
            real = {s: list(game.state.hands[s]) for s in knowledge.active if s != seat}
            assert evidence.weight(real) > 0
            for other, cards in real.items():
                fresh = read_evidence(knowledge)  # `known` is fixed for an Evidence's life
                known = list(knowledge.known.get(other, []))
                rest = list(cards)
                for card in known:
                    rest.remove(card)
                assert all(fresh.admits(other, known, rest[:i], c) for i, c in enumerate(rest))


@pytest.mark.parametrize("variant", ["four-handed", "partnership", "check"])
def test_worlds_never_give_a_seat_meld_it_did_not_show_nor_a_suit_it_showed_it_lacks(variant):
    rng = random.Random(7)
    checked = 0
    for n, game in enumerate(_normal_positions(variant, 11)):
        if n % 3 or game.state.phase != Phase.PLAY:
            continue
        seat = game.to_act
        view = game.view(seat)
        knowledge = read_view(view)
        evidence = read_evidence(knowledge)
        hands, _ = deal_hidden(knowledge, rng, evidence)
        for other, cards in hands.items():
            assert not set(cards) - set(knowledge.known.get(other, [])) & knowledge.excluded[other]
            if other in evidence.shown:
                played = [c for t in view.tricks for s, c in t.plays if s == other]
                played += [c for s, c in view.trick if s == other]
                melded = _meld_left(cards + played, view.trump, knowledge.options)
                assert melded == evidence.shown[other]
                checked += 1
    assert checked > 20


def _check_auction(seed: int, seat: int, bids: tuple) -> Game:
    """The Check deal `seed` bid by `normal` until `seat` is to speak with `bids` on the table."""
    for game in _normal_positions("check", seed):
        if game.to_act == seat and game.view(seat).bids == bids:
            return game
    raise AssertionError("the auction never reached that position")


#: Deal 180 of Check: seat 2 holds 230 meld (worth about 405 by `normal`'s estimate); its
#: partner and the opponent to its left passed, the opponent at its right has bid 290.
#: In the true deal bidding is worth about +160 to seat 2 and passing about -186.
AUCTION = (180, 2, (None, None, 280, 290))


def test_an_opponent_who_bid_high_gets_stronger_hands_than_one_who_passed():
    game = _check_auction(*AUCTION)
    knowledge = read_view(game.view(2))
    evidence = read_evidence(knowledge)
    rng = random.Random(3)
    worth: dict[int, list[float]] = {0: [], 1: [], 3: []}
    for _ in range(60):
        hands, _ = deal_hidden(knowledge, rng, evidence)
        for s in worth:
            worth[s].append(best_trump(hands[s], knowledge.options)[1])
    bidder, passers = statistics.fmean(worth[3]), statistics.fmean(worth[0] + worth[1])
    assert bidder > passers + 40
    assert bidder > 290  # a `normal` bidder bids no more than his hand is worth, less a margin


def test_hard_bids_a_strong_check_hand_rather_than_pass_when_bidding_is_clearly_better():
    game = _check_auction(*AUCTION)
    view = game.view(2)
    knowledge = read_view(view)
    candidates = hard.HardPlayer._candidates(knowledge, list(view.legal))
    assert candidates[0] == PASS and len(candidates) > 2  # passing and several bid levels
    amounts = [a.amount for a in candidates[1:]]
    assert amounts[0] == 300 and amounts == sorted(amounts)  # from the lowest bid up
    assert amounts[-1] <= best_trump(knowledge.hand, knowledge.options)[1]  # to the hand's worth
    margins, _ = hard.search_worlds(knowledge, candidates, random.Random(1), max_worlds=24)
    totals = [sum(m) for m in margins]
    assert max(totals[1:]) > totals[0] + 24 * 50


def test_four_hand_habits_never_rule_out_the_cards_of_normal_players():
    """D1: against `normal` players the cheaper cards their plays say they lack are truly absent."""
    read = 0
    for seed in range(4):
        for game in _normal_positions("four-handed", seed):
            if game.state.phase != Phase.PLAY:
                continue
            habits = read_evidence(read_view(game.view(game.to_act))).habits
            for seat, cards in habits.items():
                read += len(cards)
                assert not cards & set(game.state.hands[seat]), (seed, seat)
    assert read > 500  # the play does teach something


def test_a_four_hand_seat_that_drops_a_king_it_cannot_win_with_shows_no_cheaper_card_of_the_suit():
    """A king dropped under a higher card of its suit was the cheapest the seat could play: it
    holds no queen, jack or nine of that suit (each would have been legal there)."""
    for seed in range(10):
        for game in _normal_positions("four-handed", seed):
            trick = game.state.trick
            if len(trick) < 2 or game.state.phase != Phase.PLAY:
                continue
            (_, led), (seat, card) = trick[0], trick[-1]
            if card.rank != "K" or card.suit is not led.suit or led.strength <= card.strength:
                continue
            watcher = game.to_act
            habits = read_evidence(read_view(game.view(watcher))).habits
            cheaper = {Card(r, card.suit) for r in ("Q", "J", "9")}
            assert cheaper <= habits[seat]
            return
    pytest.fail("no king dropped under a higher card of its suit in these deals")


@pytest.mark.parametrize("variant", ["three-handed", "partnership", "check"])
def test_only_the_four_hand_cutthroat_game_reads_habits(variant):
    for n, game in enumerate(_normal_positions(variant, 1)):
        if game.state.phase == Phase.PLAY and n % 5 == 0:
            assert not read_evidence(read_view(game.view(game.to_act))).habits


def test_worlds_let_habits_go_when_a_player_of_another_kind_breaks_them():
    """Habits are no rule: when no deal honours them, the worlds still keep the proven facts."""
    rng = random.Random(3)
    for n, game in enumerate(_normal_positions("four-handed", 2)):
        if game.state.phase != Phase.PLAY or game.state.tricks_won == [0, 0, 0, 0] or n % 3:
            continue
        k = read_view(game.view(game.to_act))
        evidence = read_evidence(k)
        other = next(s for s in k.active if s != k.seat)
        evidence.habits = {other: set(k.unseen)}  # "holds none of the unseen cards": impossible
        hands, _ = deal_hidden(k, rng, evidence)
        for seat, cards in hands.items():
            assert len(cards) == k.view.hand_sizes[seat]
            assert not set(cards) & k.excluded.get(seat, set()) - set(k.known.get(seat, []))


def test_a_four_hand_seat_that_takes_points_last_with_an_ace_shows_no_ten_that_would_have_won():
    """The last to play takes points with its cheapest winner: an ace where a ten of the suit
    would have held the trick too says the hand had no such ten."""
    for seed in range(20):
        for game in _normal_positions("four-handed", seed):
            tricks = game.state.tricks
            if not tricks or game.state.trick or game.state.phase != Phase.PLAY:
                continue
            plays = tricks[-1].plays
            (seat, card), so_far = plays[-1], [c for _, c in plays[:-1]]
            ten = Card("10", card.suit)
            if (
                card.rank != "A"
                or tricks[-1].winner != seat
                or not any(c.rank in ("A", "10", "K", "Q", "J") for c in so_far)
            ):
                continue
            if trick_winner([*so_far, ten], game.state.trump) != len(so_far):
                continue
            watcher = (seat + 1) % 4  # the winner leads next: another seat reads it
            assert ten in read_evidence(read_view(game.view(watcher))).habits[seat]
            return
    pytest.fail("no ace took points last where a ten would have done in these deals")


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("check", {"min_bid": 300}),  # F-2: another minimum
        ("auction", {"pass_count": 0}),  # the variant's own minimum, 100
        ("auction", None),
        ("double-deck", None),  # H-2, H-3: from 50, up the ladder
        ("check", {"bid_ladder": True}),
        ("check", {"bid_increment": 25}),
        ("auction", {"all_pass": "redeal"}),  # F-3: the dealer after three passes calls freely
    ],
)
def test_each_call_was_offered_the_lowest_bid_the_engine_offered(variant, options):
    """Inference reads each call against the least bid the engine offered that seat then (E-4)."""
    checked = 0
    for seed in range(1, 9):
        game = new_game(variant, seed=seed, options=options)
        offered: list[tuple[int, int | None]] = []  # each turn of the auction: seat, least bid
        rng, deal = random.Random(seed), game.deal_no
        while game.state.phase == Phase.AUCTION and game.deal_no == deal:
            legal = game.legal_actions()
            bids = [a.amount for a in legal if a.verb == "bid"]
            if PASS in legal:  # a forced dealer's bid (E-6) is no call
                offered.append((game.to_act, min(bids) if bids else None))
            game.apply(rng.choice(legal))
        if game.state.phase != Phase.TRUMP:
            continue  # thrown in, or set unplayed for want of a marriage (H-4)
        seat = game.to_act
        calls = read_evidence(read_view(game.view(seat))).calls
        expected = [(s, least) for s, least in offered if s != seat]
        assert [c.seat for c in calls] == [s for s, _ in expected]
        for call, (_, least) in zip(calls, expected, strict=True):
            if least is not None:
                assert call.lowest == least
                checked += 1
    assert checked


@pytest.mark.parametrize(("all_pass", "read"), [("redeal", True), ("dealer_stuck", False)])
def test_the_dealers_bid_after_three_passes_is_read_unless_he_was_stuck(all_pass, read):
    """E-6, F-3: after three passes the stuck dealer's bid is forced, and tells nothing of his
    hand; where the deal would be thrown in instead (`all_pass=redeal`) he chose to bid, and
    inference reads it as any other call (the engine says which: `view.calls`)."""
    for seed in range(1, 30):
        game = new_game("auction", seed=seed, options={"all_pass": all_pass})
        for _ in range(3):
            game.apply(PASS)
        dealer = game.to_act
        bids = [a for a in game.legal_actions() if a.verb == "bid"]
        if not bids:
            continue  # no marriage to bid on (E-5)
        game.apply(bids[0])
        if game.state.phase != Phase.TRUMP:
            continue
        watcher = (dealer + 1) % 4
        calls = read_evidence(read_view(game.view(watcher))).calls
        assert (dealer in [c.seat for c in calls]) is read
        assert [c.forced for c in game.view(watcher).calls] == [False] * 3 + [not read]
        return
    pytest.fail("no dealer bid after three passes in these deals")
