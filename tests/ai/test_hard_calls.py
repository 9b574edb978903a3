"""`hard`'s calls in the auction games (RULES E-4..E-8, F-2..F-5, H-2..H-5): the contract's worth to
the side, the partner's hand and pass counted (`bot.ai.contract`), from fitted parameters committed
as data, one fit per game and table options."""

from __future__ import annotations

import random

import pytest

from bot.ai import contract, get_player
from bot.ai.knowledge import read_view
from bot.game import PASS, Card, Phase, Suit, lowest_bid, make_pack, new_game, parse_cards

HEARTS = Suit.HEARTS
#: The games with a passing: the double deck passes only as a table's option (H-5).
PASSING = {"auction": None, "double-deck": {"pass_count": 4}}


def _cards(text: str) -> list[Card]:
    return parse_cards(text)


def _deal_to_eldest(variant: str, hand: list[Card], seed: int = 5, options: dict | None = None):
    """A fresh deal of `variant` whose eldest hand (the first to call) holds `hand`: the rest of the
    pack shuffled among the other seats (G-10: packets of 4 from the dealer's left)."""
    rest = make_pack(double_deck=variant == "double-deck")
    for card in hand:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    packet, others = 4 if variant == "double-deck" else 3, []
    deck: list[Card] = []
    mine = list(hand)
    while mine:
        deck += mine[:packet] + rest[: 3 * packet]
        mine, rest = mine[packet:], rest[3 * packet :]
    others = rest
    return new_game(variant, seed=seed, deck=deck + others, options=options)


def _play_to(game, phase: Phase, level: str = "normal"):
    """Play the deal with `level` in every seat until `phase` (the view of the seat to act)."""
    while game.to_act is not None:
        view = game.view(game.to_act)
        if view.phase == phase:
            return view
        game.apply(get_player(level, seed=1, budget=0.1).choose(view))
    raise AssertionError(f"{phase} never came")


@pytest.mark.parametrize(
    ("variant", "seed", "options"),
    [
        ("auction", 3, None),
        ("auction", 29, None),
        ("double-deck", 3, {"pass_count": 4}),
        ("double-deck", 3, None),
        ("check", 3, None),
        ("check", 11, None),
    ],
)
def test_every_call_is_legal_and_the_same_for_the_same_view_seed_and_budget(variant, seed, options):
    """E-4, E-8, F-2, F-4, H-2: each bid, pass and trump hard makes is one the engine lists, and a
    second player with the same seed and budget makes the same one from the same view."""
    game = new_game(variant, seed=seed, options=options)
    calls = 0
    while game.to_act is not None and game.state.phase in (Phase.AUCTION, Phase.TRUMP):
        view = game.view(game.to_act)
        first = get_player("hard", seed=7, budget=0.1).choose(view)
        again = get_player("hard", seed=7, budget=0.1).choose(view)
        assert first == again
        assert first in view.legal
        game.apply(first)
        calls += 1
    assert calls >= 4  # every seat called at least once


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
def test_the_pass_gives_cards_of_the_hand_that_the_engine_accepts(variant):
    """F-5, H-5: the partner gives 4 of its cards, the declarer 4 back; the engine takes both,
    a card at a time, each one the seat's view lists."""
    game = new_game(variant, seed=8, options=PASSING[variant])
    for _ in range(2):
        view = _play_to(game, Phase.PASSING)
        given: list = []
        while len(given) < view.give_count:
            now = game.view(view.seat)
            action = get_player("hard", seed=1, budget=0.1).choose(now)
            assert action in now.legal and list(now.giving) == given
            given += action.cards
            game.apply(action)
        assert len(given) == view.give_count == 4
        hand = list(view.hand)
        for card in given:
            hand.remove(card)  # each card given is one the seat holds
        assert game.view(view.seat).gave == tuple(sorted(given, key=lambda c: c.code))


def _opens_with(hand: list[Card], variant: str, options: dict | None):
    """Deal `hand` to the eldest of `variant`, check that hard opens the bidding with it, and give
    the fit it read and its worth in each suit it may name."""
    game = _deal_to_eldest(variant, hand, options=options)
    view = game.view(game.to_act)
    assert sorted(view.hand) == sorted(hand)
    assert get_player("hard", seed=1, budget=0.1).choose(view).verb == "bid"
    k = read_view(view)
    fit = contract.fit_for(variant, k.options)
    assert fit is not None
    return fit, contract.worth_by_trump(k, fit, random.Random(1), 24)


