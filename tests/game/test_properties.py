"""Invariants over random legal play in every variant (RULES §12), checked with hypothesis."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import VARIANTS, DealResult, Game, IllegalAction, new_game, parse_action
from bot.game.cards import pack_of_size
from bot.game.random_play import random_action

from .helpers import play_randomly

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTION_SETS = [
    {},
    {"pack64": True},
    {"round_card_points": True},
    {"draw_before_meld": True},
    {"winner_chooses_last_card": True},
    {"dix_exchange_mandatory": True},
]


def all_cards(game: Game) -> list:
    cards = [c for s in range(game.n) for c in game.state.hands[s]]
    cards += [tc.card for s in range(game.n) for tc in game.state.table[s]]
    cards += game.state.stock + [c for _, c in game.state.trick] + game.state.played_cards
    if game.state.turnup is not None and game.state.mode == "two":
        cards.append(game.state.turnup)
    return cards


def check_deal(game: Game, result: DealResult) -> None:
    units = (  # one seat per side; alone, the seats that took a trick (no trick, no card points)
        [0, 1] if game.variant.partnership else [s for s in range(game.n) if result.tricks[s]]
    )
    cards = sum(result.cards[u] for u in units)
    if result.complete and not game.options["round_card_points"]:
        assert cards == game.card_total == (50 if game.variant.double_deck else 250), result
        # G-5, §12.1, H-9
    if result.complete:
        tricks = sum(result.tricks)
        assert tricks in (12, 16, 20, 24, 32), result  # §12.2, §12.3, H-1
    if result.chips is not None:
        assert sum(result.chips) == 0  # E-15
    if game.variant.rules in ("C", "D1", "D2", "E", "F", "H") and result.complete:
        for s in range(game.n):  # C-6, E-11: meld counts only with a trick
            side = (
                [t for t in range(game.n) if game.party(t) == game.party(s)]
                if game.variant.partnership
                else [s]
            )
            if not any(result.tricks[t] for t in side) and result.declarer is None:
                assert result.meld[s] == 0


def play_checked(variant: str, seed: int, options: dict) -> Game:
    game = new_game(variant, seed=seed, options=options)
    rng = random.Random(seed)
    pack = sorted(pack_of_size(game.state.pack_size), key=lambda c: c.code)
    seen = 0
    for _ in range(20000):
        if game.is_over:
            break
        if game.deal_no and len(game.deal_results) == seen:
            assert sorted(all_cards(game), key=lambda c: c.code) == pack  # every card in one place
        if game.phase in ("playoff", "play") and game.state.trick:
            hand = game.state.hands[game.to_act]
            legal = {a.card for a in game.legal_actions() if a.verb == "play"}
            for card in set(hand) - legal:  # strict legality enforced (§8)
                with pytest.raises(IllegalAction):
                    game.apply(f"play {card}")
        if game.phase == "stock" and game.state.mode == "two" and not game.state.trick:
            for s in game.active:  # both hold 12 (hand + table) after each pair of draws (§12.2)
                assert len(game.state.hands[s]) + len(game.state.table[s]) == (
                    16
                    if game.options["pack64_hand_size"] == 16 and game.state.pack_size == 64
                    else 12
                )
        for action in game.legal_actions():  # text round trip of every action offered
            assert parse_action(str(action)) == action
        game.apply(random_action(game, rng))
        while seen < len(game.deal_results):
            check_deal(game, game.deal_results[seen])
            seen += 1
    assert game.is_over  # every game ends
    ranking = [s for entry in game.view(0).ranking for s in entry]
    assert sorted(ranking) == list(range(game.n))  # a complete ranking
    return game


@pytest.mark.parametrize("variant", list(VARIANTS))
@FAST
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_the_invariants(variant, seed):
    play_checked(variant, seed, {})


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_two_handed_options_keep_the_invariants(options, seed):
    play_checked("two-handed", seed, options)


@pytest.mark.parametrize("variant", list(VARIANTS))
@FAST
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_json_round_trip_mid_game(variant, seed, steps):
    game = play_randomly(new_game(variant, seed=seed), random.Random(seed), steps)
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    for seat in range(game.n):
        assert copy.view(seat).hand == game.view(seat).hand
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not game.is_over:
        a = random_action(game, rng_a)
        assert a == random_action(copy, rng_b)
        assert game.apply(a) == copy.apply(a)
    assert copy.view(0).ranking == game.view(0).ranking
    assert copy.seat_scores() == game.seat_scores()


def hidden_cards(game: Game, seat: int) -> list[tuple[list, int]]:
    """(location, index) of every card `seat` cannot see: other hands (less shown cards) and the stock."""
    spots = []
    for s in range(game.n):
        if s == seat:
            continue
        shown = list(game.state.known[s])
        for i, card in enumerate(game.state.hands[s]):
            if card in shown:
                shown.remove(card)
            else:
                spots.append((game.state.hands[s], i))
    spots += [(game.state.stock, i) for i in range(len(game.state.stock))]
    return spots


@pytest.mark.parametrize("variant", list(VARIANTS))
@FAST
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), pick=st.randoms(use_true_random=False))
def test_views_do_not_depend_on_hidden_cards(variant, seed, steps, pick):
    """Swap two cards the seat cannot see: its view must not change at all."""
    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(random_action(game, rng))
    if game.is_over:
        return
    seat = game.to_act
    other = game.clone()
    spots = [(loc, i) for loc, i in hidden_cards(other, seat)]
    pairs = [
        (a, b) for a in spots for b in spots if a[0] is not b[0] and a[0][a[1]] is not b[0][b[1]]
    ]
    if not pairs:
        return
    (la, ia), (lb, ib) = pick.choice(pairs)
    la[ia], lb[ib] = lb[ib], la[ia]
    other._legal = None
    assert other.view(seat) == game.view(seat)
