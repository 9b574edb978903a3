"""Card play of the `normal` level: counting, voids, and the worth of a trick.

Under the strict rules (§8) it plays like a careful club player: cash the
masters no opponent can ruff, draw trumps when long in them, lead toward a
partner's ruff, smear points on a trick the partner will surely take, take
points with the cheapest card that will hold the trick, and otherwise shed the
cheapest card. "Will hold" is a chance computed from the cards still out and
the voids the history proved. In the two-hand stock (free play, P-0) each
card is weighed by its points, its trick power and its meld promise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.game import Card, Phase, Suit, trick_winner

from .knowledge import Knowledge
from .meldvalue import complete_melds, meld_loss, potential

#: Rough points a card adds to a trick when its player does not expect to win it.
LOW_CARD_POINTS = 4
#: Chance of holding the trick above which a winning card counts as safe.
SAFE = 0.85
#: The same for leading a master: an ace led late may be ruffed, but kept it is worth less still.
LEAD_SAFE = 0.6


def wins_now(card: Card, trick_cards: list[Card], trump: Suit | None) -> bool:
    """Would `card`, played now, take the lead in the trick (G-3)?"""
    return not trick_cards or trick_winner(trick_cards + [card], trump) == len(trick_cards)


def is_master(k: Knowledge, card: Card) -> bool:
    """No card still out anywhere is higher in the card's own suit."""
    return not any(x.suit is card.suit and x.strength > card.strength for x in k.outside)


def holds_any(k: Knowledge, seat: int, candidates: Iterable[Card]) -> float:
    """Chance that `seat` holds at least one of `candidates`, from what is shown, out and ruled out."""
    shown = k.known.get(seat, []) + k.table.get(seat, [])
    hidden = 0
    for x in candidates:
        if x in shown:
            return 1.0
        hidden += k.unseen.count(x) if x not in k.excluded.get(seat, ()) else 0
    if not hidden:
        return 0.0
    sizes = k.view.hand_sizes
    size = sizes[seat] - len(k.known.get(seat, [])) if seat < len(sizes) else 0
    share = min(1.0, max(0, size) / max(1, len(k.unseen)))
    return 1.0 - (1.0 - share) ** hidden


def void_chance(k: Knowledge, seat: int, suit: Suit | None) -> float:
    """Chance that `seat` holds no card of `suit`."""
    return 1.0 - holds_any(k, seat, [c for c in set(k.outside) if c.suit is suit])


def hold_chance(k: Knowledge, card: Card, lead: Suit | None, seats: list[int]) -> float:
    """Chance that `card`, winning a trick led in `lead`, is beaten by none of `seats`."""
    trump = k.trump
    higher = [x for x in set(k.outside) if x.suit is card.suit and x.strength > card.strength]
    chance = 1.0
    for s in seats:
        if card.suit is lead:
            p_beat = holds_any(k, s, higher)
            if trump is not None and lead is not trump:
                p_beat += void_chance(k, s, lead) * holds_any(
                    k, s, [x for x in set(k.outside) if x.suit is trump]
                )
        elif card.suit is trump:
            p_beat = void_chance(k, s, lead) * holds_any(k, s, higher)
        else:
            p_beat = 1.0
        chance *= 1.0 - min(1.0, p_beat)
    return chance


def keep_value(k: Knowledge, card: Card) -> float:
    """Two-hand stock phase: what a card is worth held back (trick power and meld promise)."""
    worth = meld_loss(k.holding, card, k.trump, k.options) if k.phase == Phase.STOCK else 0.0
    if card.suit is k.trump:
        worth += 4 + card.strength * 1.5
    elif is_master(k, card):
        worth += 5
    return worth


def cheapest(cards: list[Card], value: Mapping[Card, int], trump: Suit | None) -> Card:
    """The card it costs least to give up: fewest points, not a trump, lowest rank."""
    return min(cards, key=lambda c: (value[c], c.suit is trump, c.strength))


def cheapest_winner(cards: list[Card], value: Mapping[Card, int], trump: Suit | None) -> Card:
    """Of cards that win, the one worth least later: not a trump, lowest rank, then fewest points."""
    return min(cards, key=lambda c: (c.suit is trump, c.strength, value[c]))


def strict_play(k: Knowledge, legal: list[Card]) -> Card:
    """Choose a card under §8 (play-off of two-hand, every trick of three-, four-hand and check)."""
    return lead(k, legal) if not k.trick else follow(k, legal)


def _last_trick(k: Knowledge) -> bool:
    return len(k.hand) + len(k.own_table) == 1 and k.view.stock == 0


def _pending(k: Knowledge, seat: int) -> float:
    """Meld a seat's side still needs a trick to credit (C-6, D-5, E-11)."""
    return sum(
        m.points for m in k.view.melds if not m.credited and k.variant.same_side(m.seat, seat)
    )


