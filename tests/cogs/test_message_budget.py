"""Two people playing two-handed leave at most 10 messages per deal where the table lives, and a
deal posts at most 6 besides its turn pings, however many melds it has; in the games with a
passing (auction, double-deck) no call of the auction and no give posts a message of its own.

The deals are fixed (the table's seed and fair-dealing key), so the count is the same every run.
Melds made after a trick come with the deal's summary, in one message; an auction's calls, trump
and gives come in one message when the melds are shown (docs/discord-budget.md)."""

from __future__ import annotations

import re

import pytest

from benchmarks.messages_bench import _is_ping, play_game
from tests.cogs.sim import board_body, channel_lines

BUDGET = 10
#: Messages a deal posts besides its turn pings: the stock's last card, the summary with the
#: deal's melds and the next deal's line, the board (posted again when lines push it up), and in
#: the first deal the game's start and its ping.
POSTED = 6


async def alice_and_bob_play(room, variant: str, **how):
    """Alice and Bob open a table of `variant` in the room's channel and play (`play_game`)."""
    return await play_game(
        room.env, room.guild, room.parent, [room.alice, room.bob], variant, **how
    )


async def test_a_whole_two_handed_game_stays_within_the_message_budget(room):
    room.fix_deals(1)
    count = await alice_and_bob_play(room, "two-handed", target=200)
    assert count.deals >= 1 and max(count.per_deal) <= BUDGET, count
    assert count.parent == 0
    lines = channel_lines(room.channel)
    assert not any(
        line.startswith(("Trick ", "Last trick")) for line in lines
    )  # tricks are on the board
    assert sum(line.endswith("is over.") for line in lines) == count.deals  # one summary per deal
    assert lines[-1].startswith("Game over. 1. ")
    assert "Final standings: 1. " in board_body(room.channel)


async def test_a_two_handed_deal_with_many_melds_posts_no_message_per_meld(room):
    """A-6: both players meld whenever they can, eight meld rounds in the first deal; each shows
    on the board at once, and all come in the deal's summary, not a message each."""
    room.fix_deals(137)
    count = await alice_and_bob_play(room, "two-handed", target=300, greedy=True)
    assert max(count.per_deal) <= BUDGET, count
    posted = [[said for said in deal if not _is_ping(said)] for deal in count.posted]
    assert max(len(deal) for deal in posted) <= POSTED, posted
    summary = next(m.content for m in room.channel.history() if "Deal 1 is over." in m.content)
    lines = summary.splitlines()
    told = lines[: lines.index("Deal 1 is over.")]  # the deal's melds, then its summary
    assert len(told) >= 7 and all(" melded " in line or " the dix" in line for line in told)
    sides = [re.match(r"(<@\d+>): meld (\d+),", line) for line in lines]
    assert len([side for side in sides if side]) == 2
    for side in filter(None, sides):  # M-10: the melds told add up to each player's meld points
        mine = [int(re.findall(r"(\d+) points", m)[-1]) for m in told if m.startswith(side[1])]
        assert sum(mine) == int(side[2]), summary
    first_deal = " ".join(posted[0])
    assert first_deal.count(" melded ") + first_deal.count(" the dix") == 1  # the summary's first


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
async def test_an_auction_deal_posts_no_message_per_call_or_give(room, variant):
    """F-2, F-5 (H-2, H-5): the people bid up to three times each, then pass; a person gives in the
    passing by the hand view's menu. Stopped two tricks into the first deal, the thread holds the
    auction as one message (every call, the trump, both gives) and one turn ping at a time."""
    room.fix_deals(1)
    count = await alice_and_bob_play(
        room,
        variant,
        bids=3,
        house="pass_count=4",  # H-5: the double deck passes by option
        until=lambda table: table.view is not None and table.view.tricks_played >= 2,
    )
    assert count.deals == 1 and count.per_deal[0] <= BUDGET, count
    posted = [said for said in count.posted[0] if not _is_ping(said)]
    assert len(posted) <= POSTED, posted
    standing = [m.content for m in room.channel.history() if m.content]
    assert sum(_is_ping(said.splitlines()[0]) for said in standing) <= 1, standing
    (told,) = [said.splitlines() for said in standing if said.startswith("Bidding: ")]
    calls = told[0].removeprefix("Bidding: ").split(". ")[0].split(", ")
    assert len(calls) > POSTED, told  # a message a call would break the bound
    gives = [line for line in told if " passed 4 cards to " in line]
    assert len(gives) == 2 and any(line.startswith("<@") for line in gives), told  # a person gave
