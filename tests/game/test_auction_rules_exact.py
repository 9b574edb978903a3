"""The two auction games (RULES §13, §14) exact under their options: `only_bidder_goes_out`
(F-10), under-trumping beside a partner's trump (P-3, P-5), a trump without a marriage (F-4,
DX-E3), the options each game refuses, the house rules of the double deck, and the bid bound."""

from __future__ import annotations

import random

import pytest

from bot.game import IllegalAction, new_game
from bot.game.cards import parse_cards
from bot.game.events import DealEnded
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
    in; holding none, the deal is not played and his side loses its bid (the defenders score
    nothing: no trump is named, so no one melds)."""
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
        assert result.points[bidder] == -bid and result.points[(bidder + 1) % 4] == 0
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
