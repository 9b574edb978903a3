"""Hints for learners: legal, from the seat's own view only, refused where off,
and marked on the game once used."""

from __future__ import annotations

import asyncio
import random
import re
from types import SimpleNamespace

import pytest

from bot.ai.knowledge import read_view
from bot.ai.melding import meld_worth
from bot.ai.table_players import ai_players
from bot.game import PASS, VARIANTS, Card, Phase, Suit, new_game, parse_action, parse_cards
from bot.game.random_play import random_action
from bot.game.views import SeatView
from bot.presentation.texts import say
from bot.services.ledger_hook import ledger_hook
from bot.store import find_player, game_log, get_table, load_actions, recent_games
from bot.tables import TableService
from bot.tables.hints import best_meld, hint_text, whole_pass
from tests.ai.helpers import hidden_twin
from tests.game.helpers import two_hand_game
from tests.tables.helpers import ALICE, BOB, EVE, GUILD, open_table, play_out, refusal_of

CARD = re.compile(r"(?:10|[AKQJ9]|[ТКДВ])[♠♥♦♣]")


def visible(view: SeatView) -> set[Card]:
    """Every card the seat may see: its hand and face-up cards, the trick, the turn-up, the melds."""
    cards = list(view.hand) + [c for shown in view.table.values() for c in shown]
    cards += [c for _, c in view.trick] + [c for m in view.melds for c in m.cards]
    cards += [view.turnup] if view.turnup else []
    return set(cards)


def named_cards(text: str) -> set[Card]:
    return {Card.from_text(c) for c in CARD.findall(text)}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_hint_names_only_cards_the_seat_can_see(variant):
    """No peeking: in both languages, every card a hint names is in view of the asking seat."""
    for seed in range(3):
        game, rng = new_game(variant, seed=seed), random.Random(seed)
        for _ in range(150):
            if game.is_over:
                break
            view = game.view(game.to_act)
            choice = random_action(game, rng)
            best = best_meld(view)
            for action in filter(None, [choice, best and best[0]]):
                for lang in ("en", "ru"):
                    text = say(hint_text(view, action, {}), lang, str)
                    assert named_cards(text) <= visible(view), (action, text)
            game.apply(choice)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_hidden_cards_do_not_change_a_hint(variant):
    """Two games that differ only in cards the seat cannot see give it the same hint."""
    first, twin, seat = hidden_twin(variant, seed=5)
    view = first.view(seat)
    for action in view.legal:
        assert hint_text(view, action, {}) == hint_text(twin.view(seat), action, {})
    assert best_meld(view) == best_meld(twin.view(seat))


def seat_view(**fields) -> SimpleNamespace:
    """The fields of a seat view a worked example needs (a hint reads nothing else)."""
    return SimpleNamespace(**fields)


def test_the_best_meld_is_the_legal_meld_worth_most():
    """RULES §2: in a two-hand meld phase a royal marriage (40) beats a plain one (20)."""
    game = _meld_position("two-handed", {}, "9♥", hand="K♥ Q♥ K♣ Q♣ A♠ 10♠ A♠ 10♥ K♦ A♦ 10♦ J♥")
    view = game.view(game.to_act)
    royal = parse_action("meld K♥ Q♥")
    assert parse_action("meld K♣ Q♣") in view.legal
    assert best_meld(view) == (royal, 40)
    assert say(hint_text(view, royal, {}), "en", str) == "Your best meld now: K♥ Q♥, 40 points."
    assert "К♥ Д♥" in say(hint_text(view, royal, {}), "ru", str)


_FIRST_HAND = "K♣ Q♣ A♠ A♠ A♥ 10♠ 10♠ 10♥ K♦ A♦ 10♦ J♥"


def _meld_position(variant: str, options: dict, turnup: str | None, hand: str = _FIRST_HAND):
    """The eldest hand has won the first trick and may meld (M-1)."""
    game = two_hand_game(
        hand,
        "9♦ 9♦ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♦ J♣ J♣ J♥",
        turnup,
        "A♣ 9♥ A♣ 10♣",
        variant=variant,
        options=options,
    )
    game.apply("play A♠")
    game.apply("play 9♦")
    return game


