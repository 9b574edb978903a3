"""The two-hand play-off solver held to the engine: its legality, its tricks, its best card."""

from __future__ import annotations

import random

import pytest

from bot.ai import get_player
from bot.ai.knowledge import read_view
from bot.ai.solver import PlayoffRules, PlayoffSolver, bits_cards, faces, hand_bits
from bot.game import ALL_CARDS, Card, Game, SeatView, Suit, card_points, new_game, resolve_options
from bot.game.events import TrickTaken

from .helpers import random_positions

#: Card points of the standard count (G-4: A 11, 10 10, K 4, Q 3, J 2, 9 none), the engine's.
POINTS = {card: card_points([card], resolve_options({}, players=2)) for card in ALL_CARDS}
#: House rules that change the play-off: heading only on trump leads (P-5), another count
#: (G-7), the 64-card pack with its long hands (A-14).
HOUSE_RULES = [
    ("two-handed", None),
    ("two-handed", {"twohand_head_rule": "trump_lead_only"}),
    ("two-handed", {"count_scheme": "five_ten"}),
    ("two-handed", {"pack64": True, "pack64_hand_size": 16}),
    ("two-handed-no-trump", None),
]


def _engine_value(game: Game, me: int) -> int:
    """Minimax over the engine's own moves: our deal points minus theirs at the end of the deal."""
    if game.deal_results:
        points = game.deal_results[-1].points
        return points[me] - points[1 - me]
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(_engine_value(child, me))
    return max(values) if game.to_act == me else min(values)


def _late_play_off(seed: int, tricks_left: int, variant: str, options: dict | None) -> Game:
    """A play-off reached by the normal level, with `tricks_left` tricks to go (a trick may be led)."""
    game = new_game(variant, seed=seed, options=options)
    player = get_player("normal", seed=seed)
    while not (
        game.phase == "playoff"
        and len(game.view(game.to_act).hand) <= tricks_left
        and len(game.state.trick) == seed % 2  # even seeds: a lead; odd: a reply
    ):
        game.apply(player.choose(game.view(game.to_act)))
    return game


def _cards(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if a.card is not None]


def _solver_for(game: Game) -> tuple[PlayoffSolver, list[Card]]:
    k = read_view(game.view(game.to_act))
    solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**7)
    return solver, k.legal_cards()


@pytest.mark.parametrize("variant, options", HOUSE_RULES)
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("tricks_left", [3, 2])
def test_the_solver_finds_a_best_card_of_a_late_play_off(variant, options, seed, tricks_left):
    """A-9: the card it picks is worth as much as the best one by brute force through the engine,
    and the first card offered (the normal level's) keeps its place when it is as good; down to
    the last two tricks, which the solver works out without its table."""
    game = _late_play_off(seed, tricks_left, variant, options)
    me = game.to_act
    solver, legal = _solver_for(game)
    k = read_view(game.view(me))

    def value_of(card: Card) -> int:
        child = game.clone()
        child.apply(f"play {card}")
        return _engine_value(child, me)

    values = {c: value_of(c) for c in legal}
    best = max(values.values())
    for first in legal:
        choice = solver.best_card(k, first)
        assert values[choice] == best
        assert choice is first or values[first] < best


@pytest.mark.parametrize("variant, options", HOUSE_RULES)
def test_the_solvers_legal_cards_and_tricks_are_the_engines(variant, options):
    """On random play-offs (random legal play from the deal's start), the cards the solver allows
    are exactly the engine's, and each trick goes to the same seat for the same points, the last
    trick's bonus included (P-2..P-6, G-3..G-5)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        for game in random_positions(variant, seed, options):
            if game.phase == "playoff":
                break
        else:
            continue  # the deal ended before the play-off (a claim)
        k = read_view(game.view(game.to_act))
        rules = PlayoffRules(k.trump, k.value, k.options)
        while not game.deal_results:
            seat = game.to_act
            view = game.view(seat)
            hand, trick = hand_bits(view.hand), [c for _, c in view.trick]
            allowed = faces(hand) if not trick else rules.replies(hand, trick[0].code)
            assert set(bits_cards(allowed)) == set(_cards(view)), (seed, trick)
            card = rng.choice(_cards(view))
            taken = [e for e in game.apply(f"play {card}") if isinstance(e, TrickTaken)]
            if trick:
                (event,) = taken
                done = event.trick
                led, second = done.plays[0][1], done.plays[1][1]
                winner = done.plays[1 if rules.second_wins(led.code, second.code) else 0][0]
                assert winner == done.winner
                assert rules.value[led.code] + rules.value[second.code] == done.points
                checked += 1
        result = game.deal_results[-1]
        assert result.last_trick[winner] == k.last_bonus
    assert checked > 30


def test_a_whole_play_off_is_solved_to_the_engines_value():
    """The solver's value of a short play-off equals the engine's minimax, both seats' points."""
    game = _late_play_off(4, 4, "two-handed", None)  # an even seed: a trick to lead
    me = game.to_act
    k = read_view(game.view(me))
    solver = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**7)
    theirs = k.unseen + k.known.get(1 - me, [])
    st = game.state
    banked = [st.deal_meld[s] + st.won_points[s] for s in (me, 1 - me)]
    value = solver.value(hand_bits(k.hand), hand_bits(theirs))
    assert value == _engine_value(game, me) - (banked[0] - banked[1])


@pytest.mark.parametrize("variant", ["two-handed", "two-handed-no-trump"])
def test_hard_plays_the_play_off_exactly_from_its_first_trick(variant):
    """A-9: at the first lead of the play-off (12 cards a hand) hard's card is a best one."""
    for seed in range(3):
        game = new_game(variant, seed=seed)
        normal = get_player("normal", seed=seed)
        while game.phase != "playoff" or game.state.trick:
            game.apply(normal.choose(game.view(game.to_act)))
        view = game.view(game.to_act)
        choice = get_player("hard", seed=seed, budget=1.0).choose(view)
        solver, _ = _solver_for(game)
        assert len(view.hand) == 12
        assert solver.best_card(read_view(view), choice.card) is choice.card


