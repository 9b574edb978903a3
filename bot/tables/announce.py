"""Which engine events deserve a line in the channel, and how they are grouped into few messages.

A deal leaves few messages where the table lives. Tricks get no line
(the board lists the last few, `bot.tables.deallog`); a meld round (everyone's
melds of one meld phase, or one player's dix and meld in two-handed) and an
auction with its contract, trump and melds are each held in the table's
`DealLog` until the round closes and then published together, so the presenter
sends them as one message; each deal ends with one summary (per side meld +
card points with the last trick's 10 shown apart, contract made or set, chips,
totals), published with the next deal's opening line. The game's end names
the places and, when the others played on (C-10, D1-2), says so.

Lines name their players at the start or after a colon and use verbs that do
not change with the person (English past tense; Russian impersonal forms), so
they read right for "You" in the terminal and for any player in Russian.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.game import VARIANTS, DealResult
from bot.game.events import DealEnded
from bot.game.phases import AUCTION, MELD, PLAY, TRUMP
from bot.i18n.numbers import number, signed
from bot.tables.deallog import BoardTrick
from bot.tables.model import Table
from bot.tables.outcome import Cards, Side, Text, Who

#: Events whose lines wait for their round (meld phase, auction) to close.
ROUND_EVENTS = frozenset({"meld", "dix", "dealer_dix", "trump", "bid", "pass", "contract"})


def start_lines(table: Table) -> list[Text]:
    """The lines that open a game: who sits where, and the first deal as `new_game` dealt it."""
    started = Text.of("bot.line.started", players=[Who(s) for s in sorted(table.seats)])
    return [started, *event_lines(table, table.started_game.opening_events)]


def event_lines(table: Table, events: Sequence[Mapping[str, Any]]) -> list[Text]:
    """The lines to publish now for one action's events; a round still open keeps its lines back.

    Call once per accepted action, after it is stored: the table's `DealLog` changes here.
    """
    log, lines = table.deal_log, []
    for event in events:
        _remember(table, event)
        maker = _LINES.get(event["type"])
        made = maker(table, event) if maker is not None else []
        if event["type"] in ROUND_EVENTS:
            log.held.extend(made)
        elif made:
            lines += log.take_held() + made
    if not round_open(table):
        lines += log.take_held()
    return lines


def round_open(table: Table) -> bool:
    """Whether more lines of the current round may still come from the next actions.

    A two-hand meld phase (M-1: the dix and one meld, in separate actions); an
    auction until trump is named and the melds are shown (E-5..E-9); four-hand
    melds made after each player's card to the first trick (D2-1).
    """
    game = table.game
    if game is None or game.is_over:
        return False
    if game.phase in (MELD, AUCTION, TRUMP):
        return True
    return (
        game.phase == PLAY
        and game.tricks_played == 0
        and bool(table.deal_log.held)
        and not all(game.state.declared[s] for s in game.active)
    )


def _remember(table: Table, e: Mapping[str, Any]) -> None:
    """Keep what the board shows after the engine's view forgot it (recent tricks)."""
    log = table.deal_log
    if e["type"] == "deal":
        log.new_deal()
    elif e["type"] == "trick":
        bonus = table.started_game.last_trick_bonus if e.get("last") else 0  # G-5, G-7
        log.add_trick(
            BoardTrick(
                e["number"], tuple((s, c) for s, c in e["cards"]), e["winner"], e["points"], bonus
            )
        )


def _deal(table: Table, e: Mapping[str, Any]) -> list[Text]:
    if e.get("turnup"):
        return [
            Text.of(
                "bot.line.deal_turnup",
                deal=e["deal"],
                who=Who(e["dealer"]),
                turnup=Cards((e["turnup"],)),
            )
        ]
    return [Text.of("bot.line.deal", deal=e["deal"], who=Who(e["dealer"]))]


def grouped_melds(melds: list[dict[str, Any]]) -> dict[tuple[str, tuple[str, ...]], list[int]]:
    """Melds by (name, cards) with the points of each copy: two dixes are one entry of two (S-5)."""
    groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for m in melds:
        groups.setdefault((m["name"], tuple(m["cards"])), []).append(m["points"])
    return groups


def _meld(table: Table, e: Mapping[str, Any]) -> list[Text]:
    """One player's melds; a lone meld without its own points, repeats (two dixes) stated once."""
    groups = grouped_melds(e["melds"])
    parts = []
    for (name, cards), points in groups.items():
        meld = Text.of(f"game.meld.{name}")
        if len(points) > 1:
            parts.append(
                Text.of("bot.line.meld_repeated", name=meld, times=len(points), points=sum(points))
            )
        elif len(groups) > 1:
            parts.append(
                Text.of("bot.line.meld_part", name=meld, cards=Cards(cards), points=points[0])
            )
        else:
            parts.append(Text.of("bot.line.meld_bare", name=meld, cards=Cards(cards)))
    key = "bot.line.meld_pending" if e.get("pending") else "bot.line.meld"
    return [Text.of(key, who=Who(e["seat"]), melds=parts, points=e["points"])]


def _dix(table: Table, e: Mapping[str, Any]) -> list[Text]:
    """The dix (A-7, C-4). In three- and four-hand games the exchanged 9 is counted with the melds (S-5)."""
    if not (e.get("exchanged") and e.get("card")):
        return [Text.of("bot.line.dix", who=Who(e["seat"]), points=e["points"])]
    dix = Cards((str(table.started_game.dix_card),))
    if VARIANTS[table.variant].two_handed:
        return [
            Text.of(
                "bot.line.dix_exchanged",
                who=Who(e["seat"]),
                dix=dix,
                points=e["points"],
                card=Cards((e["card"],)),
            )
        ]
    return [Text.of("bot.line.dix_swapped", who=Who(e["seat"]), dix=dix, card=Cards((e["card"],)))]


