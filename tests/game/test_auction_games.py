"""Partnership auction with passing (RULES §13) and double-deck (§14): the worked examples, the
passing step, the auction's ladder and house rules, and what each seat may see of the passing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import Game, IllegalAction, OptionError, new_game, parse_action, resolve_options
from bot.game.actions import gift_size, give
from bot.game.auction import contract_points, meld_saved
from bot.game.cards import format_cards, make_pack, parse_cards
from bot.game.events import CardsGiven, DealThrownIn, Melded
from bot.game.melds import meld_breakdown
from bot.game.random_play import random_action

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
N, E, S, W = range(4)
FX_AUCTION = ["bid 250", "pass", "pass", "pass", "trump H"]
FX_PASSES = ["give A♥ 10♥ K♥ J♥", "give K♦ Q♣ J♣ J♥"]
HX_AUCTION = ["pass", "bid 50", "bid 51", "bid 55", "bid 60", "pass", "pass", "trump H"]
HX_PASSES = ["give A♥ 10♥ K♥ A♣", "give 10♦ J♣ J♠ Q♠"]
HX_PASSING = {"pass_count": 4}  # HX-1: the table plays the partners' passing (H-5)


def deal_by_script(variant: str, seed: int, script: list[str], options: dict | None = None):
    """Apply `script`, then play the deal out with each seat's first legal card (the order ♠ ♥ ♦
    ♣, high to low, as the worked examples say); the melds announced and the deal's result."""
    game = new_game(variant, seed=seed, options=options)
    melds: dict[int, int] = {}
    for action in script:
        for event in game.apply(action):
            if isinstance(event, Melded):
                melds[event.seat] = event.points
    deal = game.deal_no
    while game.deal_no == deal:
        game.apply(game.legal_actions()[0])
    return melds, game.deal_results[-1]


def test_fx1_a_made_contract_scores_all_it_took():
    """FX-1 (F-5, F-6, F-8, F-9): S at 250 in ♥, 4 cards each way, N–S 380, E–W 80."""
    melds, result = deal_by_script("auction", 1, FX_AUCTION + FX_PASSES)
    assert melds == {S: 160, W: 30, N: 20}  # E melds nothing
    assert result.tricks == (1, 2, 9, 0)
    assert (result.meld[N], result.cards[N], result.cards[E]) == (180, 200, 50)
    assert result.points == (380, 80, 380, 80) and result.made and result.bid == 250


def test_fx2_a_set_contract_scores_minus_the_bid():
    """FX-2 (F-9): the same deal at 400: N–S 380 fall short, −400; E–W still score 80."""
    script = ["bid 400", *FX_AUCTION[1:], *FX_PASSES]
    _, result = deal_by_script("auction", 1, script)
    assert result.points == (-400, 80, -400, 80) and not result.made


def test_hx1_double_deck_made_with_its_own_meld_table_and_count():
    """HX-1 (H-3, H-5, H-7, H-8, H-9): N at 60 in ♥; melds 19, 21, 10, 14; counters 42 + 8 = 50."""
    melds, result = deal_by_script("double-deck", 2, HX_AUCTION + HX_PASSES, HX_PASSING)
    assert melds == {N: 19, E: 21, S: 10, W: 14}
    assert result.tricks == (16, 0, 0, 4)
    assert (result.cards[N], result.cards[E], result.last_trick[N]) == (42, 8, 2)
    assert result.points == (71, 43, 71, 43) and result.made


def test_hx2_set_and_a_meld_not_saved_by_twenty_counters():
    """HX-2 (H-10, H-11): at 75 N–S are set (−75); E–W's 8 counters do not save their 35 meld."""
    script = [*HX_AUCTION[:4], "bid 75", *HX_AUCTION[5:], *HX_PASSES]
    _, result = deal_by_script("double-deck", 2, script, {**HX_PASSING, "save_meld_counters": 20})
    assert result.points == (-75, 8, -75, 8) and not result.made
    assert result.meld[E] == 0


