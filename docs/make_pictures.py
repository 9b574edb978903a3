"""Draw docs/pictures/board.png and hand.png: a table's board and a hand as players see them.

Run from the repository root: `python docs/make_pictures.py`. Four people (Alice, Boris, Clara,
Dmitri) play a four-handed game through the table service, each seat chosen by the `normal`
computer player from a fixed seed, until it is Alice's turn in the middle of a trick. Everything
in the pictures comes from the bot's own code: the board's embed and buttons (`cogs._board`), its
trick and meld pictures (`cogs._pictures`, `bot.render`), the hand's text, picture and action
buttons (`cogs._hand`). Only the frame around them, Discord's dark theme, is drawn here.
"""

from __future__ import annotations

import asyncio
import io
import random
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai.table_players import LevelPlayer
from bot.presentation.texts import hand_text, plain_namer
from bot.render import render_hand
from bot.render.theme import font
from bot.store import Store
from bot.tables.service import Hand, Person, TableService
from cogs._board import board_embed, board_view
from cogs._hand import hand_components
from cogs._pictures import board_pictures, board_scene

OUT = Path(__file__).resolve().parent / "pictures"
PEOPLE = [Person(1, "Alice"), Person(2, "Boris"), Person(3, "Clara"), Person(4, "Dmitri")]
SEED, LANG = 2, "en"
# Discord's dark theme: the chat, an embed, text, and the button styles by their number.
CHAT, EMBED, TEXT, WHITE = (49, 51, 56), (43, 45, 49), (219, 222, 225), (242, 243, 245)
BUTTON = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
WIDTH, PAD = 700, 16


async def sample_hand() -> tuple[Any, dict[str, bytes], Hand]:
    """Play the sample game up to Alice's turn mid-trick with melds on the table."""
    with tempfile.TemporaryDirectory(prefix="pinochle-pictures-") as folder:
        store = await Store.open(Path(folder) / "pictures.db")
        service = TableService(store, seed=SEED, turn_seconds=0)
        try:
            opened = await service.open(
                guild_id=1, channel_id=1, host=PEOPLE[0], variant="four-handed", language=LANG
            )
            table = opened.table
            assert table is not None
            for person in PEOPLE[1:]:
                await service.join(table.id, person)
            await service.start(table.id, PEOPLE[0])
            rng, player = random.Random(SEED), LevelPlayer("normal", 0.1)
            while True:
                table = service.table(table.id) or table  # as it is now
                seat = table.to_act
                assert seat is not None
                hand = await service.hand(table.id, PEOPLE[seat].user_id)
                if seat == 0 and len(hand.view.trick) == 3 and hand.view.melds:
                    scene = board_scene(table)
                    assert scene is not None
                    return table, await board_pictures(scene), hand
                action = player.choose(hand.view, hand.legal, rng)
                await service.act(table.id, PEOPLE[seat], action, version=hand.version)
        finally:
            await service.close()
            await store.close()


#: The fair-deal lock Discord shows as an emoji: the shipped font has no glyph for it (it would
#: draw its missing-glyph box), so it is drawn here as a padlock.
LOCK = "🔒"
GOLD, STEEL = (240, 184, 64), (170, 175, 185)


def _write(
    pen: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, fill: tuple[int, ...]
) -> None:
    """`pen.text` in the shipped font, each `LOCK` drawn as a padlock one `size` wide."""
    x, y = xy
    for number, part in enumerate(text.split(LOCK)):
        if number:
            _padlock(pen, x, y, size)
            x += size
        pen.text((x, y), part, font=font(size), fill=fill)
        x += int(pen.textlength(part, font=font(size)))