def _reference(rules: PlayoffRules, bonus: int, leader: int, follower: int) -> int:
    """Plain minimax over every legal card, nothing pruned: the leader's points minus the
    follower's."""
    best = None
    for led in bits_cards(faces(leader)):
        worst = None
        for reply in bits_cards(rules.replies(follower, led.code)):
            rest, after = leader - (1 << 2 * led.code), follower - (1 << 2 * reply.code)
            points = rules.value[led.code] + rules.value[reply.code] + (0 if rest else bonus)
            if rules.second_wins(led.code, reply.code):
                score = -points - (_reference(rules, bonus, after, rest) if rest else 0)
            else:
                score = points + (_reference(rules, bonus, rest, after) if rest else 0)
            worst = score if worst is None else min(worst, score)
        assert worst is not None
        best = worst if best is None else max(best, worst)
    assert best is not None
    return best


def test_the_solver_agrees_with_plain_minimax_on_random_end_positions():
    """A-9: with everything it prunes (runs, bounds, the table, the last tricks worked out
    directly), the solver's value of random two-hand endings, up to five cards a hand, with
    or without trump and under either heading rule (P-5), is the plain minimax's."""
    rng = random.Random(26)
    pack = [card for card in ALL_CARDS if card.code & 7 < 6] * 2  # 9 up to A, twice
    value = POINTS
    for size in [1, 2, 3, 4] * 60 + [5] * 30:
        cards = rng.sample(pack, 2 * size)
        trump = rng.choice([None, *Suit])
        options = {"twohand_head_rule": rng.choice(["any_suit", "trump_lead_only"])}
        leader, follower = hand_bits(cards[:size]), hand_bits(cards[size:])
        solver = PlayoffSolver(trump, value, options, 10, node_limit=10**6)
        expected = _reference(PlayoffRules(trump, value, options), 10, leader, follower)
        assert solver.value(leader, follower) == expected, (cards, trump, options)


@pytest.mark.parametrize("variant, options", HOUSE_RULES)
def test_a_table_kept_from_a_whole_solve_changes_no_value(variant, options):
    """A-9: what the table keeps (bounds, best leads, and the cut-offs they allow before a reply
    is searched) changes no value: after solving an 8-card play-off, every position after its
    first trick gets, from that warm table, the value a fresh solver finds."""
    game = _late_play_off(6, 8, variant, options)  # an even seed: a trick to lead
    k = read_view(game.view(game.to_act))
    mine, theirs = hand_bits(k.hand), hand_bits(k.unseen + k.known.get(1 - game.to_act, []))
    rules = PlayoffRules(k.trump, k.value, k.options)
    warm = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**7)
    warm.value(mine, theirs)
    children = 0
    for led in bits_cards(faces(mine)):
        for reply in bits_cards(rules.replies(theirs, led.code)):
            rest, after = mine - (1 << 2 * led.code), theirs - (1 << 2 * reply.code)
            leader, follower = (
                (after, rest) if rules.second_wins(led.code, reply.code) else (rest, after)
            )
            fresh = PlayoffSolver(k.trump, k.value, k.options, k.last_bonus, node_limit=10**7)
            assert warm.value(leader, follower) == fresh.value(leader, follower), (led, reply)
            children += 1
    assert children > 8


@pytest.mark.parametrize("head_rule", ["any_suit", "trump_lead_only"])
def test_one_solver_keeps_its_move_orders_apart_across_positions(head_rule):
    """A-9, P-3: the orders the solver keeps per suit (replies per card led, leads per suit)
    belong to the cards they were worked out for: one solver, kept across many random endings
    from two or three suits (so a reply may follow suit in one and trump with the same faces in
    another), gives each the plain minimax's value."""
    rng = random.Random(261)
    value = POINTS
    options = {"twohand_head_rule": head_rule}
    for trump in [Suit.HEARTS, None]:
        solver = PlayoffSolver(trump, value, options, 10, node_limit=10**7)
        rules = PlayoffRules(trump, value, options)
        for _ in range(120):
            suits = rng.sample(range(4), rng.choice([2, 3]))
            pack = [c for c in ALL_CARDS if c.code & 7 < 6 and c.code >> 3 in suits] * 2
            size = rng.choice([2, 3, 4])
            cards = rng.sample(pack, 2 * size)
            leader, follower = hand_bits(cards[:size]), hand_bits(cards[size:])
            expected = _reference(rules, 10, leader, follower)
            assert solver.value(leader, follower) == expected, (cards, trump)


def test_a_follower_not_bound_to_head_may_let_a_run_card_win():
    """P-5 (`trump_lead_only`): led K♠ 10♠ J♠ against A♠ 9♠ Q♥, no trump, the follower need not
    head a spade, so he takes the 10♠ with the A♠ or lets it win under the 9♠ as its points
    decide: the three spades are not one lead, and the solver's value is the plain minimax's."""
    value = POINTS
    leader = hand_bits(Card.from_text(c) for c in ["K♠", "10♠", "J♠"])
    follower = hand_bits(Card.from_text(c) for c in ["A♠", "9♠", "Q♥"])
    for rule in ["trump_lead_only", "any_suit"]:
        options = {"twohand_head_rule": rule}
        expected = _reference(PlayoffRules(None, value, options), 10, leader, follower)
        assert (
            PlayoffSolver(None, value, options, 10, node_limit=10**6).value(leader, follower)
            == expected
        ), rule