def _trump(table: Table, e: Mapping[str, Any]) -> list[Text]:
    if e.get("seat") is None:
        return [Text.of("bot.line.trump_fixed", suit=e["suit"])]
    return [Text.of("bot.line.trump", who=Who(e["seat"]), suit=e["suit"])]


def _bid(table: Table, e: Mapping[str, Any]) -> list[Text]:
    """A bid or pass joins the auction's one line, told with the contract (E-5, E-6)."""
    if e["type"] == "pass":
        part = Text.of("bot.line.auction_pass", who=Who(e["seat"]))
    else:
        key = "bot.line.auction_forced" if e.get("forced") else "bot.line.auction_bid"
        part = Text.of(key, who=Who(e["seat"]), amount=e["amount"])
    table.deal_log.bids.append(part)
    return []


def _contract(table: Table, e: Mapping[str, Any]) -> list[Text]:
    bids, table.deal_log.bids = table.deal_log.bids, []
    return [Text.of("bot.line.contract", bids=bids, who=Who(e["seat"]), amount=e["amount"])]


def _deal_end(table: Table, e: Mapping[str, Any]) -> list[Text]:
    assert isinstance(e, DealEnded)  # only the engine ends a deal
    return deal_summary(table, e.result)


def deal_summary(table: Table, result: DealResult) -> list[Text]:
    """One summary: per side meld + cards + the last trick's 10 apart (G-5), the contract, chips, totals."""
    lines = [Text.of("bot.line.deal_end", deal=result.deal)]
    for seats in parties(table):
        first = seats[0]
        last = result.last_trick[first]  # the engine's G-5 bonus, 0 after a claim
        values = dict(
            who=Side(seats),
            meld=result.meld[first],
            cards=result.cards[first] - last,
            points=signed(result.points[first]),
            total=number(result.scores[first]),
        )
        if last:
            lines.append(Text.of("bot.line.deal_part_last", last=last, **values))
        else:
            lines.append(Text.of("bot.line.deal_part", **values))
    if result.bid is not None and result.declarer is not None:
        key = "bot.line.contract_made" if result.made else "bot.line.contract_set"
        lines.append(Text.of(key, who=Who(result.declarer), amount=result.bid))
        chips = [
            Text.of("bot.line.chips_part", who=Who(seat), chips=signed(n))
            for seat, n in enumerate(result.chips or ())
            if n
        ]
        if chips:
            lines.append(Text.of("bot.line.chips", parts=chips))
    return lines


def _player_out(table: Table, e: Mapping[str, Any]) -> list[Text]:
    """A side reached the target while the others play on (C-10, D1-2); the game's end says the rest."""
    if table.started_game.is_over:
        return []
    return [Text.of("bot.line.player_out", who=Side(side_of(table, e["seat"])), place=e["place"])]


def _game_over(table: Table, e: Mapping[str, Any]) -> list[Text]:
    places = [
        Text.of(
            "bot.line.place",
            place=place,
            who=Side(tuple(seats)),
            score=number(e["scores"][seats[0]]),
        )
        for place, seats in enumerate(e["ranking"], start=1)
    ]
    if played_on(table):
        return [Text.of("bot.line.game_over_played_on", first=places[0], rest=places[1:])]
    return [Text.of("bot.line.game_over", places=places)]


def played_on(table: Table) -> bool:
    """Whether the game went on after its winner finished, for the places behind (C-10, D1-2)."""
    game = table.started_game
    return (
        not VARIANTS[table.variant].partnership
        and len(parties(table)) > 2
        and game.options["three_hand_playon"] != "stop"
    )


def parties(table: Table) -> list[tuple[int, ...]]:
    """Seats scoring together: partners in team variants, each seat alone otherwise."""
    return [tuple(side) for side in VARIANTS[table.variant].sides(range(table.size))]


def side_of(table: Table, seat: int) -> tuple[int, ...]:
    """The seats scoring with `seat` (itself alone outside partnership games)."""
    return next(seats for seats in parties(table) if seat in seats)


_LINES: dict[str, Callable[[Table, Mapping[str, Any]], list[Text]]] = {
    "deal": _deal,
    "dealer_dix": lambda table, e: [
        Text.of("bot.line.dealer_dix", who=Who(e["seat"]), points=e["points"])
    ],
    "meld": _meld,
    "dix": _dix,
    "trump": _trump,
    "bid": _bid,
    "pass": _bid,
    "contract": _contract,
    "stock_exhausted": lambda table, e: [Text.of("bot.line.stock_exhausted")],
    "thrown_in": lambda table, e: [
        Text.of("bot.line.thrown_in", deal=e["deal"], who=Who(e["dealer"]))
    ],
    "show": lambda table, e: [
        Text.of("bot.line.show", who=Who(e["seat"]), card=Cards((e["card"],)))
    ],
    "take_turnup": lambda table, e: [
        Text.of("bot.line.take_turnup", who=Who(e["seat"]), card=Cards((e["card"],)))
    ],
    "declare_out": lambda table, e: [Text.of("bot.line.declare_out", who=Who(e["seat"]))],
    "deal_end": _deal_end,
    "target_raised": lambda table, e: [Text.of("bot.line.target_raised", target=e["target"])],
    "player_out": _player_out,
    "game_over": _game_over,
}
