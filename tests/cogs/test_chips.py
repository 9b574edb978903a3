"""/chips through the real bot on SimCord: balances, history, leaderboard, house moves, CSV.

Settlements are written straight into the store as the ledger hook would
write them at a deal's end (RULES §7.7 CX-1: N +10 and S +10 from E and W).
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import number
from bot.store import (
    HistoryEntry,
    LedgerLine,
    LineView,
    balance,
    history,
    ledger_check,
    ledger_lines,
    read_csv,
    set_guild_settings,
    settle_deal,
)
from cogs._pager import TIMEOUT
from cogs.chips import history_row
from tests.cogs.playing import play_out
from tests.tables.helpers import live_of

from .ledger_support import Server, buttons, code_lines, current, refused

GAME = 7


def pairs(payees, payers, checks, reason, detail=""):
    """E-15: each member of the receiving side collects from one opponent."""
    return [
        {"from": payer, "to": payee, "checks": checks, "reason": reason, "detail": detail}
        for payee, payer in zip(payees, payers, strict=False)
    ]


async def cx1(server: Server) -> dict[str, int]:
    """Deal 1 of game 7 is RULES CX-1: north and south +10, east and west −10."""
    ids = await server.players("north", "east", "south", "west")
    ns, ew = (ids["north"], ids["south"]), (ids["east"], ids["west"])
    async with server.store.transaction() as tx:
        await settle_deal(
            tx,
            server.guild.id,
            None,
            GAME,
            1,
            pairs(ns, ew, 2, "meld", "flush")
            + pairs(ns, ew, 2, "meld", "aces around")
            + pairs(ns, ew, 7, "contract", "320")
            + pairs(ew, ns, 1, "meld", "kings around"),
        )
    return ids


@pytest.fixture
async def server(simcord_env):
    server = Server(simcord_env, "north", "east", "south", "west", "newcomer")
    return server


async def test_balance_shows_settled_chips_of_oneself_and_of_others(server):
    await cx1(server)
    mine = await server["north"].slash(server.channel, "chips balance")
    assert mine.response.content == "north has **10** chips." and mine.ephemeral
    theirs = await server["north"].slash(server.channel, "chips balance", member=server["west"])
    assert theirs.response.content == "west has **−10** chips." and theirs.ephemeral
    new = await server["newcomer"].slash(server.channel, "chips balance")
    assert (
        new.response.content
        == "newcomer has not played for chips yet: the starting balance is **0** chips."
    )


async def test_history_lists_each_movement_with_its_game_and_reason_newest_first(server):
    await cx1(server)
    result = await server["east"].slash(server.channel, "chips history")
    lines = result.response.content.splitlines()
    assert lines[0] == "**Chips of east**: 4 movements, newest first"
    rows = code_lines(result.response.content)
    assert rows[0].split() == ["Date", "Chips", "Reason", "Game", "With"]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d", row.split()[0]) for row in rows[1:])
    body = [" ".join(row.split()[1:]) for row in rows[1:]]
    assert body == [
        "+1 meld: kings around #7 deal 1 north",
        "−7 contract 320 #7 deal 1 north",
        "−2 meld: aces around #7 deal 1 north",
        "−2 meld: flush #7 deal 1 north",
    ]
    assert lines[-1] == "Page 1 of 1" and buttons(server.env, result.response) == [
        ("Show in channel", False)
    ]


async def test_history_names_a_leavers_forfeit_premium_apart_from_the_game_premium(server):
    """The forfeit policy's premium (E-20 paid by a leaver) reads "forfeit", as the channel said it."""
    ids = await server.players("north", "east")
    async with server.store.transaction() as tx:
        await settle_deal(
            tx, server.guild.id, None, GAME, 1, pairs([ids["east"]], [ids["north"]], 13, "game")
        )
        await settle_deal(
            tx,
            server.guild.id,
            None,
            GAME + 1,
            1_000_000,
            pairs([ids["east"]], [ids["north"]], 12, "game", "forfeit"),
        )
    result = await server["north"].slash(server.channel, "chips history")
    body = [" ".join(row.split()[1:3]) for row in code_lines(result.response.content)[1:]]
    assert body == ["−12 forfeit", "−13 game"]


