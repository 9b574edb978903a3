"""How league events read on Discord: the standings messages and a player's event results."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, variant_name
from bot.nights.runner import EventBoard
from bot.services import PlayerEventResult
from cogs._columns import code_table, fit
from cogs._players import plain

#: A Discord message's content limit: each part of the standings fits in one.
MESSAGE_LIMIT = 2000
#: Characters kept for the " (part 2 of 3)" after a part's title.
CONTINUED_ROOM = 40


def board_texts(board: EventBoard, lang: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The standings after a round (or the final table): place, player, total, each round's
    score, in as many parts of at most `limit` characters as they need (64 entrants over 10
    rounds take three), every part with the table's header and its columns aligned as one."""
    event = board.event
    name = plain(event.name)
    if board.final:
        title = t("events.board.title_final", lang, name=name)
    elif board.round < 1:
        title = t("events.board.title_none", lang, name=name, count=len(board.rows))
    else:
        title = t("events.board.title", lang, name=name, round=board.round, rounds=event.rounds)
    if board.round < 1 or not board.rows:
        return [title]
    header, *rows = _table(board, lang).split("\n")[1:-1]
    # Each part: its title (at most the title's length plus room for "(2/3)"), the code block.
    room = limit - len(title) - len(header) - len("\n```\n\n```") - CONTINUED_ROOM
    chunks: list[list[str]] = [[]]
    size = 0
    for row in rows:
        if chunks[-1] and size + len(row) + 1 > room:
            chunks.append([])
            size = 0
        chunks[-1].append(row)
        size += len(row) + 1
    parts = []
    for number, chunk in enumerate(chunks, start=1):
        head = title
        if len(chunks) > 1:
            head += " " + t("events.board.part", lang, part=number, parts=len(chunks))
        parts.append("\n".join([head, "```", header, *chunk, "```"]))
    return parts


def _table(board: EventBoard, lang: str) -> str:
    """The standings as one code block (header, then a row per entrant)."""
    event = board.event
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
    return code_table(header, rows, right={0, *range(2, len(header))})


def player_nights_text(results: Sequence[PlayerEventResult], lang: str) -> list[str]:
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