@pytest.mark.parametrize(
    ("variant", "options", "turnup", "points"),
    [
        ("two-handed-no-trump", {}, None, 40),  # B-4, DX-B1: the first marriage is royal
        ("two-handed-no-trump", {"first_marriage_value": 20}, None, 20),  # DX-B1's option
        ("two-handed-no-trump", {"first_marriage_value": 20, "count_scheme": "one_point"}, None, 2),
        ("two-handed", {}, "9♣", 40),  # A: trump was turned (A-3); B-4's option is refused (G-14)
    ],
)
def test_hints_and_computers_value_the_first_marriage_as_the_engine_does_b4(
    variant, options, turnup, points
):
    """The hint, the computer player and the table all credit K♣ Q♣ what the engine says."""
    game = _meld_position(variant, options, turnup)
    seat, marriage = game.to_act, parse_action("meld K♣ Q♣")
    view = game.view(seat)
    assert game.meld_value(marriage.cards) == view.meld_value(marriage.cards)
    assert view.meld_value(marriage.cards) == ("royal marriage", points)
    assert best_meld(view) == (marriage, points)
    assert f"{points} points" in say(hint_text(view, marriage, {}), "en", str)
    assert meld_worth(read_view(view), marriage.cards) == points
    game.apply(marriage)
    assert game.view(seat).deal_points.meld[seat] == points


def test_taking_a_trick_is_explained_with_its_points():
    view = seat_view(trick=((1, Card.from_text("10♠")),), trump=Suit.HEARTS, partner=None, seat=0)
    text = say(hint_text(view, parse_action("play A♠"), {}), "en", str)
    assert text == "A♠ takes the trick as it stands, with 21 points on it."  # G-4: 10 + 11


