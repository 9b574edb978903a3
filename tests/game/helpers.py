"""Positions for tests: decks that deal the hands a rule example needs (G-10 dealing)."""

from __future__ import annotations

import random

from bot.game import Card, Game, make_pack, new_game, parse_cards
from bot.game.events import Event
from bot.game.random_play import random_action


def _fill(pack: list[Card], wanted: list[Card]) -> None:
    for card in wanted:
        assert card in pack, f"{card} is used more than twice in this position"
        pack.remove(card)


def two_hand_game(
    eldest: str,
    dealer: str,
    turnup: str | None,
    stock: str = "",
    *,
    variant: str = "two-handed",
    seed: int = 1,
    options: dict | None = None,
) -> Game:
    """A two-handed game whose first deal gives these hands (packets of 4, non-dealer first, A-3)."""
    e, d = parse_cards(eldest), parse_cards(dealer)
    assert len(e) == len(d) == 12
    head = parse_cards(turnup) if turnup else []
    top = parse_cards(stock)
    pack = make_pack((options or {}).get("pack64", False))
    _fill(pack, e + d + head + top)
    random.Random(0).shuffle(pack)
    deck: list[Card] = []
    for i in range(0, 12, 4):
        deck += e[i : i + 4] + d[i : i + 4]
    deck += head + top + pack
    return new_game(variant, seed=seed, deck=deck, options=options)


def seats(game: Game) -> tuple[int, int]:
    """(eldest, dealer) of the current two-hand deal."""
    return 1 - game.dealer, game.dealer


def legal(game: Game, seat: int) -> list[str]:
    """The texts of the actions `seat` may take now (none unless it is to act)."""
    return [str(action) for action in game.view(seat).legal]


def trick(game: Game, lead: str, follow: str) -> list[Event]:
    """Play one stock-phase trick: the seat to act leads `lead`, the other plays `follow`."""
    events = game.apply(f"play {lead}")
    return events + game.apply(f"play {follow}")


def end_meld(game: Game) -> None:
    if game.phase == "meld":
        game.apply("pass")


def deal_cards(
    hands: list[str], variant: str, *, seed: int = 1, options: dict | None = None
) -> Game:
    """A 3- or 4-player game whose first deal gives `hands[seat]` (packets clockwise from eldest, G-10)."""
    probe = new_game(variant, seed=seed, options=options)
    n = len(hands)
    parsed = [parse_cards(h) for h in hands]
    size = len(parsed[0])
    packet = probe.options["packet_size"]
    order = [(probe.dealer + 1 + i) % n for i in range(n)]
    deck: list[Card] = []
    dealt = [0] * n
    while len(deck) < size * n:
        for s in order:
            take = min(packet, size - dealt[s])
            deck += parsed[s][dealt[s] : dealt[s] + take]
            dealt[s] += take
    return new_game(variant, seed=seed, deck=deck, options=options)


def play_randomly(game: Game, rng: random.Random, actions: int) -> Game:
    """Apply up to `actions` random legal actions (fewer if the game ends first)."""
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    return game
