"""The two auction games (RULES §13, §14) exact under their options: `only_bidder_goes_out`
(F-10), under-trumping beside a partner's trump (P-3, P-5), a trump without a marriage (F-4,
DX-E3), the options each game refuses, the house rules of the double deck, and the bid bound."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.game import IllegalAction, OptionError, new_game
from bot.game.cards import parse_cards
from bot.game.events import DealEnded, Melded
from bot.game.melds import MeldRules, best_melds
from bot.game.random_play import random_action
from bot.game.tricks import legal_plays

N, E, S, W = range(4)


def _plays(hand: str, trick: str, **kw) -> list[str]:
    return sorted(str(c) for c in legal_plays(parse_cards(hand), parse_cards(trick), "♦", **kw))


def test_p3_a_partners_trump_frees_a_lower_trump_when_undertrumping_is_off():
    """P-3(c), P-5: with `must_head_partner` and `must_undertrump` off, a player void in the suit
    led, holding only lower trumps under his partner's trump, may play anything, as he may under
    an opponent's; with higher trumps only an opponent's trump obliges him to over-trump."""
    free = {"must_head_partner": False, "must_undertrump": False}
    assert _plays("9♦ A♠", "A♣ A♦", options=free, partner_winning=True) == ["9♦", "A♠"]
    assert _plays("9♦ A♠", "A♣ A♦", options=free) == ["9♦", "A♠"]
    assert _plays("A♦ 9♦ A♠", "A♣ 10♦", options=free) == ["A♦"]
    assert _plays("A♦ 9♦ A♠", "A♣ 10♦", options=free, partner_winning=True) == [
        "9♦",
        "A♠",
        "A♦",
    ]
    # Under-trumping compulsory (the default): a trump, any trump, over a partner's trump.
    exempt = {"must_head_partner": False}
    assert _plays("9♦ A♠", "A♣ A♦", options=exempt, partner_winning=True) == ["9♦"]


def _play_deal(game, rng) -> None:
    deal = game.deal_no
    while game.deal_no == deal and not game.is_over:
        game.apply(random_action(game, rng))


def test_f10_a_side_over_the_target_that_is_set_does_not_go_out():
    """F-10 `only_bidder_goes_out`: a side may go out only on a deal it bid and made. A side that
    passed the target while defending, then bids and is set but stays above it, plays on."""
    checked = 0
    for seed in range(40):
        game = new_game("auction", seed=seed, options={"only_bidder_goes_out": True})
        game.state.scores = [1500, 1500]  # both sides passed the target defending
        rng = random.Random(seed)
        _play_deal(game, rng)
        result = game.deal_results[-1]
        if not result.made:
            assert not game.is_over, seed
            checked += 1
        else:
            assert game.is_over and game.deal_results[-1].declarer in game.public_view().ranking[0]
    assert checked


def test_f4_a_declarer_without_a_marriage_is_set_without_play():
    """F-4, DX-E3 `trump_requires_marriage`: trump must be a suit the declarer holds a marriage
    in; holding none, the deal is not played and his side loses its bid; the defenders count
    the meld they hold with no trump named (every marriage plain) [SPK]."""
    for seed in range(200):
        game = new_game("auction", seed=seed, options={"trump_requires_marriage": True})
        hands = game.state.hands
        order = game.state.order
        # The first seat to speak without a marriage bids; everyone else passes.
        bare = [s for s in order if not _married_suits(hands[s])]
        if not bare:
            continue
        bidder = bare[0]
        events, bid = [], 0
        for seat in order:
            bid = bid or (_lowest_bid(game) if seat == bidder else 0)
            events += game.apply(f"bid {bid}" if seat == bidder else "pass")
        ended = [e for e in events if isinstance(e, DealEnded)]
        assert ended, seed
        result = ended[0].result
        side = bidder % 2
        assert not result.made and result.declarer == bidder
        rules = MeldRules.from_options(game.options)
        shown = sum(
            p for s in (bidder + 1, bidder + 3) for _, _, p in best_melds(hands[s % 4], None, rules)
        )
        assert result.points[bidder] == -bid and result.points[(bidder + 1) % 4] == shown
        assert result.tricks == (0, 0, 0, 0) and result.trump is None
        assert game.state.scores[side] == -bid
        return
    raise AssertionError("no seat without a marriage in 200 deals")


def test_f4_trump_is_a_married_suit_when_the_declarer_has_one():
    """F-4, DX-E3: a declarer with marriages may name only their suits; another is refused."""
    for seed in range(200):
        game = new_game("auction", seed=seed, options={"trump_requires_marriage": True})
        eldest = game.state.order[0]
        married = _married_suits(game.state.hands[eldest])
        if not married or len(married) == 4:
            continue
        game.apply(f"bid {_lowest_bid(game)}")
        for _ in range(3):
            game.apply("pass")
        offered = {a.suit.value for a in game.legal_actions()}
        assert offered == {s.value for s in married}
        other = next(s for s in "♠♥♦♣" if s not in offered)
        with pytest.raises(IllegalAction):
            game.apply(f"trump {other}")
        return
    raise AssertionError("no eldest with one to three marriages in 200 deals")


def _married_suits(hand):
    return {
        c.suit
        for c in hand
        if c.rank == "K" and any(q.rank == "Q" and q.suit is c.suit for q in hand)
    }


def _lowest_bid(game) -> int:
    return min(a.amount for a in game.legal_actions() if a.verb == "bid")


# ------------------------------------------------------------------ the options each game plays


@pytest.mark.parametrize(
    ("variant", "option", "value", "key"),
    [
        ("auction", "meld_credit_unit", "player", "option_unplayed_side_meld"),
        ("auction", "tie_over_target", "highest_wins", "option_unplayed_bidder_first"),
        ("auction", "bid_ladder", True, "option_unplayed_ladder"),
        ("auction", "save_meld_counters", 20, "option_unplayed_other_game"),
        ("auction", "dd_last_trick", 1, "option_unplayed_other_game"),
        ("double-deck", "double_pinochle_value", 400, "option_unplayed_meld_table"),
        ("double-deck", "roundhouse_bonus_points", 10, "option_unplayed_meld_table"),
        ("double-deck", "grand_pinochle", True, "option_unplayed_meld_table"),
        ("double-deck", "round_card_points", True, "option_unplayed_count"),
        ("double-deck", "draw_before_meld", True, "option_unplayed_other_game"),
        ("check", "tie_over_target", "highest_wins", "option_unplayed_bidder_first"),
        ("check", "meld_credit_unit", "player", "option_unplayed_side_meld"),
        ("check", "save_meld_counters", 20, "option_unplayed_other_game"),
    ],
)
def test_a_game_refuses_an_option_it_does_not_play_saying_why(variant, option, value, key):
    """§13, §14: an option a game does not play is refused, never ignored, with the reason."""
    with pytest.raises(OptionError) as refused:
        new_game(variant, seed=1, options={option: value})
    assert refused.value.name == key
    assert option in str(refused.value) and variant in str(refused.value)


def test_every_option_a_game_plays_is_accepted_at_its_values():
    """Each option the auction games (E, F, H) list as played is accepted at its values."""
    from bot.game.options import OPTIONS
    from bot.game.variants import VARIANTS

    for variant in ("check", "auction", "double-deck"):
        plays = VARIANTS[variant].plays
        assert plays is not None
        for name in sorted(plays):
            for value in OPTIONS[name].values[:2]:
                if name == "count_scheme" and value == "double_deck":
                    continue
                new_game(variant, seed=1, options={name: value})


# ------------------------------------------------------------------ worked examples (§13.6, §14.6)


def test_fx3_a_stuck_dealer_without_a_marriage_is_set_unplayed():
    """FX-3 (F-3, F-4, DX-E3): seed 1, S W N pass, E (the dealer) is stuck at 100 and holds no
    marriage: with `trump_requires_marriage` the deal is not played; E–W −100; N–S count their
    meld with no trump named: N K♠ Q♠ 20, S K♥ Q♥ 20: +40."""
    game = new_game("auction", seed=1, options={"trump_requires_marriage": True})
    events = [e for call in ("pass", "pass", "pass", "bid 100") for e in game.apply(call)]
    (ended,) = [e for e in events if isinstance(e, DealEnded)]
    assert {e.seat: e.points for e in events if isinstance(e, Melded)} == {N: 20, S: 20}
    assert ended.result.points == (40, -100, 40, -100) and not ended.result.made
    assert game.deal_no == 2 and game.phase == "auction"


def _hx(script_bid: str, options: dict) -> tuple:
    from tests.game.test_auction_games import HX_AUCTION, HX_PASSES, deal_by_script

    auction = [*HX_AUCTION[:4], script_bid, *HX_AUCTION[5:]]
    return deal_by_script("double-deck", 2, auction + HX_PASSES, {"pass_count": 4, **options})[1]


def test_hx4_fewer_than_twenty_counters_score_nothing():
    """HX-4 (H-12 `min_counters = 20`): HX-1's deal; E–W took 8 counters, so their 35 meld and
    8 counters score nothing; N–S made 71."""
    result = _hx("bid 60", {"min_counters": 20})
    assert result.points == (71, 0, 71, 0) and result.made
    assert (result.meld[E], result.cards[E]) == (0, 0)


def test_hx5_a_bidding_side_under_twenty_meld_is_set_unplayed():
    """HX-5 (H-13 `min_meld = 20`): seed 25, N bids 50, the others pass, N names ♠. Melds N 18,
    E 14, S 0, W 27: N–S hold 18 < 20, so the deal is not played: N–S −50, E–W their 41."""
    game = new_game("double-deck", seed=25, options={"min_meld": 20})
    events = [e for call in ("bid 50", "pass", "pass", "pass", "trump S") for e in game.apply(call)]
    melds = {e.seat: e.points for e in events if isinstance(e, Melded)}
    assert melds == {N: 18, E: 14, W: 27}
    (ended,) = [e for e in events if isinstance(e, DealEnded)]
    assert ended.result.points == (-50, 41, -50, 41) and ended.result.tricks == (0, 0, 0, 0)


def test_hx6_a_progressive_set_gives_the_bid_to_the_defenders():
    """HX-6 (H-14 `set_scoring = progressive`): HX-2's set at 75: N–S score 0 and E–W their 43
    plus the 75 bid: 118."""
    result = _hx("bid 75", {"set_scoring": "progressive"})
    assert result.points == (0, 118, 0, 118) and not result.made


def test_hx7_a_last_trick_worth_one():
    """HX-7 (H-9 `dd_last_trick = 1`): HX-1's deal; N–S 29 meld + 40 counters + 1 = 70."""
    result = _hx("bid 60", {"dd_last_trick": 1})
    assert result.points == (70, 43, 70, 43)
    assert result.cards[N] + result.cards[E] == 49 and result.last_trick[N] == 1