def test_a_near_double_run_is_bid_and_named_trump_on_the_strength_of_the_partners_pass():
    """H-7: nine hearts one jack short of a double run (150) and nothing else but jacks around:
    the partner's pass (trumps first, F-5) is likely to complete the run, so hard opens, names
    hearts, and values hearts far above any other suit."""
    hand = _cards("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♠ J♠ 10♠ 10♣ 10♣ J♣ J♣ K♦ 10♦ 10♦ J♦")
    fit, worth = _opens_with(hand, "double-deck", PASSING["double-deck"])
    assert set(worth) == {HEARTS}  # DX-E3: the one suit it holds a marriage in
    free = _deal_to_eldest(
        "double-deck", hand, options={"pass_count": 4, "trump_requires_marriage": False}
    )
    worth = contract.worth_by_trump(read_view(free.view(free.to_act)), fit, random.Random(1), 24)
    assert max(worth, key=lambda s: worth[s].mean) == HEARTS
    assert worth[HEARTS].mean - max(o.mean for s, o in worth.items() if s != HEARTS) > 40


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_partners_bid_raises_what_the_double_deck_side_is_worth(seed):
    """H-2, H-11: the partner's meld scores for the side. After the partner opens the bidding
    (a hand worth a contract) rather than passing, the partner hands hard draws are stronger, so
    every trump's expected total rises; and the spread of what the side will score is wider than
    the fit's own residual, because the partner's cards are unseen."""
    worth = {}
    for first in ("bid", "pass"):
        game = new_game("double-deck", seed=seed)
        legal = list(game.view(game.to_act).legal)
        game.apply(lowest_bid(legal) if first == "bid" else PASS)
        game.apply(PASS)
        k = read_view(game.view(game.to_act))
        fit = contract.fit_for("double-deck", k.options)
        assert fit is not None and fit.partner_dealt
        worth[first] = contract.worth_by_trump(k, fit, random.Random(1), 96)
        assert all(o.spread > fit.sd for o in worth[first].values())
    assert set(worth["bid"]) == set(worth["pass"])
    assert all(worth["bid"][s].mean > worth["pass"][s].mean for s in worth["bid"])


NOTHING = {
    "auction": "J♠ 9♠ 10♥ J♥ 9♥ 10♦ Q♦ 9♦ 10♣ K♣ 9♣ Q♥",
    "double-deck": "J♠ J♠ J♠ 10♠ K♥ J♥ J♥ J♥ 10♦ 10♦ K♦ J♦ J♦ 10♣ 10♣ K♣ K♣ J♣ J♣ 10♥",
    # E-5: a bid needs a marriage, so the hand holds one and nothing more
    "check": "K♥ Q♥ 9♠ J♠ 10♦ 9♦ Q♣ 9♣ J♣ 10♣ 9♥ 10♠",
}


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        # F-2: a table opening at 250 (BIC's 100 is met by the card points alone)
        ("auction", {"min_bid": 250}),
        ("double-deck", None),
        ("double-deck", {"pass_count": 4}),
        ("check", None),
    ],
)
def test_a_hand_with_nothing_passes(variant, options):
    """E-12, F-9: no meld worth the name, no aces, no trump length against a 250 opening (50 in the
    double deck, 200 in Check): the contract would be set, so hard passes."""
    game = _deal_to_eldest(variant, _cards(NOTHING[variant]), options=options)
    view = game.view(game.to_act)
    assert sorted(view.hand) == sorted(_cards(NOTHING[variant]))
    assert get_player("hard", seed=1, budget=0.1).choose(view) == PASS


def test_a_check_hand_with_a_run_and_aces_around_opens():
    """E-4: a run in hearts (150) and aces around (100) make the 200 minimum before a card is
    played: hard's searched calls open the bidding."""
    hand = _cards("A♥ 10♥ K♥ Q♥ J♥ A♠ A♦ A♣ K♥ 10♥ 9♥ Q♠")
    game = _deal_to_eldest("check", hand)
    assert get_player("hard", seed=1, budget=0.1).choose(game.view(game.to_act)).verb == "bid"


