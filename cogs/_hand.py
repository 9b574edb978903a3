"""The private hand view: the player's cards, and a button or menu entry for each legal action.

Every component carries the table id, the state version it was drawn at and
its owner (`pinochle:act:12:57:3:4242` = table 12, version 57, legal action
number 3, drawn for user 4242), so a click on an old view (or a second click)
is refused with a fresh view instead of playing something else, and a click by
anyone but the owner is refused privately and changes nothing. A view never
holds more than Discord allows: 5 rows, 5 buttons a row, 25 options a menu.
"""

from __future__ import annotations

import io
import logging
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.utils import MISSING

from bot.game import Action, Card, Phase
from bot.i18n import card_text, cards_text, t
from bot.presentation.texts import card_places, hand_action_label, hand_text, say
from bot.render import render_hand, render_in_thread
from bot.tables import Hand, Refusal
from cogs._common import (
    dynamic_view,
    lang_of,
    mention_namer,
    person_of,
    say_refusal,
    service_of,
    table_here,
)
from cogs._errors import guarded
from cogs._players import bot_of, services_of

log = logging.getLogger(__name__)

MAX_ROWS, ROW_BUTTONS, MENU_OPTIONS = 5, 5, 25
#: The components of a hand view (they live in plain views: each answers by its custom id).
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]
#: Verbs shown as menus when there are more of them than buttons would hold.
MENU_VERBS = ("play", "meld", "bid")


def hand_components(hand: Hand, lang: str, chosen: Sequence[int] = ()) -> discord.ui.View:
    """Buttons (or menus) for exactly the legal actions, plus Refresh when there is room; in the
    passing (F-5), a menu of the hand's cards and, once as many as are due are `chosen` (indices
    into the sorted hand), the button that gives them."""
    view = dynamic_view()
    owner = hand.table.seats[hand.seat].user_id
    assert owner is not None, "a hand is shown only to the person in its seat"
    if hand.legal and hand.view.phase is Phase.PASSING:
        view.add_item(GiveSelect.build(hand, owner, lang, chosen))
        if len(chosen) == hand.view.give_due:
            view.add_item(GiveButton.build(hand, owner, lang, chosen))
        view.add_item(RefreshButton(hand.table.id, owner, lang, row=2))
        return view
    rows = _layout(hand.legal, card_places(hand.view))
    for row, (kind, verb, indices) in enumerate(rows):
        if kind == "menu":
            more = (
                verb == "bid" and row > 0 and rows[row - 1][:2] == (kind, verb)
            )  # a second, higher menu
            view.add_item(ActionSelect.build(hand, owner, verb, row, indices, lang, more=more))
        else:
            for index in indices:
                view.add_item(ActionButton.build(hand, owner, index, row, lang))
    if len(rows) < MAX_ROWS:
        view.add_item(RefreshButton(hand.table.id, owner, lang, row=len(rows)))
    return view


def _layout(
    legal: Sequence[Action], places: Mapping[Card, int] | None = None
) -> list[tuple[str, str, list[int]]]:
    """Rows of ("buttons" | "menu", verb, action indices), at most MAX_ROWS of them.

    Each kind of action starts its own row. Bids are always a menu; cards and
    melds become menus, the biggest group first, only when buttons would not fit.
    Cards to play come in the order the hand shows them (`card_places`: trump first,
    like its text and picture), so trump is found at the same place on the buttons.
    """
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        groups.setdefault(action.verb, []).append(index)
    if "play" in groups and places:
        groups["play"].sort(key=lambda index: places.get(legal[index].card, len(places)))
    as_menus = {"bid"} & set(groups)

    def rows_of(verb: str) -> list[tuple[str, str, list[int]]]:
        indices = groups[verb]
        if verb in as_menus:
            return [("menu", verb, chunk) for chunk in _menu_chunks(indices)]
        return [
            ("buttons", verb, indices[i : i + ROW_BUTTONS])
            for i in range(0, len(indices), ROW_BUTTONS)
        ]

    while sum(len(rows_of(verb)) for verb in groups) > MAX_ROWS:
        candidates = [v for v in MENU_VERBS if v in groups and v not in as_menus]
        if not candidates:
            break
        as_menus.add(max(candidates, key=lambda v: len(groups[v])))
    rows = [row for verb in groups for row in rows_of(verb)]
    if len(rows) > MAX_ROWS:
        log.warning(
            "hand view: %d rows of actions, showing %d; typed commands reach the rest",
            len(rows),
            MAX_ROWS,
        )
    return rows[:MAX_ROWS]


