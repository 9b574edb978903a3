"""Play commands: /pinochle hand, play, meld, bid, pass, trump, dix, exchange, draw, declare-out.

Every typed action goes through the same service call as a click in the hand
view, and its autocomplete offers only what is legal for the asker now.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.game import Card, IllegalAction, Suit, parse_action, parse_cards
from bot.game.cards import MAX_HAND
from bot.game.errors import shorten
from bot.tables.texts import action_label
from cogs._common import lang_of, refuse, service_of, table_here
from cogs._group import PinochleCog, choices, describe
from cogs._hand import ActionButton, ActionSelect, RefreshButton, act_typed, send_hand

#: The `which` choices of /pinochle draw and the engine action each one is.
DRAWS = {"hidden": "draw", "turnup": "draw turnup"}


async def legal_choices(
    interaction: discord.Interaction, verb: str, current: str
) -> list[Choice[str]]:
    """The asker's legal actions of one kind, matching what they typed: label shown, argument sent."""
    table = service_of(interaction).table_in(interaction.channel_id)
    if table is None:
        return []
    lang, typed = lang_of(interaction), current.strip().lower()
    found = []
    for action in await service_of(interaction).legal_for(table.id, interaction.user.id, verb):
        argument, label = parse_action(action).argument, action_label(action, lang)
        if typed in argument.lower() or typed in label.lower():
            found.append(Choice(name=label[:100], value=argument))
    return found[:25]


class Play(PinochleCog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="hand", description=describe("hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        if table := await table_here(interaction):
            await send_hand(interaction, table.id)

    @app_commands.command(name="play", description=describe("play"))
    @app_commands.describe(card=describe("play.options.card"))
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        try:
            chosen = Card.from_text(card)
        except ValueError:
            await refuse(interaction, "bot.refuse.bad_card", text=shorten(card))
            return
        await act_typed(interaction, f"play {chosen}")

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, "play", current)

    @app_commands.command(name="meld", description=describe("meld"))
    @app_commands.describe(cards=describe("meld.options.cards"))
    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        """No meld holds more cards than a hand (MAX_HAND): a longer list is refused before it is read."""
        try:
            chosen = parse_cards(cards, limit=MAX_HAND)
        except IllegalAction as error:
            await refuse(interaction, "bot.refuse.illegal", error=error)
            return
        except ValueError:
            await refuse(interaction, "bot.refuse.bad_card", text=shorten(cards))
            return
        await act_typed(interaction, "meld " + " ".join(map(str, chosen)))

    @meld.autocomplete("cards")
    async def meld_cards(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, "meld", current)

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
            for c in await legal_choices(interaction, "bid", current)
        ]

    @app_commands.command(name="trump", description=describe("trump"))
    @app_commands.describe(suit=describe("trump.options.suit"))
    async def trump(self, interaction: discord.Interaction, suit: str) -> None:
        try:
            chosen = Suit.parse(suit)
        except ValueError:
            await refuse(interaction, "bot.refuse.bad_suit", text=shorten(suit))
            return
        await act_typed(interaction, f"trump {chosen.value}")

    @trump.autocomplete("suit")
    async def trump_suit(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await legal_choices(interaction, "trump", current)

    @app_commands.command(name="pass", description=describe("pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await act_typed(interaction, "pass")

    @app_commands.command(name="dix", description=describe("dix"))
    async def dix(self, interaction: discord.Interaction) -> None:
        await act_typed(interaction, "dix")

    @app_commands.command(name="exchange", description=describe("exchange"))
    async def exchange(self, interaction: discord.Interaction) -> None:
        await act_typed(interaction, "exchange")

    @app_commands.command(name="draw", description=describe("draw"))
    @app_commands.describe(which=describe("draw.options.which"))
    @app_commands.choices(which=choices(*DRAWS))
    async def draw(self, interaction: discord.Interaction, which: str = "hidden") -> None:
        """RULES A-8 with winner_chooses_last_card: the face-down card ("draw") or the turn-up."""
        await act_typed(interaction, DRAWS[which])

    @app_commands.command(name="declare-out", description=describe("declare-out"))
    async def declare_out(self, interaction: discord.Interaction) -> None:
        """RULES A-12: claim the game in the middle of a deal."""
        await act_typed(interaction, "declare out")


async def setup(bot) -> None:
    bot.add_dynamic_items(ActionButton, ActionSelect, RefreshButton)
    await bot.add_cog(Play(bot))
