"""Partnership auction and double-deck on Discord (issue 25): one person and three computers play
whole games by the hand view, in English and in Russian; the passing step is a menu and a button."""

from __future__ import annotations

import pytest

from bot.game import Phase
from tests.cogs.sim import channel_lines, components

TEXTS = {
    "en": {
        "give": "Give the chosen cards",
        "gave": "You gave: ",
        "received": "Your partner gave you: ",
        "passed": " passed 4 cards to ",
        "phase": "Passing cards",
        "giving": "Passing: 4 cards from ",
        "end": "Final standings",
    },
    "ru": {
        "give": "Отдать выбранные",
        "gave": "Вы отдали: ",
        "received": "Партнёр отдал вам: ",
        "passed": "передано карт: 4",
        "phase": "Передача карт",
        "giving": "Передача: ",
        "end": "Итог: ",
    },
}


#: F-5, H-5: the partners pass 4 cards (the auction's default; the double deck's by option).
PASSING = "pass_count=4"


def board(channel):
    """The newest board, in either language (its embed title names the table: "table #", "стол №")."""
    return next(
        m
        for m in reversed(channel.history())
        if m.embeds and any(w in (m.embeds[0].title or "") for w in ("table #", "стол №"))
    )


def custom_ids(message, prefix: str) -> list[dict]:
    return [c for c in components(message) if c.get("custom_id", "").startswith(prefix)]


async def give_by_menu(room, hand, texts) -> str:
    """Pick the first cards of the menu, then press the button: the reply after giving."""
    (menu,) = custom_ids(hand, "pinochle:givepick:")
    count = menu["min_values"]
    assert menu["max_values"] == count and count == 4
    assert not custom_ids(hand, "pinochle:give:")  # nothing to give before the cards are picked
    picked = [option["value"] for option in menu["options"][:count]]
    shown = await room.alice.select(hand, picked, custom_id=menu["custom_id"])
    reply = shown.response
    assert reply.ephemeral
    assert texts["give"] in [c.get("label") for c in components(reply)]
    given = await room.alice.click(reply, label=texts["give"])
    return given.response.content


async def play_game(room, variant: str, lang: str, target: int) -> dict[str, list[str]]:
    """Alice plays every turn of hers by the hand view; what the thread, board and replies said."""
    texts = TEXTS[lang]
    await room.alice.slash(room.parent, "pinochle language", language=lang)  # her own replies
    await room.alice.slash(
        room.parent,
        "pinochle new",
        variant=variant,
        language=lang,
        target=target,
        options=PASSING,  # H-5: the double deck passes by option
    )
    for _ in range(3):
        await room.alice.slash(room.channel, "pinochle addbot", level="easy")
    await room.alice.click(board(room.channel), label="Start" if lang == "en" else "Начать")
    table = room.table()
    seen: dict[str, list[str]] = {"replies": [], "boards": []}
    for _ in range(600):
        await room.env.settle()
        await room.bot.tables.settle()
        await room.env.settle()
        if table.status != "playing":
            break
        if table.to_act != table.seat_of(room.alice.id) or table.is_computer_turn():
            await room.env.advance_time(2)
            continue
        hand = (await room.alice.slash(room.channel, "pinochle hand")).response
        if table.game.phase == Phase.PASSING:
            await room.env.advance_time(5)  # the board is redrawn at Discord's pace
            seen["boards"].append(board(room.channel).embeds[0].description)
            seen["replies"].append(await give_by_menu(room, hand, texts))
        else:
            items = custom_ids(hand, ("pinochle:act:", "pinochle:pick:"))
            item = items[0]
            if item["custom_id"].startswith("pinochle:pick:"):
                value = item["options"][0]["value"]
                result = await room.alice.select(hand, [value], custom_id=item["custom_id"])
            else:
                result = await room.alice.click(hand, custom_id=item["custom_id"])
            seen["replies"].append(result.response.content)
    else:
        raise AssertionError("the game did not end")
    await room.env.advance_time(60)
    seen["thread"] = channel_lines(room.channel)
    seen["boards"].append(board(room.channel).embeds[0].description)
    return seen


