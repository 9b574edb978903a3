"""A finished deal of a game record (`bot.game.record`) put into words: one set of lines for
*Review last deal* (the whole deal) and `/pinochle replay` (one position of it).

Both read the same `DealRecord`, so a hand, the auction, a meld, a trick and a fair deal's
proof read alike wherever a deal is told again. Only deals that are over ever reach here
(the review and the replay check `bot.store.visibility` first): a record holds every hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.game import VARIANTS, Card, fingerprint, sort_hand
from bot.game.fair import snowflake_time
from bot.game.record import DealRecord, MeldRecord, TrickRecord
from bot.i18n import cards_text, meld_name, t
from bot.presentation.texts import (
    Namer,
    fair_line,
    hand_by_suit,
    plays_text,
    say,
    side_name,
)
from bot.tables.announce import deal_summary, dealt_parties
from bot.tables.snapshot import TableSnapshot


def deal_facts(deal: DealRecord, lang: str, name: Namer, *, contract: bool = False) -> list[str]:
    """Trump, the turn-up and (with `contract`) the contract, for a deal's title line."""
    facts = []
    if deal.trump is not None:
        facts.append(t("bot.review.trump_is", lang, suit=deal.trump.value))
    if deal.turnup is not None:
        facts.append(t("bot.review.turnup", lang, card=cards_text([deal.turnup], lang)))
    if contract and deal.contract is not None:
        declarer, amount = deal.contract
        facts.append(t("bot.review.contract", lang, amount=amount, who=name(declarer)))
    return facts


def hand_lines(
    hands: Mapping[int, Sequence[Card]], deal: DealRecord, lang: str, name: Namer
) -> list[str]:
    """One line per seat: its cards by suit, trump first (the hands as dealt, or as held)."""
    return [
        t(
            "bot.review.hand",
            lang,
            who=name(seat),
            cards=hand_by_suit(sort_hand(cards, deal.trump), lang),
        )
        for seat, cards in sorted(hands.items())
    ]


def auction_lines(deal: DealRecord, lang: str, name: Namer, *, named: bool = True) -> list[str]:
    """The bids and passes in order (E-3..E-6), then (with `named`) the contract and the trump
    its declarer named (E-7, E-8); none without an auction."""
    if not deal.auction:
        return []
    steps = [
        t("bot.review.pass", lang, who=name(seat))
        if word == "pass"
        else t("bot.review.bid", lang, who=name(seat), amount=word.split()[1])
        for seat, word in deal.auction
    ]
    if named and deal.contract is not None:
        declarer, amount = deal.contract
        steps.append(t("bot.review.contract", lang, amount=amount, who=name(declarer)))
    if named and deal.trump_by is not None and deal.trump is not None:
        steps.append(t("bot.review.trump", lang, who=name(deal.trump_by), suit=deal.trump.value))
    return [t("bot.review.auction", lang, steps="; ".join(steps))]


def passing_lines(deal: DealRecord, variant: str, lang: str, name: Namer) -> list[str]:
    """The cards the partners traded (F-5), giver by giver; none without a passing."""
    partner = VARIANTS[variant].partner
    lines = []
    for seat, cards in deal.passes:
        to = partner(seat)
        assert to is not None, "only partners pass cards (F-5)"
        lines.append(
            t("bot.review.gave", lang, who=name(seat), to=name(to), cards=cards_text(cards, lang))
        )
    return lines


def meld_lines(deal: DealRecord, lang: str, name: Namer) -> list[str]:
    """Every meld as declared (its parts, after which trick, whether it counted: C-6, D-5, E-11)."""
    if not deal.melds:
        return []
    return [t("bot.review.melds", lang)] + [_meld_line(meld, lang, name) for meld in deal.melds]


def _meld_line(meld: MeldRecord, lang: str, name: Namer) -> str:
    parts = ", ".join(
        t("bot.review.dix", lang, points=part.points)
        if meld.dix
        else t(
            "bot.review.meld_part",
            lang,
            name=meld_name(part.name, lang),
            cards=cards_text(part.cards, lang),
            points=part.points,
        )
        for part in meld.parts
    )
    key = "bot.review.meld_after" if meld.after_trick else "bot.review.meld"
    line = t(
        key, lang, who=name(meld.seat), melds=parts, points=meld.points, trick=meld.after_trick
    )
    return line if meld.counted else f"{line} {t('bot.review.not_counted', lang)}"