def _padlock(pen: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """A shut padlock: a steel shackle over a gold body."""
    left, right, width = x + size * 0.22, x + size * 0.68, max(2, size // 7)
    pen.arc((left, y + size * 0.05, right, y + size * 0.75), 180, 360, fill=STEEL, width=width)
    for side in (left, right):
        pen.line((side, y + size * 0.4, side, y + size * 0.5), fill=STEEL, width=width)
    body = (x + size * 0.1, y + size * 0.45, x + size * 0.8, y + size * 1.05)
    pen.rounded_rectangle(body, max(1, size // 8), fill=GOLD)


def _lines(text: str, width: int = 72) -> list[str]:
    return [part for line in text.split("\n") for part in textwrap.wrap(line, width) or [""]]


def _picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width > WIDTH - 4 * PAD:
        scale = (WIDTH - 4 * PAD) / image.width
        image = image.resize((int(image.width * scale), int(image.height * scale)))
    return image


class Frame:
    """A column of Discord-like blocks (text, embeds, pictures, component rows) drawn top down."""

    def __init__(self) -> None:
        self.blocks: list[tuple[int, Any]] = []  # (height, draw(canvas, draw, top))

    def text(self, lines: list[str], size: int = 15, colour: tuple[int, int, int] = TEXT) -> None:
        def draw(canvas: Image.Image, pen: ImageDraw.ImageDraw, top: int) -> None:
            for i, line in enumerate(lines):
                _write(pen, (PAD, top + i * (size + 6)), line, size, colour)

        self.blocks.append((len(lines) * (size + 6) + 6, draw))

    def picture(self, png: bytes, left: int = PAD) -> None:
        image = _picture(png)
        self.blocks.append(
            (image.height + 8, lambda canvas, pen, top: canvas.paste(image, (left, top)))
        )

    def embed(self, colour: int, title: str, description: str, png: bytes | None) -> None:
        lines = _lines(description, 76) if description else []
        image = _picture(png) if png else None
        height = 16 + (26 if title else 0) + len(lines) * 20 + (image.height + 12 if image else 0)

        def draw(canvas: Image.Image, pen: ImageDraw.ImageDraw, top: int) -> None:
            rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
            pen.rounded_rectangle((PAD, top, WIDTH - PAD, top + height), 6, fill=EMBED)
            pen.rectangle((PAD, top, PAD + 4, top + height), fill=rgb)
            y = top + 10
            if title:
                _write(pen, (PAD + 16, y), title, 16, WHITE)
                y += 26
            for line in lines:
                _write(pen, (PAD + 16, y), line, 14, TEXT)
                y += 20
            if image is not None:
                canvas.paste(image, (PAD + 16, y + 4))

        self.blocks.append((height + 8, draw))

    def components(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self.blocks.append((42, lambda canvas, pen, top, row=row: _row(pen, top, row)))

    def save(self, path: Path) -> None:
        height = sum(h for h, _ in self.blocks) + 2 * PAD
        canvas = Image.new("RGB", (WIDTH, height), CHAT)
        pen, top = ImageDraw.Draw(canvas), PAD
        for h, draw in self.blocks:
            draw(canvas, pen, top)
            top += h
        path.parent.mkdir(parents=True, exist_ok=True)
        canvas.save(path, optimize=True)


def _row(pen: ImageDraw.ImageDraw, top: int, row: dict[str, Any]) -> None:
    """One action row: buttons side by side, or a select menu across."""
    left = PAD
    for item in row["components"]:
        if item["type"] == 3:  # a select menu
            pen.rounded_rectangle((left, top, WIDTH - PAD, top + 34), 4, fill=(30, 31, 34))
            pen.text((left + 12, top + 9), item["placeholder"], font=font(14), fill=TEXT)
            continue
        label = item["label"]
        width = int(pen.textlength(label, font=font(14))) + 28
        box = (left, top, left + width, top + 34)
        pen.rounded_rectangle(box, 4, fill=BUTTON[item["style"]])
        pen.text((left + 14, top + 9), label, font=font(14), fill=WHITE)
        left += width + 8


async def main() -> None:
    table, pictures, hand = await sample_hand()
    name = plain_namer(table)
    embed = board_embed(table, name)
    board = Frame()
    board.embed(embed.colour.value, embed.title, embed.description, pictures.get("trick.png"))
    if "melds.png" in pictures:
        board.embed(embed.colour.value, "", "", pictures["melds.png"])
    view = board_view(table)
    board.components(view.to_components() if view else [])
    board.save(OUT / "board.png")

    mine = Frame()
    mine.text(_lines(hand_text(table, hand.seat, hand.view, hand.covered, LANG, name)))
    playable = {a.card for a in hand.legal if a.verb == "play"}
    mine.picture(
        render_hand(list(hand.view.hand), trump=hand.view.trump, legal=playable, lang=LANG)
    )
    mine.components(hand_components(hand, LANG).to_components())
    mine.save(OUT / "hand.png")
    print(f"wrote {OUT / 'board.png'} and {OUT / 'hand.png'}")


if __name__ == "__main__":
    asyncio.run(main())
