"""`/pinochle replay game:`: a finished game, a deal and a trick at a time.

A page shows one position of the game record (bot.game.record): every hand
(the game is over; only the deals it played to their end, and nothing while
another open table holds its cards: `bot.tables.review.Replays`), as dealt or as
held when the trick shown began, the deal's auction, contract and melds, and
one trick (or the start of the deal), with the deal's result after its last
trick. The buttons (previous/next deal, previous/next trick) carry the
position they lead to in their custom id, so they hold no state and answer
whenever they are pressed, also after a restart; a game that can no longer be
read is answered clearly. Records (with what each seat held at each trick)
are built in a worker thread, one at a time, and kept in the one cache of built
records (`bot.game.record.RECORDS`), so a member stepping through a game does not
replay its log at every click; each click still passes the visibility gate. The
lines are the deal review's (`bot.presentation.record_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.game import VARIANTS
from bot.game.record import DealRecord, GameRecord
from bot.i18n import t, variant_name
from bot.presentation.record_text import (
    auction_lines,
    deal_facts,
    hand_lines,
    meld_lines,
    passing_lines,
    proof_line,
    trick_plays,
)
from bot.presentation.texts import Namer
from bot.tables.outcome import Name
from bot.tables.review import Replays
from cogs._common import dynamic_view, lang_of, reply
from cogs._errors import guarded
from cogs._pager import NO_PINGS
from cogs._players import bot_of, plain

#: The longest page (Discord's message limit).
PAGE_LIMIT = 2000


@dataclass(frozen=True)
class Position:
    """A place in a replay: deal index (from 0) and trick (0: before the first trick)."""

    deal: int
    trick: int


def replays_of(interaction: discord.Interaction) -> Replays:
    """The bot's replay records (`bot.tables.review.Replays`)."""
    return bot_of(interaction).replays


def replay_page(record: GameRecord, game_id: int, at: Position, lang: str) -> str:
    """One position of a replay as a message, in `lang`: the hands as dealt before the first
    trick, then what each seat held as the trick shown began."""
    deal = record.deals[at.deal]

    def name(seat: int | Name) -> str:
        names = record.names or ()
        if isinstance(seat, Name):
            return plain(seat.text)
        return plain(names[seat]) if seat < len(names) else f"#{seat + 1}"

    title = t(
        "records.replay.title",
        lang,
        game=game_id,
        variant=variant_name(record.variant, lang),
        deal=deal.number,
        deals=len(record.deals),
        dealer=name(deal.dealer),
    )
    held = deal.tricks[at.trick - 1].held if at.trick else deal.hands
    heading = t("records.replay.held", lang) if at.trick else t("bot.review.hands", lang)
    lines = [" · ".join([title, *deal_facts(deal, lang, name, contract=True)]), heading]
    lines += hand_lines(held, deal, lang, name)
    lines += auction_lines(deal, lang, name, named=False)
    lines += passing_lines(deal, record.variant, lang, name)
    lines += meld_lines(deal, lang, name)
    if at.trick == 0:
        lines.append(t("records.replay.start", lang))
        lines += proof_line(deal, record.table_id, lang, name)  # over, so revealed
    else:
        trick = deal.tricks[at.trick - 1]
        lines.append(
            t(
                "records.replay.trick",
                lang,
                number=at.trick,
                tricks=len(deal.tricks),
                plays=trick_plays(trick, lang, name),
                who=name(trick.winner),
                points=trick.points,
            )
        )
    if at.trick == len(deal.tricks):
        lines += _results(record, deal, at.deal, lang, name)
    if record.hints:
        lines.append(t("records.replay.hints", lang, who=", ".join(name(s) for s in record.hints)))
    return "\n".join(lines)[:PAGE_LIMIT]