def test_hx2_twenty_counters_are_counted_in_cards_not_points():
    """H-10: `save_meld_counters` counts aces, tens and kings taken; the last trick's 2 points
    are no counters. A side with 19 counters and the last trick (21 points) keeps no meld."""
    from bot.game.auction import meld_saved

    assert not meld_saved(True, 19, 20) and meld_saved(True, 20, 20)


# ------------------------------------------------------------------ properties (F-9, F-10, H-11)

_CHOICES = {
    "auction": {
        "only_bidder_goes_out": [False, True],
        "trump_requires_marriage": [False, True],
        "trump_without_marriage": ["set", "any_suit"],
        "must_undertrump": [False, True],
        "must_head_partner": [False, True],
        "count_scheme": ["hoyle", "counters", "five_ten", "one_point"],
        "pass_count": [0, 3, 4],
        "first_lead": ["bidder", "eldest"],
        "all_pass": ["dealer_stuck", "redeal"],
        "shoot_the_moon": [False, True],
    },
    "double-deck": {
        "only_bidder_goes_out": [False, True],
        "trump_requires_marriage": [False, True],
        "must_undertrump": [False, True],
        "must_head_partner": [False, True],
        "save_meld_counters": [0, 20],
        "min_counters": [0, 20],
        "min_meld": [0, 20],
        "set_scoring": ["deduct", "progressive"],
        "dd_last_trick": [2, 1],
        "dd_multiple_values": ["pagat", "doubling"],
        "pass_count": [0, 4],
        "bid_ladder": [True, False],
    },
}