@pytest.mark.parametrize(
    ("hand", "trump", "values", "melds", "total"),
    [
        (
            "A♥ A♥ 10♥ 10♥ K♥ K♥ K♥ Q♥ Q♥ Q♥ J♥ J♥ A♠ A♠ A♦ A♦ A♣ A♣ Q♠ J♦",
            "♥",
            "pagat",
            ["double flush", "royal marriage", "eight aces", "pinochle"],
            258,
        ),
        (
            "A♠ A♠ A♠ A♥ A♥ A♥ A♦ A♦ A♦ A♣ A♣ A♣ Q♠ Q♠ Q♠ J♦ J♦ J♦ K♣ Q♣",
            "♣",
            "pagat",
            ["royal marriage", "twelve aces", "triple pinochle"],
            214,
        ),
        (
            "A♠ A♠ A♠ A♥ A♥ A♥ A♦ A♦ A♦ A♣ A♣ A♣ Q♠ Q♠ Q♠ J♦ J♦ J♦ K♣ Q♣",
            "♣",
            "doubling",
            ["royal marriage", "twelve aces", "triple pinochle"],
            264,
        ),
    ],
)
def test_hx3_big_double_deck_melds(hand, trump, values, melds, total):
    """HX-3 (H-7, H-8): the most copies held make one meld; a run absorbs one royal marriage."""
    options = resolve_options({"dd_multiple_values": values}, players=4, variant="double-deck")
    breakdown = meld_breakdown(parse_cards(hand), trump, options)
    assert [name for name, _, _ in breakdown] == melds
    assert sum(points for _, _, points in breakdown) == total


def test_quadruple_melds_and_the_single_deck_table_unchanged():
    """H-7: a quadruple run 300, sixteen kings 160, quadruple pinochle 90; the 48-card games keep
    §2.1 (flush 150, double pinochle 300)."""
    options = resolve_options({}, players=4, variant="double-deck")
    run = [c for c in parse_cards("A♦ 10♦ K♦ Q♦ J♦") for _ in range(4)]
    assert meld_breakdown(run, "♦", options)[0][::2] == ("quadruple flush", 300)
    kings = [c for c in parse_cards("K♠ K♥ K♦ K♣") for _ in range(4)]
    assert meld_breakdown(kings, "♥", options)[-1][::2] == ("sixteen kings", 160)
    pins = [c for c in parse_cards("Q♠ J♦") for _ in range(4)]
    assert meld_breakdown(pins, "♥", options) == [("quadruple pinochle", pins, 90)]
    single = meld_breakdown(parse_cards("A♥ 10♥ K♥ Q♥ J♥ Q♠ Q♠ J♦ J♦"), "♥")
    assert [(n, p) for n, _, p in single] == [("flush", 150), ("double pinochle", 300)]


def test_contract_points_and_saved_meld_are_the_rule_book_arithmetic():
    """F-9: made → all points; set → minus the bid, defenders keep theirs. H-10: 20 counters."""
    assert contract_points(250, 0, [180, 30], [200, 50]) == ([380, 80], True)
    assert contract_points(400, 0, [180, 30], [200, 50]) == ([-400, 80], False)
    assert contract_points(60, 1, [0, 60], [0, 0]) == ([0, 60], True)  # meld alone may make it
    assert meld_saved(True, 8) and not meld_saved(True, 8, 20) and not meld_saved(False, 30)


# ------------------------------------------------------------------ the passing (F-5, H-5)


def to_passing(variant: str = "auction", seed: int = 1) -> Game:
    game = new_game(variant, seed=seed)
    for action in FX_AUCTION if variant == "auction" else HX_AUCTION:
        game.apply(action)
    return game


def test_the_passing_is_offered_as_a_choice_of_n_cards_to_the_partner():
    """F-5: the bidder's partner gives first; legal_actions offers one card at a time, each card
    of the hand once (`give A♥`), and each applies as given."""
    game = to_passing()
    assert game.phase == "passing" and game.to_act == N
    held = sorted(set(game.state.hands[N]), key=lambda c: c.code)
    assert game.legal_actions() == [give([card]) for card in held]
    assert all(len(a.cards) == 1 and parse_action(str(a)) == a for a in game.legal_actions())
    view = game.view(N)
    assert (view.give_count, view.give_to) == (4, S)
    board = game.public_view()
    assert (board.give_count, board.give_to) == (4, S)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("give 4", "give_count"),  # the choice itself is no answer
        ("give A♥ 10♥ K♥", "give_count"),
        ("give A♥ 10♥ K♥ J♥ Q♣", "give_count"),
        ("give A♥ A♥ K♥ J♥", "not_in_hand"),  # N holds one A♥
        ("give A♠ 10♥ K♥ J♥", "not_in_hand"),
        ("play A♥", "not_now"),
        ("bid 300", "not_now"),
        ("give " + "A♥ " * 30, "too_many_cards"),  # read no further than a hand's size
        ("give 99999999999999999999", "give_count"),
        ("give", "give_count"),  # a bare verb: told how many cards to pass
        ("give -1", "bad_action"),
        ("give A♥,10♥;K♥ Zz", "bad_action"),
    ],
)
def test_a_bad_give_is_refused_and_changes_nothing(text, key):
    game = to_passing()
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(text)
    assert refused.value.name == key
    assert game.to_json() == before and game.to_act == N


