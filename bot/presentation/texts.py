"""Putting tables into words: the board, a private hand, action labels and `Text`s.

The Discord cogs and the terminal mode both speak through these functions, so
the texts are the same everywhere; only how a player is named differs (a
`Namer`: a mention on Discord, a plain name in the terminal). Every word comes
from the message catalogs (`bot.i18n`): the "bot" domain for the bot's own
texts, the "game" domain for variant, meld, phase and option names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Final

from bot.game import (
    OPTIONS,
    PASS,
    VARIANTS,
    Action,
    Card,
    Phase,
    PublicView,
    SeatView,
    enabled_melds,
    resolve_options,
)
from bot.game.errors import IllegalAction, OptionError, Refusal, Typed
from bot.game.events import TrickTaken
from bot.game.fair import SHORT_FINGERPRINT
from bot.game.views import MeldOnTable
from bot.i18n import (
    action_label,
    cards_text,
    chip_reason,
    describe_error,
    meld_name,
    number,
    option_text,
    option_value_text,
    phase_name,
    signed,
    t,
    variant_name,
    variant_summary,
)
from bot.tables import computer_plays, shown_name
from bot.tables.announce import dealt_parties, grouped_melds, parties
from bot.tables.outcome import Act, Cards, Chip, Name, Side, Text, Who
from bot.tables.snapshot import TableSnapshot

#: How a layer names the player in a seat, or a person by the `Name` they had.
Namer = Callable[[int | Name], str]


def plain_namer(table: TableSnapshot) -> Namer:
    """Seat -> display name (for the terminal and for texts that must not mention)."""

    def name(who: int | Name) -> str:
        if isinstance(who, Name) or who not in table.seats:
            return numbered(who)
        return shown_name(table.seats[who])

    return name


def numbered(who: int | Name) -> str:
    """Seats by number ("#2"), for texts without a table; a `Name` as typed."""
    return who.text if isinstance(who, Name) else f"#{who + 1}"


def say(text: Text | Refusal | Sequence[Text], lang: str, name: Namer) -> str:
    """A `Text`, a refusal or several texts (one a line) in `lang`, with players named by `name`:
    the one way every surface (Discord, the terminal, the league nights) puts them into words."""
    if isinstance(text, Refusal):
        return refused(text, lang, name)
    if not isinstance(text, Text):
        return "\n".join(say(line, lang, name) for line in text)
    return t(text.key, lang, **{k: _param(v, lang, name) for k, v in text.params.items()})


#: How a person is told the engine's refusals: of an action ("Not allowed: …") or of a house
#: rule ("That house rule cannot be used: …"). The engine raises them once and every layer above
#: passes them through, so the frame is put on here, where they are said, never by wrapping.
_FRAMES: Final = ((IllegalAction, "bot.refuse.illegal"), (OptionError, "bot.refuse.bad_option"))


def refused(refusal: Refusal, lang: str, name: Namer) -> str:
    """A refusal from any layer in `lang`, players and a person's own words shown by `name`."""
    said = describe_error(refusal, lang, rule=False, word=lambda value: _param(value, lang, name))
    frame = next((key for kind, key in _FRAMES if isinstance(refusal, kind)), None)
    return said if frame is None else t(frame, lang, error=said)


def _param(value: Any, lang: str, name: Namer) -> Any:
    if isinstance(value, Text):
        return say(value, lang, name)
    if isinstance(value, Who):
        return name(value.seat)
    if isinstance(value, Name):
        return name(value)
    if isinstance(value, Side):
        return side_name(value.seats, lang, name)
    if isinstance(value, Cards):
        return cards_text(value.cards, lang)
    if isinstance(value, Act):
        return _chosen_label(value.action, value.phase, lang)
    if isinstance(value, Chip):
        return chip_reason(value.reason, value.detail, lang)
    if isinstance(value, Refusal):
        return refused(value, lang, name)
    if isinstance(value, Typed):
        return name(Name(value.text))
    if isinstance(value, list | tuple):
        return ", ".join(str(_param(v, lang, name)) for v in value)
    return value


def side_name(seats: tuple[int, ...] | list[int], lang: str, name: Namer) -> str:
    """A lone player by name, partners as "Alice & Carol" ("Алиса и Кэрол")."""
    if len(seats) == 1:
        return name(seats[0])
    *first, last = seats
    return t("bot.board.partners", lang, first=", ".join(name(s) for s in first), second=name(last))


