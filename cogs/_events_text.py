"""How league events read on Discord: the standings message and a player's event results."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, variant_name
from bot.store.events import PlayerEventResult
from bot.tables.events import EventBoard
from cogs._columns import code_table, fit
from cogs._players import plain


def board_text(board: EventBoard, lang: str) -> str:
    """The standings after a round (or the final table): place, player, total, each round's score."""
    event = board.event
    name = plain(event.name)
    if board.final:
        title = t("events.board.title_final", lang, name=name)
    elif board.round < 1:
        title = t("events.board.title_none", lang, name=name, count=len(board.rows))
    else:
        title = t("events.board.title", lang, name=name, round=board.round, rounds=event.rounds)
    if board.round < 1 or not board.rows:
        return title
    unit = "matchpoints" if event.duplicate else "points"
    header = [
        t("events.board.place", lang),
        t("events.board.player", lang),
        t(f"events.board.total_{unit}", lang),
        *(t("events.board.round", lang, round=r) for r in range(1, board.round + 1)),
    ]
    out = t("events.board.dropped", lang)
    rows = [
        [
            standing.place,
            fit(f"{display} {out}" if dropped else display),
            standing.total,
            *standing.rounds,
        ]
        for standing, display, dropped in board.rows
    ]
    return "\n".join([title, code_table(header, rows, right={0, *range(2, len(header))})])


def player_events_text(results: Sequence[PlayerEventResult], lang: str) -> list[str]:
    """`/league player`'s lines on the events a player finished (none: no lines)."""
    if not results:
        return []
    return [t("events.player.title", lang)] + [
        "• "
        + t(
            "events.player.line",
            lang,
            name=plain(r.name),
            variant=variant_name(r.variant, lang),
            place=r.place,
            entrants=r.entrants,
            total=r.total,
            unit=t(f"events.player.unit_{'matchpoints' if r.duplicate else 'points'}", lang),
        )
        for r in results
    ]
