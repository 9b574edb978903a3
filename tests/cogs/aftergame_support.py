"""Helpers for the after-game tests: a finished game, a table's board, every page of a paged reply."""

from __future__ import annotations

from bot.store import set_guild_settings
from bot.tables import Person
from tests.cogs.sim import board_message, labels, take_turn

NEXT = {"en": "Next ▶", "ru": "Дальше ▶"}
#: The seed of the fixed deals every game here is played with (`Room.fix_deals`).
DEALS = 1


async def finished_two_hand_game(room):
    """Alice against a computer, to 10 with the highest score winning (G-13): one deal decides it,
    unless it ends in a tie (then the target rises by 250 and a second deal is played), which the
    fixed deals of `two_hand_game` never give."""
    table = await two_hand_game(
        room, target=10, options="tie_over_target=highest_wins", until=lambda: room.table() is None
    )
    await board_shows(room, table.id, "Final standings: 1. ")
    await room.env.advance_time(10)  # the last lines go out, and the board moves below them
    deals = table.record().deals
    assert len(deals) == 1, f"deal 1 was tied (G-13) and {len(deals)} were played: change DEALS"
    return table


async def two_hand_game(room, *, until, **options):
    """Alice against a computer (`options` as for /pinochle new), played until `until()`.

    The channel's pace (requests per window) is counted on the real clock, which a game
    played on the virtual clock hardly moves, and board pictures are drawn in a worker
    thread that the virtual clock does not wait for; this game is about what comes after,
    so its channel is not paced and its board has no pictures.

    The deals are fixed (`Room.fix_deals`) and the computer's choices are seeded by the table's
    seed, so the game is the same every run: with random deals, one game in about 200 ends its
    first deal in a tie and plays another, which a test of "the game's one deal" cannot expect.
    """
    room.fix_deals(DEALS)
    room.bot.presenter.per_window = 10_000
    async with room.bot.store.transaction() as tx:
        await set_guild_settings(tx, room.guild.id, images=False)
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed", **options)
    await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    await take_turn(
        room.alice, room.channel
    )  # one turn by click; the rest through the service, for speed
    return await two_hand_game_goes_on(room, table, until=until)


async def two_hand_game_goes_on(room, table, *, until):
    """Alice plays her first legal action each turn, the computer its own, until `until()`."""
    alice = Person(room.alice.id, "alice")
    for _ in range(300):
        await (
            room.bot.tables.settle()
        )  # the computer's turns: it thinks in a thread, off the virtual clock
        await room.env.advance_time(2)
        if until():
            return table
        if table.awaits(alice.user_id):
            hand = await room.bot.tables.hand(table.id, alice.user_id)
            await room.bot.tables.act(table.id, alice, hand.legal[0])
    raise AssertionError("the game never got there")


async def board_shows(room, table_id: int, text: str) -> None:
    """Let the bot catch up until the table's board shows `text`, in its words or on a button: a
    minute of virtual time at most. The board is drawn after a read of the store, in the store's
    reader thread, which the virtual clock does not wait for: a read of our own, queued behind it
    on the same connection, does."""
    for _ in range(60):
        board = next(iter(_boards(room.channel, table_id)), None)
        if board is not None and (text in _embed_text(board) or text in labels(board)):
            return
        await room.bot.store.fetchone("SELECT 1")
        await room.env.advance_time(1)
    raise AssertionError(f"the board of table #{table_id} never showed {text!r}")


def _embed_text(message) -> str:
    embed = message.embeds[0]
    return f"{embed.description}\n{embed.footer.text or ''}"


def _boards(channel, table_id: int):
    return [
        m
        for m in reversed(channel.history())
        if m.embeds and (m.embeds[0].title or "").endswith(f"#{table_id}")
    ]


def board_of(channel, table_id: int):
    """The board message of one table (the newest board may be another table's)."""
    return _boards(channel, table_id)[0]


async def all_pages(
    env, member, response, lang: str = "en", *, button: str | None = None, most: int = 20
) -> list[str]:
    """Every page of a paged private reply, turning pages with its Next button (or `button`)."""
    label = button or NEXT[lang]
    pages = [response.content]
    for _ in range(most):
        now = env.backend.get_message(response.channel_id, response.id)
        turn = [
            c
            for row in now.components
            for c in row.get("components", [])
            if c.get("label") == label
        ]
        if not turn or turn[0].get("disabled"):
            return pages
        await member.click(response, label=label)
        pages.append(env.backend.get_message(response.channel_id, response.id).content)
    raise AssertionError(f"more than {most} pages")
