"""Playing on Discord: hand views, typed actions, refusals that change nothing, whole games."""

from __future__ import annotations

from bot.game import ALL_CARDS, DRAW, DRAW_TURNUP, EXCHANGE, PASS
from tests.cogs.playing import leave_game, play_out
from tests.cogs.sim import (
    board_body,
    board_message,
    channel_lines,
    components,
    labels,
    take_turn,
)


async def two_people(room):
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    return table, room.member_at(table.to_act), room.member_at(1 - table.to_act)


def snapshot(room):
    table = room.table()
    return table.version, board_body(room.channel), len(room.channel.history())


async def test_hand_view_offers_exactly_the_legal_actions(room):
    table, mover, waiter = await two_people(room)
    hand = (await mover.slash(room.channel, "pinochle hand")).response
    assert hand.ephemeral and hand.content.startswith("Your hand: ")
    legal = table.game.view(table.to_act).legal
    actions = [c for c in components(hand) if c.get("custom_id", "").startswith("pinochle:act:")]
    assert len(actions) == len(legal)
    assert {c["custom_id"] for c in actions} == {
        f"pinochle:act:{table.id}:{table.version}:{i}:{mover.id}" for i in range(len(legal))
    }  # one each, in the hand's order (trump first: test_hand_layout)
    assert "Refresh" in labels(hand)
    assert hand.attachments and hand.attachments[0].filename == "hand.png"
    other = (await waiter.slash(room.channel, "pinochle hand")).response
    assert f"To act: <@{mover.id}>." in other.content
    assert not [c for c in components(other) if c.get("custom_id", "").startswith("pinochle:act:")]


async def test_a_click_plays_and_the_view_updates(room):
    table, mover, _ = await two_people(room)
    version = table.version
    result = await take_turn(mover, room.channel)
    assert result.response.content.startswith("Done: ")
    assert table.version > version


async def test_out_of_turn_illegal_and_malformed_typed_cards_change_nothing(room):
    table, mover, waiter = await two_people(room)
    before = snapshot(room)
    own = str(table.game.view(table.seat_of(waiter.id)).hand[0])
    out_of_turn = await waiter.slash(room.channel, "pinochle play", card=own)
    assert (
        out_of_turn.ephemeral
        and f"It is not your turn: waiting for <@{mover.id}>." in out_of_turn.response.content
    )
    hand = table.game.view(table.to_act).hand
    foreign = next(
        str(c)
        for c in ALL_CARDS[:48:2]
        if c not in hand and c not in table.game.view(table.to_act).table.get(table.to_act, ())
    )
    illegal = await mover.slash(room.channel, "pinochle play", card=foreign)
    assert illegal.response.content.startswith(f"Not allowed: {foreign} is not in your hand")
    malformed = await mover.slash(room.channel, "pinochle play", card="zz")
    assert malformed.ephemeral and malformed.response.content.startswith("zz is not a card.")
    assert snapshot(room) == before


async def test_autocomplete_offers_only_legal_choices_to_the_player_to_act(room):
    table, mover, waiter = await two_people(room)
    legal = table.game.legal_actions()
    offered = await mover.autocomplete(room.channel, "pinochle play", "card", "")
    assert [c["value"] for c in offered] == [a.argument for a in legal if a.verb == "play"]
    assert await waiter.autocomplete(room.channel, "pinochle play", "card", "") == []
    assert await room.eve.autocomplete(room.channel, "pinochle play", "card", "") == []
    typed = await mover.slash(room.channel, "pinochle play", card=offered[0]["value"])
    assert typed.response.content.startswith("Done: ")


async def test_stale_view_and_double_click_apply_once(room):
    table, mover, _ = await two_people(room)
    first = (await mover.slash(room.channel, "pinochle hand")).response
    second = (await mover.slash(room.channel, "pinochle hand")).response
    button = next(
        c for c in components(first) if c.get("custom_id", "").startswith("pinochle:act:")
    )
    version = table.version
    await mover.click(first, custom_id=button["custom_id"])
    after = table.version
    assert after > version
    again = await mover.click(second, custom_id=button["custom_id"])
    assert again.response.content.startswith("The table has moved on since that view.")
    assert table.version == after