def _menu_chunks(indices: list[int]) -> list[list[int]]:
    """One menu of the first 25; a longer list (bids) gets a second menu spread over the rest."""
    if len(indices) <= MENU_OPTIONS:
        return [indices]
    rest = indices[MENU_OPTIONS:]
    step = math.ceil(len(rest) / MENU_OPTIONS)
    return [indices[:MENU_OPTIONS], rest[::step]]


def by_owner(interaction: discord.Interaction, owner: int) -> None:
    """Refuse anyone but the view's owner (privately: the `Refusal` reaches `cogs._errors`)."""
    if interaction.user.id != owner:
        raise Refusal("bot.refuse.not_your_hand")


class ActionButton(
    discord.ui.DynamicItem[Button],
    template=r"pinochle:act:(?P<table>\d+):(?P<version>\d+):(?P<index>\d+):(?P<owner>\d+)",
):
    """One legal action, as drawn at one state version for one person."""

    def __init__(
        self,
        table_id: int,
        version: int,
        index: int,
        owner: int,
        button: Button | None = None,
    ) -> None:
        super().__init__(
            button
            or discord.ui.Button(custom_id=f"pinochle:act:{table_id}:{version}:{index}:{owner}")
        )
        self.table_id, self.version, self.index, self.owner = table_id, version, index, owner

    @classmethod
    def build(cls, hand: Hand, owner: int, index: int, row: int, lang: str) -> ActionButton:
        action = hand.legal[index]
        style = (
            discord.ButtonStyle.primary if action.verb == "play" else discord.ButtonStyle.secondary
        )
        button: Button = discord.ui.Button(
            label=hand_action_label(hand.view, action, lang)[:80],
            style=style,
            row=row,
            custom_id=f"pinochle:act:{hand.table.id}:{hand.version}:{index}:{owner}",
        )
        if action.verb == "play":
            button.style = (
                discord.ButtonStyle.danger
                if action.card.suit.is_red
                else discord.ButtonStyle.primary
            )
        return cls(hand.table.id, hand.version, index, owner, button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        assert isinstance(item, discord.ui.Button)  # the template is a button's custom id
        return cls(
            int(match["table"]),
            int(match["version"]),
            int(match["index"]),
            int(match["owner"]),
            item,
        )

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        by_owner(interaction, self.owner)
        await act_from_view(interaction, self.table_id, self.version, self.index)


class ActionSelect(
    discord.ui.DynamicItem[Select],
    template=r"pinochle:pick:(?P<table>\d+):(?P<version>\d+):(?P<verb>[a-z]+):(?P<row>\d)"
    r":(?P<owner>\d+)",
):
    """A menu of legal actions of one kind (cards to play, melds, bids); values are action indices."""

    def __init__(self, table_id: int, version: int, owner: int, select: Select) -> None:
        super().__init__(select)
        self.table_id, self.version, self.owner = table_id, version, owner

    @classmethod
    def build(
        cls,
        hand: Hand,
        owner: int,
        verb: str,
        row: int,
        indices: list[int],
        lang: str,
        more: bool = False,
    ) -> ActionSelect:
        select: Select = discord.ui.Select(
            custom_id=f"pinochle:pick:{hand.table.id}:{hand.version}:{verb}:{row}:{owner}",
            row=row,
            placeholder=t(f"bot.menu.{verb}_more" if more else f"bot.menu.{verb}", lang),
            options=[
                discord.SelectOption(
                    label=hand_action_label(hand.view, hand.legal[i], lang)[:100], value=str(i)
                )
                for i in indices
            ],
        )
        return cls(hand.table.id, hand.version, owner, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)  # the template is a menu's custom id
        return cls(int(match["table"]), int(match["version"]), int(match["owner"]), item)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        by_owner(interaction, self.owner)
        await act_from_view(interaction, self.table_id, self.version, int(self.item.values[0]))


class GiveSelect(
    discord.ui.DynamicItem[Select],
    template=r"pinochle:givepick:(?P<table>\d+):(?P<version>\d+):(?P<owner>\d+)",
):
    """The passing's menu (F-5): pick exactly as many of the hand's cards as are due (of those not
    chosen yet: a give typed a card at a time chooses them). Picking gives nothing yet: it redraws
    the hand with the picked cards and the button that gives them all at once."""

    def __init__(self, table_id: int, version: int, owner: int, select: Select) -> None:
        super().__init__(select)
        self.table_id, self.version, self.owner = table_id, version, owner

    @classmethod
    def build(cls, hand: Hand, owner: int, lang: str, chosen: Sequence[int]) -> GiveSelect:
        count, held = hand.view.give_due, hand.view.hand
        places = hand.view.unchosen[:MENU_OPTIONS]  # a hand holds at most 24 cards (H-5)
        select: Select = discord.ui.Select(
            custom_id=f"pinochle:givepick:{hand.table.id}:{hand.version}:{owner}",
            row=0,
            placeholder=t("bot.menu.give", lang),
            min_values=count,
            max_values=count,
            options=[
                discord.SelectOption(
                    label=card_text(held[i], lang), value=str(i), default=i in chosen
                )
                for i in places
            ],
        )
        return cls(hand.table.id, hand.version, owner, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GiveSelect:
        assert isinstance(item, discord.ui.Select)  # the template is a menu's custom id
        return cls(int(match["table"]), int(match["version"]), int(match["owner"]), item)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        by_owner(interaction, self.owner)
        chosen = sorted({int(v) for v in self.item.values if v.isdigit()})
        notes = []
        hand = await service_of(interaction).hand(self.table_id, interaction.user.id)
        if hand.version != self.version:
            notes.append(
                say(Refusal("bot.refuse.stale"), lang_of(interaction), mention_namer(hand.table))
            )
            chosen = []
        else:
            cards = [hand.view.hand[i] for i in chosen if i < len(hand.view.hand)]
            notes.append(
                t(
                    "bot.hand.chosen",
                    lang_of(interaction),
                    cards=cards_text(cards, lang_of(interaction)),
                )
            )
        await show_hand(interaction, self.table_id, notes=notes, chosen=chosen)


class GiveButton(
    discord.ui.DynamicItem[Button],
    template=r"pinochle:give:(?P<table>\d+):(?P<version>\d+):(?P<owner>\d+):(?P<cards>[0-9.]+)",
):
    """Give the picked cards (F-5): their places in the hand as it was drawn at `version`."""

    def __init__(
        self, table_id: int, version: int, owner: int, chosen: list[int], button: Button
    ) -> None:
        super().__init__(button)
        self.table_id, self.version, self.owner, self.chosen = table_id, version, owner, chosen

    @classmethod
    def build(cls, hand: Hand, owner: int, lang: str, chosen: Sequence[int]) -> GiveButton:
        indices = ".".join(map(str, chosen))
        button: Button = discord.ui.Button(
            label=t("bot.button.give", lang),
            style=discord.ButtonStyle.success,
            row=1,
            custom_id=f"pinochle:give:{hand.table.id}:{hand.version}:{owner}:{indices}",
        )
        return cls(hand.table.id, hand.version, owner, list(chosen), button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GiveButton:
        assert isinstance(item, discord.ui.Button)  # the template is a button's custom id
        chosen = [int(i) for i in match["cards"].split(".") if i]
        return cls(int(match["table"]), int(match["version"]), int(match["owner"]), chosen, item)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        by_owner(interaction, self.owner)
        try:
            hand = await service_of(interaction).hand(self.table_id, interaction.user.id)
        except Refusal:
            await show_hand(interaction, self.table_id)  # says why there is no hand to act from
            return
        held = hand.view.hand
        if self.version != hand.version or any(i >= len(held) for i in self.chosen):
            note = say(Refusal("bot.refuse.stale"), lang_of(interaction), mention_namer(hand.table))
        else:
            give = Action.give(held[i] for i in self.chosen)
            note = await act(interaction, self.table_id, give, self.version)
        await show_hand(interaction, self.table_id, notes=[note])
        bot_of(interaction).presenter.answered(interaction)


class RefreshButton(
    discord.ui.DynamicItem[Button],
    template=r"pinochle:hand:(?P<table>\d+):(?P<owner>\d+)",
):
    """Redraw the hand view as it is now (for its owner only)."""

    def __init__(self, table_id: int, owner: int, lang: str = "en", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("bot.button.refresh", lang),
                row=row,
                style=discord.ButtonStyle.secondary,
                custom_id=f"pinochle:hand:{table_id}:{owner}",
            )
        )
        self.table_id, self.owner = table_id, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RefreshButton:
        return cls(int(match["table"]), int(match["owner"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        by_owner(interaction, self.owner)
        await show_hand(interaction, self.table_id)


# ------------------------------------------------------------------ flows


@dataclass
class HandMessage:
    """A hand message: the notes and the hand as text, its picture, its components (None without
    a hand)."""

    content: str
    view: discord.ui.View | None = None
    files: list[discord.File] = field(default_factory=list)


async def hand_message(
    interaction: discord.Interaction,
    table_id: int,
    notes: list[str],
    chosen: Sequence[int] = (),
    hand: Hand | None = None,
) -> HandMessage:
    """A hand message: notes, the hand, its picture and components.

    The picture comes unless the person (or else their server) turned pictures off.

    Someone without a hand here (not seated, or the game just ended) gets the
    notes (or else the reason), without components. A hand shown is watched
    (`cogs._hand_watch`), so the message is redrawn when the turn comes or goes.
    """
    lang = lang_of(interaction)
    if hand is None:  # `hand`: the one the service answered a press with
        try:
            hand = await service_of(interaction).hand(table_id, interaction.user.id)
        except Refusal as refusal:
            return HandMessage("\n".join(notes or [say_refusal(interaction, refusal, lang)]))
    bot_of(interaction).hand_watch.shown(interaction, hand)
    name = mention_namer(hand.table)
    content = "\n".join(
        [*notes, hand_text(hand.table, hand.seat, hand.view, hand.covered, lang, name)]
    )
    message = HandMessage(content[:2000], hand_components(hand, lang, chosen))
    pictures = services_of(interaction).settings
    if await pictures.images_enabled(interaction.guild_id, interaction.user.id):
        picture = await _hand_picture(hand, lang, chosen)
        if picture is not None:
            message.files.append(discord.File(picture, filename="hand.png"))
    return message


async def _hand_picture(hand: Hand, lang: str, chosen: Sequence[int]) -> io.BytesIO | None:
    """The rendered hand (bot.render), playable (or picked to give) cards lit; None if drawing
    fails."""
    cards = list(hand.view.hand)
    playable = {action.card for action in hand.legal if action.verb == "play"}
    lit = [c for c in cards if c in playable] + [cards[i] for i in chosen if i < len(cards)]
    trump = hand.view.trump
    try:
        png = await render_in_thread(render_hand, cards, trump=trump, legal=lit or None, lang=lang)
    except Exception:
        log.exception("could not draw a hand; sending text only")
        return None
    return io.BytesIO(png)


async def send_hand(
    interaction: discord.Interaction, table_id: int, notes: Sequence[str] = ()
) -> None:
    """A new private hand view (Show my hand, /pinochle hand, typed actions)."""
    message = await hand_message(interaction, table_id, list(notes))
    await interaction.response.send_message(
        message.content,
        ephemeral=True,
        view=MISSING if message.view is None else message.view,
        files=message.files or MISSING,
    )


async def show_hand(
    interaction: discord.Interaction,
    table_id: int,
    notes: Sequence[str] = (),
    chosen: Sequence[int] = (),
    hand: Hand | None = None,
) -> None:
    """Redraw the clicked hand view in place (its picture replaces the old attachments)."""
    message = await hand_message(interaction, table_id, list(notes), chosen, hand)
    await interaction.response.edit_message(
        content=message.content, view=message.view, attachments=message.files
    )


async def redraw_hand(interaction: discord.Interaction, table_id: int) -> None:
    """Redraw an open hand view through the interaction that last drew it (the hand watch's redraw)."""
    message = await hand_message(interaction, table_id, [])
    await interaction.edit_original_response(
        content=message.content, view=message.view, attachments=message.files
    )


async def act_from_view(
    interaction: discord.Interaction, table_id: int, version: int, index: int
) -> None:
    """A click in a hand view: act if the view is current, else say so; then show the hand the
    service answered with (one call, one take of the table's lock: `TableService.press`)."""
    try:
        pressed = await service_of(interaction).press(
            table_id, person_of(interaction), index, version
        )
    except Refusal:
        await show_hand(interaction, table_id)  # says why there is no hand to act from
        return
    lang = lang_of(interaction)
    if pressed.outcome is not None:  # the table's voice now (see `act`)
        bot_of(interaction).presenter.heard(table_id, interaction)
        note = say(pressed.outcome.private, lang, mention_namer(pressed.outcome.table))
    else:
        assert pressed.refused is not None
        note = say_refusal(interaction, pressed.refused, lang)
    await show_hand(interaction, table_id, notes=[note], hand=pressed.hand)
    bot_of(interaction).presenter.answered(interaction)  # the ping it caused may go through it now


async def act_typed(interaction: discord.Interaction, action: str | Action) -> None:
    """A typed action (/pinochle play, meld, bid, ...): the result, then the hand as it is now."""
    table = table_here(interaction)
    await send_hand(interaction, table.id, notes=[await act(interaction, table.id, action)])
    bot_of(interaction).presenter.answered(interaction)


async def act(
    interaction: discord.Interaction,
    table_id: int,
    action: str | Action,
    version: int | None = None,
) -> str:
    """Act for the member; what to note above their hand: the result, or why it was refused.

    An accepted action's interaction becomes the table's voice (`cogs._voices`): the turn ping
    it causes goes out as its follow-up (a refused one never speaks for the table).
    """
    try:
        outcome = await service_of(interaction).act(
            table_id, person_of(interaction), action, version=version
        )
    except Refusal as refusal:
        return say_refusal(interaction, refusal, lang_of(interaction))
    bot_of(interaction).presenter.heard(table_id, interaction)
    return say(outcome.private, lang_of(interaction), mention_namer(outcome.table))
