"""The table service's publisher on Discord: board, channel lines and turn pings, paced per channel.

`publish` only queues (it runs under a table's lock): channel lines are
rendered at once in the table's language, the board is marked for redrawing,
and the table's turn pings are decided (`cogs._turn_pings`). A sender task
per channel sends at once while the channel's budget of `per_window` requests
per `window` seconds lasts (well under Discord's 5 per 5 s; deletes count
too); what is left waits for the next tick of a `discord.ext.tasks` loop.
Lines go first, then the board, then the ping, so the board ends up below
what it sums up; a ping goes before a board that stays where it is. A board
edit shows the latest state however many actions it covers, with its
pictures redrawn and its attachments replaced (drawn `COALESCE` seconds after
the first change, so a person's move and the computers' answers cost one
edit, or up to `SAME_TURN` seconds later while the turn stays with whoever
acted, and not at all when nothing shown changed), and queued lines go out
joined into as few messages as fit in 2,000 characters.

Discord's global budget (`docs/discord-budget.md`): every globally limited
request waits for a slot of the process's `RequestBudget` (`cogs._requests`),
pings first, housekeeping deletes last; a turn ping, the deletion of the previous one,
and the lines an action causes go through the acting person's interaction when it can
(`cogs._voices`), outside that budget. A channel that answers 403 (or is
gone) is left alone for a while (`ShutChannels`): only its board is kept, to
be drawn when it opens again.

The board stays in view: when `REPOST_AT` messages stand below it
(`cogs._board_spot`) it is posted again at the bottom and the old one is
deleted, so at a person's turn it is among the channel's last five messages.
A failed edit (5xx) is tried again after 1, 2 and 4 seconds, then the board
is posted anew (at once after a 403: trying again would only be refused again); a post or a
ping that fails is queued again, after a back-off doubling up to `MAX_BACKOFF` seconds, for
as long as it is wanted (one board and one ping a table, as ever). A channel that refuses the
board's pictures (403, Missing Permissions: no Attach Files) gets it as text, and its table's
host one line saying why. A table in a thread of its own (`cogs._home`) sends
its final result to the channel it was opened from (a cancelled one edits its opening line there).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from enum import Enum

import discord
from discord.ext import tasks

from bot.i18n import t, variant_name
from bot.presentation.texts import say
from bot.tables import Outcome, TableSnapshot
from bot.tables.outcome import Text
from cogs._board import board_embed, board_view
from cogs._board_spot import BoardSpots
from cogs._common import mention_namer
from cogs._home import parent_of
from cogs._house import House
from cogs._pictures import BoardScene, as_files, board_pictures, board_scene, with_pictures
from cogs._requests import Priority, RequestBudget, ShutChannels, process_rate
from cogs._turn_pings import Ping, Plan, TurnPings
from cogs._voices import Voices

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
#: Messages below the board at which it moves to the bottom: with the turn's ping after it and one
#: message more it is still among the last five.
REPOST_AT = 3
#: Failed board edits tried again (after 1, 2, 4 seconds) before the board is posted anew.
EDIT_RETRIES = 3
RETRY_DELAY = 1.0
#: Seconds between a table's first change and its board's edit: the changes meanwhile come along.
COALESCE = 1.0
#: Seconds a board may wait while the same person keeps the turn (meld, then lead): nobody else
#: is to act meanwhile, and the change comes along with the turn's end.
SAME_TURN = 15.0
#: Channel lines kept waiting at most (a channel that cannot keep up loses its oldest lines).
MAX_LINES = 200
#: Discord's error code of a channel (or thread) that no longer exists.
UNKNOWN_CHANNEL = 10003
#: Discord's error code of a request the bot lacks a permission for (for a board: Attach Files).
MISSING_PERMISSIONS = 50013
#: The longest wait before a failed board post or ping is tried again.
MAX_BACKOFF = 30.0
#: Seconds between two notices to a channel that it refuses the board's pictures.
FILES_NOTICE_SECONDS = 24 * 3600.0


#: A board as drawn: its embed, its buttons, its pictures' scene, and what it shows (to tell an
#: edit that changes nothing).
Board = tuple[discord.Embed, discord.ui.View | None, BoardScene | None, object]


def _backoff(failures: int) -> float:
    """Seconds to wait after `failures` failed sends in a row: 1, 2, 4, … up to `MAX_BACKOFF`."""
    return min(RETRY_DELAY * 2.0 ** min(failures - 1, 16), MAX_BACKOFF)


def _board_delay(table: TableSnapshot, plan: Plan) -> float:
    """Seconds a board may wait for more changes: none when its buttons change (the lobby, a game
    that starts or ends), longer while the turn stays with whoever acted."""
    if table.status != "playing" or table.version == 0:
        return 0.0
    return COALESCE if plan.ended else SAME_TURN


class Sent(Enum):
    """How a step of a channel's outbox went out."""

    NOTHING = "nothing"  # refused by the budget, or not needed
    VOICE = "voice"  # through an interaction only: no request of the channel's, nor the token's
    CHANNEL = "channel"  # a globally limited request in the channel

    @classmethod
    def of(cls, drawn: bool) -> Sent:
        return cls.CHANNEL if drawn else cls.NOTHING