async def test_privacy_a_hand_reaches_only_its_owner(room):
    table, mover, waiter = await two_people(room)
    await mover.slash(room.channel, "pinochle hand")
    await waiter.slash(room.channel, "pinochle hand")
    for viewer in (mover, waiter, room.eve):
        seen = [
            m.content
            for m in room.channel.history(viewer=viewer)
            if "Your hand" in (m.content or "")
        ]
        own = [] if viewer is room.eve else [table.game.view(table.seat_of(viewer.id)).hand]
        assert len(seen) == len(own)
    public = [m for m in room.channel.history() if not m.flags.ephemeral]
    assert not any("Your hand" in (m.content or "") for m in public)
    stranger = await room.eve.click(board_message(room.channel), label="Show my hand")
    assert stranger.ephemeral and stranger.response.content == "You are not seated at this table."
    acting = await room.eve.slash(room.channel, "pinochle pass")
    assert acting.response.content == "You are not seated at this table."


async def test_two_handed_game_with_people_then_a_computer_for_the_one_who_left(room):
    table, _mover, _waiter = await two_people(room)
    for _ in range(6):  # people play the first tricks by clicks
        await take_turn(room.member_at(table.to_act), room.channel)
        await room.env.advance_time(2)
    assert "Trick 1: " in board_body(room.channel)  # tricks live on the board
    asked = await room.alice.click(board_message(room.channel), label="Leave")
    assert asked.ephemeral and labels(asked.response) == ["Leave and forfeit", "Keep my seat"]
    kept = await room.alice.click(asked.response, label="Keep my seat")
    assert kept.response.content == "You keep your seat." and not table.left
    left = await leave_game(room.alice, room.channel)
    assert left.response.content.startswith("You left the game and forfeit it")
    await room.env.advance_time(10)
    assert any(
        line.endswith(
            "left the game and forfeits it; a computer plays that seat until /pinochle join."
        )
        for line in channel_lines(room.channel)
    )
    await play_out(room.env, room.bot, table, [room.bob])
    alice = table.seat_of(room.alice.id)
    assert table.status == "finished" and table.left == {alice: table.seats[alice].player_id}
    await room.env.advance_time(5)  # the old board's delete is the budget's least urgent request
    assert len([m for m in room.channel.history() if m.embeds]) == 1
    assert room.table() is None


async def test_check_game_with_two_people_and_two_computers_to_the_final_standings(room):
    await room.alice.slash(room.channel, "pinochle new", variant="check")
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    assert [s.user_id is None for _, s in sorted(table.seats.items())] == [False, False, True, True]
    people = {table.seat_of(room.alice.id): room.alice, table.seat_of(room.bob.id): room.bob}
    typed = False
    for _ in range(12):  # the people bid (or pass) and play a few cards, by typing and by clicking
        mover = people[table.to_act]
        legal = table.game.legal_actions()
        if PASS in legal and not typed:
            bids = await mover.autocomplete(room.channel, "pinochle bid", "amount", "")
            assert [c["value"] for c in bids] == [a.amount for a in legal if a.verb == "bid"][:25]
            result = await mover.slash(room.channel, "pinochle pass")
            assert result.response.content.startswith("Done: Pass.")
            typed = True
        else:
            await take_turn(mover, room.channel)
        await room.env.advance_time(2)
    await play_out(room.env, room.bot, table, [room.alice, room.bob])
    assert table.status == "finished" and all(
        result.chips is not None for result in table.game.deal_results
    )
    assert room.table() is None


