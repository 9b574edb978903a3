"""Card pictures on the board message: the trick on the table and the melds.

The board shows the trick on the table (or the last one, between tricks) with
who played what and the card now winning (RULES G-3, the engine's
`PublicView.heading`), and, once melds are on the table, the melds of each player.
The pictures are drawn off the event loop by `bot.render` (which caches each
distinct picture) and attached to the board message beside its text: the
trick inside the board's embed, the melds in a second embed below it.
A server can turn the board's pictures off, a person those of their hand view
(`SettingsService.images_enabled`, set with `/pinochle settings` and `/pinochle images`).
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

import discord

from bot.game import Card, PublicView, Suit, cards_melded
from bot.render import render_in_thread, render_melds, render_trick
from bot.tables import TableSnapshot

log = logging.getLogger(__name__)

TRICK_FILE, MELDS_FILE = "trick.png", "melds.png"


@dataclass(frozen=True)
class BoardScene:
    """What the board's pictures show, read from a snapshot of the table (`TableSnapshot.snapshot`)."""

    plays: tuple[tuple[str, Card], ...]
    winner: int | None
    places: int
    trump: Suit | None
    melds: tuple[tuple[str, tuple[Card, ...]], ...]
    lang: str


def board_scene(table: TableSnapshot) -> BoardScene | None:
    """The pictures of a game in play or just finished; None in the lobby or after a cancel."""
    view = table.view
    if view is None or table.status not in ("playing", "finished"):
        return None
    heading = view.heading  # the engine's answer for the trick on the table (G-3)
    trick = view.trick if heading is not None else view.last_trick
    winner_seat = heading[0] if heading is not None else view.last_trick_winner
    seats = [seat for seat, _ in trick]
    return BoardScene(
        plays=tuple((_picture_name(table, seat), c) for seat, c in trick),
        winner=seats.index(winner_seat) if winner_seat in seats else None,
        places=table.size,
        trump=view.trump,
        melds=_meld_rows(table, view),
        lang=table.language,
    )


def _picture_name(table: TableSnapshot, seat: int) -> str:
    """A player's name as the picture's font can draw it (stored plain: no robot emoji)."""
    return table.seats[seat].display_name


def _meld_rows(table: TableSnapshot, view: PublicView) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """One row per player with melds: the cards lying on the table (two-handed, RULES M-5), or
    else the cards the melds shown need in hand (`cards_melded`: two melds of other classes may
    share one, two marriages of a suit are four cards)."""
    rows: dict[int, list[Card]] = {}
    if view.table:
        for seat, cards in view.table.items():
            rows[seat] = list(cards)
    else:
        for seat in dict.fromkeys(meld.seat for meld in view.melds):
            shown = cards_melded((m.name, m.cards) for m in view.melds if m.seat == seat)
            rows[seat] = [card for card, count in shown.items() for _ in range(count)]
    return tuple(
        (_picture_name(table, seat), tuple(cards)) for seat, cards in sorted(rows.items()) if cards
    )


async def board_pictures(scene: BoardScene) -> dict[str, bytes]:
    """The board's PNGs by file name (trick, then melds if any), drawn in the render thread;
    none if drawing fails (the board still has its text)."""
    try:
        pictures = {
            TRICK_FILE: await render_in_thread(
                render_trick,
                scene.plays,
                trump=scene.trump,
                winner=scene.winner,
                lang=scene.lang,
                places=scene.places,
            )
        }
        if scene.melds:
            pictures[MELDS_FILE] = await render_in_thread(
                render_melds, scene.melds, trump=scene.trump, lang=scene.lang
            )
    except Exception:
        log.exception("could not draw the board's pictures; the board shows text only")
        return {}
    return pictures


def as_files(pictures: dict[str, bytes]) -> list[discord.File]:
    """Fresh attachments for one request (discord.py closes a file once it is sent)."""
    return [discord.File(io.BytesIO(png), filename=name) for name, png in pictures.items()]


def with_pictures(embed: discord.Embed, pictures: dict[str, bytes]) -> list[discord.Embed]:
    """The board's embeds: its text with the trick picture, and an embed for the melds picture."""
    if TRICK_FILE in pictures:
        embed.set_image(url=f"attachment://{TRICK_FILE}")
    embeds = [embed]
    if MELDS_FILE in pictures:
        embeds.append(
            discord.Embed(colour=embed.colour).set_image(url=f"attachment://{MELDS_FILE}")
        )
    return embeds