def trick_plays(trick: TrickRecord, lang: str, name: Namer) -> str:
    """A trick's plays, leader first."""
    return plays_text(trick.plays, lang, name)


def _trick_line(trick: TrickRecord, lang: str, name: Namer) -> str:
    line = t(
        "bot.review.trick",
        lang,
        number=trick.number,
        plays=trick_plays(trick, lang, name),
        who=name(trick.winner),
        points=trick.points,
    )
    if trick.draws:
        draws = ", ".join(
            t(f"bot.review.{how}", lang, who=name(seat), card=cards_text([card], lang))
            for seat, card, how in trick.draws
        )
        line += " " + t("bot.review.draws", lang, draws=draws)
    return line


def proof_line(deal: DealRecord, table_id: int | None, lang: str, name: Namer) -> list[str]:
    """A fair deal that is over, revealed: its seed, fingerprint and salts (bot.game.fair)."""
    if deal.seed is None or table_id is None:
        return []
    proof = fingerprint(deal.seed, table_id, deal.number)
    line = fair_line(deal.seed, proof, deal.salts, lang, name)
    if deal.draw is None:
        return [line + " " + t("bot.review.fair_no_draw", lang)]
    drawn = t("bot.review.fair_draw", lang, draw=deal.draw, time=snowflake_time(deal.draw))
    return [line + " " + drawn]


def revealed_lines(
    table: TableSnapshot, deals: Sequence[DealRecord], lang: str, name: Namer
) -> list[str]:
    """Once a game is over, each of its fair deals revealed (`proof_line`), by number: what the
    terminal prints at the end, where no review is opened (`deals`: the deals that are over,
    `TableService.deals_over`)."""
    if not table.fair:
        return []
    return [
        t("bot.terminal.revealed", lang, deal=deal.number, proof=line)
        for deal in deals
        for line in proof_line(deal, table.id, lang, name)
    ]


def review_lines(table: TableSnapshot, deal: DealRecord, lang: str, name: Namer) -> list[str]:
    """A finished deal line by line: hands as dealt, auction, melds, tricks, score: *Review last deal*."""
    title = t("bot.review.title", lang, table=table.id, deal=deal.number, dealer=name(deal.dealer))
    lines = [" · ".join([title, *deal_facts(deal, lang, name)]), t("bot.review.hands", lang)]
    lines += hand_lines(deal.hands, deal, lang, name)
    if deal.exchange is not None:
        seat, card = deal.exchange
        lines.append(t("bot.review.exchange", lang, who=name(seat), card=cards_text([card], lang)))
    lines += auction_lines(deal, lang, name)
    lines += passing_lines(deal, table.variant, lang, name)
    lines += meld_lines(deal, lang, name)
    if deal.tricks:
        lines.append(t("bot.review.tricks", lang))
        lines += [_trick_line(trick, lang, name) for trick in deal.tricks]
    if deal.declared_out is not None:
        lines.append(t("bot.review.declared_out", lang, who=name(deal.declared_out)))
    lines += _review_score(table, deal, lang, name)
    return lines + proof_line(deal, table.id if table.fair else None, lang, name)


def _review_score(table: TableSnapshot, deal: DealRecord, lang: str, name: Namer) -> list[str]:
    """The deal's score: meld and card points by party (last trick included, G-5), then the
    result as the channel told it (points, totals, contract made or set E-12, chips E-15)."""
    result = deal.result
    if result is None:  # reviews are made of ended deals only
        return []
    lines = [t("bot.review.score", lang)]
    lines += [
        t(
            "bot.review.party",
            lang,
            who=side_name(seats, lang, name),
            meld=result.meld[seats[0]],
            cards=result.cards[seats[0]],
        )
        for seats in dealt_parties(table, result)
    ]
    last = next((trick for trick in deal.tricks if trick.last), None)
    if last is not None and result.last_trick[last.winner]:
        lines.append(
            t(
                "bot.review.last_trick",
                lang,
                who=name(last.winner),
                points=result.last_trick[last.winner],  # G-5, scaled by G-7
            )
        )
    return lines + [say(text, lang, name) for text in deal_summary(table, result)]