def hand_by_suit(cards: Sequence[Card], lang: str) -> str:
    """A hand (already sorted by suit) with a wider gap between suits."""
    groups: list[list[Card]] = []
    for card in cards:
        if groups and groups[-1][-1].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return "   ".join(cards_text(group, lang) for group in groups)


def hand_action_label(view: SeatView, action: Action, lang: str) -> str:
    """A hand view's label: a meld with its name and points, "pass" named by what it declines."""
    if action.verb == "meld":
        named = view.meld_value(action.cards)
        if named is not None:
            return t(
                "bot.action.meld_named",
                lang,
                name=meld_name(named[0], lang),
                cards=cards_text(action.cards, lang),
                points=named[1],
            )
    return _chosen_label(action, view.phase, lang)


def _chosen_label(action: Action, phase: Phase | None, lang: str) -> str:
    """An action's label as chosen in `phase`: "pass" named by what it declines there."""
    if action == PASS and phase in _PASS_KEYS:
        return t(_PASS_KEYS[phase], lang)
    return action_label(action, lang)


#: What "pass" declines, by phase: the meld (M-1), the dix exchange (C-4); in an auction it is a pass.
_PASS_KEYS = {Phase.MELD: "bot.action.pass_meld", Phase.EXCHANGE: "bot.action.pass_exchange"}


# ---------------------------------------------------------------- the board


def board_title(table: TableSnapshot, lang: str) -> str:
    return t("bot.board.title", lang, variant=variant_name(table.variant, lang), table=table.id)


def board_text(table: TableSnapshot, lang: str, name: Namer) -> str:
    """The board's body: seats, then the state of play (or the lobby's rules)."""
    lines = [_seats_line(table, lang, name)]
    if table.status == "lobby":
        lines += [t("bot.board.lobby", lang, seated=len(table.seats), size=table.size)]
        lines += _rules_lines(table, lang)
        lines += _fair_lines(table, lang)
    elif table.status == "cancelled":
        lines.append(t("bot.board.abandoned" if table.abandoned else "bot.board.cancelled", lang))
    elif table.view is not None:
        if table.paused_until is not None:
            until = datetime.fromtimestamp(table.paused_until, UTC).strftime("%H:%M")
            lines.append(t("bot.board.paused", lang, time=until))
        lines += _play_lines(table, table.view, lang, name)
        if not (table.game_over or table.over):
            lines += _fair_lines(table, lang)
    return "\n".join(lines)


def _fair_lines(table: TableSnapshot, lang: str) -> list[str]:
    """The fingerprints shown before each deal (bot.game.fair): the deal in play's and the next's,
    whose salts are still taken (the lobby: the first deal's). None for an older table."""
    if table.fingerprints is None:
        return []
    (now, ahead), deal, salts = table.fingerprints, table.deal_no, table.salts_ahead
    key = "bot.board.fair_lobby" if table.view is None else "bot.board.fair"
    key += "_salted" if salts else ""  # no count of none
    return [t(key, lang, deal=deal, fingerprint=short(now), next=short(ahead), salts=salts)]


def fair_line(
    seed: bytes, fingerprint: str, salts: Mapping[int, str], lang: str, name: Namer
) -> str:
    """A deal that is over, revealed (bot.game.fair): its seed, its fingerprint, the salts."""
    given = ", ".join(f"{name(seat)} “{name(Name(word))}”" for seat, word in sorted(salts.items()))
    return t(
        "bot.review.fair",
        lang,
        seed=seed.hex(),
        fingerprint=short(fingerprint),
        salts=given or t("bot.review.no_salts", lang),
    )


def short(fingerprint: str) -> str:
    """The fingerprint as shown: its first hex digits, enough to bind (docs/fair-deals.md)."""
    return fingerprint[:SHORT_FINGERPRINT]


