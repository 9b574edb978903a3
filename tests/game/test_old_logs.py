"""Action logs stored before the typed boundary still replay, and views hold what they did (§12).

`data/old_logs.json` was written by the engine at commit 28e2ff8 (views and
events as plain dicts): random legal games of every variant under several
option sets, finished or stopped mid-game, each with its log (`to_json`), the
final scores and deal results, and every seat's view without its search data.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from bot.game import Game
from bot.game.plain import plain

RECORDS = json.loads((Path(__file__).parent / "data" / "old_logs.json").read_text("utf-8"))


def _as_json(value: object) -> object:
    """The plain form (typed records as the dicts they were) through a JSON round trip."""
    return json.loads(json.dumps(plain(value), ensure_ascii=False))


@pytest.mark.parametrize(
    "record", RECORDS, ids=[f"{json.loads(r['log'])['variant']}-{i}" for i, r in enumerate(RECORDS)]
)
def test_an_old_log_replays_to_the_same_game_and_views(record):
    game = Game.from_json(record["log"])
    assert game.is_over == record["over"]
    assert (game.deal_no, game.phase, game.to_act) == (
        record["deal"],
        record["phase"],
        record["to_act"],
    )
    assert game.seat_scores() == record["scores"]
    assert _as_json(game.deal_results) == record["deal_results"]
    assert json.loads(game.to_json()) == json.loads(record["log"])
    for seat, old in enumerate(record["views"]):
        view = game.view(seat)
        for key, value in old.items():
            if key == "known":  # the old order of shown cards followed string hashing
                value = {s: sorted(cards) for s, cards in value.items()}
                assert {s: sorted(cs) for s, cs in _as_json(view.known).items()} == value
            else:
                assert _as_json(getattr(view, key)) == value, (seat, key)
        assert _as_json(view.trump) == old.get("trump")
    public = game.public_view()
    assert set(record["public"]) <= {f.name for f in fields(public)}
    assert {key: _as_json(getattr(public, key)) for key in record["public"]} == record["public"]