@pytest.mark.parametrize(
    ("variant", "lang", "target"),
    [
        ("auction", "en", 300),
        ("auction", "ru", 300),
        ("double-deck", "en", 60),
        ("double-deck", "ru", 60),
    ],
)
async def test_a_whole_game_with_the_passing_by_menu_and_button(room, variant, lang, target):
    texts = TEXTS[lang]
    seen = await play_game(room, variant, lang, target)
    thread = "\n".join(seen["thread"])
    assert texts["passed"] in thread  # the passing is told in public: how many, never which
    assert texts["end"] in seen["boards"][-1]
    gave = [r for r in seen["replies"] if texts["gave"] in r or texts["received"] in r]
    assert gave, "the hand never showed the cards passed"
    assert any(texts["phase"] in drawn for drawn in seen["boards"][:-1])  # while Alice passes
    assert any(texts["giving"] in drawn for drawn in seen["boards"][:-1])
    for line in seen["thread"]:
        if texts["passed"] in line:
            assert not any(suit in line for suit in "♠♥♦♣"), line


async def until_alice_gives(room, variant: str = "auction"):
    """A table of Alice and three computers, played (by her first legal choice) until she is to
    pass cards: the table and her hand view then."""
    await room.alice.slash(room.parent, "pinochle new", variant=variant, options=PASSING)
    for _ in range(3):
        await room.alice.slash(room.channel, "pinochle addbot", level="easy")
    await room.alice.click(board(room.channel), label="Start")
    table = room.table()
    for _ in range(400):
        await room.env.settle()
        await room.bot.tables.settle()
        await room.env.settle()
        if table.to_act != table.seat_of(room.alice.id) or table.is_computer_turn():
            await room.env.advance_time(2)
            continue
        hand = (await room.alice.slash(room.channel, "pinochle hand")).response
        if table.game.phase == Phase.PASSING:
            return table, hand
        items = custom_ids(hand, ("pinochle:act:", "pinochle:pick:"))
        if items[0]["custom_id"].startswith("pinochle:pick:"):
            value = items[0]["options"][0]["value"]
            await room.alice.select(hand, [value], custom_id=items[0]["custom_id"])
        else:
            await room.alice.click(hand, custom_id=items[0]["custom_id"])
    raise AssertionError("Alice never had cards to pass")


async def test_a_give_that_is_not_hers_wrong_or_forged_changes_nothing(room):
    from tests.cogs.forged import forged_click

    table, hand = await until_alice_gives(room)
    version, held = table.version, list(table.game.view(table.seat_of(room.alice.id)).hand)
    (menu,) = custom_ids(hand, "pinochle:givepick:")
    picked = await room.alice.select(
        hand, [o["value"] for o in menu["options"][:4]], custom_id=menu["custom_id"]
    )
    (button,) = custom_ids(picked.response, "pinochle:give:")
    # Bob is not at the table: a forged press of Alice's button is refused, privately.
    stolen = await forged_click(room.bob, picked.response, button["custom_id"])
    assert stolen.ephemeral and "someone else's" in stolen.response.content
    # Typed: too few cards (two of four: one alone is a card chosen, F-5), and a card she does
    # not hold; each says why.
    few = await room.alice.slash(room.channel, "pinochle move", action=f"give {held[0]} {held[1]}")
    assert "pass exactly 4 cards" in few.response.content
    faces = [rank + suit for rank in ("A", "10", "K", "Q", "J", "9") for suit in "♠♥♦♣"]
    missing = next(c for c in faces if c not in map(str, held))  # 24 faces, at most 20 held
    wrong = " ".join([missing, *map(str, held[:3])])
    refused = await room.alice.slash(room.channel, "pinochle move", action=f"give {wrong}")
    assert "is not in your hand" in refused.response.content
    assert table.version == version and table.game.phase == Phase.PASSING
    # The button itself gives the four cards once; a second press finds the view out of date.
    done = await room.alice.click(picked.response, custom_id=button["custom_id"])
    assert done.response.content.startswith("Done: ")
    assert table.version > version
    assert not custom_ids(done.response, "pinochle:give:")  # redrawn: no second press to make
    assert list(table.game.view(table.seat_of(room.alice.id)).gave) == held[:4]


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
async def test_new_table_options_offer_the_games_own_house_rules_first(room, variant):
    from bot.presentation.texts import game_options
    from cogs.tables import TABLE_OPTIONS  # the target is a command option of its own

    offered = await room.alice.autocomplete(
        room.parent, "pinochle new", "options", "", variant=variant
    )
    own = [f"{name}=" for name in game_options(variant) if name in TABLE_OPTIONS]
    assert [c["value"] for c in offered][: len(own)] == own
    counts = await room.alice.autocomplete(
        room.parent, "pinochle new", "options", "pass_count=", variant=variant
    )
    assert [c["value"] for c in counts] == ["pass_count=0", "pass_count=3", "pass_count=4"]
    rules = await room.alice.slash(room.parent, "pinochle rules", variant=variant)
    listed = rules.response.embeds[0].description
    passed = {"auction": "Cards passed: 4", "double-deck": "Cards passed: None"}[variant]
    assert "This game's house rules" in listed and passed in listed  # F-5, H-5
    # An option the game does not play is not offered (F-8: a side's meld counts together).
    unplayed = await room.alice.autocomplete(
        room.parent, "pinochle new", "options", "meld_credit", variant=variant
    )
    assert unplayed == []


