"""Two-handed deals from turn-up to last trick (RULES §3, §4, A-1..A-14, B-2..B-8)."""

import random

import pytest

from bot.game import Card, IllegalAction, new_game
from bot.game.events import DealerDix, Show, TargetRaised, TrickTaken, TurnupTaken
from bot.game.random_play import random_action

from .helpers import legal, seats, trick, two_hand_game

JUNK = "9♦ 9♦ 9♣ 9♣ J♣ J♣ J♠ J♠ 10♦ 10♦ Q♦ 9♠"


def test_a4_turned_up_dix_scores_10_for_the_dealer_at_once():
    g = two_hand_game("A♠ A♠ A♥ 10♠ 10♠ 10♥ K♦ K♥ A♦ 10♣ K♠ Q♣", JUNK, "9♥")
    _, dealer = seats(g)
    assert g.view(dealer).deal_points.meld[dealer] == 10
    assert DealerDix(seat=dealer, points=10) in g.opening_events


def test_a7_declared_dix_cannot_be_exchanged_later_and_one_exchange_per_deal():
    g = two_hand_game("9♥ 9♥ A♠ A♠ A♣ 10♠ 10♠ K♦ A♦ 10♣ K♠ Q♣", JUNK, "A♥", "K♣ 9♠ A♣ Q♠")
    eldest, _ = seats(g)
    trick(g, "A♠", "9♦")
    assert set(legal(g, eldest)) >= {"dix", "exchange"}
    g.apply("dix")  # shows one 9♥ without exchanging it (A-7f)
    g.apply("exchange")  # the other 9♥ is exchanged for the A♥
    assert g.view(eldest).deal_points.meld[eldest] == 20
    assert "exchange" not in legal(g, eldest)
    with pytest.raises(IllegalAction):
        g.apply("exchange")


def test_dix_exchange_mandatory_option():
    g = two_hand_game(
        "9♥ A♠ A♠ A♣ 10♠ 10♠ K♦ A♦ 10♣ K♠ Q♣ J♦",
        JUNK,
        "A♥",
        options={"dix_exchange_mandatory": True},
    )
    eldest, _ = seats(g)
    trick(g, "A♠", "9♦")
    assert "dix" not in legal(g, eldest) and "exchange" in legal(g, eldest)
    with pytest.raises(IllegalAction, match="must be exchanged"):
        g.apply("dix")


def test_draw_before_meld_lets_the_drawn_card_join_the_meld():
    hands = ("K♥ A♠ A♠ A♣ 10♠ 10♠ K♦ A♦ 10♣ K♠ Q♣ J♦", JUNK, "A♥", "Q♥ 9♠ A♣ Q♠")
    default = two_hand_game(*hands)
    eldest, _ = seats(default)
    trick(default, "A♠", "9♦")
    assert "meld K♥ Q♥" not in legal(default, eldest)  # M-1: meld, then draw
    drawn_first = two_hand_game(*hands, options={"draw_before_meld": True})
    trick(drawn_first, "A♠", "9♦")
    assert "meld K♥ Q♥" in legal(drawn_first, eldest)


def play_to_end_of_stock(g, rng):
    events = []
    while g.phase != "playoff":
        events += g.apply(random_action(g, rng))
    return events


def test_a8_end_of_stock_winner_shows_last_card_loser_takes_turnup():
    g = new_game("two-handed", seed=3)
    turnup = g.view(0).turnup
    events = play_to_end_of_stock(g, random.Random(3))
    shown = [e for e in events if isinstance(e, Show)]
    taken = [e for e in events if isinstance(e, TurnupTaken)]
    assert len(shown) == 1 and len(taken) == 1 and shown[0].seat != taken[0].seat
    last_stock_trick = [e for e in events if isinstance(e, TrickTaken)][-1]
    assert shown[0].seat == last_stock_trick.trick.winner
    assert taken[0].card in (turnup, g.dix_card)
    i_show, i_take = events.index(shown[0]), events.index(taken[0])
    assert i_show < i_take and not any(
        isinstance(e, TrickTaken) for e in events[i_show:]
    )  # both after trick 12
    for seat in (0, 1):  # M-11: table cards are back in hand, 12 each
        assert len(g.view(seat).hand) == 12 and not g.view(seat).table
    assert g.to_act == last_stock_trick.trick.winner  # he leads trick 13


def test_winner_chooses_last_card_option():
    g = new_game("two-handed", seed=3, options={"winner_chooses_last_card": True})
    rng = random.Random(3)
    while "draw turnup" not in [str(a) for a in g.legal_actions()]:
        g.apply(random_action(g, rng))
    chooser = g.to_act
    turnup = g.view(chooser).turnup
    assert isinstance(turnup, Card)
    events = g.apply("draw turnup")
    assert TurnupTaken(seat=chooser, card=turnup) in events


