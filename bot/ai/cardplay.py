"""Card play of the `normal` level: counting, voids, and the worth of a trick.

Each legal card gets a score: the chance our side takes the trick with it
(from the cards still out and the voids the history proved), times the points
at stake, less what the card is worth kept for later (a high trump, a master
ace, a meld card in the two-hand stock). The best score is played.
"""

from __future__ import annotations

from bot.game import Card, trick_winner

from .knowledge import Knowledge
from .meldvalue import complete_melds, meld_loss, potential

#: Rough points a card adds to a trick when its player does not expect to win it.
LOW_CARD_POINTS = 4


def wins_now(card: Card, trick_cards: list[Card], trump) -> bool:
    """Would `card`, played now, take the lead in the trick (G-3)?"""
    return not trick_cards or trick_winner(trick_cards + [card], trump) == len(trick_cards)


def is_master(k: Knowledge, card: Card) -> bool:
    """No card still out anywhere is higher in the card's own suit."""
    return not any(x.suit is card.suit and x.strength > card.strength for x in k.outside)


def holds_any(k: Knowledge, seat: int, candidates) -> float:
    """Chance that `seat` holds at least one of `candidates`, from what is shown, out and ruled out."""
    shown = k.known.get(seat, []) + k.table.get(seat, [])
    hidden = 0
    for x in candidates:
        if x in shown:
            return 1.0
        hidden += k.unseen.count(x) if x not in k.excluded.get(seat, ()) else 0
    if not hidden:
        return 0.0
    sizes = k.view.get("hand_sizes", [])
    size = sizes[seat] - len(k.known.get(seat, [])) if seat < len(sizes) else 0
    share = min(1.0, max(0, size) / max(1, len(k.unseen)))
    return 1.0 - (1.0 - share) ** hidden


def void_chance(k: Knowledge, seat: int, suit) -> float:
    """Chance that `seat` holds no card of `suit`."""
    return 1.0 - holds_any(k, seat, [c for c in set(k.outside) if c.suit is suit])


def hold_chance(k: Knowledge, card: Card, lead, seats: list[int]) -> float:
    """Chance that `card`, winning a trick led in `lead`, is beaten by none of `seats`."""
    trump = k.trump
    higher = [x for x in set(k.outside) if x.suit is card.suit and x.strength > card.strength]
    chance = 1.0
    for s in seats:
        if card.suit is lead:
            p_beat = holds_any(k, s, higher)
            if trump is not None and lead is not trump:
                p_beat += void_chance(k, s, lead) * holds_any(k, s, [x for x in set(k.outside) if x.suit is trump])
        elif card.suit is trump:
            p_beat = void_chance(k, s, lead) * holds_any(k, s, higher)
        else:
            p_beat = 1.0
        chance *= 1.0 - min(1.0, p_beat)
    return chance


def keep_value(k: Knowledge, card: Card) -> float:
    """What the card is worth held back: trick-taking power, plus meld promise in the stock."""
    worth = 0.0
    if card.suit is k.trump:
        worth += 4 + card.strength * 1.5
    elif is_master(k, card):
        worth += 5
    if k.phase == "stock":
        worth += meld_loss(k.holding, card, k.trump, k.options)
    return worth


def strict_play(k: Knowledge, legal: list[Card]) -> Card:
    """Choose a card under §8 (play-off of two-hand, every trick of three-, four-hand and check)."""
    if not k.trick:
        return max(legal, key=lambda c: lead_score(k, c))
    return max(legal, key=lambda c: follow_score(k, c))


def _pot(k: Knowledge, extra_players: int) -> float:
    pot = sum(k.value[c] for _, c in k.trick) + extra_players * LOW_CARD_POINTS
    if _last_trick(k):
        pot += 10 if k.options["count_scheme"] != "one_point" else 1
    return pot


def _last_trick(k: Knowledge) -> bool:
    return len(k.hand) + len(k.own_table) == 1 and k.view.get("stock", 0) == 0


def follow_score(k: Knowledge, card: Card) -> float:
    trick_cards = [c for _, c in k.trick]
    after = k.yet_to_play()
    opp_after = [s for s in after if not k.same_side(s, k.seat)]
    pot = _pot(k, len(after)) + k.value[card]
    if wins_now(card, trick_cards, k.trump):
        p = hold_chance(k, card, k.led, opp_after)
    else:
        win_seat, win_card = k.winning
        p = hold_chance(k, win_card, k.led, opp_after) if k.same_side(win_seat, k.seat) else 0.0
        partner_after = [s for s in after if s != k.seat and k.same_side(s, k.seat)]
        if partner_after and p == 0.0:
            p = 0.3
    return (2 * p - 1) * pot - keep_value(k, card) * (0.5 if _last_trick(k) else 1.0)


def lead_score(k: Knowledge, card: Card) -> float:
    others = [s for s in k.active if s != k.seat]
    opps = [s for s in others if not k.same_side(s, k.seat)]
    p = hold_chance(k, card, card.suit, opps)
    if p < 0.5 and k.partner is not None:
        partner = k.partner
        # A low lead toward a partner who can ruff or who may hold the master.
        if k.trump is not None and card.suit is not k.trump and k.void_known(partner, card.suit):
            p = max(p, 0.6 * (1.0 - void_chance(k, partner, k.trump)))
        else:
            p = max(p, 0.3)
    pot = _pot(k, len(others)) + k.value[card]
    score = (2 * p - 1) * pot - keep_value(k, card)
    if card.suit is k.trump and p > 0.9:
        mine = sum(1 for c in k.hand if c.suit is k.trump)
        out = sum(1 for c in k.outside if c.suit is k.trump)
        score += 6 if mine >= out else -4  # draw trumps only when long in them
    return score


def stock_play(k: Knowledge, legal: list[Card]) -> Card:
    """Two-hand stock phase (A-5, P-0): no duty to follow; win for points or to meld, keep melds."""
    if not k.trick:
        return min(legal, key=lambda c: k.value[c] * 0.6 + keep_value(k, c) + _lead_risk(k, c))
    led = k.trick[0][1]
    meld_now = _meld_if_won(k)
    last_stock = k.view.get("stock", 0) == 2 and k.view.get("turnup") is not None
    turnup = k.view.get("turnup")
    turnup_gain = 0.0
    if last_stock and turnup:
        up = Card.from_text(turnup)
        gain = potential(k.holding + [up], k.trump, k.options) - potential(k.holding, k.trump, k.options)
        turnup_gain = gain + k.value[up] * 0.5 + (4 + up.strength if up.suit is k.trump else 0)  # to the loser

    def score(c: Card) -> float:
        pot = k.value[led] + k.value[c]
        if wins_now(c, [led], k.trump):
            gain = pot + complete_melds(_without(k.hand, c), _without(k.own_table, c), k.trump, k.options) * meld_now
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
    stock = k.view.get("stock", 0)
    return 1.0 if stock <= 4 else 0.7


def _lead_risk(k: Knowledge, card: Card) -> float:
    """A lead the opponent can win cheaply gives him its points and a meld chance."""
    if card.suit is k.trump:
        return 0.0 if is_master(k, card) else 2.0
    return 3.0 if not is_master(k, card) and k.value[card] >= 10 else 0.0
