"""Fixed seeds play fixed games: the engine's speed work must not change a single card.

Recorded before the engine's speed work of issue 26 (item 5), at bf5a104; main at b2b7dd0 plays
the same for the six games it has. For each game and a few option sets that take other paths: two
random games from seed 3 (every action, the public events it caused, each seat's legal list as
its view shows it, the stored game and the deal results, hashed) and `python -m bot.game
simulate`'s figures for 60 deals from seed 11. A change meant to alter play (a rule, an event's
form) re-records them; a speed change never should. The auction games were re-recorded when their
defaults moved to the published rules and their bids gained a ceiling (F-2, H-2, H-5, DX-E3), and
the double deck's when a side set without play came to be told why (an event, F-4; the same cards),
and the partnership auction's when its passing went one card at a time (F-5: six more actions a
deal, the same cards, the same results).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from bot.game import new_game
from bot.game.__main__ import simulate
from bot.game.plain import plain
from bot.game.random_play import random_action

#: variant, options, digest of two games from seed 3, and simulate's 60 deals from seed 11:
#: (actions, total meld, total card points).
RECORDED = [
    ("two-handed", {}, "70541f7a3026e3b8", (3255, 5660, 15000)),
    ("two-handed-no-trump", {}, "7b384fc39d7bd9e6", (3233, 5610, 15000)),
    ("three-handed", {}, "2c2d97f00aa479f0", (3000, 13110, 15000)),
    ("four-handed", {}, "14965cdb82b7ef96", (2991, 10430, 15000)),
    ("partnership", {}, "2769f20d36604f2c", (2935, 8780, 15000)),
    ("check", {}, "a30931bd5236b682", (3237, 9420, 15000)),
    ("auction", {}, "c2471309657f65bf", (3794, 8590, 15000)),
    ("double-deck", {}, "c432d52970a561b8", (4887, 3976, 2800)),
    ("two-handed", {"pack64": True}, "dbcd2e51a9dcd26e", (4176, 4540, 15000)),
    ("two-handed", {"winner_chooses_last_card": True}, "995d489adc07eb9f", (3313, 5580, 15000)),
    ("two-handed", {"declare_out": True}, "22c1a852089043f6", (409, 970, 1396)),
    ("three-handed", {"running_tally_game_call": True}, "64b14e3860dbdee7", (2698, 12450, 13524)),
    (
        "four-handed",
        {"partnership_meld_timing": "before_play"},
        "b9e9d729adcd3653",
        (2991, 10430, 15000),
    ),
    ("partnership", {"must_head_partner": True}, "310f5f96763adc75", (2935, 8780, 15000)),
    ("check", {"round_card_points": True}, "8cc03baaf45c3e9a", (3236, 9480, 14830)),
    ("double-deck", {"must_undertrump": False}, "bdfd74230a32e34a", (4887, 3976, 2800)),
]


def games_digest(variant: str, options: dict, seed: int, games: int) -> str:
    """Everything two random games show: each action, its events, the legal list the seat's
    view offered, the stored game and its deal results."""
    digest = hashlib.sha256()
    rng = random.Random(seed)
    for number in range(games):
        game = new_game(variant, seed=seed + number, options=options)
        digest.update(json.dumps(plain(game.opening_events)).encode())
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            assert list(game.view(seat).legal) == game.legal_actions()
            action = random_action(game, rng)
            events = game.apply(action)
            digest.update(f"{action}|{json.dumps(plain(events), ensure_ascii=False)}".encode())
        digest.update(game.to_json().encode())
        digest.update(json.dumps(plain(game.deal_results)).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("variant", "options", "digest", "figures"), RECORDED)
def test_a_seed_plays_the_recorded_games(variant, options, digest, figures):
    assert games_digest(variant, options, 3, 2) == digest
    result = simulate(variant, 60, 11, options)
    actions, meld, cards = figures
    assert result["actions"] == actions
    assert round(result["mean_meld"] * 60) == meld
    assert round(result["mean_cards"] * 60) == cards
    assert result["bad_card_totals"] == 0