async def test_a_give_typed_without_cards_says_how_many_to_pass(room):
    """F-5: `/pinochle move action: give` alone is answered with the count, and changes nothing."""
    table, _hand = await until_alice_gives(room, "double-deck")
    version = table.version
    done = await room.alice.slash(room.channel, "pinochle move", action="give")
    assert "4" in done.response.content and "Done" not in done.response.content
    assert table.version == version


async def test_the_cards_to_pass_are_typed_with_the_russian_verb_too(room):
    """F-5 typed in Russian as the hint and the terminal write it: "передать Т♠ 10♠ К♠ Д♠"
    gives those cards (the English "give" alone was read)."""
    from bot.i18n import cards_text

    table, _hand = await until_alice_gives(room, "double-deck")
    seat, version = table.seat_of(room.alice.id), table.version
    held = list(table.game.view(seat).hand)
    typed = "Передать " + cards_text(held[-4:], "ru")
    done = await room.alice.slash(room.channel, "pinochle move", action=typed)
    assert done.response.content.startswith("Done: "), done.response.content
    assert table.version > version
    assert sorted(table.game.view(seat).gave, key=str) == sorted(held[-4:], key=str)


def cards_of(value: str) -> list[str]:
    """The cards a give's value names ("give A♥ 10♥" -> ["A♥", "10♥"])."""
    verb, *cards = value.split()
    assert verb == "give", value
    return cards


@pytest.mark.parametrize(
    ("variant", "lang", "verb", "step", "ready"),
    [
        ("auction", "en", "Give", "({n} of 4 chosen)", "(all 4 chosen: send it)"),
        ("double-deck", "ru", "Передать", "(выбрано {n} из 4)", "(выбраны все 4: отправьте)"),
    ],
)
async def test_move_autocomplete_builds_the_give_a_held_card_at_a_time(
    room, variant, lang, verb, step, ready
):
    """F-5: an empty `/pinochle move action:` offers each held card as the first of the give, with
    the count due; each card typed stays, the next is offered from what is left of the hand (a
    double deck's second copy too), and four typed are offered as the one to send, which gives."""
    from bot.game import Card

    table, _hand = await until_alice_gives(room, variant)
    await room.alice.slash(room.parent, "pinochle language", language=lang)
    seat, version = table.seat_of(room.alice.id), table.version
    held = list(table.game.view(seat).hand)

    async def offered(typed: str) -> list[dict]:
        return await room.alice.autocomplete(room.channel, "pinochle move", "action", typed)

    first = await offered("")
    assert [c["value"] for c in first] == [f"give {card}" for card in dict.fromkeys(held)]
    assert first[0]["name"] == f"{verb} {held[0].text(lang)} {step.format(n=1)}"
    # Typed in the asker's notation, one card at a time; the last word may be unfinished.
    chosen = held[:3]
    typed = f"{verb.lower()} " + " ".join(card.text(lang) for card in chosen) + " "
    building = await offered(typed)
    left = list(held)
    for card in chosen:
        left.remove(card)
    assert [c["value"] for c in building] == [
        f"give {' '.join(map(str, [*chosen, card]))}" for card in dict.fromkeys(left)
    ]
    assert all(c["name"].endswith(step.format(n=4)) for c in building)
    last = left[-1]
    rank = last.text(lang)[:-1]
    narrowed = await offered(typed + rank)
    assert narrowed and all(
        Card.from_text(cards_of(c["value"])[-1]).text(lang).startswith(rank) for c in narrowed
    )
    whole = typed + last.text(lang)
    (to_send,) = await offered(whole)
    assert to_send["value"] == f"give {' '.join(map(str, [*chosen, last]))}"
    assert to_send["name"].endswith(ready) and to_send["name"].startswith(verb)
    assert table.version == version  # offering changes nothing
    done = await room.alice.slash(room.channel, "pinochle move", action=to_send["value"])
    assert table.version > version, done.response.content
    assert sorted(table.game.view(seat).gave, key=str) == sorted([*chosen, last], key=str)


