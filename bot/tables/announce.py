"""Which engine events deserve a line in the channel, and how they are grouped into few messages.

A deal leaves few messages where the table lives. Tricks get no line
(the board lists the last few, `bot.tables.deallog`); a meld round (everyone's
melds of one meld phase) and an auction with its contract, trump and melds are
each held in the table's `DealLog` until the round closes and then published
together, so the presenter sends them as one message. Melds made after a trick
(a two-hand winner's dix and meld, A-6, C-10) are held until the deal ends, the
board showing them meanwhile, so however many there are they cost no message of
their own; each deal ends with them and one summary (per side meld + card points
with the last trick's 10 shown apart, contract made or set, chips, totals),
published with the next deal's opening line. The game's end names
the places and, when the others played on (C-10, D1-2), says so. A table read line by line as
things happen (the terminal: `Home.as_they_happen`) is told each meld when it is made instead.

Lines name their players at the start or after a colon and use verbs that do
not change with the person (English past tense; Russian impersonal forms), so
they read right for "You" in the terminal and for any player in Russian.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.game import VARIANTS, Card, DealResult
from bot.game.events import (
    Bid,
    CardsGiven,
    Contract,
    DealEnded,
    DealerDix,
    DealStarted,
    DealThrownIn,
    DeclaredOut,
    DixDeclared,
    Event,
    GameOver,
    Melded,
    Passed,
    PlayerOut,
    SetUnplayed,
    Show,
    ShownMeld,
    StockExhausted,
    TargetRaised,
    TrickTaken,
    TrumpFixed,
    TurnupTaken,
)
from bot.game.phases import AUCTION, MELD, PASSING, PLAY, TRUMP, DealMode
from bot.game.views import MeldOnTable
from bot.i18n.numbers import number, signed
from bot.tables.model import Table
from bot.tables.outcome import Cards, Chip, Name, Side, Text, Who
from bot.tables.snapshot import TableSnapshot

#: Events whose lines wait for their round (meld phase, auction) to close.
ROUND_EVENTS = (Melded, DixDeclared, DealerDix, TrumpFixed, Bid, Passed, Contract, CardsGiven)


def start_lines(table: Table) -> list[Text]:
    """The lines that open a game: who sits where, and the first deal as `new_game` dealt it."""
    started = Text.of("bot.line.started", players=[Who(s) for s in sorted(table.seats)])
    return [started, *event_lines(table, table.started_game.opening_events)]


def event_lines(table: Table, events: Sequence[Event]) -> list[Text]:
    """The lines to publish now for one action's events; a round still open keeps its lines back.

    Call once per accepted action, after it is stored: the table's `DealLog` changes here.
    """
    log, lines = table.deal_log, []
    for event in events:
        _remember(table, event)
        made = _lines(table, event)
        if isinstance(event, ROUND_EVENTS):
            later = _after_trick(table) and not as_they_happen(table)
            (log.deal_melds if later else log.held).extend(made)
        elif made:
            if isinstance(event, DealEnded | DealThrownIn):
                lines += log.take_deal_melds()
            lines += log.take_held() + made
    if not round_open(table):
        lines += log.take_held()
    return lines


def round_open(table: Table) -> bool:
    """Whether more lines of the current round may still come from the next actions.

    A two-hand meld phase (M-1: the dix and one meld, in separate actions); an
    auction until trump is named, the partners have passed their cards and the melds are shown
    (E-5..E-9, F-5); four-hand
    melds made after each player's card to the first trick (D2-1).
    """
    game = table.game
    if game is None or game.is_over:
        return False
    if game.phase in (MELD, AUCTION, TRUMP, PASSING):
        return True
    return (
        game.phase == PLAY
        and game.tricks_played == 0
        and bool(table.deal_log.held)
        and not all(game.state.declared[s] for s in game.active)
        and not as_they_happen(table)
    )


def as_they_happen(table: Table) -> bool:
    """Whether the table's lines are told one by one as things happen (the terminal): melds made
    after a trick or during the first trick are told at once rather than with the deal's summary
    or the whole round, and a new deal's board drops the last deal's trick."""
    return table.home.as_they_happen


def _after_trick(table: Table) -> bool:
    """Whether a meld now is a two-hand meld after a trick (A-6, C-10), told with the summary; not
    the dealer's dix (A-4), nor the melds declared during the first trick (D2-1)."""
    game = table.started_game
    return game.state.mode == DealMode.TWO_HAND and game.tricks_played > 0


def _remember(table: Table, event: Event) -> None:
    """Keep what the board shows after the engine's view forgot it (recent tricks)."""
    log = table.deal_log
    match event:
        case DealStarted():
            log.new_deal()
        case TrickTaken():
            log.add_trick(event)


