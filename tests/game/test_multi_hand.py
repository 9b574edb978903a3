"""Three- and four-handed deals and Check Pinochle's auction (RULES §5, §6, §7)."""

import random

import pytest

from bot.game import Card, IllegalAction, contract_checks, new_game
from bot.game.events import Bid, CardPlayed, Contract, DixDeclared, Melded, PlayerOut
from bot.game.random_play import random_action

from .helpers import deal_cards, legal

EL = "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 9♠ 9♠ A♣ A♣ 10♣ 10♣"
SE = "9♥ 9♥ K♥ Q♥ J♥ 10♥ K♣ K♣ Q♣ Q♣ J♣ J♣ 9♣ 9♣ A♦ A♦"
DL = "10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ 9♦ 9♦ K♥ Q♥ J♥ 10♥ A♥ A♥"  # last card A♥ turned: trump ♥


def three_hand(**options):
    probe = new_game("three-handed", seed=1)
    d = probe.dealer
    hands = [""] * 3
    hands[(d + 1) % 3], hands[(d + 2) % 3], hands[d] = EL, SE, DL
    return deal_cards(hands, "three-handed", options=options or None), d


def test_c2_sixteen_each_and_the_dealers_last_card_is_trump():
    g, _d = three_hand()
    assert [len(g.view(s).hand) for s in range(3)] == [16, 16, 16]
    assert g.view(0).trump == "♥" and str(g.view(0).turnup) == "A♥"


def test_c4_exchange_goes_to_the_first_non_dealer_holding_a_dix_and_melds_s5():
    g, d = three_hand()
    second = (d + 2) % 3
    assert g.phase == "exchange" and g.to_act == second  # eldest holds no 9♥
    events = g.apply("exchange")
    ace = Card.from_text("A♥")
    assert DixDeclared(seat=second, points=10, exchanged=True, card=ace) in events
    melds = {e.seat: e for e in events if isinstance(e, Melded)}
    assert melds[(d + 1) % 3].points == 40  # two plain marriages
    assert (
        melds[second].points == 150 + 40 + 20
    )  # flush with the A♥ taken, marriages, both dealt dixes
    assert melds[d].points == 150 + 40  # the received 9♥ scores nothing for the dealer (S-5)
    assert all(e.pending for e in melds.values())
    assert g.to_act == (d + 1) % 3  # C-7: eldest leads


def test_c6_melds_count_only_for_players_who_take_a_trick():
    g, _d = three_hand()
    g.apply("pass")
    declared = {s: sum(p for *_, p in g.state.pending[s]) for s in range(3)}
    rng = random.Random(4)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    r = g.deal_results[0]
    for s in range(3):
        assert r.meld[s] == (declared[s] if r.tricks[s] else 0)
    assert sum(r.tricks) == 16 and sum(r.cards) == 250


def test_c10_three_hand_play_on_ranks_everyone():
    g = new_game("three-handed", seed=9, options={"target": 300})
    rng = random.Random(9)
    outs = 0
    while not g.is_over:
        outs += sum(isinstance(e, PlayerOut) for e in g.apply(random_action(g, rng)))
    assert outs >= 1
    assert sorted(s for entry in g.view(0).ranking for s in entry) == [0, 1, 2]


def test_three_hand_playon_stop_option_ranks_by_score():
    g = new_game("three-handed", seed=9, options={"target": 300, "three_hand_playon": "stop"})
    rng = random.Random(9)
    while not g.is_over:
        g.apply(random_action(g, rng))
    ranking = [entry[0] for entry in g.view(0).ranking]
    rest = ranking[1:]
    assert [g.seat_scores()[s] for s in rest] == sorted(
        (g.seat_scores()[s] for s in rest), reverse=True
    )


@pytest.mark.parametrize("seed", range(5))
def test_d2_1_partnership_melds_come_after_each_players_first_card(seed):
    g = new_game("partnership", seed=seed)
    rng = random.Random(seed)
    events = list(g.opening_events)
    while g.tricks_played == 0:
        events += g.apply(random_action(g, rng))
    played = set()
    for e in events:
        if isinstance(e, CardPlayed):
            played.add(e.seat)
        if isinstance(e, Melded):
            assert e.seat in played


def test_partnership_before_play_option_melds_at_the_start():
    for seed in range(5):
        g = new_game("partnership", seed=seed, options={"partnership_meld_timing": "before_play"})
        if g.phase == "play":
            assert all(g.state.declared)


def test_partnership_scores_are_pooled_d2_3():
    g = new_game("partnership", seed=2)
    rng = random.Random(2)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    r = g.deal_results[0]
    assert r.points[0] == r.points[2] and r.points[1] == r.points[3]
    assert r.cards[0] + r.cards[1] == 250


