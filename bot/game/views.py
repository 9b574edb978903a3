"""Each seat's view of a game (OpenSpiel's observation): what it may know, nothing more.

Everything here is public except `hand`, which is the viewing seat's own.
The other seats' concealed cards and the face-down stock appear only as
counts; `known` lists cards that were shown and are still in a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ALL_CARDS, make_pack, sort_hand
from .worlds import public_snapshot

if TYPE_CHECKING:
    from .game import Game


def _strs(cards) -> list[str]:
    return [str(c) for c in cards]


def public_view(game: Game) -> dict:
    """What everyone at the table may see (the board): no hand, no legal list, no search data."""
    trump = game.trump
    view = {
        "variant": game.variant.name,
        "players": game.n,
        "phase": game.phase,
        "deal": game.deal_no,
        "dealer": game.dealer,
        "to_act": game.to_act,
        "active": list(game.active),
        "hand_sizes": [len(h) for h in game.hands],
        "table": {
            s: _strs(tc.card for tc in game.table[s]) for s in range(game.n) if game.table[s]
        },
        "table_uses": {
            s: [sorted(tc.uses) for tc in game.table[s]] for s in range(game.n) if game.table[s]
        },
        "trick": [[s, str(c)] for s, c in game.trick],
        "last_trick": [[s, str(c)] for s, c in game.last_trick],
        "last_trick_winner": game.last_trick_winner,
        "trump": trump.value if trump else None,
        "turnup": str(game.turnup) if game.turnup is not None else None,
        "stock": game._stock_left() if game.mode == "two" else 0,
        "scores": game.seat_scores(),
        "target": game.target,
        "deal_points": {"meld": list(game.deal_meld), "cards": list(game.won_points)},
        "tricks_won": list(game.tricks_won),
        "tricks_played": game.tricks_played,
        "melds": [
            {
                "seat": s,
                "name": name,
                "cards": _strs(cards),
                "points": pts,
                "credited": game._credit_unit(s) in game.credited_units,
            }
            for s in range(game.n)
            for name, cards, pts in game.pending[s]
        ]
        + [
            {"seat": s, "name": name, "cards": _strs(cards), "points": pts, "credited": True}
            for s, name, cards, pts in game.meld_log
        ],
        "dix_shown": list(game.dix_shown),
        "exchanged": game.exchanged,
        "melded_this_turn": game.melded_this_turn,
        "ranking": game.result()["ranking"] if game.is_over else [],
    }
    if game.variant.partnership:
        view["team_scores"] = list(game.scores)
    if game.variant.auction:
        view.update(
            {
                "bid": game.high_bid or None,
                "bidder": game.declarer,
                "bids": list(game.bids),
                "passed": sorted(game.passed),
                "contract": game.high_bid
                if game.phase != "auction" and game.declarer is not None
                else None,
            }
        )
    return view


def seat_view(game: Game, seat: int) -> dict:
    """The public view plus this seat's hand, its legal actions and what it knows of others."""
    if not 0 <= seat < game.n:
        raise ValueError(f"no seat {seat} in a {game.n}-player game")
    view = public_view(game)
    view["seat"] = seat
    view["hand"] = _strs(sort_hand(game.hands[seat], game.trump))
    view["known"] = {s: _strs(game.known[s]) for s in range(game.n) if game.known[s] and s != seat}
    view["legal"] = [str(a) for a in game.legal_actions()] if game.to_act == seat else []
    view["history"] = [str(a) for a in game.deal_history]
    if game.variant.partnership:
        view["partner"] = (seat + 2) % 4
    view["unseen"] = _strs(_unseen(game, seat))
    view["world"] = public_snapshot(game, seat)
    return view


def _unseen(game: Game, seat: int) -> list:
    """Cards this seat has not seen anywhere: in other hands or the face-down stock."""
    pack = make_pack(game.pack_size == 64)
    counts = {c: 0 for c in ALL_CARDS}
    for c in pack:
        counts[c] += 1
    seen = list(game.hands[seat])
    for s in range(game.n):
        seen += [tc.card for tc in game.table[s]]
        if s != seat:
            seen += game.known[s]
    seen += [c for _, c in game.trick]
    seen += game.played_cards
    if game.turnup is not None and not (game.mode != "two" and seat == game.dealer):
        seen.append(game.turnup)  # in C/D it is the dealer's own card, already in his hand
    for c in seen:
        counts[c] -= 1
    return sorted((c for c, k in counts.items() for _ in range(max(0, k))), key=lambda c: c.code)