def test_play_off_is_strict_and_refusals_change_nothing():
    g = new_game("two-handed", seed=5)
    rng = random.Random(5)
    play_to_end_of_stock(g, rng)
    refused = 0
    while not g.is_over and g.phase == "playoff":
        seat = g.to_act
        allowed = set(legal(g, seat))
        illegal = [c for c in g.view(seat).hand if f"play {c}" not in allowed]
        if g.state.trick and illegal:
            before = g.to_json()
            with pytest.raises(IllegalAction) as err:
                g.apply(f"play {illegal[0]}")
            assert err.value.rule in ("P-2", "P-3")
            assert g.to_json() == before
            refused += 1
        g.apply(random_action(g, rng))
    assert refused


def test_out_of_turn_and_game_over_refused():
    g = new_game("two-handed", seed=2)
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(g.legal_actions()[0], seat=1 - g.to_act)
    with pytest.raises(IllegalAction, match="not in your hand|not legal|cannot"):
        g.apply("play A♠" if "play A♠" not in legal(g, g.to_act) else "bid 250")


@pytest.mark.parametrize("text", ["play", "play XX", "meld", "bid lots", "trump purple", "dance"])
def test_malformed_actions_are_refused_by_name(text):
    g = new_game("two-handed", seed=2)
    with pytest.raises(IllegalAction, match="not an action"):
        g.apply(text)


def test_deal_scoring_adds_meld_cards_and_last_trick_a11():
    g = new_game("two-handed", seed=11)
    rng = random.Random(11)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    r = g.deal_results[0]
    assert r.cards[0] + r.cards[1] == 250
    assert sum(r.tricks) == 24
    assert r.points == tuple(r.meld[s] + r.cards[s] for s in (0, 1))
    assert r.scores == r.points


def test_pack64_has_32_tricks_and_seven_is_the_dix_a14():
    g = new_game("two-handed", seed=4, options={"pack64": True})
    rng = random.Random(4)
    tricks = 0
    while not g.deal_results:
        tricks += sum(isinstance(e, TrickTaken) for e in g.apply(random_action(g, rng)))
    assert tricks == 32
    assert g.deal_results[0].cards[0] + g.deal_results[0].cards[1] == 250


def test_pack64_is_refused_for_more_than_two_players():
    with pytest.raises(ValueError, match="pack64"):
        new_game("three-handed", options={"pack64": True})


def test_rounding_option_g6():
    g = new_game("two-handed", seed=11, options={"round_card_points": True})
    rng = random.Random(11)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    cards = g.deal_results[0].cards
    assert all(c % 10 == 0 for c in cards) and sum(cards) in (240, 250)


def test_g13_both_over_target_raises_it_by_250():
    g = new_game("two-handed", seed=11, options={"target": 10})
    rng = random.Random(11)
    events = []
    while not g.deal_results:
        events += g.apply(random_action(g, rng))
    raised = [e for e in events if isinstance(e, TargetRaised)]
    assert raised and raised[0].target == 260


def test_highest_wins_option_ends_at_once():
    g = new_game("two-handed", seed=11, options={"target": 10, "tie_over_target": "highest_wins"})
    rng = random.Random(11)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    assert g.is_over
    winner = g.view(0).ranking[0][0]
    assert g.deal_results[0].scores[winner] == max(g.deal_results[0].scores)


def test_variant_b_has_no_turnup_and_24_card_stock_b2():
    g = new_game("two-handed-no-trump", seed=1)
    v = g.view(0)
    assert v.turnup is None and v.trump is None and v.stock == 24


def test_unknown_variant_and_option_are_value_errors():
    with pytest.raises(ValueError, match="unknown variant"):
        new_game("five-handed")
    with pytest.raises(ValueError, match="unknown option 'opt.target'"):
        new_game("two-handed", options={"opt.target": 500})
    with pytest.raises(ValueError, match="target"):
        new_game("two-handed", options={"target": 15})


def test_declare_out_right_claim_wins_wrong_claim_loses_a12():
    g = new_game("two-handed", seed=8, options={"declare_out": True})
    claimant = g.to_act
    g.apply("declare out")  # nothing scored yet: a wrong claim
    assert g.is_over and g.view(0).ranking == ((1 - claimant,), (claimant,))
    g = new_game("two-handed", seed=8, options={"declare_out": True, "target": 10})
    rng = random.Random(8)
    while g.view(g.to_act).deal_points.cards[g.to_act] < 10:
        g.apply(rng.choice([a for a in g.legal_actions() if str(a) != "declare out"]))
    claimant = g.to_act
    g.apply("declare out")
    assert g.view(0).ranking[0] == (claimant,)