def _results(record: GameRecord, deal: DealRecord, index: int, lang: str, name: Namer) -> list[str]:
    """The deal's points and totals per side (RULES G-5), and the final scores after the last."""
    results = deal.result
    if results is None:
        return []

    def who(seats: list[int]) -> str:
        if len(seats) == 1:
            return name(seats[0])
        return t("bot.board.partners", lang, first=name(seats[0]), second=name(seats[1]))

    parties = "; ".join(
        t(
            "records.replay.party",
            lang,
            who=who(seats),
            points=results.points[seats[0]],
            score=results.scores[seats[0]],
        )
        for seats in _sides(record, deal)
    )
    lines = [t("records.replay.result", lang, parties=parties)]
    final = record.final_scores
    if index == len(record.deals) - 1 and final is not None:
        totals = "; ".join(f"{who(seats)} {final[seats[0]]}" for seats in _sides(record, None))
        lines.append(t("records.replay.final", lang, parties=totals))
    return lines


def _sides(record: GameRecord, deal: DealRecord | None) -> list[list[int]]:
    """The scoring units: partners together (RULES §6-7), else each seat dealt in."""
    return VARIANTS[record.variant].sides(sorted(deal.hands) if deal is not None else None)


def buttons(record: GameRecord, game_id: int, at: Position, lang: str) -> discord.ui.View:
    """Previous/next deal and trick from `at`; a way that leads nowhere is greyed out."""
    deals, tricks = record.deals, len(record.deals[at.deal].tricks)
    back = (
        Position(at.deal, at.trick - 1)
        if at.trick > 0
        else Position(at.deal - 1, len(deals[at.deal - 1].tricks))
        if at.deal > 0
        else None
    )
    forward = (
        Position(at.deal, at.trick + 1)
        if at.trick < tricks
        else Position(at.deal + 1, 0)
        if at.deal + 1 < len(deals)
        else None
    )
    targets = {
        "prev_deal": Position(at.deal - 1, 0) if at.deal > 0 else None,
        "prev_trick": back,
        "next_trick": forward,
        "next_deal": Position(at.deal + 1, 0) if at.deal + 1 < len(deals) else None,
    }
    view = dynamic_view()
    for kind, target in targets.items():
        view.add_item(ReplayButton(game_id, target or at, kind, lang, disabled=target is None))
    return view


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pinochle:replay:(?P<game>\d+):(?P<deal>\d+):(?P<trick>\d+):(?P<kind>[a-z_]+)",
):
    """A replay step: the game and the position it shows, in its custom id."""

    def __init__(
        self, game_id: int, at: Position, kind: str, lang: str = "en", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"records.replay.{kind}", lang),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"pinochle:replay:{game_id}:{at.deal}:{at.trick}:{kind}",
            )
        )
        self.game_id, self.at = game_id, at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        position = Position(int(match["deal"]), int(match["trick"]))
        return cls(int(match["game"]), position, match["kind"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction)
        replays = replays_of(interaction)
        record = await replays.record(interaction.guild_id or 0, self.game_id)
        at = self.at
        if (
            record is None
            or at.deal >= len(record.deals)
            or at.trick > len(record.deals[at.deal].tricks)
        ):
            await reply(interaction, t("records.refuse.replay_gone", lang))
            return
        await interaction.response.edit_message(
            content=replay_page(record, self.game_id, at, lang),
            view=buttons(record, self.game_id, at, lang),
            allowed_mentions=NO_PINGS,
        )


async def send_replay(interaction: discord.Interaction, game_id: int) -> None:
    """The start of a finished game's replay, privately; a refusal if there is no such game."""
    lang = lang_of(interaction)
    record = await replays_of(interaction).record(interaction.guild_id or 0, game_id)
    if record is None:
        await reply(interaction, t("records.refuse.no_game", lang, game=game_id))
        return
    start = Position(0, 0)
    await interaction.response.send_message(
        replay_page(record, game_id, start, lang),
        view=buttons(record, game_id, start, lang),
        ephemeral=True,
        allowed_mentions=NO_PINGS,
    )