async def test_draw_the_turn_up_by_typing_when_the_winner_may_choose(room):
    """RULES A-8 with winner_chooses_last_card: the winner of trick 12 picks the face-down card or
    the turn-up, with /pinochle move, whose list offers exactly those two under the hand view's
    labels, in the asker's language."""
    await room.alice.slash(
        room.channel, "pinochle new", variant="two-handed", options="winner_chooses_last_card=on"
    )
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    first = room.member_at(table.to_act)
    assert await first.autocomplete(room.channel, "pinochle move", "action", "") == []
    before = snapshot(room)
    early = await first.slash(room.channel, "pinochle move", action="draw")
    assert early.ephemeral and early.response.content.startswith(
        "Not allowed: you cannot draw now.\nYour hand: "
    )
    assert snapshot(room) == before
    for _ in range(100):
        if DRAW_TURNUP in table.game.view(table.to_act).legal:
            break
        await take_turn(room.member_at(table.to_act), room.channel)
    await room.env.advance_time(10)  # the board shows the choice
    mover, waiter = room.member_at(table.to_act), room.member_at(1 - table.to_act)
    turnup = table.public_view().turnup
    assert table.game.view(table.to_act).legal == (DRAW, DRAW_TURNUP)
    offered = await mover.autocomplete(room.channel, "pinochle move", "action", "")
    assert offered == [
        {"name": "Draw", "value": "draw"},
        {"name": "Take the turn-up", "value": "draw turnup"},
    ]
    hand = (await mover.slash(room.channel, "pinochle hand")).response
    assert {o["name"] for o in offered} <= set(labels(hand))
    typed = await mover.autocomplete(room.channel, "pinochle move", "action", "turn")
    assert [o["value"] for o in typed] == ["draw turnup"]
    assert await waiter.autocomplete(room.channel, "pinochle move", "action", "") == []
    await mover.slash(room.channel, "pinochle language", language="ru")
    russian = await mover.autocomplete(room.channel, "pinochle move", "action", "")
    assert [o["name"] for o in russian] == ["Взять карту", "Взять открытую карту"]
    await mover.slash(room.channel, "pinochle language", language="en")
    before = table.version
    out_of_turn = await waiter.slash(room.channel, "pinochle move", action="draw turnup")
    assert out_of_turn.response.content.startswith(
        f"It is not your turn: waiting for <@{mover.id}>."
    )
    not_a_move = await mover.slash(room.channel, "pinochle move", action="play A♠")
    assert not_a_move.ephemeral and not_a_move.response.content == (
        "Not allowed: play A♠ is not legal now."
    )
    assert table.version == before
    drawn = await mover.slash(room.channel, "pinochle move", action="take the turn-up")
    assert drawn.ephemeral and drawn.response.content.startswith("Done: Take the turn-up.")
    assert turnup in table.game.view(table.seat_of(mover.id)).hand
    await room.env.advance_time(10)
    assert f"<@{mover.id}> took the turn-up {turnup}." in channel_lines(room.channel)


async def test_a_move_refused_in_russian_names_the_action_in_russian(room):
    """A move that is not legal now (RULES A-7: the dix is shown only after winning a trick) is
    refused in the asker's language, the action named as their buttons name it, never as the
    English text typed; nothing changes. In English the engine's own sentence stays."""
    _table, mover, waiter = await two_people(room)
    before = snapshot(room)
    english = await mover.slash(room.channel, "pinochle move", action="dix")
    assert english.response.content.startswith("Not allowed: you cannot dix now.\nYour hand: ")
    await mover.slash(room.channel, "pinochle language", language="ru")
    for typed in ("dix", "DIX", "draw turnup"):
        refused = await mover.slash(room.channel, "pinochle move", action=typed)
        said = refused.response.content.split("\n", 1)[0]
        assert refused.ephemeral and "dix" not in said.lower() and "turnup" not in said
        label = {"draw turnup": "Взять открытую карту"}.get(typed, "Показать дис")
        assert said == f"Так нельзя: действие «{label}» сейчас недоступно."
    await waiter.slash(room.channel, "pinochle language", language="ru")
    out_of_turn = await waiter.slash(room.channel, "pinochle move", action="dix")
    assert out_of_turn.response.content.startswith("Сейчас не ваш ход")
    assert snapshot(room) == before


async def test_declaring_out_by_typing_ends_the_game_and_a_wrong_claim_loses(room):
    """RULES A-12: a claim at the first lead is wrong (nobody has points yet), so the claimant is last."""
    await room.alice.slash(
        room.channel, "pinochle new", variant="two-handed", options="declare_out=on"
    )
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    mover, waiter = room.member_at(table.to_act), room.member_at(1 - table.to_act)
    stranger = await room.eve.slash(room.channel, "pinochle move", action="declare out")
    assert stranger.response.content.startswith("You are not seated at this table.")
    out_of_turn = await waiter.slash(room.channel, "pinochle move", action="declare out")
    assert out_of_turn.response.content.startswith(
        f"It is not your turn: waiting for <@{mover.id}>."
    )
    offered = await mover.autocomplete(room.channel, "pinochle move", "action", "")
    assert offered == [{"name": "Declare out", "value": "declare out"}]
    await mover.slash(room.channel, "pinochle language", language="ru")
    russian = await mover.autocomplete(room.channel, "pinochle move", "action", "вых")
    assert russian == [{"name": "Объявить выход", "value": "declare out"}]
    claimed = await mover.slash(room.channel, "pinochle move", action="declare out")
    assert claimed.response.content.startswith("Сделано: Объявить выход.")
    await room.env.advance_time(10)
    lines = channel_lines(room.channel)
    assert f"<@{mover.id}> declared out, claiming to have reached the target." in lines
    assert lines[-1].startswith(f"Game over. 1. <@{waiter.id}> ")
    assert room.table() is None


