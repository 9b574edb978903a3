"""Play commands: /pinochle hand, play, meld, bid, pass, trump and move.

Every typed action goes through the same service call as a click in the hand
view, and its autocomplete offers only what is legal for the asker now, under
the labels the hand view's buttons carry. `move` holds the rarer actions (the
dix, the exchange, the last draw, declaring out) in one command: Discord allows
a command group 25 subcommands. It also takes the cards to give in the passing (F-5) typed out,
"give A♥ 10♥ K♥ Q♥", beside the hand view's menu: its autocomplete builds that give a held card
at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.game import (
    Action,
    Card,
    IllegalAction,
    SeatView,
    Suit,
    Typed,
    parse_action,
    parse_cards,
)
from bot.game.cards import MAX_HAND
from bot.game.errors import shorten
from bot.i18n import t
from bot.presentation.texts import hand_action_label, say
from bot.presentation.typed import (
    SALT_WORDS,
    BothReadings,
    GiveDraft,
    engine_text,
    give_draft,
    read_number,
    salt_of,
)
from bot.tables import Refusal
from cogs._common import lang_of, mention_namer, reply, service_of, table_here
from cogs._group import PinochleCog, describe
from cogs._hand import (
    ActionButton,
    ActionSelect,
    GiveButton,
    GiveSelect,
    RefreshButton,
    act_typed,
    send_hand,
)
from cogs._house import House
from cogs._players import channel_of

#: The kinds of action (`Action.verb`) /pinochle move takes: showing or exchanging the dix
#: (RULES A-7, C-4, D-3), the last draw, face-down card or turn-up, where the winner chooses (A-8),
#: declaring out (A-12).
MOVE_VERBS = ("dix", "exchange", "draw", "draw turnup", "declare out")


async def legal_choices(
    interaction: discord.Interaction, verbs: tuple[str, ...], current: str, whole: bool = False
) -> list[Choice[str]]:
    """The asker's legal actions of these kinds (in this order) matching what they typed, under the
    hand view's labels; the value sent is the action's argument ("10♥"), or the whole action if
    `whole`."""
    table = service_of(interaction).table_in(channel_of(interaction))
    if table is None:
        return []
    try:
        hand = await service_of(interaction).hand(table.id, interaction.user.id)
    except Refusal:  # not seated here, or no game: nothing to offer
        return []
    return _choices_of(hand.view, hand.legal, verbs, current, lang_of(interaction), whole)


def _choices_of(
    view: SeatView,
    legal: Sequence[Action],
    verbs: tuple[str, ...],
    current: str,
    lang: str,
    whole: bool,
) -> list[Choice[str]]:
    """`legal_choices` of a legal list in hand: at most 25 (Discord's limit), matching `current`."""
    typed, found = current.strip().lower(), []
    for action in (action for verb in verbs for action in legal if action.verb == verb):
        value = str(action) if whole else action.argument
        label = hand_action_label(view, action, lang)
        if typed in value.lower() or typed in label.lower():
            found.append(Choice(name=label[:100], value=value))
    return found[:25]


async def move_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """`/pinochle move action:` choices: the legal moves of MOVE_VERBS matching what was typed, or
    in the passing (F-5) the give being typed, built a held card at a time (`give_choices`)."""
    table = service_of(interaction).table_in(channel_of(interaction))
    if table is None:
        return []
    try:
        hand = await service_of(interaction).hand(table.id, interaction.user.id)
    except Refusal:  # not seated here, or no game: nothing to offer
        return []
    lang = lang_of(interaction)
    view = hand.view
    due = view.give_due if hand.legal else 0
    draft = give_draft(due, [view.hand[place] for place in view.unchosen], current)
    if draft is not None:
        return give_choices(hand.view, draft, lang)
    return _choices_of(hand.view, hand.legal, MOVE_VERBS, current, lang, whole=True)


def give_choices(view: SeatView, draft: GiveDraft, lang: str) -> list[Choice[str]]:
    """The give typed so far plus each held card it may add next ("Give A♥ 10♥ (2 of 4 chosen)"),
    or, once it names as many as the engine wants (or more), that give as the one to send."""
    if len(draft.chosen) >= draft.count:
        key = "bot.hand.give_ready" if len(draft.chosen) == draft.count else "bot.hand.give_more"
        steps = [draft.chosen]
    else:
        key, steps = "bot.hand.give_more", [(*draft.chosen, card) for card in draft.more]
    found = []
    for cards in steps[:25]:
        action = Action("give", cards)  # in the order typed: the label grows at its end
        label = hand_action_label(view, action, lang)
        name = t(key, lang, give=label, chosen=len(cards), count=draft.count)
        found.append(Choice(name=name[:100], value=str(action)))
    return found


class ActionsCog(PinochleCog):
    """The commands a seated person acts with: their hand view and every kind of action typed."""

    def __init__(self, bot: House) -> None:
        self.bot = bot

    @app_commands.command(name="hand", description=describe("hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await send_hand(interaction, table_here(interaction).id)

    @app_commands.command(name="play", description=describe("play"))
    @app_commands.describe(card=describe("play.options.card"))
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        try:
            chosen = Card.from_text(card)
        except ValueError as error:
            raise Refusal("bot.refuse.bad_card", text=Typed(shorten(card))) from error
        await act_typed(interaction, f"play {chosen}")

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, ("play",), current)

    @app_commands.command(name="meld", description=describe("meld"))
    @app_commands.describe(cards=describe("meld.options.cards"))
    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        """No meld holds more cards than a hand (MAX_HAND): a longer list is refused before it is read."""
        try:
            chosen = parse_cards(cards, limit=MAX_HAND)
        except IllegalAction:  # the engine's refusal (too many cards), said as it is
            raise
        except ValueError as error:
            raise Refusal("bot.refuse.bad_card", text=Typed(shorten(cards))) from error
        await act_typed(interaction, "meld " + " ".join(map(str, chosen)))

    @meld.autocomplete("cards")
    async def meld_cards(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, ("meld",), current)

    @app_commands.command(name="bid", description=describe("bid"))
    @app_commands.describe(amount=describe("bid.options.amount"))
    async def bid(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 10_000]
    ) -> None:
        await act_typed(interaction, f"bid {amount}")

    @bid.autocomplete("amount")
    async def bid_amount(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return [
            Choice(name=c.name, value=int(c.value))
            for c in await legal_choices(interaction, ("bid",), current)
        ]

    @app_commands.command(name="trump", description=describe("trump"))
    @app_commands.describe(suit=describe("trump.options.suit"))
    async def trump(self, interaction: discord.Interaction, suit: str) -> None:
        try:
            chosen = Suit.parse(suit)
        except ValueError as error:
            raise Refusal("bot.refuse.bad_suit", text=Typed(shorten(suit))) from error
        await act_typed(interaction, f"trump {chosen.value}")

    @trump.autocomplete("suit")
    async def trump_suit(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, ("trump",), current)

    @app_commands.command(name="pass", description=describe("pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await act_typed(interaction, "pass")

    @app_commands.command(name="move", description=describe("move"))
    @app_commands.describe(action=describe("move.options.action"))
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        """An action of MOVE_VERBS as autocomplete offers it ("draw turnup"), or a legal one's label
        typed out ("Take the turn-up"); the engine refuses one that is not legal now, and anything
        else is refused the same way, changing nothing."""
        typed = " ".join(action.lower().split())
        word, salted = salt_of(action)
        if salted:  # a salt word for the next deal (bot.game.fair): not a move of the game
            table = table_here(interaction)
            outcome = await service_of(interaction).salt(table.id, interaction.user.id, word)
            await reply(
                interaction,
                say(outcome.private, lang_of(interaction), mention_namer(outcome.table)),
            )
            return
        chosen: Action | str | None = _move_of(typed)
        if chosen is None and typed.isascii() and typed.isdigit():
            chosen = await _number_move(interaction, typed)
        if chosen is None:  # a label as autocomplete shows it, typed out or sent as shown
            offered = await move_choices(interaction, typed)
            chosen = next((c.value for c in offered if c.name.lower() == typed), None)
        if chosen is None:
            raise IllegalAction("not_legal", action=shorten(action))
        await act_typed(interaction, chosen)

    @move.autocomplete("action")
    async def move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        word, salted = salt_of(current)
        if salted and word:  # what will be sent, as typed
            return [Choice(name=f"{SALT_WORDS[0]} {word}"[:100], value=f"{SALT_WORDS[0]} {word}")]
        return await move_choices(interaction, current)


async def _number_move(interaction: discord.Interaction, typed: str) -> Action | str | None:
    """A bare number typed to `/pinochle move`: nothing is numbered in Discord, so while bids are
    offered it is a bid of that amount, which the engine judges (F-2); otherwise None."""
    table = table_here(interaction)
    hand = await service_of(interaction).hand(table.id, interaction.user.id)
    read = read_number(typed, {}, hand.legal)
    return None if isinstance(read, BothReadings) else read


def _move_of(typed: str) -> Action | None:
    """The action of MOVE_VERBS that `typed` writes ("draw turnup"), or a give in the passing
    ("give a♥ 10♥ k♥ q♥", "передать тч 10ч кч дч": F-5; the engine answers a wrong count, a bare
    "give" included); None (a label, or no move)."""
    try:
        action = parse_action(engine_text(typed))
    except IllegalAction:
        return None
    return action if action.verb in MOVE_VERBS or action.verb == "give" else None


async def setup(bot: House) -> None:
    bot.add_dynamic_items(ActionButton, ActionSelect, RefreshButton, GiveSelect, GiveButton)
    await bot.add_cog(ActionsCog(bot))