# --- Check Pinochle -------------------------------------------------------------------------

CK = {
    "eldest": "K♠ K♠ Q♠ Q♠ A♠ A♠ 10♠ 10♠ J♠ J♠ K♣ K♣",  # the only marriage at the table
    "second": "K♥ K♥ A♥ A♥ 10♥ 10♥ J♥ J♥ 9♥ 9♥ 10♣ 10♣",
    "third": "K♦ K♦ A♦ A♦ 10♦ 10♦ J♦ J♦ 9♦ 9♦ J♣ J♣",
    "dealer": "A♣ A♣ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣ 9♣ 9♣ 9♠ 9♠",
}


def check_deal():
    d = new_game("check", seed=1).dealer
    hands = [""] * 4
    for k, role in enumerate(("eldest", "second", "third")):
        hands[(d + 1 + k) % 4] = CK[role]
    hands[d] = CK["dealer"]
    return deal_cards(hands, "check"), d


def test_e3_eldest_bids_first_and_e5_needs_a_marriage():
    g, d = check_deal()
    assert g.phase == "auction" and g.to_act == (d + 1) % 4
    for bad, rule in (("bid 190", "E-4"), ("bid 205", "E-4")):
        with pytest.raises(IllegalAction, match=rule):
            g.apply(bad)
    g.apply("pass")
    assert legal(g, g.to_act) == ["pass"]
    with pytest.raises(IllegalAction, match="E-5"):
        g.apply("bid 200")


def test_e5_the_reason_only_a_pass_is_offered_is_told_without_playing_it():
    g, d = check_deal()
    assert g.why_no_bid() is None  # eldest holds a marriage: bids are offered
    g.apply("pass")
    before = g.to_json()
    why = g.why_no_bid()
    assert why is not None and why.name == "bid_needs_marriage" and why.rule == "E-5"
    assert g.to_json() == before  # asking changes nothing
    for _ in range(2):
        g.apply("pass")
    assert g.to_act == d and g.why_no_bid() is None  # the forced dealer bids (E-6)


def test_e6_forced_dealer_must_bid_200_and_names_trump_e8_and_leads_e10():
    g, d = check_deal()
    for _ in range(3):
        g.apply("pass")
    assert g.to_act == d and legal(g, d) == ["bid 200"]
    with pytest.raises(IllegalAction, match="E-6"):
        g.apply("pass")
    events = g.apply("bid 200")
    assert Bid(seat=d, amount=200, forced=True) in events
    assert Contract(seat=d, amount=200) in events
    assert g.phase == "trump" and g.to_act == d
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply("trump ♠", seat=(d + 1) % 4)
    events = g.apply("trump ♣", seat=d)
    assert all(g.state.declared) and g.phase == "play" and g.to_act == d
    assert [e for e in events if isinstance(e, Melded)]


def test_e12_e18_set_contract_scores_minus_bid_and_pays_defenders_double():
    g, d = check_deal()
    eldest = (d + 1) % 4
    g.apply("bid 1000")
    for _ in range(3):
        g.apply("pass")
    g.apply("trump ♥")
    rng = random.Random(1)
    while not g.deal_results:
        g.apply(random_action(g, rng))
    r = g.deal_results[0]
    assert r.made is False and r.declarer == eldest
    assert r.points[eldest] == -1000 and r.points[(eldest + 2) % 4] == -1000
    set_transfers = [t for t in r.transfers or () if t.reason == "set"]
    assert {t.payee for t in set_transfers} == {(eldest + 1) % 4, (eldest + 3) % 4}
    assert all(t.checks == 2 * contract_checks(1000) == 150 for t in set_transfers)
    assert r.chips is not None and sum(r.chips) == 0


def test_check_view_shows_bids_but_not_hands():
    g, d = check_deal()
    g.apply("bid 250")
    v = g.view(d)
    assert v.bid == 250 and v.bidder == (d + 1) % 4
    assert Card.from_text("K♠") not in v.hand


def test_c10_a_deal_after_the_winner_retires_is_dealt_to_the_others_only():
    """C-10: once a winner retires the other two play on; the engine's result of each deal names
    the seats dealt in (`DealResult.dealt`), and the retired winner is not one of them."""
    g = new_game("three-handed", seed=9, options={"target": 300})
    rng = random.Random(9)
    out: list[int] = []
    while not g.is_over:
        for event in g.apply(random_action(g, rng)):
            if isinstance(event, PlayerOut):
                out.append(event.seat)
    first = g.deal_results[0]
    assert first.dealt == (0, 1, 2)
    later = [result for result in g.deal_results if len(result.dealt) == 2]
    assert later and all(out[0] not in result.dealt for result in later)