def test_the_offered_choice_itself_is_refused():
    """F-5: `give 4` (how many cards, the form the other side sees) is no pass of cards."""
    game = to_passing()
    with pytest.raises(IllegalAction) as refused:
        game.apply(gift_size(4))
    assert refused.value.name == "give_count" and len(game.state.hands[N]) == 12


def test_a_give_out_of_turn_is_refused():
    """G-11: only the seat to act gives; the declarer waits for his partner's cards."""
    game = to_passing()
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply("give A♠ 10♠ Q♠ K♥", seat=S)


def test_the_cards_change_hands_and_only_the_partners_see_which():
    """F-5: public events and the board say who passed how many; the cards are in the two
    partners' views (gave, received) and in no one else's, nor in any seat's search world."""
    game = to_passing()
    first = game.apply(FX_PASSES[0])
    assert first == [CardsGiven(N, S, 4)]
    assert game.to_act == S and len(game.state.hands[S]) == 16 and len(game.state.hands[N]) == 8
    game.apply(FX_PASSES[1])
    assert [len(h) for h in game.state.hands] == [12] * 4
    passed_by_n = list(give(parse_cards("A♥ 10♥ K♥ J♥")).cards)  # in the canonical order
    passed_by_s = list(give(parse_cards("K♦ Q♣ J♣ J♥")).cards)
    north, south = game.view(N), game.view(S)
    assert (list(north.gave), list(north.received)) == (passed_by_n, passed_by_s)
    assert (list(south.gave), list(south.received)) == (passed_by_s, passed_by_n)
    for seat in (E, W):
        view = game.view(seat)
        assert view.gave == view.received == ()
        assert view.world.gave == ((), (), (), ())
    assert north.world.gave == (tuple(passed_by_n), (), tuple(passed_by_s), ())
    assert not hasattr(game.public_view(), "gave")  # the board has no such field
    for seen_by_e in (game.view(E).history, game.view(E).world.deal_history):
        assert [str(a) for a in seen_by_e[-2:]] == ["give 4", "give 4"]
    assert list(south.history[-2:]) == [give(passed_by_n), give(passed_by_s)]


def test_a_give_round_trips_as_text_and_through_a_saved_game():
    action = parse_action("give J♥ A♥ 10♥ K♥")
    assert action == give(parse_cards("A♥ 10♥ K♥ J♥")) and str(action) == "give A♥ 10♥ K♥ J♥"
    game = to_passing()
    game.apply(action)
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.view(S).received == game.view(S).received


def test_without_passing_trump_goes_straight_to_meld():
    """F-5: `pass_count = 0` is Bicycle's game; the declarer leads (F-7) or eldest by option."""
    game = new_game("auction", seed=1, options={"pass_count": 0})
    for action in FX_AUCTION:
        game.apply(action)
    assert game.phase == "play" and game.to_act == S
    eldest = new_game("auction", seed=1, options={"pass_count": 0, "first_lead": "eldest"})
    for action in ["pass", "bid 250", "pass", "pass", "trump H"]:
        eldest.apply(action)
    assert eldest.state.declarer == W and eldest.to_act == S  # S is eldest (dealer E)


# ------------------------------------------------------------------ the auction (F-2, F-3, H-3)


def test_the_double_deck_ladder_raises_by_1_then_5_then_10():
    """H-3: 50…60 by 1, 65…100 by 5, then 110, 120, …"""
    game = new_game("double-deck", seed=2)
    amounts = [a.amount for a in game.legal_actions() if a.verb == "bid"]
    assert amounts[:16] == [*range(50, 61), 65, 70, 75, 80, 85]
    assert amounts[17:20] == [95, 100, 110]
    game.apply("pass")
    game.apply("bid 58")
    with pytest.raises(IllegalAction) as refused:
        game.apply("bid 62")
    assert refused.value.name == "bid_step"
    with pytest.raises(IllegalAction) as refused:
        game.apply("bid 58")
    assert refused.value.name == "bid_not_higher"


def test_the_single_deck_auction_needs_no_marriage_and_opens_at_the_minimum():
    """F-2: 100 in tens by default (BIC), `opt.min_bid` another; no marriage needed (unlike E-5)."""
    game = new_game("auction", seed=1)
    bids = [a.amount for a in game.legal_actions() if a.verb == "bid"]
    assert bids[:3] == [100, 110, 120]
    with pytest.raises(IllegalAction) as refused:
        game.apply("bid 90")
    assert refused.value.name == "bid_too_low"
    lower = new_game("auction", seed=1, options={"min_bid": 150})
    assert lower.legal_actions()[0].amount == 150


