"""`/pinochle replay game:`: a finished game, a deal and a trick at a time.

A page shows one position of the game record (bot.game.record): every hand
(the game is over; only the deals it played to their end, and nothing while
another open table holds its cards: `bot.store.visibility`), as dealt or as
held when the trick shown began, the deal's auction, contract and melds, and
one trick (or the start of the deal), with the deal's result after its last
trick. The buttons (previous/next deal, previous/next trick) carry the
position they lead to in their custom id, so they hold no state and answer
whenever they are pressed, also after a restart; a game that can no longer be
read is answered clearly. Records (and what each seat held at each trick of a
deal) are built in a worker thread, one at a time, and the last few are kept
(`REPLAY_CACHE`), so a member stepping through a game does not replay its log at
every click.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.game import VARIANTS, Card, fingerprint, sort_hand
from bot.game.record import DealRecord, GameRecord
from bot.i18n import t, variant_name
from bot.store import Store, game_log
from bot.store.visibility import played
from bot.tables.outcome import Name
from bot.tables.recent import Recent
from bot.tables.review import guard_shown
from bot.tables.texts import Namer, cards_text, fair_line, hand_by_suit, plays_text
from cogs._common import dynamic_view, lang_of, reply
from cogs._errors import guarded
from cogs._pager import NO_PINGS
from cogs._players import plain

#: Game records kept for the replay buttons (a long game's record is about 100 kB).
REPLAY_CACHE = 8
#: Each seat's cards at one moment of a deal.
Holding = dict[int, list[Card]]
#: The longest page (Discord's message limit).
PAGE_LIMIT = 2000


@dataclass(frozen=True)
class Position:
    """A place in a replay: deal index (from 0) and trick (0: before the first trick)."""

    deal: int
    trick: int


class Replays:
    """Finished games' records for replay pages, read from the store and kept while in use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._records: Recent[int, tuple[int, GameRecord]] = Recent(REPLAY_CACHE)  # id -> server
        self._holdings: Recent[tuple[int, int], list[Holding]] = Recent(REPLAY_CACHE)
        self._building = asyncio.Lock()  # one replay of a log at a time: bounded work

    async def record(self, guild_id: int, game_id: int) -> GameRecord | None:
        """The record of a finished game of this server with the deals it played, or None; a
        `Refusal` while another open table holds its cards (`bot.store.visibility`)."""
        cached = self._records.get(game_id)
        if cached is None:
            async with self._building:
                cached = self._records.get(game_id)  # built while this one waited?
                if cached is None:
                    log = await game_log(self.store, game_id)
                    if log is None or log.status != "finished" or log.guild_id != guild_id:
                        return None  # another server's game is not even built
                    await guard_shown(self.store, game_id)  # its cards are played elsewhere
                    record = await asyncio.to_thread(GameRecord.from_stored, log)
                    record.deals = played(record.deals)  # never a deal dealt but not played
                    if not record.deals:
                        return None
                    cached = self._records.put(game_id, (log.guild_id, record))
        return cached[1] if cached[0] == guild_id else None

    async def held(self, game_id: int, record: GameRecord, deal: int, trick: int) -> Holding:
        """What each seat held as trick `trick` (from 1) of deal `deal` (an index) began."""
        number = record.deals[deal].number
        async with self._building:
            holdings = self._holdings.get((game_id, number))
            if holdings is None:
                holdings = await asyncio.to_thread(record.holdings, number)
                self._holdings.put((game_id, number), holdings)
        return holdings[trick - 1]


def replays_of(interaction: discord.Interaction) -> Replays:
    """The replay records of the bot's Records cog (cogs.records)."""
    cog = interaction.client.get_cog("Records")  # type: ignore[attr-defined]
    return cog.replays  # type: ignore[no-any-return]


def replay_page(
    record: GameRecord, game_id: int, at: Position, lang: str, held: Holding | None = None
) -> str:
    """One position of a replay as a message, in `lang`: the hands as dealt, or with `held`,
    what each seat held as the trick shown began."""
    deal = record.deals[at.deal]

    def name(seat: int | Name) -> str:
        names = record.names or []
        if isinstance(seat, Name):
            return plain(seat.text)
        return plain(names[seat]) if seat < len(names) else f"#{seat + 1}"

    heading = t("bot.review.hands", lang) if held is None else t("records.replay.held", lang)
    lines = [_deal_facts(record, game_id, at.deal, lang, name), heading]
    lines += [
        t(
            "bot.review.hand",
            lang,
            who=name(seat),
            cards=hand_by_suit([str(c) for c in sort_hand(cards, deal.trump)], lang),
        )
        for seat, cards in sorted((deal.hands if held is None else held).items())
    ]
    if deal.auction:
        steps = [
            t("bot.review.pass", lang, who=name(seat))
            if word == "pass"
            else t("bot.review.bid", lang, who=name(seat), amount=word.split()[1])
            for seat, word in deal.auction
        ]
        lines.append(t("bot.review.auction", lang, steps="; ".join(steps)))
    if deal.melds:
        lines.append(t("bot.review.melds", lang))
        lines += [
            t(
                "records.replay.meld",
                lang,
                who=name(seat),
                cards=cards_text([str(c) for c in cards], lang),
                points=points,
            )
            for seat, cards, points in deal.melds
        ]
    if at.trick == 0:
        lines.append(t("records.replay.start", lang))
        if deal.seed is not None and record.table_id is not None:  # over, so revealed
            proof = fingerprint(deal.seed, record.table_id, deal.number)
            lines.append(fair_line(deal.seed, proof, deal.salts, lang, name))
    else:
        trick = deal.tricks[at.trick - 1]
        lines.append(
            t(
                "records.replay.trick",
                lang,
                number=at.trick,
                tricks=len(deal.tricks),
                plays=plays_text([(s, str(c)) for s, c in trick.plays], lang, name),
                who=name(trick.winner),
                points=trick.points,
            )
        )
    if at.trick == len(deal.tricks):
        lines += _results(record, deal, at.deal, lang, name)
    if record.hints:
        lines.append(t("records.replay.hints", lang, who=", ".join(name(s) for s in record.hints)))
    return "\n".join(lines)[:PAGE_LIMIT]


def _deal_facts(record: GameRecord, game_id: int, index: int, lang: str, name: Namer) -> str:
    deal = record.deals[index]
    facts = [
        t(
            "records.replay.title",
            lang,
            game=game_id,
            variant=variant_name(record.variant, lang),
            deal=deal.number,
            deals=len(record.deals),
            dealer=name(deal.dealer),
        )
    ]
    if deal.trump is not None:
        facts.append(t("bot.review.trump_is", lang, suit=deal.trump.value))
    if deal.turnup is not None:
        facts.append(t("bot.review.turnup", lang, card=cards_text([str(deal.turnup)], lang)))
    if deal.contract is not None:
        declarer, amount = deal.contract
        facts.append(t("bot.review.contract", lang, amount=amount, who=name(declarer)))
    return " · ".join(facts)


def _results(record: GameRecord, deal: DealRecord, index: int, lang: str, name: Namer) -> list[str]:
    """The deal's points and totals per side (RULES G-5), and the final scores after the last."""
    results = deal.results
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
            points=results["points"][seats[0]],
            score=results["scores"][seats[0]],
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
        held = await replays.held(self.game_id, record, at.deal, at.trick) if at.trick else None
        await interaction.response.edit_message(
            content=replay_page(record, self.game_id, at, lang, held),
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