def _lines(table: Table, event: Event) -> list[Text]:
    """The lines of one event (none for most: a trick, a card played, a draw)."""
    match event:
        case DealStarted(deal=deal, dealer=dealer, turnup=None):
            return [Text.of("bot.line.deal", deal=deal, who=Who(dealer))]
        case DealStarted(deal=deal, dealer=dealer, turnup=Card() as turnup):
            return [
                Text.of("bot.line.deal_turnup", deal=deal, who=Who(dealer), turnup=Cards((turnup,)))
            ]
        case DealerDix(seat=seat, points=points):
            return [Text.of("bot.line.dealer_dix", who=Who(seat), points=points)]
        case Melded():
            return _meld(event)
        case DixDeclared():
            return _dix(table, event)
        case TrumpFixed(seat=seat, suit=suit):
            return [Text.of("bot.line.trump", who=Who(seat), suit=suit.value)]
        case CardsGiven(seat=seat, to=to, count=count):  # F-5: how many, never which
            return [Text.of("bot.line.gave", who=Who(seat), to=Who(to), count=count)]
        case Bid() | Passed():
            table.deal_log.bids.append(_bid(event))
            return []
        case Contract(seat=seat, amount=amount):
            bids, table.deal_log.bids = table.deal_log.bids, []
            return [Text.of("bot.line.contract", bids=bids, who=Who(seat), amount=amount)]
        case StockExhausted():
            return [Text.of("bot.line.stock_exhausted")]
        case DealThrownIn(deal=deal, dealer=dealer):
            return [Text.of("bot.line.thrown_in", deal=deal, who=Who(dealer))]
        case SetUnplayed(seat=seat, reason=reason):
            return [Text.of(f"bot.line.set_unplayed.{reason}", who=Who(seat))]
        case Show(seat=seat, card=card):
            return [Text.of("bot.line.show", who=Who(seat), card=Cards((card,)))]
        case TurnupTaken(seat=seat, card=card):
            return [Text.of("bot.line.take_turnup", who=Who(seat), card=Cards((card,)))]
        case DeclaredOut(seat=seat):
            return [Text.of("bot.line.declare_out", who=Who(seat))]
        case DealEnded(result=result):
            return deal_summary(table, result)
        case TargetRaised(target=target):
            return [Text.of("bot.line.target_raised", target=target)]
        case PlayerOut():
            return _player_out(table, event)
        case GameOver():
            return _game_over(table, event)
    return []


def grouped_melds(
    melds: Iterable[ShownMeld | MeldOnTable],
) -> dict[tuple[str, tuple[Card, ...]], list[int]]:
    """Melds by (name, cards) with the points of each copy: two dixes are one entry of two (S-5)."""
    groups: dict[tuple[str, tuple[Card, ...]], list[int]] = {}
    for m in melds:
        groups.setdefault((m.name, tuple(m.cards)), []).append(m.points)
    return groups


def _meld(e: Melded) -> list[Text]:
    """One player's melds, as `meld_parts` names them, and their points."""
    key = "bot.line.meld_pending" if e.pending else "bot.line.meld"
    return [Text.of(key, who=Who(e.seat), melds=meld_parts(e), points=e.points)]


def meld_parts(e: Melded) -> list[Text]:
    """Each meld of `e` by name and cards; a lone meld without its own points, repeats (two
    dixes) stated once."""
    groups = grouped_melds(e.melds)
    parts = []
    for (name, cards), points in groups.items():
        meld = Text.of(f"game.meld.{name}")
        if len(points) > 1:
            parts.append(
                Text.of(
                    "bot.line.meld_repeated",
                    name=meld,
                    cards=Cards(cards),
                    times=len(points),
                    points=sum(points),
                )
            )
        elif len(groups) > 1:
            parts.append(
                Text.of("bot.line.meld_part", name=meld, cards=Cards(cards), points=points[0])
            )
        else:
            parts.append(Text.of("bot.line.meld_bare", name=meld, cards=Cards(cards)))
    return parts


def _dix(table: Table, e: DixDeclared) -> list[Text]:
    """The dix (A-7, C-4). In three- and four-hand games the exchanged 9 is counted with the melds (S-5)."""
    dix_card = table.started_game.dix_card  # known: a dix is exchanged once trump is
    if not e.exchanged or e.card is None or dix_card is None:
        return [Text.of("bot.line.dix", who=Who(e.seat), points=e.points)]
    dix = Cards((dix_card,))
    card = Cards((e.card,))
    if VARIANTS[table.variant].two_handed:
        return [
            Text.of("bot.line.dix_exchanged", who=Who(e.seat), dix=dix, points=e.points, card=card)
        ]
    return [Text.of("bot.line.dix_swapped", who=Who(e.seat), dix=dix, card=card)]