def follow(k: Knowledge, legal: list[Card]) -> Card:
    """Smear on a partner's safe trick, take points with the cheapest safe winner, else shed cheaply."""
    trick_cards = [c for _, c in k.trick]
    after = k.yet_to_play()
    opp_after = [s for s in after if not k.variant.same_side(s, k.seat)]
    assert k.winning is not None  # following: the trick has a lead
    win_seat, win_card = k.winning
    winners = [c for c in legal if wins_now(c, trick_cards, k.trump)]
    if k.variant.same_side(win_seat, k.seat) and hold_chance(k, win_card, k.led, opp_after) >= SAFE:
        losers = [c for c in legal if c not in winners] or legal
        return _smear(k, losers)
    stake = sum(k.value[c] for c in trick_cards) + LOW_CARD_POINTS * len(opp_after)
    wanted = stake > 0 or _pending(k, k.seat) > 0 or _last_trick(k)
    safe = [c for c in winners if hold_chance(k, c, k.led, opp_after) >= SAFE]
    if safe and wanted:
        return cheapest_winner(safe, k.value, k.trump)
    if winners and sum(k.value[c] for c in trick_cards) > 0:
        return cheapest_winner(winners, k.value, k.trump)
    return cheapest(legal, k.value, k.trump)


def _smear(k: Knowledge, cards: list[Card]) -> Card:
    """Points onto a trick our side will take, keeping trumps and masters for later tricks."""
    plain = (
        [c for c in cards if c.suit is not k.trump and not is_master(k, c)]
        or [c for c in cards if c.suit is not k.trump]
        or cards
    )
    return max(plain, key=lambda c: (k.value[c], -c.strength))


def lead(k: Knowledge, legal: list[Card]) -> Card:
    """Cash safe masters, draw trumps when long in them, find a partner's ruff, an ace, else lead cheap."""
    opps = k.opponents()
    masters = [c for c in legal if c.suit is not k.trump and is_master(k, c)]
    safe = [c for c in masters if hold_chance(k, c, c.suit, opps) >= LEAD_SAFE]
    if safe:
        return max(safe, key=lambda c: (k.value[c], hold_chance(k, c, c.suit, opps)))
    if k.trump is not None:
        mine = [c for c in legal if c.suit is k.trump]
        out = sum(1 for c in k.outside if c.suit is k.trump)
        top = [c for c in mine if is_master(k, c)]
        if top and out and len(mine) > out:
            return max(top, key=lambda c: c.strength)
        if k.partner is not None and k.partner in k.active:
            ruffs = [
                c
                for c in legal
                if c.suit is not k.trump
                and k.void_known(k.partner, c.suit)
                and void_chance(k, k.partner, k.trump) < 0.5
            ]
            if ruffs:
                return cheapest(ruffs, k.value, k.trump)
    aces = [c for c in legal if c.rank == "A" and c.suit is not k.trump]
    return aces[0] if aces else cheapest(legal, k.value, k.trump)


def stock_play(k: Knowledge, legal: list[Card]) -> Card:
    """Two-hand stock phase (A-5, P-0): no duty to follow; win for points or to meld, keep melds."""
    if not k.trick:
        return min(legal, key=lambda c: k.value[c] * 0.6 + keep_value(k, c) + _lead_risk(k, c))
    led = k.trick[0][1]
    meld_now = _meld_if_won(k)
    up = k.view.turnup
    last_stock = k.view.stock == 2 and up is not None
    turnup_gain = 0.0
    if last_stock and up is not None:
        gain = potential(k.holding + [up], k.trump, k.options) - potential(
            k.holding, k.trump, k.options
        )
        turnup_gain = (
            gain + k.value[up] * 0.5 + (4 + up.strength if up.suit is k.trump else 0)
        )  # to the loser

    def score(c: Card) -> float:
        pot = k.value[led] + k.value[c]
        if wins_now(c, [led], k.trump):
            gain = (
                pot
                + complete_melds(_without(k.hand, c), _without(k.own_table, c), k.trump, k.options)
                * meld_now
            )
            return gain - keep_value(k, c) - (turnup_gain if last_stock else 0.0)
        return -pot - keep_value(k, c)

    return max(legal, key=score)


def _without(cards: list[Card], card: Card) -> list[Card]:
    out = list(cards)
    if card in out:
        out.remove(card)
    return out


def _meld_if_won(k: Knowledge) -> float:
    """Weight of a meld chance after winning: certain near the end of the stock, likely earlier."""
    return 1.0 if k.view.stock <= 4 else 0.7


def _lead_risk(k: Knowledge, card: Card) -> float:
    """A lead the opponent can win cheaply gives him its points and a meld chance."""
    if card.suit is k.trump:
        return 0.0 if is_master(k, card) else 2.0
    return 3.0 if not is_master(k, card) and k.value[card] >= 10 else 0.0