async def test_history_pages_turn_with_buttons_for_the_member_who_asked(server):
    ids = await server.players("north", "east")
    async with server.store.transaction() as tx:
        for deal in range(1, 13):
            await settle_deal(
                tx,
                server.guild.id,
                None,
                GAME,
                deal,
                [
                    {
                        "from": ids["east"],
                        "to": ids["north"],
                        "checks": deal,
                        "reason": "contract",
                        "detail": str(200 + 10 * deal),
                    }
                ],
            )
    first = await server["north"].slash(server.channel, "chips history")
    message = first.response
    assert "contract 320" in message.content and "contract 230" in message.content
    assert "contract 220" not in message.content and message.content.endswith("Page 1 of 2")

    await server["north"].click(message, label="Next ▶")
    content = current(server.env, message)
    assert (
        content.endswith("Page 2 of 2") and "contract 220" in content and "contract 210" in content
    )
    assert "contract 230" not in content

    await server["north"].click(message, label="◀ Back")
    assert current(server.env, message) == first.response.content

    await server.env.advance_time(TIMEOUT + 1)  # the view times out and greys its buttons out
    assert buttons(server.env, message) == [
        ("◀ Back", True),
        ("Next ▶", True),
        ("Show in channel", True),
    ]

    second = await server["north"].slash(server.channel, "chips history", page=2)
    assert second.response.content == content
    assert await refused(
        server.env, server["north"].slash(server.channel, "chips history", page=3)
    ) == ("There is no page 3: north has 2 page(s) of chip movements.")


async def test_history_of_a_member_who_left_and_of_someone_without_movements(server):
    ids = await cx1(server)
    async with server.store.transaction() as tx:
        await settle_deal(
            tx,
            server.guild.id,
            None,
            GAME,
            2,
            [
                {
                    "from": ids["west"],
                    "to": ids["south"],
                    "checks": 4,
                    "reason": "set",
                    "detail": "250",
                }
            ],
        )
    server.guild.remove_member(server["west"])
    south = await server["south"].slash(server.channel, "chips history")
    assert code_lines(south.response.content)[1].split()[1:] == [
        "+4",
        "set",
        "250",
        "#7",
        "deal",
        "2",
        "west",
    ]
    empty = await server["newcomer"].slash(server.channel, "chips history")
    assert empty.ephemeral and empty.response.content == "newcomer has no chip movements yet."


async def test_leaderboard_ranks_balances_with_numbers_right_aligned_and_pages(server):
    await cx1(server)
    first = await server["south"].slash(server.channel, "chips leaderboard")
    rows = code_lines(first.response.content)
    assert [row.split() for row in rows] == [
        ["#", "Player", "Chips"],
        ["1", "north", "10"],
        ["2", "south", "10"],
        ["3", "east", "−10"],
        ["4", "west", "−10"],
    ]
    assert len({len(row) for row in rows}) == 1  # every number ends in the same column
    assert buttons(server.env, first.response) == [("Show in channel", False)]

    names = [f"player{n:02d}" for n in range(12)]
    server.join(*names)
    ids = await server.players(*names)
    async with server.store.transaction() as tx:
        for n, name in enumerate(names):
            await settle_deal(
                tx,
                server.guild.id,
                None,
                100 + n,
                1,
                [
                    {
                        "from": ids[name],
                        "to": ids[names[(n + 1) % 12]],
                        "checks": n + 1,
                        "reason": "game",
                    }
                ],
            )
    board = await server["south"].slash(server.channel, "chips leaderboard")
    assert (
        board.response.content.endswith("Page 1") and len(code_lines(board.response.content)) == 11
    )
    await server["south"].click(board.response, label="Next ▶")
    page2 = current(server.env, board.response)
    assert page2.endswith("Page 2") and [r.split()[0] for r in code_lines(page2)[1:]] == [
        str(n) for n in range(11, 17)
    ]


async def test_grant_and_adjust_need_manage_server_and_change_nothing_when_refused(server):
    ids = await server.players("north")
    for command in ("chips grant", "chips adjust"):
        text = await refused(
            server.env,
            server["north"].slash(
                server.channel, command, member=server["north"], amount=50, reason="please"
            ),
        )
        assert text == "Only members with the Manage Server permission can do this."
    assert await balance(server.store, server.guild.id, ids["north"]) == 0
    assert (await history(server.store, server.guild.id)).total == 0


async def test_an_admin_grants_and_adjusts_through_the_house(server):
    granted = await server.admin.slash(
        server.channel, "chips grant", member=server["north"], amount=100, reason="  league prize  "
    )
    assert not granted.ephemeral
    assert granted.response.content == (
        "boss granted 100 chips to north (league prize). north now has 100."
    )
    adjusted = await server.admin.slash(
        server.channel,
        "chips adjust",
        member=server["north"],
        amount=-30,
        reason="typo in the prize",
    )
    assert adjusted.response.content == (
        "boss adjusted north's chips by −30 (typo in the prize). north now has 70."
    )
    page = await history(server.store, server.guild.id)
    assert [
        (e.reason, e.memo, e.actor_id, [line.amount for line in e.lines]) for e in page.entries
    ] == [
        ("adjust", "typo in the prize", server.admin.id, [30, -30]),
        ("grant", "league prize", server.admin.id, [100, -100]),
    ]
    assert [line.display_name for line in page.entries[0].lines] == [
        None,
        "north",
    ]  # the house gave back
    assert await ledger_check(server.store) == []
    shown = await server["north"].slash(server.channel, "chips history")
    assert [" ".join(row.split()[1:]) for row in code_lines(shown.response.content)[1:]] == [
        "−30 adjustment: typo in the prize — the house",
        "+100 grant: league prize — the house",
    ]