def _bid(e: Bid | Passed) -> Text:
    """A bid or pass joins the auction's one line, told with the contract (E-5, E-6)."""
    if isinstance(e, Passed):
        return Text.of("bot.line.auction_pass", who=Who(e.seat))
    key = "bot.line.auction_forced" if e.forced else "bot.line.auction_bid"
    return Text.of(key, who=Who(e.seat), amount=e.amount)


def deal_summary(table: Table | TableSnapshot, result: DealResult) -> list[Text]:
    """One summary: per side dealt in (C-10, D1-2: not who finished) meld + cards + the last trick's
    10 apart (G-5), the contract, chips, totals."""
    lines = [Text.of("bot.line.deal_end", deal=result.deal)]
    for seats in dealt_parties(table, result):
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
        lines += chip_lines(table, result)
    return lines


def chip_lines(table: Table | TableSnapshot, result: DealResult) -> list[Text]:
    """Check (E-15..E-20): each side's chips this deal item by item, as the engine awarded them
    (`DealResult.chip_items`: contract made or set, each meld check, slam, game premium), then
    their sum; partners collect alike, so a side's first seat speaks for it."""
    lines = []
    for seats in parties(table):
        items = result.chip_items(seats[0])
        if not items:
            continue
        parts = [
            Text.of("bot.line.chip_item", item=Chip(i.reason, i.detail), chips=signed(i.chips))
            for i in items
        ]
        total = signed(sum(i.chips for i in items))
        lines.append(Text.of("bot.line.chips", who=Side(seats), parts=parts, chips=total))
    return lines


def forfeit_lines(table: Table, seat: int, who: Who | Name | None = None) -> list[Text]:
    """Check: the chips a player who leaves (or is kicked) mid-game pays now, the forfeit premium
    (`forfeit_checks`), once per game as the ledger settles it once; `who`: the person, when the
    seat already names the computer."""
    game = table.game
    if game is None or not VARIANTS[table.variant].checks or seat in table.left:
        return []
    if not table.forfeit_payees(seat):
        return []  # every opponent gone before: nobody collects it
    paid = signed(-game.forfeit_checks(seat))
    item = Text.of("bot.line.chip_item", item=Chip("game", "forfeit"), chips=paid)
    return [Text.of("bot.line.chips", who=who or Who(seat), parts=[item], chips=paid)]


def _player_out(table: Table, e: PlayerOut) -> list[Text]:
    """A side reached the target while the others play on (C-10, D1-2); the game's end says the rest."""
    if table.started_game.is_over:
        return []
    return [Text.of("bot.line.player_out", who=Side(side_of(table, e.seat)), place=e.place)]


def _game_over(table: Table, e: GameOver) -> list[Text]:
    places = [
        Text.of(
            "bot.line.place",
            place=place,
            who=Side(tuple(seats)),
            score=number(e.scores[seats[0]]),
        )
        for place, seats in enumerate(e.ranking, start=1)
    ]
    if played_on(table):
        return [Text.of("bot.line.game_over_played_on", first=places[0], rest=places[1:])]
    return [*_bidders_first(table, e), Text.of("bot.line.game_over", places=places)]


def _bidders_first(table: Table, e: GameOver) -> list[Text]:
    """Why the winners have fewer points, when both sides reached the target: the side that made
    its contract is counted first and goes out (E-14, F-10)."""
    target = table.public_view().target
    first, *rest = (e.scores[seats[0]] for seats in e.ranking)
    if not rest or first < target or max(rest) <= first:  # F-11's moon wins below it: not this
        return []
    return [Text.of("bot.line.bidders_first", target=target, who=Side(tuple(e.ranking[0])))]


def played_on(table: Table) -> bool:
    """Whether the game went on after its winner finished, for the places behind (C-10, D1-2)."""
    game = table.started_game
    return (
        not VARIANTS[table.variant].partnership
        and len(parties(table)) > 2
        and game.options["three_hand_playon"] != "stop"
    )


def parties(table: Table | TableSnapshot) -> list[tuple[int, ...]]:
    """Seats scoring together: partners in team variants, each seat alone otherwise."""
    return [tuple(side) for side in VARIANTS[table.variant].sides(range(table.size))]


def dealt_parties(table: Table | TableSnapshot, result: DealResult) -> list[tuple[int, ...]]:
    """The sides with a seat dealt into `result`'s deal (the engine's `DealResult.dealt`)."""
    return [seats for seats in parties(table) if any(seat in result.dealt for seat in seats)]


def side_of(table: Table | TableSnapshot, seat: int) -> tuple[int, ...]:
    """The seats scoring with `seat` (itself alone outside partnership games)."""
    return next(seats for seats in parties(table) if seat in seats)
