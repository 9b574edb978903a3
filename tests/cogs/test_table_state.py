"""A table's state is the table service's: the cogs read it and ask the service to change it, and
never write it themselves. The board message is the case in point: a board posted after the last
trick (the game over lines pushed it down) is recorded by the service, so a restart edits it."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

from bot.store import get_table
from bot.tables.model import Table
from cogs._bot import create_bot
from tests.cogs.aftergame_support import board_of, board_shows, two_hand_game
from tests.cogs.sim import close_store, take_turn

ROOT = Path(__file__).resolve().parent.parent.parent
TABLE_FIELDS = frozenset(field.name for field in dataclasses.fields(Table))
#: Methods that change a list, dict or set in place (`table.seats.pop(0)`).
CHANGERS = frozenset(
    {"add", "append", "clear", "discard", "extend", "insert", "pop", "popitem", "remove"}
    | {"setdefault", "update"}
)


def table_writes(source: str) -> Iterator[int]:
    """Lines that change a field of a `Table` (by its field names) on anything but the module's own
    object: an assignment or `del` (also of an item: `table.seats[0] = …`), a method that changes
    the field in place, `setattr`."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign | ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            targets = [node.func.value] if node.func.attr in CHANGERS else []
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("setattr", "delattr"):
                yield node.lineno
            continue
        else:
            continue
        if any(_a_table_field(target) for target in targets):
            yield node.lineno


def _a_table_field(target: ast.expr) -> bool:
    if isinstance(target, ast.Tuple | ast.List):
        return any(_a_table_field(item) for item in target.elts)
    while isinstance(target, ast.Subscript | ast.Starred):
        target = target.value
    return (
        isinstance(target, ast.Attribute)
        and target.attr in TABLE_FIELDS
        and not (isinstance(target.value, ast.Name) and target.value.id in ("self", "cls"))
    )


def test_the_scan_finds_each_way_of_writing_a_table() -> None:
    for line in (
        "table.board_message_id = message.id",
        "old.rematch, x = 3, 4",
        "table.seats[0] = seat",
        "table.version += 1",
        "table.hints_used.add(1)",
        "del table.seats[0]",
        "setattr(table, 'status', 'finished')",
    ):
        assert list(table_writes(line)) == [1], line
    for line in (
        "self.version = 2",
        "box.boards[table.id] = table",
        "self._drawn[table.id] = (message.id, drawn)",
        "board = table.board_message_id",
        "box.lines.append(text)",
    ):
        assert list(table_writes(line)) == [], line


def test_no_cog_writes_a_table() -> None:
    modules = sorted((ROOT / "cogs").rglob("*.py"))
    assert ROOT / "cogs" / "_presenter.py" in modules
    writes = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in modules
        for number in table_writes(path.read_text("utf-8"))
    ]
    assert writes == []


async def finished_with_the_board_pushed_up(room):
    """Alice against a computer, one deal deciding the game (as `finished_two_hand_game`), with
    three chat messages just before her last card: the final board goes out as a new message."""
    alice = room.alice
    table = await two_hand_game(
        room,
        target=10,
        options="tie_over_target=highest_wins",
        until=lambda: (
            sum(room.table().public_view().hand_sizes) <= 2 and room.table().awaits(alice.id)
        ),
    )
    for word in ("so", "close", "now"):
        await room.eve.send(room.channel, word)
    await take_turn(alice, room.channel)
    await room.bot.tables.settle()
    await board_shows(room, table.id, "Final standings: 1. ")
    return table


async def test_a_board_posted_after_the_last_trick_is_recorded_and_a_restart_edits_it(
    room, database_path
):
    table = await finished_with_the_board_pushed_up(room)
    board = board_of(room.channel, table.id)
    history = room.channel.history()
    said = next(m for m in history if m.content == "now")
    assert room.table() is None and history.index(board) > history.index(said)  # posted anew
    assert (await get_table(room.bot.store, table.id)).board_message_id == board.id
    assert room.bot.tables.board_message(table.id) == board.id

    old_bot = room.bot
    await room.env.restart_bot(create_bot(database_path))
    await close_store(old_bot)
    await room.env.advance_time(10)
    opened = await room.alice.click(board_of(room.channel, table.id), label="Rematch")
    assert opened.response.content.startswith("The rematch is open: table #")
    new = room.table()
    await board_shows(room, table.id, f"Rematch: table #{new.id}.")
    boards = [m for m in room.channel.history() if m.embeds and f"#{table.id}" in m.embeds[0].title]
    assert [m.id for m in boards] == [board.id]  # edited in place: no second final board