async def test_hints_are_refused_where_the_table_turned_them_off(service, store):
    table = await open_table(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    mover = ALICE if table.seats[table.to_act].user_id == ALICE.user_id else BOB
    refused = await refusal_of(service.hint(table.id, mover))
    assert refused.key == "records.refuse.hints_off"
    assert (await get_table(store, table.id)).hints_used == ()
    assert table.hints_used == set()


async def test_hints_are_refused_out_of_turn_and_to_onlookers(service):
    table = await open_table(service, hints=True)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    waiter = BOB if table.seats[table.to_act].user_id == ALICE.user_id else ALICE
    assert (await refusal_of(service.hint(table.id, waiter))).key == "bot.refuse.not_your_turn"
    assert (await refusal_of(service.hint(table.id, EVE))).key == "bot.refuse.not_seated"
    assert (await refusal_of(service.hint(999, EVE))).key == "bot.refuse.no_table"
    assert table.hints_used == set()


async def test_a_hint_is_legal_changes_no_state_and_marks_the_game(store):
    """The `hard` player's choice is one of the legal actions; the game is marked as hinted in
    the store, in its record and in the history line."""
    service = TableService(
        store, players=ai_players(budget=0.02), seed=4, turn_seconds=0, hooks=[ledger_hook]
    )
    table = await open_table(service, "three-handed", options={"target": 200}, hints=True)
    await service.start(table.id, ALICE)
    await service.settle()
    asked = 0
    while not table.game.is_over and asked < 4:
        await play_out(service, table, ALICE, until=lambda t: t.to_act == 0)
        if table.game.is_over:
            break
        hand = await service.hand(table.id, ALICE.user_id)
        logged = len(await load_actions(store, table.id))
        hint = await service.hint(table.id, ALICE)
        action = hint.private[0].params["action"].action
        assert action in hand.legal
        assert (table.version, len(await load_actions(store, table.id))) == (hand.version, logged)
        assert (await service.hint(table.id, ALICE)).private == hint.private  # asked again
        await service.act(table.id, ALICE, action, version=hand.version)
        asked += 1
    assert asked == 4
    assert (await get_table(store, table.id)).hints_used == (0,)
    await play_out(service, table, ALICE)
    alice = await find_player(store, GUILD, user_id=ALICE.user_id)
    assert [game.hints for game in await recent_games(store, GUILD, alice.id)] == [True]
    assert (await game_log(store, table.id)).hints == (0,)
    await service.close()


def test_passing_is_explained_by_what_is_passed():
    """E-5: a pass in the auction weighs the best meld; C-4: a pass in the exchange keeps the dix."""
    hand = tuple(parse_cards("A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦ 9♣"))
    auction = seat_view(phase=Phase.AUCTION, hand=hand, table={}, seat=0)
    assert say(hint_text(auction, PASS, {}), "en", str) == (
        "Your best meld is 190 points (with ♥ as trump): not enough for a higher bid."
    )
    exchange = seat_view(phase=Phase.EXCHANGE, hand=hand, table={}, seat=0)
    assert say(hint_text(exchange, PASS, {}), "ru", str) == "Дис вам полезнее открытой карты."


class GatedThinker:
    """A thinker that holds every decision until the test opens its gate."""

    def __init__(self) -> None:
        self.gate, self.called, self.asked = asyncio.Event(), asyncio.Event(), 0

    async def choose(self, table_id, level, view, legal, seed):
        self.asked += 1
        self.called.set()
        await self.gate.wait()
        return legal[0]

    async def close(self) -> None:
        self.gate.set()


async def test_a_second_hint_while_one_is_worked_out_is_refused_and_starts_no_search(store):
    """Hints share the computers' thinking workers, so a table works out one at a time: asked
    again (or by a double click) meanwhile, the answer is "ask again in a moment", no second
    search; once the first is answered, asking works again."""
    thinker = GatedThinker()
    thinker.gate.set()  # the computers' turns go through until the hint
    service = TableService(store, thinker=thinker, seed=4, turn_seconds=0)
    table = await open_table(service, "three-handed", hints=True)
    await service.start(table.id, ALICE)
    await service.settle()
    await play_out(service, table, ALICE, until=lambda t: t.to_act == 0 and t.game.phase == "play")
    thinker.gate.clear()
    thinker.asked = 0
    thinker.called.clear()
    first = asyncio.create_task(service.hint(table.id, ALICE))
    await thinker.called.wait()
    # answered at once, not after a search of its own (which would wait on the closed gate)
    refused = await asyncio.wait_for(refusal_of(service.hint(table.id, ALICE)), 10)
    assert refused.key == "records.refuse.hint_busy" and thinker.asked == 1
    thinker.gate.set()
    answered = await first
    assert answered.private[0].params["action"].action in table.game.legal_actions()
    assert (await service.hint(table.id, ALICE)).private == answered.private  # not busy any more
    await service.close()


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
def test_the_hint_in_the_passing_is_the_rest_of_the_pass_the_computers_give(variant):
    """F-5: the pass goes a card at a time, but the hint names every card still due: the set the
    `hard` player gives card by card (it decides the pass whole), then what is left of it."""
    from bot.ai import get_player

    game = new_game(variant, seed=5, options={"pass_count": 4})
    while game.phase != Phase.PASSING:
        legal = game.legal_actions()
        game.apply(legal[-1] if game.phase == Phase.AUCTION else legal[0])
    seat = game.to_act
    first = game.view(seat)
    hint = whole_pass(first)
    assert hint is not None and len(hint.cards) == 4
    assert "trumps and aces" in say(hint_text(first, hint, {}), "en", str)  # the partner gives
    given = []
    for _ in range(4):
        action = get_player("hard", seed=1, budget=0.05).choose(game.view(seat))
        given += action.cards
        game.apply(action)
        if len(given) == 1:
            rest = whole_pass(game.view(seat))
            assert rest is not None and sorted(rest.cards + tuple(given)) == sorted(hint.cards)
    assert sorted(given) == sorted(hint.cards)
    assert whole_pass(game.view(seat)) is None  # the pass is over: no pass to hint