def _seats_line(table: TableSnapshot, lang: str, name: Namer) -> str:
    parts = []
    for seat_no in range(table.size):
        seat = table.seats.get(seat_no)
        if seat is None:
            parts.append(t("bot.board.seat_empty", lang, seat=seat_no + 1))
            continue
        marks = []
        if seat.user_id is not None and seat.user_id == table.host_id:
            marks.append(t("bot.board.mark_host", lang))
        if seat.user_id is not None and computer_plays(seat):
            marks.append(t("bot.board.mark_away", lang))
        finished = table.finished_places.get(seat_no)
        if finished is not None:
            marks.append(
                t("bot.board.mark_finished", lang, place=finished)
                if finished
                else t("bot.board.mark_out", lang)
            )
        if table.to_act == seat_no:
            marks.append(t("bot.board.mark_to_act", lang))
        label = name(seat_no) + (f" ({', '.join(marks)})" if marks else "")
        parts.append(t("bot.board.seat", lang, seat=seat_no + 1, name=label))
    return " · ".join(parts)


def _rules_lines(table: TableSnapshot, lang: str) -> list[str]:
    timer = (
        t("bot.board.timer", lang, seconds=table.turn_seconds)
        if table.turn_seconds
        else t("bot.board.timer_off", lang)
    )
    rules = [
        f"{t(f'game.option.{k}.label', lang)}: {option_value_text(k, v, lang).label}"
        for k, v in sorted(table.options.items())
    ]
    lines = [timer]
    if rules:
        lines.append(t("bot.board.house_rules", lang, rules="; ".join(rules)))
    return lines


def _play_lines(table: TableSnapshot, view: PublicView, lang: str, name: Namer) -> list[str]:
    lines = [
        t(
            "bot.board.deal",
            lang,
            deal=view.deal,
            dealer=name(view.dealer),
            phase=phase_name(view.phase, lang),
        )
    ]
    facts = _facts(view, lang, name)
    if facts:
        lines.append(" · ".join(facts))
    lines += _melds_lines(view, lang, name)
    lines.append(
        t(
            "bot.board.trick",
            lang,
            plays=plays_text(view.trick, lang, name) if view.trick else "—",
        )
    )
    bonus = table.last_trick_bonus
    lines += [_recent_trick_line(trick, bonus, lang, name) for trick in recent_tricks(table, view)]
    over = table.game_over
    if not over and (view.tricks_played or any(view.deal_points.meld)):
        lines.append(_deal_points_line(table, view, lang, name))
    lines.append(_scores_line(table, view, lang, name))
    if over:
        lines.append(_standings_line(view, lang, name))
    elif table.event is not None and table.over:
        lines.append(t("bot.board.event_done", lang, deals=table.event.deals))
    elif view.to_act is not None:
        lines.append(t("bot.board.waiting", lang, who=name(view.to_act)))
    return lines


def _facts(view: PublicView, lang: str, name: Namer) -> list[str]:
    """Trump, turn-up, stock, and the auction: high bid or contract, and who passed (E-5)."""
    facts = []
    if view.trump is not None:
        facts.append(t("bot.board.trump", lang, suit=view.trump.value))
    if view.turnup is not None:
        facts.append(t("bot.board.turnup", lang, card=cards_text([view.turnup], lang)))
    if view.stock:
        facts.append(t("bot.board.stock", lang, count=view.stock))
    bidder = view.bidder
    if view.contract and bidder is not None:
        facts.append(t("bot.board.contract", lang, amount=view.contract, who=name(bidder)))
    elif view.bid and bidder is not None:
        facts.append(t("bot.board.bid", lang, amount=view.bid, who=name(bidder)))
    if view.phase == Phase.AUCTION and view.passed:
        facts.append(t("bot.board.passed", lang, who=", ".join(name(s) for s in view.passed)))
    if view.phase == Phase.PASSING and view.to_act is not None and view.give_to is not None:
        giving = dict(who=name(view.to_act), to=name(view.give_to), count=view.give_count)
        facts.append(t("bot.board.giving", lang, **giving))  # F-5: how many, never which
    return facts


def plays_text(plays: Sequence[tuple[int, Card]], lang: str, name: Namer) -> str:
    """A trick as "Alice 10♥ · Bob A♥", in play order."""
    return " · ".join(f"{name(seat)} {card.text(lang)}" for seat, card in plays)


def recent_tricks(table: TableSnapshot, view: PublicView) -> list[TrickTaken]:
    """The last few completed tricks, newest first; after a restart, the engine's last trick alone.
    A table told as things happen drops the last deal's trick once a new deal begins."""
    if table.tricks_carried and table.home.as_they_happen:
        return []
    if table.recent_tricks:
        return list(table.recent_tricks)
    if not view.tricks:
        return []
    return [TrickTaken(view.tricks[-1], last=False)]  # the engine's record (G-3, G-4)


