"""Input and output bounds on Discord: long input, names, autocomplete, hand views."""

from __future__ import annotations

import discord

from bot.game.cards import MAX_HAND
from cogs._common import reply
from tests.cogs.forged import forged_click
from tests.cogs.live_support import home_of
from tests.cogs.sim import channel_lines, components
from tests.cogs.test_play import snapshot, two_people

from .ledger_support import Server

#: About 2,000 characters, as pasted into a command option.
WALL_OF_CARDS = " ".join(["K♥", "Q♥"] * 333)
WALL_OF_TEXT = "x" * 2000


async def test_a_meld_longer_than_a_hand_is_refused_in_a_short_reply(room):
    """A meld lists at most a hand's worth of cards (MAX_HAND: 24, the double deck's bid winner
    between the passes, H-5): a pasted wall of cards is refused by its
    count, in a reply that fits Discord's limit (it used to become "Sorry, something went wrong")."""
    _table, mover, _ = await two_people(room)
    before = snapshot(room)
    result = await mover.slash(room.channel, "pinochle meld", cards=WALL_OF_CARDS)
    assert result.ephemeral
    text = result.response.content
    assert text.startswith(f"Not allowed: a meld has at most {MAX_HAND} cards.")
    assert "went wrong" not in text and len(text) <= 2000
    assert snapshot(room) == before


async def test_echoed_text_is_cut_so_every_refusal_arrives(room):
    await two_people(room)
    for command, option in (
        ("pinochle play", "card"),
        ("pinochle meld", "cards"),
        ("pinochle trump", "suit"),
    ):
        result = await room.alice.slash(room.channel, command, **{option: WALL_OF_TEXT})
        text = result.response.content
        assert result.ephemeral and "went wrong" not in text, command
        assert "x" * 59 + "…" in text and len(text) < 300, command


async def test_a_kicked_name_with_markdown_links_and_pings_is_shown_as_typed(simcord_env):
    """Names are the person's, not markdown: no bold, no masked link, no @everyone in public lines."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("pinochle")
    host = guild.add_member(simcord_env.create_user("host"))
    name = "**Free** [nitro](https://evil.example) @everyone"
    guest = guild.add_member(simcord_env.create_user("guest", global_name=name))
    await host.slash(channel, "pinochle new", variant="four-handed")
    thread = home_of(channel)
    await guest.slash(thread, "pinochle join")
    await host.slash(thread, "pinochle kick", member="2")
    await simcord_env.settle()
    [line] = [line for line in channel_lines(thread) if "removed" in line]
    assert (
        line
        == r"The host removed \*\*Free\*\* \[nitro](https://evil.example) @" + "\u200beveryone."
    )


async def test_setting_values_and_names_are_offered_only_to_managers(simcord_env):
    server = Server(simcord_env, "ann")
    await server.admin.slash(
        server.channel, "pinochle settings", name="starting_balance", value="40"
    )
    for option, filled in (
        ("name", {}),
        ("value", {"name": "starting_balance"}),
        ("value", {"name": "language"}),
    ):
        assert (
            await server["ann"].autocomplete(
                server.channel, "pinochle settings", option, "", **filled
            )
            == []
        )
        assert await server.admin.autocomplete(
            server.channel, "pinochle settings", option, "", **filled
        )


async def test_a_hand_view_answers_only_its_owner(room):
    """Bob forges a click on Alice's private hand view: he is told it is not his, Alice's view is not
    redrawn with Bob's cards, and nothing is played."""
    _table, mover, waiter = await two_people(room)
    hand = (await mover.slash(room.channel, "pinochle hand")).response
    before = snapshot(room)
    buttons = [
        item["custom_id"]
        for item in components(hand)
        if item["type"] == discord.ComponentType.button.value
    ]
    assert buttons
    for custom_id in buttons:
        result = await forged_click(waiter, hand, custom_id)
        assert result.ephemeral
        assert (
            result.response.content
            == "This hand view is someone else's. Open your own with /pinochle hand."
        )
    assert snapshot(room) == before
    assert room.env.backend.get_message(hand.channel_id, hand.id).content == hand.content


class _Answer:
    """Just enough of an interaction for `reply`: a first response not yet given, and what was sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.response = self

    def is_done(self) -> bool:
        return False

    async def send_message(self, content: str, **kwargs) -> None:
        self.sent.append(content)


async def test_reply_cuts_whatever_it_is_given_to_discords_limit():
    """The last resort: a reply too long for Discord would be lost, so it arrives cut, ending in "…"."""
    answer = _Answer()
    await reply(answer, "y" * 2500)
    assert answer.sent == ["y" * 1999 + "…"]
