"""Turn pings sent through people's interactions, outside Discord's global request budget.

A channel message create, edit or delete counts toward the ~50 requests a
second a bot token may make; an interaction's follow-ups (a webhook of its
own, alive for 15 minutes) do not. So when a person acts at a table, their
interaction is kept as the table's *voice*: the next turn ping goes out as a
public follow-up of it (a message that mentions, and so notifies, like any
other), and is later deleted through the same interaction; the lines the
action causes (melds, a deal's summary) go out the same way. A voice is used
only once its interaction was answered (a follow-up cannot come first), and
not answered by a deferral with "thinking…" (its first follow-up would become
that private answer), only in the table's own channel, and only while its
token lives; otherwise the presenter sends through the channel as before.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord

log = logging.getLogger(__name__)

#: Seconds an interaction's follow-ups may be sent or deleted (Discord allows 15 minutes), with a margin.
LIFETIME = 14 * 60
#: Seconds Discord waits for an interaction's first answer (a response or a defer).
FIRST_ANSWER = 3.0
#: Seconds (from the interaction) a ping waits for its answer before it goes through the channel.
ANSWER_WAIT = 2.5
#: Messages sent through interactions remembered for their deletion (the oldest is let go first).
MAX_SENT = 8192
#: Tables whose voice is kept at most (the one heard longest ago is let go first).
MAX_TABLES = 8192


def _age(interaction: discord.Interaction) -> float:
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


def _fresh(interaction: discord.Interaction) -> bool:
    return _age(interaction) < LIFETIME


def answerable(interaction: discord.Interaction) -> bool:
    """Whether Discord still takes an answer through `interaction`: its first within 3 seconds,
    follow-ups while its token lives. Past that Discord refuses (Unknown Interaction)."""
    if interaction.response.is_done():
        return _fresh(interaction)
    return _age(interaction) < FIRST_ANSWER


class Voices:
    """Per active table the latest interaction of a person acting there; per ping, the interaction
    it was sent through."""

    def __init__(self) -> None:
        self._tables: dict[int, discord.Interaction] = {}
        self._sent: OrderedDict[int, discord.Interaction] = OrderedDict()

    def heard(self, table_id: int, interaction: discord.Interaction) -> None:
        """A person acts at the table through `interaction` (before the service is asked)."""
        self._tables.pop(table_id, None)
        self._tables[table_id] = interaction
        while len(self._tables) > MAX_TABLES:  # tables whose end was never drawn (a shut channel)
            del self._tables[next(iter(self._tables))]

    def forget(self, table_id: int) -> None:
        """The table is over: nothing more is said through its voice."""
        self._tables.pop(table_id, None)

    def voice(self, table_id: int, channel_id: int) -> discord.Interaction | None:
        """The table's voice, if it has one that can speak in `channel_id` now."""
        interaction = self._usable(table_id, channel_id)
        if interaction is None or not interaction.response.is_done():
            return None
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            return None  # its first follow-up would complete its private "thinking…" answer instead
        return interaction

    def unanswered(self, table_id: int, channel_id: int) -> bool:
        """Whether to wait for the answer of the table's voice (for `ANSWER_WAIT` seconds at most)."""
        interaction = self._usable(table_id, channel_id)
        if interaction is None or interaction.response.is_done():
            return False
        return _age(interaction) < ANSWER_WAIT

    def _usable(self, table_id: int, channel_id: int) -> discord.Interaction | None:
        interaction = self._tables.get(table_id)
        if interaction is None or interaction.channel_id != channel_id or not _fresh(interaction):
            return None
        return interaction

    def sent(self, message_id: int, interaction: discord.Interaction) -> None:
        """A message went out as a follow-up of `interaction`."""
        self._sent[message_id] = interaction
        while len(self._sent) > MAX_SENT:
            self._sent.popitem(last=False)

    async def delete(self, message_id: int) -> bool:
        """Delete a message through the interaction that sent it; False if only the channel can."""
        interaction = self._sent.pop(message_id, None)
        if interaction is None or not _fresh(interaction):
            return False
        try:
            await interaction.followup.delete_message(message_id)
        except discord.NotFound:
            pass  # deleted already
        except discord.HTTPException as error:
            log.info("message %s: not deleted through its interaction (%s)", message_id, error)
            return False
        return True
