"""Shared helpers for the computer-player tests: random positions, hidden-card swaps, worlds."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.ai.knowledge import Knowledge
from bot.ai.worlds import deal_hidden
from bot.game import Game, make_pack, new_game, world_from_view


def random_positions(variant: str, seed: int, options: dict | None = None) -> Iterator[Game]:
    """Every position of one deal reached by uniformly random legal play (the game itself, live);
    in the passing (F-5), random cards of the hand, one at a time."""
    game = new_game(variant, seed=seed, options=options)
    rng = random.Random(seed)
    deals = len(game.deal_results)
    while len(game.deal_results) == deals and not game.is_over:
        yield game
        game.apply(rng.choice(game.legal_actions()))


def hidden_twin(variant: str, seed: int) -> tuple[Game, Game, int]:
    """Two fresh games whose decks differ only by a swap of two cards the seat to act cannot see.

    The seat's views of both games are equal; the hidden hands (or stock) differ; the seat
    has a real choice to make.
    """
    rng = random.Random(seed)
    deck = make_pack()
    while True:
        rng.shuffle(deck)
        first = new_game(variant, seed=seed, deck=deck)
        if len(first.legal_actions()) > 1:
            break
    seat = first.to_act
    view = first.view(seat)
    for _ in range(500):
        i, j = rng.sample(range(len(deck)), 2)
        if deck[i] is deck[j]:
            continue
        twin_deck = list(deck)
        twin_deck[i], twin_deck[j] = twin_deck[j], twin_deck[i]
        twin = new_game(variant, seed=seed, deck=twin_deck)
        if twin.to_act == seat and twin.view(seat) == view and _hidden(twin) != _hidden(first):
            return first, twin, seat
    raise AssertionError(f"no hidden swap found for {variant}")


def _hidden(game: Game) -> list:
    return [sorted(map(str, h)) for h in game.state.hands] + [sorted(map(str, game.state.stock))]


def sample_world(k: Knowledge, rng: random.Random) -> Game:
    """A complete game consistent with the seat's view, its hidden cards dealt at random."""
    hands, stock = deal_hidden(k, rng)
    return world_from_view(k.view, hands, stock)