def _recent_trick_line(trick: TrickTaken, last_bonus: int, lang: str, name: Namer) -> str:
    """ "Trick 7: Alice 10♥ · Bob Q♦ → Alice, 13 points (+10 for the last trick)"; `last_bonus`:
    what the deal's last trick adds (G-5, G-7)."""
    bonus = last_bonus if trick.last else 0
    key = "bot.board.trick_done_last" if bonus else "bot.board.trick_done"
    taken = trick.trick
    return t(
        key,
        lang,
        number=taken.number,
        plays=plays_text(taken.plays, lang, name),
        who=name(taken.winner),
        points=taken.points,
        bonus=bonus,
    )


def _deal_points_line(table: TableSnapshot, view: PublicView, lang: str, name: Namer) -> str:
    """Each side's meld and card points so far this deal (credited meld only, C-6)."""
    parts = " · ".join(
        t(
            "bot.board.deal_points_part",
            lang,
            who=side_name(seats, lang, name),
            meld=number(meld),
            cards=number(cards),
        )
        for seats in parties(table)
        if any(seat in view.active for seat in seats)  # who finished sits out (C-10, D1-2)
        for meld, cards in [view.deal_points.of_side(seats)]
    )
    return t("bot.board.deal_points", lang, parts=parts)


def _melds_lines(view: PublicView, lang: str, name: Namer) -> list[str]:
    by_seat: dict[int, list[MeldOnTable]] = {}
    for meld in view.melds:
        by_seat.setdefault(meld.seat, []).append(meld)
    lines = [
        t(
            "bot.board.melds",
            lang,
            who=name(seat),
            melds=", ".join(
                _meld_text(meld, cards, points, lang)
                for (meld, cards), points in grouped_melds(melds).items()
            ),
        )
        for seat, melds in sorted(by_seat.items())
    ]
    for seat, cards in sorted(view.table.items()):
        lines.append(t("bot.board.face_up", lang, who=name(seat), cards=cards_text(cards, lang)))
    return lines


def _meld_text(meld: str, cards: tuple[Card, ...], points: list[int], lang: str) -> str:
    if len(points) > 1:
        return t(
            "bot.line.meld_repeated",
            lang,
            name=meld_name(meld, lang),
            cards=cards_text(cards, lang),
            times=len(points),
            points=sum(points),
        )
    return t(
        "bot.board.meld",
        lang,
        name=meld_name(meld, lang),
        cards=cards_text(cards, lang),
        points=points[0],
    )


def final_standings(table: TableSnapshot, lang: str, name: Namer) -> str:
    """ "Final standings: 1. …, 2. …" of a game that is over."""
    assert table.view is not None  # a game that is over
    return _standings_line(table.view, lang, name)


def _standings_line(view: PublicView, lang: str, name: Namer) -> str:
    """The final places of a game that is over (G-13), best first."""
    places = ", ".join(
        f"{place}. {side_name(seats, lang, name)}"
        for place, seats in enumerate(view.ranking, start=1)
    )
    return t("bot.board.finished", lang, places=places)


def _scores_line(table: TableSnapshot, view: PublicView, lang: str, name: Namer) -> str:
    scores = " · ".join(
        f"{side_name(seats, lang, name)} {number(view.scores[seats[0]])}"
        for seats in parties(table)
    )
    return t("bot.board.scores", lang, scores=scores, target=view.target)


# ---------------------------------------------------------------- a private hand


def hand_text(
    table: TableSnapshot,
    seat: int,
    view: SeatView,
    covered: bool,
    lang: str,
    name: Namer,
    *,
    beside_board: bool = False,
) -> str:
    """What a player sees privately: their cards, the trick, and whether it is their turn.

    `beside_board`: shown right under the board (the terminal), so trump, the trick and
    whose turn it is, which the board already shows, are left out."""
    lines = [t("bot.hand.cards", lang, cards=hand_by_suit(view.hand, lang) or "—")]
    face_up = view.table.get(seat)
    if face_up:
        lines.append(t("bot.hand.face_up", lang, cards=cards_text(face_up, lang)))
    if view.trump is not None and not beside_board:
        lines.append(t("bot.board.trump", lang, suit=view.trump.value))
    if view.trick and not beside_board:
        lines.append(t("bot.board.trick", lang, plays=plays_text(view.trick, lang, name)))
    lines += _passed_lines(view, lang)
    if covered:
        lines.append(t("bot.hand.covered", lang))
    elif view.legal and view.phase is Phase.PASSING:
        if not beside_board:  # the terminal numbers the cards under it and says how to give
            lines.append(give_prompt(view, "bot.hand", lang, name))
    elif view.legal:
        if not beside_board:  # under the board, "To act: You" has said it
            lines.append(t("bot.hand.your_turn", lang))
    elif table.event is not None and table.over:
        lines.append(t("bot.board.event_done", lang, deals=table.event.deals))
    elif view.to_act is not None:
        lines.append(t("bot.board.waiting", lang, who=name(view.to_act)))
    return "\n".join(lines)