@dataclass
class _Outbox:
    """What one channel still has to show."""

    boards: dict[int, TableSnapshot] = field(default_factory=dict)
    due: dict[int, float] = field(default_factory=dict)  # when each board may be drawn, by table id
    lines: list[str] = field(default_factory=list)
    pings: dict[int, tuple[TableSnapshot, Ping]] = field(default_factory=dict)  # by table id
    drops: list[int] = field(default_factory=list)  # messages to delete: old pings, old boards
    edits: dict[int, str] = field(
        default_factory=dict
    )  # new content of earlier messages, by message id
    retries: dict[int, int] = field(
        default_factory=dict
    )  # failed board edits in a row, by table id
    hold: float = 0.0  # no board drawn before this time (backing off after a failed edit)
    ping_hold: float = 0.0  # no ping sent before this time (backing off after a failed send)
    ping_failures: int = 0  # failed pings in a row
    speaker: int | None = None  # the table that spoke last here: its voice may send the lines
    urgent: asyncio.Event = field(default_factory=asyncio.Event)  # a ping or lines came
    preempted: bool = False  # a board gave its place to them
    posting: bool = False  # a board is being posted (its own message does not push the old one)
    sent: deque[float] = field(default_factory=deque)  # times of recent requests
    task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return bool(self.boards or self.lines or self.pings or self.drops or self.edits)

    def ready(self) -> bool:
        """Whether something may be sent now (a board waits for its time, and while backing off)."""
        return bool(self.lines or self.ping_due() or self.drops or self.edits) or (
            self.board_due() is not None
        )

    def ping_due(self) -> bool:
        """Whether a ping waits and may be sent now (not backing off after a failed one)."""
        return bool(self.pings) and time.monotonic() >= self.ping_hold

    def board_due(self) -> TableSnapshot | None:
        """A table whose board may be drawn now."""
        now = time.monotonic()
        if now < self.hold:
            return None
        return next((t for i, t in self.boards.items() if self.due.get(i, 0.0) <= now), None)

    def mark(self, table: TableSnapshot, delay: float) -> None:
        """The table's board must be drawn, at the latest `delay` seconds from now."""
        self.boards[table.id] = table
        due = time.monotonic() + delay
        self.due[table.id] = min(self.due.get(table.id, due), due)

    def take_board(self, table_id: int) -> TableSnapshot:
        self.due.pop(table_id, None)
        return self.boards.pop(table_id)