async def test_exchange_the_dix_by_typing_in_three_handed(room):
    """RULES C-4: eldest, holding a 9 of trumps, may exchange it for the turn-up; /pinochle move
    offers exactly that (the decline stays with /pinochle pass), refuses a move not legal now, and
    speaks the asker's language."""
    # The service's seed and fair-dealing key sources, fixed: a deal whose eldest holds the dix.
    room.fix_deals(0, key=2)
    await room.alice.slash(room.channel, "pinochle new", variant="three-handed")
    for _ in range(2):
        await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    assert table.to_act == table.seat_of(room.alice.id)
    assert table.game.view(table.to_act).legal == (EXCHANGE, PASS)
    offered = await room.alice.autocomplete(room.channel, "pinochle move", "action", "")
    assert offered == [{"name": "Exchange the dix", "value": "exchange"}]
    assert "Exchange the dix" in labels(
        (await room.alice.slash(room.channel, "pinochle hand")).response
    )
    assert await room.bob.autocomplete(room.channel, "pinochle move", "action", "") == []
    before = snapshot(room)
    stranger = await room.bob.slash(room.channel, "pinochle move", action="exchange")
    assert stranger.response.content.startswith("You are not seated at this table.")
    await room.alice.slash(room.channel, "pinochle language", language="ru")
    russian = await room.alice.autocomplete(room.channel, "pinochle move", "action", "")
    assert russian == [{"name": "Обменять дис", "value": "exchange"}]
    early = await room.alice.slash(room.channel, "pinochle move", action="declare out")
    assert early.ephemeral and early.response.content.startswith(
        "Так нельзя: действие «Объявить выход» сейчас недоступно.\n"
    )
    nonsense = await room.alice.slash(room.channel, "pinochle move", action="fly away")
    assert nonsense.ephemeral and nonsense.response.content.startswith("Так нельзя: ")
    assert snapshot(room) == before
    turnup = table.public_view().turnup
    exchanged = await room.alice.slash(room.channel, "pinochle move", action="Обменять дис")
    assert exchanged.response.content.startswith("Сделано: Обменять дис.")
    assert turnup in table.game.view(table.seat_of(room.alice.id)).hand


async def test_a_salt_is_typed_with_move_before_the_deal_and_the_board_shows_the_fingerprint(room):
    """Fair deals (docs/fair-deals.md): the lobby's board shows deal 1's fingerprint, and
    `/pinochle move action: salt <word>` puts a word into that deal, privately acknowledged;
    a word too long is refused and changes nothing."""
    await room.alice.slash(room.channel, "pinochle new", variant="two-handed")
    table = room.table()
    shown = table.fingerprint(1)[:32]
    assert shown in board_body(room.channel)
    offered = await room.alice.autocomplete(room.channel, "pinochle move", "action", "salt lucky7")
    assert offered == [{"name": "salt lucky7", "value": "salt lucky7"}]
    said = await room.alice.slash(room.channel, "pinochle move", action="salt lucky7")
    assert said.ephemeral and "“lucky7” goes into the shuffle of deal 1" in said.response.content
    long = await room.alice.slash(room.channel, "pinochle move", action="salt " + "x" * 40)
    assert long.ephemeral and "1 to 32 printable characters" in long.response.content
    await room.bob.click(board_message(room.channel), label="Join")
    await room.alice.click(board_message(room.channel), label="Start")
    assert table.game.dealing.salts == {1: {0: "lucky7"}}
    assert shown in board_body(room.channel) and table.deal_key.hex() not in board_body(
        room.channel
    )


async def test_declining_by_its_button_is_answered_in_the_buttons_words(room):
    """RULES C-4: eldest keeps the dix with the hand view's *Keep the dix*; the reply names what
    she pressed ("Done: Keep the dix."), not the engine's "Pass" she never saw."""
    room.fix_deals(0, key=2)  # a deal whose eldest holds the dix
    await room.alice.slash(room.channel, "pinochle new", variant="three-handed")
    for _ in range(2):
        await room.alice.click(board_message(room.channel), label="Add computer player")
    await room.alice.click(board_message(room.channel), label="Start")
    table = room.table()
    assert table.game.view(table.to_act).legal == (EXCHANGE, PASS)
    hand = (await room.alice.slash(room.channel, "pinochle hand")).response
    kept = await room.alice.click(hand, label="Keep the dix")
    assert kept.response.content.startswith("Done: Keep the dix.\n"), kept.response.content
