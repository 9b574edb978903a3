"""A finished deal, told again from the action log (*Review last deal*).

A game is its variant, options, seed and actions, so a deal is reviewed by
replaying the log through the engine's public API (`new_game`, `Game.apply`,
`Game.view`, the events it returns): the hands as dealt, the auction, the
melds, every trick in order (leader first) with what each player drew after it
in the two-hand games (RULES A-6), and the deal's score (G-5 last trick, E-12
contract made or set, E-15 chips). Only a deal whose `deal_end` event has
happened is ever reviewed, so no card still in play can show: everything a
review holds was dealt in a deal that is over. And no deal is reviewed while
another open table holds its cards (a duplicate league night's round, until
it has ended everywhere): `guard_shown` refuses, saying when it opens
(`bot.store.visibility`, the one rule for every way of looking at a deal).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bot.game import Dealing, DealResult, Game, fingerprint, new_game
from bot.game.events import DealEnded
from bot.store import Reader
from bot.store.visibility import hidden
from bot.tables.refusal import Refusal

if TYPE_CHECKING:
    from bot.tables.model import Table

#: Engine events that take a card into a two-hand holding from the stock (RULES A-6, A-8).
_DRAWS = ("draw", "show", "take_turnup")


@dataclass(frozen=True)
class Trick:
    """One completed trick: the plays leader first, who won it, its card points, and the draws
    after it as (seat, card, how): how is "draw" (face down), "show" (the last face-down card,
    shown, A-8) or "take_turnup"."""

    number: int
    plays: tuple[tuple[int, str], ...]
    winner: int
    points: int
    last: bool
    draws: tuple[tuple[int, str, str], ...] = ()


@dataclass(frozen=True)
class Meld:
    """A meld (or the dix) as declared: the seat, its parts (name, cards, points), after which trick,
    and whether it counted (C-6, D-5, E-11: a declared meld counts once its side wins a trick)."""

    seat: int
    parts: tuple[tuple[str, tuple[str, ...], int], ...]
    points: int
    after_trick: int
    counted: bool = True


@dataclass
class DealReview:
    """Everything about one finished deal, for anyone to read once it is over."""

    deal: int
    dealer: int
    hands: dict[int, tuple[str, ...]]  # seat -> the cards dealt to it, sorted
    turnup: str | None
    stock: bool  # a two-hand deal: the turn-up and the stock lie apart from the hands (RULES A-3)
    auction: list[Mapping[str, Any]] = field(
        default_factory=list
    )  # bid, pass, contract, trump events
    melds: list[Meld] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    exchange: tuple[int, str] | None = (
        None  # three-/four-hand: who exchanged the dix for the turn-up (C-4)
    )
    declared_out: int | None = None  # the seat that claimed to be out, ending the deal early
    result: DealResult | None = None  # the engine's deal result, once the deal is over
    #: A fair deal (bot.game.fair), revealed now that it is over: its seed, the fingerprint shown
    #: before it, and the players' salt words by seat.
    seed: bytes | None = None
    fingerprint: str | None = None
    salts: dict[int, str] = field(default_factory=dict)

    @property
    def cards_dealt(self) -> list[str]:
        """Every card dealt: the hands, the turn-up (two-hand: the stock's last card) and the
        face-down stock as it was drawn (the turn-up taken last may be a dix exchanged for it)."""
        drawn = [
            card for trick in self.tricks for _, card, how in trick.draws if how != "take_turnup"
        ]
        turnup = [self.turnup] if self.stock and self.turnup else []
        return [card for hand in self.hands.values() for card in hand] + turnup + drawn


async def guard_shown(db: Reader, table_id: int, table: Table | None = None) -> None:
    """Refuse while the deals of table `table_id` are hidden (`bot.store.visibility`: another
    open table holds their cards), saying why and when they open: an event's table at the end
    of its round everywhere."""
    why = await hidden(db, table_id)
    if why is None:
        return
    if why.round is not None:
        raise Refusal("bot.refuse.deal_hidden_event", table, name=why.event, round=why.round)
    raise Refusal("bot.refuse.deal_hidden", table)


def review_deal(
    variant: str,
    seed: int,
    options: dict[str, Any],
    actions: Sequence[str],
    deal: int,
    *,
    dealing: Dealing | None = None,
    table_id: int = 0,
) -> DealReview:
    """Replay `actions` to the start of deal `deal`, then collect that deal until its end.

    A fairly dealt table's `dealing` (of table `table_id`) reveals the deal's seed.
    Raises ValueError if the log does not finish that deal (it may still be in play).
    """
    game = new_game(variant, seed=seed, options=options, dealing=dealing)
    moves = iter(actions)
    events = game.opening_events
    while game.deal_no < deal:
        events = game.apply(next(moves, "?"))  # "?" past the log's end: IllegalAction, a ValueError
    opening = events[
        next(i for i, e in enumerate(events) if e["type"] == "deal") :
    ]  # C-5: melds at once
    dealt = {s: tuple(game.view(s)["hand"]) for s in range(game.n)}
    review = DealReview(
        deal=deal,
        dealer=opening[0]["dealer"],
        turnup=opening[0]["turnup"],
        stock=game.public_view()["stock"] > 0,
        hands={s: hand for s, hand in dealt.items() if hand},
    )
    _collect(review, game, opening[1:], {})
    for action in moves:
        before = (
            _holdings(game) if review.stock and game.public_view()["stock"] else {}
        )  # draws ahead
        events = game.apply(action)
        if _collect(review, game, events, before):
            if dealing is not None:  # over: its seed may be shown with it
                review.seed = dealing.seed(deal)
                review.fingerprint = (
                    fingerprint(review.seed, table_id, deal) if review.seed else None
                )
                review.salts = dict(dealing.salts.get(deal, {}))
            return review
    raise ValueError(f"the log does not finish deal {deal}")


def _collect(
    review: DealReview,
    game: Game,
    events: Sequence[Mapping[str, Any]],
    before: dict[int, Counter[str]],
) -> bool:
    """Add one action's events to the review; True once the deal has ended."""
    gained = _gained(game, events, before) if before else {}
    for event in events:
        kind = event["type"]
        if kind in ("bid", "pass", "contract", "trump") and game.variant.auction:
            review.auction.append(event)
        elif kind == "dix" and not review.stock:  # C-4: an exchange; the dix scores in the meld
            review.exchange = (event["seat"], event["card"])
        elif kind in ("meld", "dealer_dix", "dix"):
            review.melds.append(_meld(event, len(review.tricks)))
        elif kind == "meld_credited":
            review.melds = [
                replace(m, counted=True) if m.seat in event["seats"] else m for m in review.melds
            ]
        elif kind == "trick":
            review.tricks.append(
                Trick(
                    event["number"],
                    tuple((s, c) for s, c in event["cards"]),
                    event["winner"],
                    event["points"],
                    event["last"],
                )
            )
        elif kind in _DRAWS and review.tricks:
            card = event.get("card") or gained[event["seat"]].pop()
            last = review.tricks[-1]
            review.tricks[-1] = Trick(
                last.number,
                last.plays,
                last.winner,
                last.points,
                last.last,
                last.draws + ((event["seat"], card, kind),),
            )
        elif kind == "declare_out":
            review.declared_out = event["seat"]
        elif isinstance(event, DealEnded):
            review.result = event.result
            return True
    return False


def _meld(event: Mapping[str, Any], after_trick: int) -> Meld:
    if event["type"] == "meld":
        parts = tuple((m["name"], tuple(m["cards"]), m["points"]) for m in event["melds"])
    else:  # the dix: shown (and perhaps exchanged for the turn-up), or the dealer's turn-up (A-4, A-7, C-3)
        parts = (("dix", (), event["points"]),)
    return Meld(
        event["seat"], parts, event["points"], after_trick, counted=not event.get("pending")
    )


def _holdings(game: Game) -> dict[int, Counter[str]]:
    """Each seat's holding (concealed hand plus its face-up cards, RULES §0.3) as a multiset."""
    table = game.public_view()["table"]
    return {s: Counter(game.view(s)["hand"]) + Counter(table.get(s, ())) for s in range(game.n)}


def _gained(
    game: Game, events: Sequence[Mapping[str, Any]], before: dict[int, Counter[str]]
) -> dict[int, list[str]]:
    """The cards each seat took in during one action, less a turn-up taken for the dix (A-7).

    The card a seat played in the same action leaves its holding first: a drawn card
    may be the twin of the one played.
    """
    left = {s: Counter(held) for s, held in before.items()}
    for event in events:
        if event["type"] == "play":
            left[event["seat"]] -= Counter([event["card"]])
    after = _holdings(game)
    gained = {s: after[s] - left[s] for s in after}
    for event in events:
        if event["type"] == "dix" and event.get("card"):
            gained[event["seat"]] -= Counter([event["card"]])
    return {s: list(cards.elements()) for s, cards in gained.items()}