class ChannelPresenter:
    """Implements `bot.tables.Publisher` for Discord channels."""

    def __init__(
        self,
        bot: House,
        *,
        per_window: int = 4,
        window: float = 5.0,
        budget: RequestBudget | None = None,
    ) -> None:
        self.bot = bot
        self.per_window, self.window = per_window, window
        self.budget = budget or RequestBudget(process_rate(None, None))
        self.shut = ShutChannels()
        #: Channels that refused a board's pictures (no Attach Files): boards go there as text.
        self.no_files = ShutChannels()
        #: Channels whose table's host was told so lately (one notice, not one a board).
        self.files_told = ShutChannels(FILES_NOTICE_SECONDS)
        self.voices = Voices()
        self._boxes: dict[int, _Outbox] = {}
        self._tick = tasks.loop(seconds=window / per_window)(self._resume_waiting)
        self.spots = BoardSpots()
        self.pings = TurnPings(lambda user: user in bot.notify_off)
        #: What each table's board message shows now: (message id, what was drawn), so an edit
        #: that would change nothing is not sent.
        self._drawn: dict[int, tuple[int, object]] = {}

    def start(self) -> None:
        """Start the ticks that send what had to wait (call once the event loop runs)."""
        if not self._tick.is_running():
            self._tick.start()

    def heard(self, table_id: int, interaction: discord.Interaction) -> None:
        """A person acts at the table through `interaction`: the table's pings may go through it."""
        self.voices.heard(table_id, interaction)

    def answered(self, interaction: discord.Interaction) -> None:
        """A person's interaction was answered: what waits to go through it goes now."""
        box = self._boxes.get(interaction.channel_id or 0)
        if box is not None:
            self._wake(interaction.channel_id or 0, box)

    def publish(self, table: TableSnapshot, outcome: Outcome) -> None:
        box = self._box(table.channel_id)
        plan = self.pings.after(table, outcome)
        box.speaker = table.id
        shut = self.shut.is_shut(table.channel_id)  # only the board is kept, for when it opens
        if not outcome.ping and not shut:  # a reminder goes out as the turn's ping instead
            name = mention_namer(table)
            box.lines += [say(text, table.language, name) for text in outcome.public]
            del box.lines[:-MAX_LINES]
        if plan.ended:
            box.pings.pop(table.id, None)
        if plan.drop is not None and not shut:
            box.drops.append(plan.drop)
        if plan.ping is not None and not shut:
            box.pings[table.id] = (table, plan.ping)
        if box.pings or box.lines:
            box.urgent.set()
        if outcome.board:
            box.mark(table, _board_delay(table, plan))
        self._wake(table.channel_id, box)
        if table.status in ("finished", "cancelled"):
            self._report(table, outcome)
        self.bot.hand_watch.table_changed(table)

    def redraw(self, table: TableSnapshot) -> None:
        """Queue a board redraw (after a restart, say)."""
        box = self._box(table.channel_id)
        box.mark(table, 0.0)
        self._wake(table.channel_id, box)

    def seen(self, channel_id: int, message_id: int) -> None:
        """A message appeared in a channel (from the gateway, or sent here): it may push a board
        up, and a board waiting for more changes is then drawn (posted again) at once."""
        self.spots.seen(channel_id, message_id)
        box = self._boxes.get(channel_id)
        if box is None or box.posting:  # the board being posted is no message below the old one
            return
        for table in list(box.boards.values()):
            board = self.bot.tables.board_message(table.id)
            below = None if board is None else self.spots.below(channel_id, board)
            if below is not None and below >= REPOST_AT:
                box.mark(table, 0.0)
                self._wake(channel_id, box)

    def gone(self, channel_id: int, message_id: int) -> None:
        self.spots.gone(channel_id, message_id)

    async def close(self) -> None:
        self._tick.cancel()
        pending = [box.task for box in self._boxes.values() if box.task is not None]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        await self.budget.close()

    def _box(self, channel_id: int) -> _Outbox:
        return self._boxes.setdefault(channel_id, _Outbox())

    def _report(self, table: TableSnapshot, outcome: Outcome) -> None:
        """A thread table's final result for the channel it was opened from; a cancelled one's
        opening line (its id is the thread's) says so instead of inviting people in."""
        parent = parent_of(table)
        if parent is None:
            return
        box = self._box(parent)
        if table.status == "cancelled":
            box.edits[table.channel_id] = t(
                "bot.home.cancelled",
                table.language,
                host=f"<@{table.host_id}>",
                variant=variant_name(table.variant, table.language),
            )
            self._wake(parent, box)
            return
        thread = f"<#{table.channel_id}>"
        over = next((text for text in outcome.public if text.key in _HOME_RESULTS), None)
        result = (
            Text.of(_HOME_RESULTS[over.key], thread=thread, **over.params)
            if over is not None
            else Text.of("bot.home.finished", thread=thread)
        )
        box.lines.append(say(result, table.language, mention_namer(table)))
        self._wake(parent, box)

    def _wake(self, channel_id: int, box: _Outbox) -> None:
        if box.task is None or box.task.done():
            box.task = asyncio.create_task(
                self._send_ready(channel_id, box), name=f"channel-{channel_id}-outbox"
            )

    async def _resume_waiting(self) -> None:
        """Each tick: wake channels with waiting work; forget idle ones whose budget is fresh."""
        stale = time.monotonic() - self.window
        for channel_id, box in list(self._boxes.items()):
            if box.busy:
                self._wake(channel_id, box)
            elif (box.task is None or box.task.done()) and (not box.sent or box.sent[-1] <= stale):
                del self._boxes[channel_id]

    async def _send_ready(self, channel_id: int, box: _Outbox) -> None:
        """Send while the channel's budget allows: lines, the board, the ping, edits, deletes; the rest waits.

        A board waiting for its time, a ping waiting for its click's answer, and
        anything the channel's (or the process's) budget holds back wait for a tick.
        """
        channel = self.bot.get_partial_messageable(channel_id)
        while not self.shut.is_shut(channel_id):
            if not box.ready():  # a board waiting for its time is drawn at a tick after it
                return
            if not self._spend(box):
                return
            try:
                sent = await self._step(channel, box)
            except discord.Forbidden as error:
                self._close_channel(channel_id, box, error)
                return
            except discord.NotFound as error:
                if error.code != UNKNOWN_CHANNEL:
                    raise
                self._close_channel(channel_id, box, error)
                return
            except Exception:  # an HTTP error or a bug: log it, and the channel carries on
                log.exception("channel %s: could not update the table", channel_id)
                continue
            if sent is Sent.CHANNEL:
                box.sent[-1] = time.monotonic()  # the slot counts from when it went out (it may
                # have waited for the process's budget)
            else:
                box.sent.pop()  # the channel's slot is not spent (follow-ups are not its requests)
            if sent is Sent.NOTHING:
                if box.preempted:
                    box.preempted = False
                elif box.ready():  # the process's budget refused: try again at the next tick
                    return

    async def _step(self, channel: discord.PartialMessageable, box: _Outbox) -> Sent:
        """Send the channel's next request; how it went out, if at all (refused, or not needed)."""
        speaker = next(iter(box.pings), box.speaker) if box.lines or box.pings else None
        if speaker is not None and self.voices.unanswered(speaker, channel.id):
            return Sent.NOTHING  # woken when it is answered (or by a tick, to go without it)
        if box.lines:
            return await self._post_lines(channel, box)
        if box.ping_due():
            table_id, (table, ping) = next(iter(box.pings.items()))
            if table_id in box.boards and self._moves(channel.id, box, table):
                # the board is posted again: the ping goes below it
                board = box.take_board(table_id)
                return Sent.of(await self._draw_board(channel, box, board, Priority.PROMPT))
            del box.pings[table_id]
            try:
                sent = await self._post_ping(channel, box, table, ping)
            except discord.HTTPException as error:
                if self.pings.current(table_id, ping):  # its turn is on: never dropped
                    box.pings.setdefault(table_id, (table, ping))
                box.ping_failures += 1
                box.ping_hold = time.monotonic() + _backoff(box.ping_failures)
                if isinstance(error, discord.Forbidden | discord.NotFound):
                    raise  # the channel refuses the bot, or is gone: `_send_ready` shuts it
                log.warning("table %s: ping not sent (%s); trying again", table.id, error)
                return Sent.CHANNEL
            box.ping_failures = 0
            if sent is Sent.NOTHING:
                box.pings[table_id] = (table, ping)
            return sent
        if (due := box.board_due()) is not None:
            board = box.take_board(due.id)
            return Sent.of(await self._draw_board(channel, box, board, Priority.BOARD))
        if box.edits:
            if not await self.budget.take(Priority.SUMMARY):
                return Sent.NOTHING
            message_id, content = box.edits.popitem()
            await channel.get_partial_message(message_id).edit(content=content)
            return Sent.CHANNEL
        if box.drops:
            message_id = box.drops.pop(0)
            sent = await self._delete(channel, message_id)
            if sent is Sent.NOTHING:
                box.drops.insert(0, message_id)
            return sent
        return Sent.NOTHING

    def _close_channel(self, channel_id: int, box: _Outbox, error: discord.HTTPException) -> None:
        """The channel refused the bot, or is gone: nothing more is tried there for a while."""
        log.warning(
            "channel %s: %s; nothing is sent there for %.0f s",
            channel_id,
            error,
            self.shut.seconds,
        )
        self.shut.shut(channel_id)
        box.lines.clear()
        box.pings.clear()
        box.drops.clear()
        box.edits.clear()

    def _spend(self, box: _Outbox) -> bool:
        """Take one request from the channel's budget, if one is left in this window."""
        now = time.monotonic()
        while box.sent and box.sent[0] <= now - self.window:
            box.sent.popleft()
        if len(box.sent) >= self.per_window:
            return False
        box.sent.append(now)
        return True

    def _moves(self, channel_id: int, box: _Outbox, table: TableSnapshot) -> bool:
        """Whether the board would have to move after one message more (a ping) below it."""
        old = self.bot.tables.board_message(table.id)
        if old is None:
            return True
        below = self.spots.below(channel_id, old, leaving=set(box.drops))
        return below is None or below + 1 >= REPOST_AT

    async def _draw_board(
        self,
        channel: discord.PartialMessageable,
        box: _Outbox,
        table: TableSnapshot,
        priority: Priority,
    ) -> bool:
        """Edit the board in place, or post it at the bottom (none yet, deleted, scrolled up, edits
        failing); False if nothing went out (nothing shown changed, or the budget refused)."""
        version, (embed, view, scene, drawn) = await self._render(table)
        old = self.bot.tables.board_message(table.id)
        stays = old is not None and await self._below(channel, box, old) < REPOST_AT
        if stays and self._drawn.get(table.id) == (old, drawn):
            self._settled(channel.id, table)
            return False  # the board shows this already
        if not await self._take(box, priority):
            box.mark(table, 0.0)
            return False
        latest = self.bot.tables.known_table(table.id)
        if latest is not None and latest.version != version:  # it waited: draw what is there now
            version, (embed, view, scene, drawn) = await self._render(table)
        pictures: dict[str, bytes] = {}
        if (
            scene is not None
            and not self.no_files.is_shut(channel.id)
            and await self.bot.services.settings.images_enabled(table.guild_id)
        ):
            pictures = await board_pictures(scene)
        embeds = with_pictures(embed, pictures)
        if stays:
            assert old is not None
            try:
                await channel.get_partial_message(old).edit(
                    embeds=embeds, view=view, attachments=as_files(pictures)
                )
                box.retries.pop(table.id, None)
                self._drawn[table.id] = (old, drawn)
                self._settled(channel.id, table)
                return True
            except discord.NotFound:
                log.info("table %s: board message gone; posting a new one", table.id)
                old = None
            except discord.Forbidden as error:
                if pictures and error.code == MISSING_PERMISSIONS:
                    return self._without_files(channel.id, box, table)
                log.warning("table %s: board edit refused (%s); posting it anew", table.id, error)
            except discord.HTTPException as error:
                if self._retry_later(box, table):
                    log.warning("table %s: board edit failed (%s); trying again", table.id, error)
                    return True
                log.warning(
                    "table %s: board edit failed (%s) %d times; posting it anew",
                    table.id,
                    error,
                    EDIT_RETRIES + 1,
                )
            if not await self._take(box, priority):
                box.mark(table, 0.0)
                return True
        box.posting = True
        try:
            message = await channel.send(
                embeds=embeds,
                files=as_files(pictures),
                view=view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.Forbidden as error:
            if pictures and error.code == MISSING_PERMISSIONS:
                return self._without_files(channel.id, box, table)
            raise  # the channel refuses the bot: `_send_ready` shuts it
        except discord.NotFound:
            raise  # the channel is gone (or it is a bug): `_send_ready` decides
        except discord.HTTPException as error:  # a 5xx, a 429 given up on: never dropped
            failures = box.retries.get(table.id, 0) + 1
            box.retries[table.id] = failures
            box.hold = time.monotonic() + _backoff(failures)
            box.mark(table, 0.0)
            log.warning("table %s: board not posted (%s); trying again", table.id, error)
            return True
        else:
            box.retries.pop(table.id, None)
            await self.bot.tables.set_board_message(table.id, message.id)
            self._drawn[table.id] = (message.id, drawn)
            self.spots.placed(channel.id, message.id)
        finally:
            box.posting = False
        if old is not None:
            box.drops.append(old)
        self._settled(channel.id, table)
        return True

    async def _render(self, table: TableSnapshot) -> tuple[int, Board]:
        """The board as it is now (its pictures left to draw), with its state version: drawn from
        the service's latest snapshot of the table (never an action that is still being stored),
        else the one queued.
        Boards are drawn and sent by the channel's one sender task, one after the other, so an
        edit never overtakes a later one: the board never goes back to an older state."""
        shown = self.bot.tables.known_table(table.id) or table
        embed, view = board_embed(shown, mention_namer(shown)), board_view(shown)
        scene = board_scene(shown)
        buttons = [item.to_component_dict() for item in view.children] if view else None
        return shown.version, (embed, view, scene, (embed.to_dict(), buttons, scene))

    async def _take(self, box: _Outbox, priority: Priority) -> bool:
        """A slot of the process's budget for a board; False if refused, or if a ping or lines came
        for the channel meanwhile (they go first; the board waits for its next turn)."""
        if self.budget.try_take():
            return True
        if priority <= Priority.PROMPT:
            return await self.budget.take(priority)
        box.urgent.clear()
        slot = asyncio.ensure_future(self.budget.take(priority))
        urgent = asyncio.ensure_future(box.urgent.wait())
        await asyncio.wait((slot, urgent), return_when=asyncio.FIRST_COMPLETED)
        urgent.cancel()
        if slot.done():
            return slot.result()
        slot.cancel()
        box.preempted = True
        return False

    def _retry_later(self, box: _Outbox, table: TableSnapshot) -> bool:
        """Queue the board again after a back-off, unless it failed too often (then False)."""
        failures = box.retries.get(table.id, 0) + 1
        if failures > EDIT_RETRIES:
            return False
        box.retries[table.id] = failures
        box.hold = time.monotonic() + _backoff(failures)
        box.mark(table, 0.0)
        return True

    def _without_files(self, channel_id: int, box: _Outbox, table: TableSnapshot) -> bool:
        """The channel refused the board's pictures: boards go there as text from now on (the
        board is drawn again at once), and the host is told why, once."""
        log.warning("channel %s: no Attach Files; boards go without pictures", channel_id)
        self.no_files.shut(channel_id)
        box.mark(table, 0.0)
        if not self.files_told.is_shut(channel_id):
            self.files_told.shut(channel_id)
            notice = Text.of("bot.line.no_files", host=table.host_id)
            box.lines.append(say(notice, table.language, mention_namer(table)))
        return True

    def _settled(self, channel_id: int, table: TableSnapshot) -> None:
        """After a board was drawn: a table that is over needs no watching any more."""
        if not table.is_active:  # its last lines went before its last board
            self.spots.forget(channel_id)
            self._drawn.pop(table.id, None)
            self.voices.forget(table.id)

    async def _below(self, channel: discord.PartialMessageable, box: _Outbox, board_id: int) -> int:
        """Messages standing below the board (those about to be deleted not counted)."""
        leaving = set(box.drops)
        count = self.spots.below(channel.id, board_id, leaving=leaving)
        if count is None:  # not watched since this process started: read what follows the board
            try:
                await self.budget.take(Priority.BOARD)
                after = [
                    m.id
                    async for m in channel.history(
                        limit=REPOST_AT + 1, after=discord.Object(board_id)
                    )
                ]
            except discord.HTTPException:
                return REPOST_AT  # cannot tell: post it anew, to be sure it is in view
            self.spots.placed(channel.id, board_id, after)
            count = self.spots.below(channel.id, board_id, leaving=leaving) or 0
        return count

    async def _post_lines(self, channel: discord.PartialMessageable, box: _Outbox) -> Sent:
        """As many queued lines as fit in one message, through the voice of the table that spoke
        last if it has one; lines mention nobody."""
        content, taken = "", 0
        for line in box.lines:
            candidate = f"{content}\n{line}" if content else line
            if len(candidate) > MESSAGE_LIMIT:
                break
            content, taken = candidate, taken + 1
        if not taken:  # a single line longer than a message
            content, taken = box.lines[0][:MESSAGE_LIMIT], 1
        quiet = discord.AllowedMentions.none()
        voice = None if box.speaker is None else self.voices.voice(box.speaker, channel.id)
        if voice is not None:
            try:
                message = await voice.followup.send(content, allowed_mentions=quiet, wait=True)
            except discord.HTTPException as error:
                log.info(
                    "channel %s: lines not sent through an interaction (%s)", channel.id, error
                )
            else:
                del box.lines[:taken]
                self.seen(channel.id, message.id)
                return Sent.VOICE
        if not await self.budget.take(Priority.PROMPT if box.pings else Priority.SUMMARY):
            return Sent.NOTHING
        sent = await channel.send(content, allowed_mentions=quiet)
        del box.lines[:taken]
        self.seen(channel.id, sent.id)
        return Sent.CHANNEL

    async def _post_ping(
        self, channel: discord.PartialMessageable, box: _Outbox, table: TableSnapshot, ping: Ping
    ) -> Sent:
        """A turn ping that may mention only its people, through the table's voice if it has one;
        deleted at once if its turn ended meanwhile."""
        name = mention_namer(table)
        content = say(ping.lines, table.language, name)[:MESSAGE_LIMIT]
        mentions = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(user) for user in ping.users],
        )
        message: discord.Message | None = None
        sent = Sent.VOICE
        voice = self.voices.voice(table.id, channel.id)
        if voice is not None:
            try:
                message = await voice.followup.send(content, allowed_mentions=mentions, wait=True)
                self.voices.sent(message.id, voice)
            except discord.HTTPException as error:
                log.info("table %s: ping not sent through an interaction (%s)", table.id, error)
        if message is None:
            if not await self.budget.take(Priority.PROMPT):
                return Sent.NOTHING
            message, sent = await channel.send(content, allowed_mentions=mentions), Sent.CHANNEL
        self.seen(channel.id, message.id)
        if not self.pings.posted(table.id, ping, message.id):
            box.drops.append(message.id)
        return sent

    async def _delete(self, channel: discord.PartialMessageable, message_id: int) -> Sent:
        """Delete a message, through the interaction that sent it if it can."""
        sent = Sent.VOICE
        if not await self.voices.delete(message_id):
            if not await self.budget.take(Priority.HOUSEKEEPING):
                return Sent.NOTHING
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.NotFound:
                pass
            sent = Sent.CHANNEL
        self.spots.gone(channel.id, message_id)
        return sent


#: The channel's line under a thread's opening, for the game-over line the thread got: the same
#: places, and when the others played on (C-10, D1-2) why the first has fewer points.
_HOME_RESULTS = {
    "bot.line.game_over": "bot.home.result",
    "bot.line.game_over_played_on": "bot.home.result_played_on",
}
