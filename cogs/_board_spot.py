"""How many messages stand below each live board, so it is re-posted before it scrolls away.

Every message of a table's home channel newer than its board (the bot's own
lines and pings, people chatting: the bot gets MESSAGE_CREATE for guild
messages with the default intents, without the message-content intent) is
noted by id, and forgotten when it is deleted. Snowflake ids grow with time,
so "below the board" is simply "id greater than the board's". A channel
whose board was never seen by this process (after a restart) is unknown
until the presenter reads the few messages after its board.
"""

from __future__ import annotations

from collections.abc import Iterable, Set

#: Messages noted per channel at most: enough to know the board must move.
NOTED = 16


class BoardSpots:
    """Per home channel of an active table: its board's message id and the ids of messages below it."""

    def __init__(self) -> None:
        self._boards: dict[int, int] = {}
        self._below: dict[int, set[int]] = {}

    def placed(self, channel_id: int, board_id: int, below: Iterable[int] = ()) -> None:
        """The channel's board is now `board_id`, with these messages (known to be) below it."""
        self._boards[channel_id] = board_id
        self._below[channel_id] = {m for m in self._below.get(channel_id, ()) if m > board_id}
        for message_id in below:
            self.seen(channel_id, message_id)

    def seen(self, channel_id: int, message_id: int) -> None:
        """A message appeared in a channel (ignored unless the channel has a live board and it is newer)."""
        below = self._below.get(channel_id)
        if below is not None and message_id > self._boards[channel_id] and len(below) < NOTED:
            below.add(message_id)

    def gone(self, channel_id: int, message_id: int) -> None:
        below = self._below.get(channel_id)
        if below is not None:
            below.discard(message_id)

    def below(
        self, channel_id: int, board_id: int, *, leaving: Set[int] = frozenset()
    ) -> int | None:
        """Messages below the board `board_id` (those in `leaving` are on their way out); None if unknown."""
        if self._boards.get(channel_id) != board_id:
            return None
        return len(self._below[channel_id] - leaving)

    def forget(self, channel_id: int) -> None:
        """The channel has no live board any more."""
        self._boards.pop(channel_id, None)
        self._below.pop(channel_id, None)