@pytest.mark.parametrize(
    ("command", "amount", "reason", "message"),
    [
        ("chips grant", 0, "x", "A grant must be a positive number of chips, not 0."),
        ("chips grant", -5, "x", "A grant must be a positive number of chips, not −5."),
        ("chips grant", 1_000_001, "x", "1000001 is beyond the limit of 1000000 chips at a time."),
        ("chips adjust", 0, "x", "An adjustment must add or take away at least one chip."),
        (
            "chips adjust",
            -2_000_000,
            "x",
            "−2000000 is beyond the limit of 1000000 chips at a time.",
        ),
        ("chips grant", 5, "   ", "Give a reason: it is written into the ledger."),
        (
            "chips adjust",
            5,
            "y" * 201,
            "The reason is 201 characters long; at most 200 fit in the ledger.",
        ),
    ],
)
async def test_amounts_and_reasons_are_validated_before_anything_is_written(
    server, command, amount, reason, message
):
    text = await refused(
        server.env,
        server.admin.slash(
            server.channel, command, member=server["north"], amount=amount, reason=reason
        ),
    )
    assert text == message
    assert await ledger_lines(server.store, server.guild.id) == []


async def test_a_server_without_negative_balances_refuses_an_adjustment_below_zero(server):
    async with server.store.transaction() as tx:
        await set_guild_settings(tx, server.guild.id, allow_negative=False)
    await server.admin.slash(
        server.channel, "chips grant", member=server["east"], amount=5, reason="start"
    )
    text = await refused(
        server.env,
        server.admin.slash(
            server.channel, "chips adjust", member=server["east"], amount=-6, reason="penalty"
        ),
    )
    assert text == (
        "east holds 5 chips: −6 would leave them below zero, and this server does not allow"
        " negative balances."
    )
    assert (await history(server.store, server.guild.id)).total == 1


async def test_bots_hold_no_chips(server):
    robot = server.guild.add_member(server.env.create_user("robot", bot=True))
    text = await refused(
        server.env,
        server.admin.slash(server.channel, "chips grant", member=robot, amount=5, reason="oil"),
    )
    assert text == "robot is a bot and holds no chips."


async def test_export_is_a_csv_file_that_parses_back_to_the_ledger(server):
    await cx1(server)
    await server.admin.slash(
        server.channel,
        "chips grant",
        member=server["north"],
        amount=3,
        reason="=SUM(A1:A9), a formula-looking memo",
    )
    result = await server["west"].slash(server.channel, "chips export")
    assert (
        result.ephemeral
        and result.response.content == "The chip ledger of this server: 18 line(s)."
    )
    [attachment] = result.response.attachments
    assert attachment.filename == f"chips-ledger-{server.guild.id}.csv"
    parsed = read_csv(LedgerLine, (await attachment.read()).decode("utf-8"))
    assert parsed == await ledger_lines(server.store, server.guild.id)
    assert sum(line.amount for line in parsed) == 0


async def test_exports_are_one_a_minute_per_member_and_kind_and_say_when_to_come_back(server):
    await cx1(server)
    west, east = server["west"], server["east"]
    assert (await west.slash(server.channel, "chips export")).response.attachments
    again = await refused(server.env, west.slash(server.channel, "chips export"))
    assert again == "You can export again in 60 s."
    assert (await east.slash(server.channel, "chips export")).response.attachments  # per member
    assert (await west.slash(server.channel, "league export")).response.attachments  # per kind
    await server.env.advance_time(45)
    assert (
        await refused(server.env, west.slash(server.channel, "chips export"))
        == "You can export again in 15 s."
    )
    await server.env.advance_time(15)
    assert (await west.slash(server.channel, "chips export")).response.attachments


async def test_nothing_the_commands_say_can_ping(server):
    await cx1(server)
    north = server["north"]
    await server.admin.slash(
        server.channel, "chips grant", member=north, amount=1, reason="<@everyone> hi"
    )
    for command in ("chips balance", "chips history", "chips leaderboard", "chips export"):
        await north.slash(server.channel, command)
    shown = await north.slash(server.channel, "chips balance")
    await north.click(shown.response, label="Show in channel")
    replies = [
        entry.json.get("data", entry.json)
        for entry in server.env.http_requests
        if entry.method == "POST" and entry.json and "content" in entry.json.get("data", entry.json)
    ]
    assert (
        len(replies) == 7
    )  # grant, balance, history, leaderboard, export, balance, the balance shown
    assert all(reply["allowed_mentions"] == {"parse": []} for reply in replies)