async def test_move_autocomplete_never_shows_a_card_not_held_and_a_wrong_give_changes_nothing(
    room,
):
    """As a cheat would try: a card she does not hold is never offered (nor anyone else's hand),
    someone not seated is offered nothing, and a give of the wrong count, a garbled one or a
    step's label sent as shown is refused and changes nothing; the finished label gives."""
    from collections import Counter

    table, _hand = await until_alice_gives(room)
    seat, version = table.seat_of(room.alice.id), table.version
    held = list(table.game.view(seat).hand)
    faces = [rank + suit for rank in ("A", "10", "K", "Q", "J", "9") for suit in "♠♥♦♣"]
    missing = [face for face in faces if face not in map(str, held)]

    async def offered(person, typed: str) -> list[dict]:
        return await person.autocomplete(room.channel, "pinochle move", "action", typed)

    for typed in ["", f"give {missing[0]}", f"give {' '.join(missing)}", "give " + "A♥ " * 8]:
        for choice in await offered(room.alice, typed):
            assert not Counter(cards_of(choice["value"])) - Counter(map(str, held)), typed
    assert await offered(room.bob, "") == [] and await offered(room.bob, f"give {held[0]}") == []
    # Too many typed: offered as typed, with the count, for the engine to refuse.
    five = " ".join(map(str, held[:5]))
    (over,) = await offered(room.alice, f"give {five}")
    assert over["name"].endswith("(5 of 4 chosen)")
    step = (await offered(room.alice, f"give {held[0]} "))[0]  # two cards (one is a legal give)
    for sent, why in [
        (over["value"], "pass exactly 4 cards"),
        (step["value"], "pass exactly 4 cards"),
        (step["name"], "is not legal now"),  # a step's label is no give
        (f"give {missing[0]} {' '.join(map(str, held[:3]))}", "is not in your hand"),
        ("give zz ♥♥ 99", "zz"),
    ]:
        refused = await room.alice.slash(room.channel, "pinochle move", action=sent)
        assert why in refused.response.content, (sent, refused.response.content)
        assert table.version == version and table.game.phase == Phase.PASSING
    (ready,) = await offered(room.alice, f"give {' '.join(map(str, held[-4:]))}")
    typed_out = ready["name"].replace(" ", "  ").upper()  # the label as shown, typed loosely
    done = await room.alice.slash(room.channel, "pinochle move", action=typed_out)
    assert done.response.content.startswith("Done: "), done.response.content
    assert sorted(table.game.view(seat).gave, key=str) == sorted(held[-4:], key=str)
    assert not [c for c in await offered(room.alice, "give") if c["value"].startswith("give")]


