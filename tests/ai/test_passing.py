"""The computer players' card passing (RULES F, G): what the partner gives, what comes back."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.passing import choose_gift
from bot.game import Suit, make_pack, meld_points, parse_cards, resolve_options

OPTIONS = resolve_options({}, players=4)
HEARTS = Suit.HEARTS


def cards(text: str) -> list:
    return parse_cards(text)


def test_partner_gives_trumps_and_keeps_its_royal_marriage() -> None:
    hand = cards("A♥ 10♥ K♥ Q♥ 9♥ A♠ Q♠ J♦ K♣ Q♣ 9♣ 10♦")
    gift = choose_gift(hand, HEARTS, 3, "partner", OPTIONS)
    assert set(gift) == set(cards("A♥ 10♥ 9♥"))  # the trumps that break no meld of its own


def test_partner_gives_aces_when_it_has_no_spare_trump() -> None:
    hand = cards("K♥ Q♥ A♠ A♣ A♦ 10♠ J♣ 9♣ 9♦ 10♦ J♠ 9♠")
    gift = choose_gift(hand, HEARTS, 3, "partner", OPTIONS)
    assert set(gift) == set(cards("A♠ A♣ A♦"))


def test_bid_winner_keeps_trump_and_meld_together() -> None:
    hand = cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ Q♠ J♦ A♠ 10♣ 9♣ J♣ 9♦ K♠ 10♠")
    gift = choose_gift(hand, HEARTS, 3, "bidder", OPTIONS)
    kept = list((Counter(hand) - Counter(gift)).elements())
    assert not any(c.suit is HEARTS for c in gift)
    assert meld_points(kept, HEARTS, OPTIONS) == meld_points(hand, HEARTS, OPTIONS)


def test_bid_winner_empties_its_shortest_suit() -> None:
    hand = cards("A♥ 10♥ K♥ Q♥ J♥ A♠ 10♠ K♠ J♠ 9♠ 10♣ J♣ 9♦ 10♥ 9♥ A♣")
    gift = choose_gift(hand, HEARTS, 3, "bidder", OPTIONS)
    assert cards("9♦")[0] in gift  # its only diamond: a void to ruff in


def test_double_deck_copies_may_both_be_given() -> None:
    hand = cards("A♥ A♥ 10♥ 10♥ K♠ K♠ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦ J♦ A♣ 10♣ 10♠ Q♠ J♠ K♣")
    gift = choose_gift(hand, HEARTS, 4, "partner", OPTIONS)
    assert Counter(gift) == Counter(cards("A♥ A♥ 10♥ 10♥"))


@pytest.mark.parametrize("count", [-1, 13])
def test_a_count_the_hand_cannot_give_is_refused(count: int) -> None:
    with pytest.raises(ValueError, match="cannot give"):
        choose_gift(
            cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ 10♠ K♠ Q♠ J♠ 9♠"), HEARTS, count, "bidder", OPTIONS
        )


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(["partner", "bidder"]),
    st.sampled_from(list(Suit)),
    st.integers(0, 4),
)
def test_a_gift_is_count_cards_of_the_hand(rnd, role, trump, count) -> None:
    pack = make_pack()
    rnd.shuffle(pack)
    hand = pack[:12]
    gift = choose_gift(hand, trump, count, role, OPTIONS)
    assert len(gift) == count
    assert not Counter(gift) - Counter(hand)


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
def test_a_seat_knows_its_partner_holds_what_it_passed_and_worlds_keep_it(variant) -> None:
    """The cards a seat passed (F-5) are known to be in its partner's hand until played (or given
    back): every search world deals them there, and they are never in any other hand."""
    import random

    from bot.ai.knowledge import read_view
    from bot.ai.table_players import SimplePlayer
    from bot.ai.worlds import deal_hidden
    from bot.game import Phase, new_game

    checked = 0
    for seed in range(4):
        game = new_game(variant, seed=seed, options={"pass_count": 4})  # F-5, H-5
        player, rng = SimplePlayer(), random.Random(seed)
        while not game.deal_results:
            view = game.view(game.to_act)
            if view.phase == Phase.PLAY and view.gave and view.partner is not None:
                k = read_view(view)
                partner_hand = Counter(game.state.hands[view.partner])
                assert not Counter(k.known.get(view.partner, [])) - partner_hand
                hands, _ = deal_hidden(k, rng)
                assert not Counter(k.known.get(view.partner, [])) - Counter(hands[view.partner])
                checked += 1
            game.apply(player.choose(view, list(view.legal), rng))
    assert checked
