"""Variant B when no marriage is melded in the whole stock phase (RULES B-8, DX-B2).

By default the play-off is then played without trumps; with
`b_no_trump_fallback=redeal` the deal is thrown in: nothing of it scores and
the same dealer deals again (as E-21(a) cancels a deal).
"""

from __future__ import annotations

from bot.game import PASS, Game, Phase, new_game
from bot.game.events import DealEnded, DealStarted, DealThrownIn, Event, Melded, StockExhausted


def _is_marriage(action) -> bool:
    cards = action.cards
    return (
        len(cards) == 2 and {c.rank for c in cards} == {"K", "Q"} and cards[0].suit is cards[1].suit
    )


def play_stock_without_marriage(game: Game, *, meld_others: bool) -> list[Event]:
    """Play the stock phase of the first deal, never melding a marriage; other melds when asked."""
    events: list[Event] = []
    deal = game.deal_no
    while game.deal_no == deal and game.phase != Phase.PLAYOFF:
        legal = game.legal_actions()
        if game.phase == Phase.MELD:
            others = [a for a in legal if a.verb == "meld" and not _is_marriage(a)]
            action = others[0] if meld_others and others else PASS
        else:
            action = legal[0]
        events += game.apply(action)
    return events


def test_b8_by_default_the_play_off_has_no_trump():
    game = new_game("two-handed-no-trump", seed=5)
    events = play_stock_without_marriage(game, meld_others=False)
    assert any(isinstance(e, StockExhausted) for e in events)
    assert game.phase == Phase.PLAYOFF and game.trump is None and game.deal_no == 1


def test_b8_redeal_throws_the_deal_in_and_the_same_dealer_deals_again():
    game = new_game("two-handed-no-trump", seed=5, options={"b_no_trump_fallback": "redeal"})
    dealer = game.dealer
    events = play_stock_without_marriage(game, meld_others=True)
    thrown = [e for e in events if isinstance(e, DealThrownIn)]
    assert len(thrown) == 1 and thrown[0].type == "thrown_in"
    assert (thrown[0].deal, thrown[0].dealer) == (1, dealer)
    assert any(isinstance(e, Melded) for e in events)  # melds were scored in the stock phase...
    assert game.seat_scores() == [0, 0]  # ...and count for nothing: the deal is thrown in
    assert game.deal_results == [] and not any(isinstance(e, DealEnded) for e in events)
    new_deal = [e for e in events if isinstance(e, DealStarted)]
    assert new_deal[-1].deal == 2 and game.deal_no == 2 and game.dealer == dealer
    assert game.phase == Phase.STOCK and len(game.state.stock) == 24  # B-2: a fresh deal


def test_b8_redeal_changes_nothing_once_a_marriage_fixed_trump():
    game = new_game("two-handed-no-trump", seed=5, options={"b_no_trump_fallback": "redeal"})
    while game.trump is None:
        legal = game.legal_actions()
        marriages = [a for a in legal if a.verb == "meld" and _is_marriage(a)]
        game.apply(marriages[0] if marriages else legal[0])
    while game.phase != Phase.PLAYOFF:
        game.apply(game.legal_actions()[0])
    assert game.deal_no == 1 and game.trump is not None  # B-4: the play-off keeps that trump


def test_b8_redeal_replays_from_the_log():
    game = new_game("two-handed-no-trump", seed=5, options={"b_no_trump_fallback": "redeal"})
    play_stock_without_marriage(game, meld_others=True)
    again = Game.from_json(game.to_json())
    assert (again.deal_no, again.dealer, again.seat_scores()) == (2, game.dealer, [0, 0])