async def test_a_bare_number_typed_to_move_is_a_bid_of_that_amount(room):
    """F-2, H-2: Discord numbers no entries, so `/pinochle move action: 57` bids 57 while bids
    are offered; `2000` is refused for its real reason (over what a deal can be worth) and
    changes nothing."""
    await room.alice.slash(room.parent, "pinochle new", variant="double-deck")
    for _ in range(3):
        await room.alice.slash(room.channel, "pinochle addbot", level="easy")
    await room.alice.click(board(room.channel), label="Start")
    table = room.table()
    seat = table.seat_of(room.alice.id)
    for _ in range(100):
        await room.env.settle()
        await room.bot.tables.settle()
        await room.env.settle()
        if table.to_act == seat and not table.is_computer_turn():
            break
        await room.env.advance_time(2)
    assert table.game.phase == Phase.AUCTION
    version = table.version
    refused = await room.alice.slash(room.channel, "pinochle move", action="2000")
    top = table.game.bid_ceiling()
    assert f"no deal here can be worth more than {top}" in refused.response.content
    assert table.version == version
    amounts = [a.amount for a in table.game.legal_actions() if a.verb == "bid"]
    deal = table.game.state.deal_no
    done = await room.alice.slash(room.channel, "pinochle move", action=str(amounts[2]))
    assert done.response.content.startswith("Done: "), done.response.content
    # The bid may have ended its deal at once (the others passed and she holds no marriage: set
    # without play, F-4), so it is read from that deal's result then.
    if table.game.state.deal_no == deal:
        assert table.game.state.bids[seat] == amounts[2]
    else:
        result = table.game.deal_results[-1]
        assert result.deal == deal and result.bids is not None
        assert result.bids[seat] == amounts[2]


@pytest.mark.parametrize(
    ("variant", "lang", "chosen_so_far"),
    [
        ("auction", "en", "You have chosen {card} to pass. Give 3 more to "),
        ("double-deck", "ru", "Вы уже выбрали для передачи: {card}. Отдайте партнёру"),
    ],
)
async def test_a_card_given_alone_is_chosen_and_the_menu_gives_the_rest(
    room, variant, lang, chosen_so_far
):
    """F-5: a give typed with one card chooses it (every legal give is one card): nothing changes
    hands yet, her hand says so, the menu then offers the other cards and wants 3, and its button
    gives them; the thread tells the pass once, how many cards and never which."""
    from bot.i18n import card_text

    await room.alice.slash(room.parent, "pinochle language", language=lang)
    table, _hand = await until_alice_gives(room, variant)
    seat = table.seat_of(room.alice.id)
    held = list(table.game.view(seat).hand)
    first = held[-1]
    partner = table.game.partner(seat)
    theirs = list(table.game.state.hands[partner])
    done = await room.alice.slash(room.channel, "pinochle move", action=f"give {first}")
    reply = done.response.content
    assert chosen_so_far.format(card=card_text(first, lang)) in reply, reply
    assert reply.startswith(("Chosen to pass: ", "Выбрано для передачи: ")), reply  # not given
    assert table.game.phase == Phase.PASSING and table.to_act == seat
    assert sorted(map(str, table.game.state.hands[seat])) == sorted(map(str, held))
    assert table.game.state.hands[partner] == theirs  # nothing has reached the partner
    assert not table.game.view(partner).giving and table.game.view(seat).giving == (first,)
    hand = (await room.alice.slash(room.channel, "pinochle hand")).response
    (menu,) = custom_ids(hand, "pinochle:givepick:")
    assert menu["min_values"] == menu["max_values"] == 3
    offered = [int(option["value"]) for option in menu["options"]]
    assert sorted(str(held[i]) for i in offered) == sorted(map(str, held[:-1]))  # all but it
    shown = await room.alice.select(
        hand, [str(i) for i in offered[:3]], custom_id=menu["custom_id"]
    )
    (button,) = custom_ids(shown.response, "pinochle:give:")
    given = await room.alice.click(shown.response, custom_id=button["custom_id"])
    assert given.response.content.startswith(("Done: ", "Сделано: ")), given.response.content
    gift = sorted(map(str, [first, *(held[i] for i in offered[:3])]))
    assert sorted(map(str, table.game.view(seat).gave)) == gift
    await room.env.advance_time(60)
    told = [
        line
        for line in channel_lines(room.channel)
        if ("passed 4 cards" in line or "передано карт: 4" in line)
    ]
    assert told and not any(suit in line for line in told for suit in "♠♥♦♣")
