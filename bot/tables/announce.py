"""Which engine events deserve a line in the channel, and what that line says.

Only what people want in the scroll-back gets a line (issue 4): melds and the
dix, each completed trick (one line), each bid and pass of an auction (E-5,
E-6), contracts and trump named, the end of the stock and the cards it shows
(RULES A-8), a claim to have gone out (A-12), each deal's result, and the
final standings. Everything else is on the board,
which is edited in place.

Lines name their players at the start or after a colon and use verbs that do
not change with the person (English past tense; Russian impersonal forms), so
they read right for "You" in the terminal and for any player in Russian.
"""

from __future__ import annotations

from typing import Any, Callable

from bot.game import VARIANTS
from bot.tables.model import Table
from bot.tables.outcome import Cards, Side, Text, Who


def start_lines(table: Table) -> list[Text]:
    """The lines that open a game: who sits where, and the first deal (dealt by `new_game`)."""
    view = table.public_view()
    first = {"type": "deal", "deal": view["deal"], "dealer": view["dealer"], "turnup": view["turnup"]}
    return [Text.of("bot.line.started", players=[Who(s) for s in sorted(table.seats)]), *_deal(table, first)]


def event_lines(table: Table, events: list[dict[str, Any]]) -> list[Text]:
    lines: list[Text] = []
    for event in events:
        maker = _LINES.get(event["type"])
        if maker is not None:
            lines.extend(maker(table, event))
    return lines


def _deal(table: Table, e: dict[str, Any]) -> list[Text]:
    if e.get("turnup"):
        return [Text.of("bot.line.deal_turnup", deal=e["deal"], who=Who(e["dealer"]),
                        turnup=Cards((e["turnup"],)))]
    return [Text.of("bot.line.deal", deal=e["deal"], who=Who(e["dealer"]))]


def _meld(table: Table, e: dict[str, Any]) -> list[Text]:
    melds = [Text.of("bot.line.meld_part", name=Text.of(f"game.meld.{m['name']}"),
                     cards=Cards(tuple(m["cards"])), points=m["points"]) for m in e["melds"]]
    key = "bot.line.meld_pending" if e.get("pending") else "bot.line.meld"
    return [Text.of(key, who=Who(e["seat"]), melds=melds, points=e["points"])]


def _dix(table: Table, e: dict[str, Any]) -> list[Text]:
    if e.get("exchanged") and e.get("card"):
        return [Text.of("bot.line.dix_exchanged", who=Who(e["seat"]), points=e["points"],
                        card=Cards((e["card"],)))]
    return [Text.of("bot.line.dix", who=Who(e["seat"]), points=e["points"])]


def _trick(table: Table, e: dict[str, Any]) -> list[Text]:
    key = "bot.line.trick_last" if e.get("last") else "bot.line.trick"
    return [Text.of(key, number=e["number"], who=Who(e["winner"]),
                    cards=Cards(tuple(card for _, card in e["cards"])), points=e["points"])]


def _trump(table: Table, e: dict[str, Any]) -> list[Text]:
    if e.get("seat") is None:
        return [Text.of("bot.line.trump_fixed", suit=e["suit"])]
    return [Text.of("bot.line.trump", who=Who(e["seat"]), suit=e["suit"])]


def _deal_end(table: Table, e: dict[str, Any]) -> list[Text]:
    result = e["result"]
    parts = [Text.of("bot.line.deal_part", who=Side(seats), points=result["points"][seats[0]],
                     total=result["scores"][seats[0]]) for seats in parties(table)]
    lines = [Text.of("bot.line.deal_end", deal=result["deal"], parts=parts)]
    if "bid" in result:
        key = "bot.line.contract_made" if result["made"] else "bot.line.contract_set"
        lines.append(Text.of(key, who=Who(result["declarer"]), amount=result["bid"]))
        chips = [Text.of("bot.line.chips_part", who=Who(seat), chips=_signed(n))
                 for seat, n in enumerate(result.get("chips", [])) if n]
        if chips:
            lines.append(Text.of("bot.line.chips", parts=chips))
    return lines


def _game_over(table: Table, e: dict[str, Any]) -> list[Text]:
    places = [Text.of("bot.line.place", place=place, who=Side(tuple(seats)),
                      score=e["scores"][seats[0]])
              for place, seats in enumerate(e["ranking"], start=1)]
    return [Text.of("bot.line.game_over", places=places)]


def parties(table: Table) -> list[tuple[int, ...]]:
    """Seats scoring together: partners in team variants, each seat alone otherwise."""
    if VARIANTS[table.variant].partnership:
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(table.size)]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


_LINES: dict[str, Callable[[Table, dict[str, Any]], list[Text]]] = {
    "deal": _deal,
    "dealer_dix": lambda table, e: [Text.of("bot.line.dealer_dix", who=Who(e["seat"]), points=e["points"])],
    "meld": _meld,
    "dix": _dix,
    "trick": _trick,
    "trump": _trump,
    "bid": lambda table, e: [Text.of("bot.line.bid_forced" if e.get("forced") else "bot.line.bid",
                                     who=Who(e["seat"]), amount=e["amount"])],
    "pass": lambda table, e: [Text.of("bot.line.pass", who=Who(e["seat"]))],
    "contract": lambda table, e: [Text.of("bot.line.contract", who=Who(e["seat"]), amount=e["amount"])],
    "stock_exhausted": lambda table, e: [Text.of("bot.line.stock_exhausted")],
    "show": lambda table, e: [Text.of("bot.line.show", who=Who(e["seat"]), card=Cards((e["card"],)))],
    "take_turnup": lambda table, e: [Text.of("bot.line.take_turnup", who=Who(e["seat"]),
                                             card=Cards((e["card"],)))],
    "declare_out": lambda table, e: [Text.of("bot.line.declare_out", who=Who(e["seat"]))],
    "deal_end": _deal_end,
    "target_raised": lambda table, e: [Text.of("bot.line.target_raised", target=e["target"])],
    "player_out": lambda table, e: [Text.of("bot.line.player_out", who=Who(e["seat"]), place=e["place"])],
    "game_over": _game_over,
}