@st.composite
def _tables(draw):
    variant = draw(st.sampled_from(sorted(_CHOICES)))
    options = {
        name: draw(st.sampled_from(values))
        for name, values in _CHOICES[variant].items()
        if draw(st.booleans())
    }
    target = 200 if variant == "auction" else 100
    if options.get("count_scheme") == "one_point":
        target = 20
    return variant, {**options, "target": target}, draw(st.integers(0, 10**6))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=_tables())
def test_random_tables_score_as_the_rules_say(table):
    """F-9, F-10, H-11..H-14 over random option sets: each deal's points add up from what counted
    (meld plus cards, or the set), a set side loses its bid (or, progressive, gives it to the
    defenders), the totals are the sum of the deals, and the game ends only when a side reaches
    the target; with `only_bidder_goes_out` only on a contract its winners made."""
    variant, options, seed = table
    game, rng = new_game(variant, seed=seed, options=options), random.Random(seed)
    for _ in range(20000):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    else:
        raise AssertionError("the game did not end")
    progressive = options.get("set_scoring") == "progressive"
    totals = [0, 0]
    for result in game.deal_results:
        decl = result.declarer % 2
        took = [result.meld[p] + result.cards[p] for p in (0, 1)]
        assert result.made == (took[decl] >= result.bid)
        if result.made:
            assert [result.points[p] for p in (0, 1)] == took
        elif progressive:
            assert result.points[decl] == 0
            assert result.points[1 - decl] == took[1 - decl] + result.bid
        else:
            assert result.points[decl] == -result.bid
            assert result.points[1 - decl] == took[1 - decl]
        totals = [totals[p] + result.points[p] for p in (0, 1)]
        assert [result.scores[p] for p in (0, 1)] == totals
    last = game.deal_results[-1]
    winners = game.public_view().ranking[0]
    winner_side = winners[0] % 2
    moon = options.get("shoot_the_moon") and last.made
    assert totals[winner_side] >= game.target or moon
    if options.get("only_bidder_goes_out"):
        assert last.made and last.declarer in winners


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), doubling=st.booleans())
def test_no_side_melds_more_than_the_ceiling(seed, doubling):
    """F-2, H-2: whatever the deal, a side's best meld in any trump stays under the bid ceiling's
    meld part (`side_meld_ceiling`)."""
    from bot.game.ceiling import side_meld_ceiling
    from bot.game.melds import MeldRules, best_melds

    for variant, options, copies in (
        ("double-deck", {"dd_multiple_values": "doubling" if doubling else "pagat"}, 4),
        ("auction", {"grand_pinochle": doubling, "eight_of_a_kind": not doubling}, 2),
    ):
        game = new_game(variant, seed=seed, options=options)
        rules = MeldRules.from_options(game.options)
        hands = game.state.hands
        ceiling = side_meld_ceiling(rules, game.state.pack_size // 2, copies)
        for side in (0, 1):
            for suit in "♠♥♦♣":
                from bot.game.cards import Suit

                trump = Suit.parse(suit)
                meld = sum(
                    sum(p for _, _, p in best_melds(hands[s], trump, rules))
                    for s in (side, side + 2)
                )
                joined = sum(
                    p for _, _, p in best_melds(hands[side] + hands[side + 2], trump, rules)
                )
                assert meld <= joined <= ceiling