def test_the_stuck_dealer_must_bid_and_a_redeal_passes_the_deal_on():
    """F-3: after three passes the dealer (E) may not pass; with `redeal`, four passes throw the
    cards in and the next player deals."""
    game = new_game("auction", seed=1)
    for _ in range(3):
        game.apply("pass")
    assert game.to_act == E and "pass" not in [a.verb for a in game.legal_actions()]
    redeal = new_game("auction", seed=1, options={"all_pass": "redeal"})
    events = [event for _ in range(4) for event in redeal.apply("pass")]
    assert DealThrownIn(1, E) in events
    assert (redeal.deal_no, redeal.dealer, redeal.phase) == (2, S, "auction")
    assert all(not r for r in redeal.deal_results)


def test_each_game_takes_only_its_own_count():
    """H-9: the double deck's count is its own; the 48-card games may not use it."""
    with pytest.raises(OptionError):
        new_game("double-deck", seed=1, options={"count_scheme": "hoyle"})
    with pytest.raises(OptionError):
        new_game("auction", seed=1, options={"count_scheme": "double_deck"})
    dd = new_game("double-deck", seed=1)
    assert (dd.target, dd.card_total, dd.state.pack_size) == (500, 50, 80)
    assert Counter(make_pack(double_deck=True)) == Counter(
        {c: 4 for c in make_pack() if c.rank != "9"}
    )
    assert [len(h) for h in dd.state.hands] == [20] * 4


# ------------------------------------------------------------------ properties (§12)


def play_out(variant: str, seed: int, options: dict | None = None) -> Game:
    """A random game, checking after every give that hand sizes are as F-5 says."""
    game = new_game(variant, seed=seed, options=options)
    rng = random.Random(seed)
    size = 20 if variant == "double-deck" else 12
    count = game.options["pass_count"]
    for _ in range(20000):
        if game.is_over:
            return game
        phase, seat, sizes = game.phase, game.to_act, [len(h) for h in game.state.hands]
        game.apply(random_action(game, rng))
        if phase == game.phase == "passing" and game.to_act == seat:  # a card chosen, kept
            assert [len(h) for h in game.state.hands] == sizes
        elif phase == "passing" and game.phase == "passing":  # the partner gave: N−4 / N+4
            declarer = game.state.declarer
            assert declarer is not None and seat == game.partner(declarer)
            assert len(game.state.hands[seat]) == size - count
            assert len(game.state.hands[declarer]) == size + count
        elif phase == "passing":  # both gave: every hand whole again
            assert [len(h) for h in game.state.hands] == [size] * 4
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
@FAST
@given(seed=st.integers(0, 10**6))
def test_random_games_score_every_contract_as_the_rules_say(variant, seed):
    """F-9, H-11: a side that reaches its bid scores all it took, else exactly minus the bid; the
    defenders score their points; the winner is the bidding side when it reaches the target."""
    game = play_out(variant, seed)
    for result in game.deal_results:
        decl = game.party(result.declarer)
        total = result.meld[decl] + result.cards[decl]
        assert result.made == (total >= result.bid)
        assert result.points[decl] == (total if result.made else -result.bid)
        assert result.points[1 - decl] == result.meld[1 - decl] + result.cards[1 - decl]
    last = game.deal_results[-1]
    winners = game.public_view().ranking[0]
    if last.scores[last.declarer] >= game.target:  # F-10: the bidders are counted first
        assert last.declarer in winners


@FAST
@given(seed=st.integers(0, 10**6))
def test_only_bidders_go_out(seed):
    """F-10 `only_bidder_goes_out`: the game ends on a deal its winners bid."""
    game = play_out("auction", seed, {"only_bidder_goes_out": True, "target": 500})
    assert game.deal_results[-1].declarer in game.public_view().ranking[0]


def test_format_of_a_passed_hand_keeps_its_order():
    assert format_cards(give(parse_cards("J♣ A♠")).cards) == "A♠ J♣"


def test_shooting_the_moon_wins_at_once_and_only_by_option():
    """F-11: seed 478's first deal, played at random, gives the declaring side (E–W) all 12
    tricks and its contract: with `shoot_the_moon` it wins the game there (290 of 1000); without,
    play goes on."""
    outcomes = []
    for moon in (True, False):
        game, rng = (
            new_game("auction", seed=478, options={"shoot_the_moon": moon}),
            random.Random(478),
        )
        while not game.deal_results:
            game.apply(random_action(game, rng))
        result = game.deal_results[0]
        assert result.made and result.tricks[E] + result.tricks[W] == 12
        outcomes.append((game.is_over, game.public_view().ranking[:1]))
    assert outcomes == [(True, ((E, W),)), (False, ())]
