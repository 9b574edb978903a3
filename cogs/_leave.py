"""Leaving mid-game asks first: leaving forfeits the game, and Leave sits beside *Show my hand*.

The question is a private message with *Leave and forfeit* and *Keep my seat*;
only the person who asked can press them (the message is theirs alone anyway).
A press after the game moved on simply leaves then, as `/pinochle leave` would.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.i18n import t
from bot.presentation.texts import say
from bot.tables import Refusal, computer_plays
from cogs._common import lang_of, mention_namer, person_of, reply, say_refusal, service_of
from cogs._errors import PinochleView

#: How long the question's buttons answer (Discord edits a private message for 15 minutes).
ASK_SECONDS = 300


def must_ask(interaction: discord.Interaction, table_id: int) -> bool:
    """Whether leaving this table now forfeits a game: the asker plays a seat in a running game."""
    table = service_of(interaction).table(table_id)
    if table is None or table.status != "playing":
        return False
    seat = table.seat_of(interaction.user.id)
    return seat is not None and not computer_plays(table.seats[seat])


async def ask_to_leave(interaction: discord.Interaction, table_id: int) -> None:
    lang = lang_of(interaction)
    await reply(
        interaction,
        t("bot.confirm.leave", lang),
        view=LeaveQuestion(table_id, interaction.user.id, lang),
    )


class LeaveQuestion(PinochleView):
    """*Leave and forfeit* / *Keep my seat* for one person at one table."""

    def __init__(self, table_id: int, user_id: int, lang: str) -> None:
        super().__init__(timeout=ASK_SECONDS)
        self.table_id, self.user_id = table_id, user_id
        for key, style, answer in (
            ("leave_confirm", discord.ButtonStyle.danger, self.leave),
            ("keep_seat", discord.ButtonStyle.secondary, self.keep),
        ):
            self.add_item(
                Answer(
                    answer,
                    label=t(f"bot.button.{key}", lang),
                    style=style,
                    custom_id=f"pinochle:leave:{key}:{table_id}:{user_id}",
                )
            )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave, and answer in place of the question (a refusal too: the question is over)."""
        lang = lang_of(interaction)
        try:
            outcome = await service_of(interaction).leave(self.table_id, person_of(interaction))
        except Refusal as refusal:
            answer = say_refusal(interaction, refusal, lang)
        else:
            answer = say(outcome.private, lang, mention_namer(outcome.table))
        await interaction.response.edit_message(content=answer, view=None)

    async def keep(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=t("bot.done.kept_seat", lang_of(interaction)), view=None
        )


class Answer(discord.ui.Button["LeaveQuestion"]):
    """One answer to the question: a button that calls `answer`."""

    def __init__(
        self,
        answer: Callable[[discord.Interaction], Awaitable[None]],
        *,
        label: str,
        style: discord.ButtonStyle,
        custom_id: str,
    ) -> None:
        super().__init__(label=label, style=style, custom_id=custom_id)
        self.answer = answer

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.answer(interaction)