def test_history_lines_read_in_russian():
    entry = HistoryEntry(
        1,
        "2026-11-29T12:00:00+00:00",
        "meld",
        "flush",
        "",
        None,
        3,
        3,
        2,
        (LineView(5, "Вася", 2), LineView(6, "Петя", -2)),
    )
    assert history_row(entry, 6, "ru") == [
        "2026-11-29",
        "−2",
        "комбинация: флэш",
        "№3 сдача 2",
        "Вася",
    ]
    grant = HistoryEntry(
        2,
        "2026-11-30T08:00:00+00:00",
        "grant",
        "",
        "приз",
        9,
        None,
        None,
        None,
        (LineView(6, "Петя", 50), LineView(None, None, -50)),
    )
    assert history_row(grant, 6, "ru") == ["2026-11-30", "+50", "выдача: приз", "—", "заведение"]
    went_set = HistoryEntry(
        3,
        "2026-11-30T09:00:00+00:00",
        "set",
        "250",
        "",
        None,
        4,
        1,
        None,
        (LineView(5, "Вася", 4), LineView(6, "Петя", -4)),
    )
    # E-15: a failed contract is "недобор", as the game's own option calls it, never "без контракта"
    # (which reads as "there was no contract").
    assert history_row(went_set, 6, "ru")[:3] == ["2026-11-30", "−4", "недобор 250"]


async def test_chips_and_league_commands_have_russian_names(server):
    """The bot synced at start-up through its translator; none of these commands lacked a Russian text."""
    translator = server.env.bot.tree.translator
    paths = [
        f"{group.name} {command.name}"
        for group in server.env.bot.tree.get_commands()
        if group.name in ("chips", "league")
        for command in group.commands
    ]
    assert sorted(paths) == sorted(
        [
            "chips balance",
            "chips history",
            "chips leaderboard",
            "chips grant",
            "chips adjust",
            "chips export",
            "league standings",
            "league player",
            "league season",
            "league export",
            "league event",  # the /league event subgroup (cogs.nights)
        ]
    )
    assert not [
        key for key in translator.missing if key.startswith(("commands.chips", "commands.league"))
    ]
    payload = await server.env.bot.tree.get_command("chips").get_translated_payload(
        server.env.bot.tree, translator
    )
    assert payload["name_localizations"] == {"ru": "фишки"}
    assert {o["name"]: o["name_localizations"]["ru"] for o in payload["options"]}[
        "grant"
    ] == "выдать"


async def test_a_check_game_played_on_the_bot_settles_its_chips_and_enters_the_league(server):
    """Two people and two computers of different levels play a whole game."""
    north, south = server["north"], server["south"]
    await north.slash(server.channel, "pinochle new", variant="check")
    await north.slash(server.channel, "pinochle addbot", level="random")
    await south.slash(server.channel, "pinochle join")
    await north.slash(server.channel, "pinochle addbot", level="easy")
    await north.slash(server.channel, "pinochle start")
    table = live_of(server.env.bot.tables, server.env.bot.tables.table_in(server.channel.id))
    assert [seat.user_id for _, seat in sorted(table.seats.items())] == [
        north.id,
        None,
        south.id,
        None,
    ]
    await play_out(server.env, server.env.bot, table, [north, south])
    assert table.game.is_over

    chips = [sum(result.chips[seat] for result in table.game.deal_results) for seat in range(4)]
    assert (await north.slash(server.channel, "chips balance")).response.content == (
        f"north has **{number(chips[0])}** chips."
    )
    board = code_lines((await north.slash(server.channel, "chips leaderboard")).response.content)
    assert sorted(int(row.split()[-1].replace("−", "-")) for row in board[1:]) == sorted(chips)
    assert await ledger_check(server.store) == []
    standings = code_lines(
        (await south.slash(server.channel, "league standings", variant="check")).response.content
    )
    assert len(standings) == 5 and {row.split()[-5] for row in standings[1:]} == {
        "1"
    }  # one game each


async def test_every_answer_is_private_and_show_in_channel_posts_it_once_in_the_channels_language(
    server,
):
    await cx1(server)
    async with server.store.transaction() as tx:
        await set_guild_settings(tx, server.guild.id, language="ru")
    west = server["west"]
    for command in ("chips balance", "chips history", "chips leaderboard", "league standings"):
        for who in (west, server["newcomer"]):  # with data, and without
            assert (await who.slash(server.channel, command)).ephemeral, command
    private = await west.slash(server.channel, "chips balance")
    assert private.response.content == "west has **−10** chips."  # the member's own language
    before = len(server.channel.history())
    shared = await west.click(private.response, label="Show in channel")
    assert not shared.ephemeral
    [posted] = server.channel.history()[before:]
    assert posted.content == "У игрока west **−10** фишек."
    assert buttons(server.env, private.response) == [("Show in channel", True)]  # once per answer
