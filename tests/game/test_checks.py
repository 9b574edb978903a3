"""Check Pinochle premiums: the §7.8 table, E-16..E-20 and the CX examples' check arithmetic."""

import pytest

from bot.game import (
    contract_checks,
    game_checks,
    meld_breakdown,
    meld_checks,
    parse_cards,
    set_checks,
)
from bot.game.checks import net_chips, settle
from bot.game.options import resolve_options

SIDES = [[0, 2], [1, 3]]  # N-S, E-W
OPTS = resolve_options({}, players=4)


@pytest.mark.parametrize(
    "bid,made,setc",
    [
        (200, 2, 4),
        (240, 2, 4),
        (250, 4, 8),
        (300, 7, 14),
        (340, 7, 14),
        (350, 10, 20),
        (390, 10, 20),
        (400, 15, 30),
        (450, 20, 40),
        (500, 25, 50),
    ],
)
def test_contract_check_table_7_8(bid, made, setc):
    assert contract_checks(bid) == made
    assert set_checks(bid) == setc


def test_game_checks_e20():
    assert game_checks(1160, 1070) == 11  # CX-5
    assert game_checks(1040, -60) == 26  # CX-6
    assert game_checks(1010, 940) == 11  # CX-4
    assert game_checks(1000, 1200) == 10  # margin term is 0 when W <= L


def checks_of(hand, trump, options=OPTS):
    return meld_checks(meld_breakdown(parse_cards(hand), trump), options)


def test_mx11_roundhouse_checks_replace_kings_and_queens_dx_e7():
    hand = "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ J♦ 9♠ A♠ 10♠"
    assert sum(c for _, c in checks_of(hand, "♠")) == 5
    additive = resolve_options({"roundtrip_checks_additive": True}, players=4)
    assert sum(c for _, c in checks_of(hand, "♠", additive)) == 7


def test_mx12_checks_are_5():
    assert sum(c for _, c in checks_of("Q♠ Q♠ J♦ J♦ A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣", "♠")) == 5


def test_doubled_melds_dx_e8():
    assert checks_of("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", "♥") == [("eight aces", 4)]
    none = resolve_options({"double_meld_checks": "none"}, players=4)
    assert checks_of("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", "♥", none) == []


def test_flush_absorbing_trump_marriage_is_no_roundhouse():
    hand = "A♠ 10♠ K♠ Q♠ J♠ K♥ Q♥ K♦ Q♦ K♣ Q♣"
    assert ("roundhouse", 5) not in checks_of(hand, "♠")


def net(awards):
    return net_chips(settle(awards, SIDES), 4)


def test_cx1_contract_made_meld_checks_both_ways():
    n = checks_of("A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦", "♥")  # flush + pinochle
    s = checks_of("A♠ A♥ A♦ A♣ K♣ Q♣", "♥")  # 100 aces + marriage
    e = checks_of("K♠ K♥ K♦ K♣ 9♥", "♥")  # 80 kings + dix
    awards = [(0, c, "meld", d) for d, c in n + s] + [(1, c, "meld", d) for d, c in e]
    awards.append((0, contract_checks(320), "contract", "320"))
    assert net(awards) == [10, -10, 10, -10]


def test_cx2_contract_set():
    awards = [
        (0, set_checks(350), "set", "350"),
        (1, 1, "meld", "queens around"),
        (0, 1, "meld", "jacks around"),
    ]
    assert net(awards) == [20, -20, 20, -20]


def test_cx3_slam():
    awards = [
        (0, contract_checks(450), "contract", "450"),
        (0, 5, "slam", ""),
        (0, 2, "meld", "flush"),
        (0, 2, "meld", "aces around"),
    ]
    assert net(awards) == [29, -29, 29, -29]


def test_cx4_defenders_go_out():
    awards = [(1, contract_checks(250), "contract", "250"), (0, game_checks(1010, 940), "game", "")]
    assert net(awards) == [7, -7, 7, -7]


def test_cx7_forced_dealer_set_pays_defenders_4():
    assert net([(0, set_checks(200), "set", "200")]) == [4, -4, 4, -4]


def test_e15_each_member_collects_from_one_opponent():
    transfers = settle([(1, 3, "meld", "flush")], SIDES)
    assert {(t.payer, t.payee, t.checks) for t in transfers} == {(0, 1, 3), (2, 3, 3)}


def test_chip_items_name_every_award_and_add_up_over_random_check_games():
    """E-15..E-20: a deal's chips, item by item (contract made or set, each meld check by name,
    slam, and the game premium in the deal that ends the game), sum to each seat's chips."""
    import random

    from bot.game import new_game
    from bot.game.events import DealEnded
    from bot.game.random_play import random_action

    reasons, premiums = set(), 0
    for seed in range(12):
        game, rng = new_game("check", seed=seed, options={"target": 300}), random.Random(seed)
        while not game.is_over:
            for event in game.apply(random_action(game, rng)):
                if not isinstance(event, DealEnded):
                    continue
                result = event.result
                for seat in range(4):
                    items = result.chip_items(seat)
                    assert sum(item.chips for item in items) == result.chips[seat]
                    assert len({(i.reason, i.detail) for i in items}) == len(items)
                    reasons |= {item.reason for item in items}
                bid = str(result.bid)
                contract = [i for i in result.chip_items(0) if i.reason in ("contract", "set")]
                assert [(i.reason, i.detail) for i in contract] == [
                    ("contract" if result.made else "set", bid)
                ]
                game_items = [i for i in result.chip_items(0) if i.reason == "game"]
                assert bool(game_items) == game.is_over and len(game_items) <= 1
                premiums += len(game_items)
    assert premiums == 12 and {"contract", "set", "meld", "game"} <= reasons


def test_the_premium_now_goes_to_the_side_ahead_as_if_it_had_won_e20():
    """The forfeit policy's cancel after a completed deal: the E-20 game premium as if the game
    ended now, to the side ahead by score, each member collecting from the opponent E-15 pairs
    them with; none while the scores are equal (a game not yet scored)."""
    import random

    from bot.game import new_game
    from bot.game.random_play import random_action

    ahead_seen = 0
    for seed in range(6):
        game, rng = new_game("check", seed=seed), random.Random(seed)
        assert game.premium_now() == ()
        while not game.deal_results:
            game.apply(random_action(game, rng))
        scores = game.seat_scores()
        if scores[0] == scores[1]:
            assert game.premium_now() == ()
            continue
        ahead = 0 if scores[0] > scores[1] else 1
        checks = game_checks(scores[ahead] * game.scale, scores[1 - ahead] * game.scale)
        assert {(t.payer, t.payee, t.checks, t.reason) for t in game.premium_now()} == {
            (payer, payee, checks, "game")
            for payee, payer in zip(SIDES[ahead], SIDES[1 - ahead], strict=True)
        }
        ahead_seen += 1
    assert ahead_seen