def card_places(view: SeatView) -> dict[Card, int]:
    """Where each of a seat's cards is shown to it: its hand (trump first, `hand_text`), then what
    it has melded onto the table. Buttons and numbered entries of cards follow these places."""
    shown = [*view.hand, *view.table.get(view.seat, ())]
    return {card: at for at, card in reversed(list(enumerate(shown)))}


def give_prompt(view: SeatView, keys: str, lang: str, name: Namer) -> str:
    """F-5: how many cards the seat passing gives and to whom, with the cards it chose so far
    (`keys`: the hand view's wording, or the terminal's)."""
    to = name(view.give_to) if view.give_to is not None else "—"
    if view.giving:
        chosen = cards_text(view.giving, lang)
        return t(f"{keys}.give_rest", lang, chosen=chosen, count=view.give_due, to=to)
    return t(f"{keys}.give", lang, count=view.give_count, to=to)


def _passed_lines(view: SeatView, lang: str) -> list[str]:
    """The cards this seat gave its partner and received this deal (F-5): only the two know them."""
    lines = []
    for key, cards in (("bot.hand.gave", view.gave), ("bot.hand.received", view.received)):
        if cards:
            lines.append(t(key, lang, cards=cards_text(cards, lang)))
    return lines


# ---------------------------------------------------------------- scores and rules


def score_text(table: TableSnapshot, lang: str, name: Namer) -> str:
    """The scores now (and the final places once the game is over), each finished deal's points,
    one line per deal."""
    view = table.view
    if view is None:
        return t("bot.refuse.not_started", lang)
    lines = [_scores_line(table, view, lang, name)]
    if table.game_over:
        lines.append(_standings_line(view, lang, name))
    for result in table.deal_results:
        parts = " · ".join(
            f"{side_name(seats, lang, name)} {signed(result.points[seats[0]])}"
            for seats in dealt_parties(table, result)
        )
        lines.append(t("bot.score.deal", lang, deal=result.deal, parts=parts))
    return "\n".join(lines)


def rules_text(variant: str, options: Mapping[str, Any], lang: str) -> str:
    """A variant's rules summary and its meld table with these house rules (RULES §2.1)."""
    resolved = resolve_options(options, players=VARIANTS[variant].players, variant=variant)
    melds = ", ".join(f"{meld_name(n, lang)} {v}" for n, v in enabled_melds(resolved).items())
    own = []
    for name in game_options(variant):
        value = option_value_text(name, resolved[name], lang)
        own.append(f"• {option_text(name, lang).label}: {value.label} ({value.description})")
    return "\n\n".join(
        [
            variant_summary(variant, lang),
            t("bot.rules.melds", lang, melds=melds, target=resolved["target"]),
            *([t("bot.rules.options", lang, rules="\n".join(own))] if own else []),
            t("bot.rules.forfeit", lang),
        ]
    )


#: The rules sections (docs/rules.md) whose options a game lists: the double deck plays the
#: partnership auction (F) with its own changes (H).
_OWN_SECTIONS = {"F": ("F",), "H": ("F", "H")}


def game_options(variant: str) -> list[str]:
    """The house rules a game of its own lists in `/pinochle rules` (RULES §13, §14): those of
    its rules sections and those it sets apart from the other games, in the options' order; only
    those it plays (G-14: the double deck's own count is no choice)."""
    game = VARIANTS[variant]
    sections = _OWN_SECTIONS.get(game.rules, ())
    return [
        name
        for name, spec in OPTIONS.items()
        if spec.table
        and game.plays_option(name)
        and (spec.rule.split("-")[0] in sections or name in game.defaults)
    ]