def test_the_committed_fits_load_and_give_their_answers_for_fixed_hands():
    """The fitted parameters are data in the package: they load, one for each auction game at its
    table's defaults and one for the double deck passing 4, each read only under its options,
    and value fixed hands as committed."""
    fits = {f.name: f for f in contract.load_fits()}
    assert set(fits) == {"auction", "double-deck", "double-deck pass_count=4"}
    # the double deck's partner meld was fitted off the partner's dealt hand, the others' averaged
    assert [n for n, f in fits.items() if f.partner_dealt] == ["double-deck"]
    for name in ("auction", "double-deck"):
        k = read_view(new_game(name, seed=1).view(0))
        assert contract.fit_for(name, k.options) is fits[name]
    # E-12, E-13: Check's calls are searched (a contract made scores what defending would)
    assert contract.fit_for("check", read_view(new_game("check", seed=1).view(0)).options) is None
    deck = new_game("double-deck", seed=1, options=PASSING["double-deck"])
    k = read_view(deck.view(deck.to_act))
    assert contract.fit_for("double-deck", k.options) is fits["double-deck pass_count=4"]
    assert contract.fit_for("double-deck", {**k.options, "count_scheme": "counters"}) is None
    partner = _cards("J♥ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ 9♠ 9♠ 10♣ 10♣ A♦ A♦ K♦ Q♦ 9♦ 9♦ 10♥")
    gift = _cards("J♥ K♣ Q♣ J♣")
    features = contract.features(
        _cards("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ A♠ A♦ A♣ J♠ J♣ K♦ 10♦ 10♦ J♦ Q♠ 10♣"),
        partner,
        gift,
        HEARTS,
        k.options,
    )
    # H-7: the gift turns a run and a royal marriage (15 + 4) into a double run (150) and adds
    # the clubs marriage (2); the hand's own meld is the run, the royal marriage, aces around (10),
    # jacks around (4) and a pinochle (4); the partner keeps a spades and a diamonds marriage
    assert features[2:] == [150 + 2 - 15 - 4, 15 + 4 + 10 + 4 + 4, 2 + 2]
    assert round(fits["double-deck pass_count=4"].predict(features), 1) == EXPECTED["passing"]
    plain = read_view(new_game("double-deck", seed=1).view(0))
    features = contract.features(
        _cards("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ A♠ A♦ A♣ J♠ J♣ K♦ 10♦ 10♦ J♦ Q♠ 10♣"),
        partner,
        [],
        HEARTS,
        plain.options,
    )
    # no passing: the partner keeps all its cards, its clubs marriage too (three marriages, 2 each)
    assert features[2:] == [0, 15 + 4 + 10 + 4 + 4, 2 + 2 + 2]
    assert round(fits["double-deck"].predict(features), 1) == EXPECTED["plain"]


EXPECTED = {"passing": 160.9, "plain": 75.7}


def test_a_table_whose_count_no_fit_was_trained_on_calls_as_normal():
    """F-9 with the counters count (a house option): the fits were trained on the default count,
    so hard reads none of them and makes `normal`'s calls, never a call scaled for another count."""
    game = new_game("auction", seed=4, options={"count_scheme": "counters"})
    k = read_view(game.view(game.to_act))
    assert contract.fit_for("auction", k.options) is None
    view = game.view(game.to_act)
    assert get_player("hard", seed=1, budget=0.1).choose(view) == get_player(
        "normal", seed=1
    ).choose(view)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_double_deck_hand_without_a_marriage_never_buys_a_contract_it_cannot_name_trump_for(
    level,
):
    """DX-E3: the double deck's declarer names trump only in a suit he holds a marriage in, and
    holding none his side is set unplayed: ten aces and seven tens are worth nothing to bid on
    without a marriage, and the same hand with one bids."""
    strong = "A♠ A♠ A♠ 10♠ 10♠ A♥ A♥ A♥ 10♥ 10♥ A♦ A♦ 10♦ 10♦ A♣ A♣ 10♣ K♠ K♥ "
    no_passing = {"pass_count": 0}  # the double deck's default (H-5)
    unmarried = _deal_to_eldest("double-deck", _cards(strong + "Q♦"), options=no_passing)
    married = _deal_to_eldest("double-deck", _cards(strong + "Q♠"), options=no_passing)
    player = get_player(level, seed=1, budget=0.1)
    assert player.choose(unmarried.view(unmarried.to_act)) == PASS
    assert player.choose(married.view(married.to_act)) != PASS
