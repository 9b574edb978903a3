"""Few channel lines (a meld round, an auction, a deal's end each told at once) and the texts found wrong."""

from __future__ import annotations

import random
import re

import pytest

from bot.game import EXCHANGE, IllegalAction
from bot.game.cards import parse_cards
from bot.game.events import (
    Bid,
    Contract,
    DealEnded,
    DealStarted,
    Melded,
    Passed,
    PlayerOut,
    ShownMeld,
    TrickTaken,
)
from bot.game.random_play import random_action
from bot.i18n import signed, t
from bot.presentation.texts import board_text, plain_namer, say, score_text
from bot.tables.announce import event_lines
from tests.tables.helpers import shown
from tests.tables.texts_support import NAMES, publishes, said, table_of


def test_no_line_per_trick_and_each_deal_ends_with_one_summary_published_with_the_next_deal():
    table = table_of("two-handed", 0)
    for _action, events, lines in publishes(table):
        text = said(lines, table)
        assert not any(line.startswith(("Trick ", "Last trick")) for line in text)
        if any(isinstance(e, DealEnded) for e in events):
            summary = text[
                text.index(
                    next(line for line in text if line.startswith("Deal ") and "is over" in line)
                ) :
            ]
            assert re.fullmatch(
                r"Alice: meld \d+, cards \d+(, and 10 for the last trick)?; [+−]?\d+ this deal, "
                r"total \d+\.",
                summary[1],
            )
            assert (
                sum("10 for the last trick" in line for line in summary) == 1
            )  # G-5: the 10 shown apart
            assert any(
                line.startswith(("Deal ", "Game over.")) for line in summary[3:]
            )  # next deal, or the end


def test_the_last_tricks_10_is_shown_apart_and_adds_up():
    """G-5: meld + cards + the last trick's 10 is the deal's score."""
    table = table_of("two-handed", 0)
    for _, events, lines in publishes(table):
        end = next((e.result for e in events if isinstance(e, DealEnded)), None)
        if end is None:
            continue
        parts = [line for line in said(lines, table) if re.match(r"(Alice|Bob): meld", line)]
        for line in parts:
            numbers = [int(n) for n in re.findall(r"(?<![\w+−])(\d+)", line.split(";")[0])]
            seat = 0 if line.startswith("Alice") else 1
            assert sum(numbers) == end.points[seat]
        break


def test_two_hand_melds_after_tricks_are_told_with_the_deals_summary_in_both_languages():
    """A-6, A-7: a meld after a trick (Bob's pinochle, then his dix in a second action) posts no
    line of its own; the board shows it at once, and the deal's melds open its summary."""
    table = table_of("two-handed", 0)
    melded = 0
    for _action, events, lines in publishes(table):
        if any(isinstance(e, DealEnded) for e in events):
            break
        assert not any(" melded " in line for line in said(lines, table))
        for event in events:
            if isinstance(event, Melded):
                melded += 1
                board = board_text(shown(table), "en", plain_namer(shown(table)))
                assert f"Melds ({NAMES[event.seat]}): " in board  # shown at once
    english, russian = said(lines, table), said(lines, table, "ru")
    assert english[:2] == [
        "Bob melded pinochle Q♠ J♦: 40 points.",
        "Bob showed the dix: 10 points.",
    ]
    assert russian[:2] == [
        "Bob, комбинации: пинокль Д♠ В♦; очков: 40.",
        "Bob: показан дис, очков: 10.",
    ]
    summary = english.index("Deal 1 is over.")
    assert sum(" melded " in line for line in english[:summary]) == melded > 2  # each once, first


def test_the_two_who_play_on_meld_after_tricks_and_hear_of_it_with_each_deals_summary():
    """C-10: once a winner retires the other two play two-hand (A-6): their melds come with the
    summary of their deal, every one of them, none before."""
    table = table_of("three-handed", 0, target=300)
    made = told = 0
    for _action, events, lines in publishes(table):
        if table.game.state.mode != "two":
            continue
        melds = sum(" melded " in line for line in said(lines, table))
        made += sum(isinstance(e, Melded) for e in events)
        if any(isinstance(e, DealEnded) for e in events):
            told += melds
        else:
            assert melds == 0
    assert made > 3 and told == made


@pytest.mark.parametrize("variant", ["four-handed", "partnership"])
def test_melds_declared_during_the_first_trick_are_told_together_when_it_ends(variant):
    """D2-1: each player declares after their card to the first trick, the last as it completes;
    all four declarations are one publish, before the deal's end."""
    table = table_of(variant, 0)
    lines = next(
        lines
        for _action, events, lines in publishes(table)
        if any(isinstance(e, TrickTaken) for e in events)
    )
    declared = [line for line in said(lines, table) if " declared " in line]
    assert [line.split()[0] for line in declared] == ["Alice", "Bob", "Carol", "Dave"]


def test_three_handed_dix_exchange_and_two_dixes_are_each_stated_once():
    """C-4, S-5: the exchange line has no points; the melds hold the dix once, two dixes as ×2."""
    table = table_of("three-handed", 0)
    for action, _events, lines in publishes(table):
        if action == EXCHANGE and "×2" in " ".join(said(lines, table)):
            english, russian = said(lines, table), said(lines, table, "ru")
            break
    assert (
        english[0]
        == "Alice exchanged the dix 9♣ for the turn-up J♣; the dix counts with the melds below."
    )
    assert english[1] == (
        "Alice declared marriage K♠ Q♠ (20), dix 9♣ ×2 (20), pinochle Q♠ J♦ (40): 80 points, "
        "credited when that side wins a trick."
    )
    assert (
        russian[0]
        == "Alice: дис 9♣ обменян на открытую карту В♣; он засчитан вместе с комбинациями ниже."
    )
    assert "дис 9♣ ×2 (20)" in russian[1]
    assert english[1].count("dix") == 1


def test_a_lone_meld_does_not_repeat_its_points():
    table = table_of("two-handed", 0)
    lines = [
        line for _, _, out in publishes(table) for line in said(out, table) if "melded" in line
    ]
    assert lines and not any(re.search(r"\((\d+)\): \1 points", line) for line in lines)
    assert "Bob melded pinochle Q♠ J♦: 40 points." in lines


def test_a_check_auction_is_one_line_told_with_trump_and_melds():
    """E-5..E-9: every bid and pass in one line, in the same message as the trump and the melds."""
    table = table_of("check", 3, target=300)
    for action, events, lines in publishes(table):
        if any(isinstance(e, Bid | Passed | Contract) for e in events):
            assert lines == [] or any(isinstance(e, DealEnded) for e in events)
        if action is not None and action.verb == "trump":
            english, russian = said(lines, table), said(lines, table, "ru")
            break
    assert (
        english[0]
        == "Bidding: Carol passed, Dave passed, Alice 200, Bob passed. Alice won the bidding at 200."
    )
    assert english[1] == "Alice named trump: ♠."
    assert any(line.startswith("Carol declared ") for line in english)
    assert (
        russian[0]
        == "Торговля: Carol — пас, Dave — пас, Alice 200, Bob — пас. Контракт 200 — Alice."
    )


def test_check_deal_end_states_contract_and_chips_with_one_minus_sign():
    table = table_of("check", 3, target=300)
    text = [line for _, _, lines in publishes(table) for line in said(lines, table)]
    assert "Alice made the contract of 200." in text
    assert "Chips — Alice & Carol: meld: aces around +2, contract 200 +2, game +13 = +17." in text
    assert "Chips — Bob & Dave: meld: aces around −2, contract 200 −2, game −13 = −17." in text
    russian = [
        line
        for _, _, lines in publishes(table_of("check", 3, target=300))
        for line in said(lines, table, "ru")
    ]
    assert (
        "Фишки — Alice и Carol: комбинация: четыре туза +2, контракт 200 +2, партия +13 = +17."
        in russian
    )
    assert signed(-13) == "−13" and signed(8) == "+8" and signed(0) == "0"


@pytest.mark.parametrize("seed", range(4))
def test_check_chip_lines_add_up_item_by_item_to_each_sides_chips(seed):
    """E-15..E-20 read in the channel: each side's items sum to its total, the two sides' totals
    cancel, and the deal that ends the game names its game premium."""
    table, rng = table_of("check", seed, target=300), random.Random(seed)
    sides = []
    for _, _, lines in publishes(table, lambda _: random_action(table.game, rng)):
        text = said(lines, table)
        chips = [line for line in text if line.startswith("Chips — ")]
        for line in chips:
            items, total = line.removesuffix(".").split(": ", 1)[1].rsplit(" = ", 1)
            values = [int(part.rsplit(" ", 1)[1].replace("−", "-")) for part in items.split(", ")]
            assert sum(values) == int(total.replace("−", "-")), line
            sides.append(int(total.replace("−", "-")))
        if chips:
            assert len(chips) == 2 and sides[-1] == -sides[-2]
    assert sides and table.game.is_over and ", game +" in " ".join(text)


def test_play_on_game_over_explains_the_others_played_on_in_both_languages():
    """C-10, D1-2: the first to the target is first; the rest played on for the next places."""
    table = table_of("three-handed", 3, target=500)
    steps = list(publishes(table))
    english = [line for _, _, lines in steps for line in said(lines, table)]
    russian = [line for _, _, lines in steps for line in said(lines, table, "ru")]
    assert "Alice reached the target: place 1. The others play on for the next places." in english
    assert english[-1] == (
        "Game over. 1. Alice (515): first to reach the target; the others played on for the next "
        "places: 2. Carol (901), 3. Bob (714)."
    )
    assert russian[-1].startswith(
        "Партия окончена. 1. Alice (515) — цель достигнута первой; остальные играли "
        "дальше за следующие места: 2. Carol (901)"
    )


def test_a_finished_player_is_marked_on_the_board_while_the_others_play_on():
    table = table_of("three-handed", 3, target=500)
    for _, events, _ in publishes(table):
        if any(isinstance(e, PlayerOut) for e in events) and not table.game.is_over:
            break
    assert "1. Alice (host, finished, place 1)" in board_text(
        shown(table), "en", plain_namer(shown(table))
    )
    assert "1. Alice (хозяин, игра закончена, место 1)" in board_text(
        shown(table), "ru", plain_namer(shown(table))
    )


def test_partnership_game_over_names_both_partners_and_no_lone_finisher():
    table = table_of("partnership", 3, target=500)
    text = [line for _, _, lines in publishes(table) for line in said(lines, table)]
    assert not any(
        "finished in place" in line or "reached the target: place" in line for line in text
    )
    assert text[-1] == "Game over. 1. Bob & Dave (829), 2. Alice & Carol (741)."


@pytest.mark.parametrize("variant", ["three-handed", "four-handed", "partnership"])
def test_the_first_deal_line_names_the_turn_up_when_play_starts_at_once(variant):
    table = table_of(variant, 1)
    opening = said(next(iter(publishes(table)))[2], table)
    deal = next(e for e in table.game.opening_events if isinstance(e, DealStarted))
    assert (
        opening[1] == f"Deal 1: {table.seats[deal.dealer].display_name} dealt; "
        f"the turn-up is {deal.turnup}."
    )


def test_refusals_shown_to_players_carry_no_rule_id():
    error = IllegalAction("must_follow", "P-2", suit="♥")
    for lang in ("en", "ru"):
        text = say(error, lang, lambda seat: "x")
        assert "P-2" not in text and "(" not in text


@pytest.mark.parametrize(
    "key", ["bot.line.meld", "bot.line.meld_pending", "bot.review.meld", "bot.review.meld_after"]
)
def test_russian_meld_lines_read_right_for_the_double_decks_small_points(key):
    """H-7: a double-deck marriage is 2; Russian "2 очков" is wrong (2 очка), so the count is
    named first ("очков: 2"), as the hints already say it, right for any number."""
    line = t(key, "ru", who="Bob", melds="марьяж К♣ Д♣ (2)", points=2, trick=3)
    assert "очков: 2" in line and "2 очков" not in line


def test_a_double_decks_two_marriages_of_one_suit_name_their_suit():
    """H-7 (as HX-1 writes it, "marriages K♠Q♠ ×2"): two equal melds are stated once with ×2,
    but with their cards, or no one can tell which suit's marriages they were."""
    table = table_of("double-deck", 0)
    twice = ShownMeld("marriage", tuple(parse_cards("K♣ Q♣")), 2)
    pinochle = ShownMeld("pinochle", tuple(parse_cards("Q♠ J♦")), 4)
    event = Melded(seat=1, pending=False, points=8, melds=(twice, twice, pinochle))
    assert not event_lines(table, [event])  # held back: the auction's round is still open
    held = table.deal_log.take_held()
    (english,), (russian,) = said(held, table), said(held, table, "ru")
    assert "marriage K♣ Q♣ ×2 (4)" in english
    assert "марьяж К♣ Д♣ ×2 (4)" in russian


def test_bidders_who_go_out_with_fewer_points_are_told_why_in_both_languages():
    """F-10: both sides passed the target in the last deal; the side that made its contract is
    counted first and wins with fewer points, and the channel says so before the places."""
    table = table_of("auction", 1, target=300)
    rng = random.Random(1)
    steps = list(publishes(table, lambda _: random_action(table.game, rng)))
    english = [line for _, _, lines in steps for line in said(lines, table)]
    russian = [line for _, _, lines in steps for line in said(lines, table, "ru")]
    assert english[-1] == "Game over. 1. Alice & Carol (344), 2. Bob & Dave (456)."
    assert english[-2] == (
        "Both sides reached 300: Alice & Carol made the contract, and the bidding side is counted "
        "first, so it goes out."
    )
    assert english[-3].startswith(("Alice made the contract", "Carol made the contract"))
    assert russian[-2].startswith("Обе стороны набрали 300: Alice и Carol — контракт выполнен")
    assert sum(line.startswith("Both sides reached") for line in english) == 1


def test_no_reason_is_given_when_the_winners_simply_have_more():
    table = table_of("partnership", 3, target=500)
    text = [line for _, _, lines in publishes(table) for line in said(lines, table)]
    assert not any(line.startswith("Both sides reached") for line in text)


@pytest.mark.parametrize(
    ("seed", "options", "english", "russian"),
    [
        (  # DX-E3: the double deck's trump needs a marriage in its suit
            1,
            {},
            "Bob holds no marriage, so there is no suit to name trump in: the side is set without "
            "play.",
            "Bob: нет ни одного марьяжа, назвать козырь нельзя — недобор, сдача не разыгрывается.",
        ),
        (  # H-13: a bidding side with less meld than `min_meld` is set without play
            2,
            {"min_meld": 20},
            "Bob's side shows less meld than the table's minimum to play: it is set without play.",
            "Bob: у пары меньше комбинаций, чем нужно для игры за этим столом, — недобор, сдача "
            "не разыгрывается.",
        ),
    ],
)
def test_a_side_set_without_play_is_told_why_before_the_deals_summary(
    seed, options, english, russian
):
    """F-4: a deal that ends without a card played says why, in both languages, just before its
    summary tells the set contract."""
    table = table_of("double-deck", seed, **options)
    rng = random.Random(seed)
    for _, _, lines in publishes(table, lambda _: random_action(table.game, rng)):
        text = said(lines, table)
        if english in text:
            at = text.index(english)
            assert text[at + 1].startswith("Deal ") and text[at + 1].endswith(" is over.")
            assert any(line.startswith("Bob went set: the contract of") for line in text[at:])
            assert russian in said(lines, table, "ru")
            return
    raise AssertionError("no side was set without play")


def test_a_finished_player_is_left_out_of_the_deals_the_others_play_on_in_both_languages():
    """C-10: after Alice retires she is dealt no cards: the summaries of the deals played on,
    the board's points of the deal and the score's deal lines name only the two dealt in."""
    table = table_of("three-handed", 3, target=500)
    english: list[str] = []
    russian: list[str] = []
    finished = False
    for _, events, lines in publishes(table):
        if finished:
            english += said(lines, table)
            russian += said(lines, table, "ru")
            snapshot = shown(table)
            board = [board_text(snapshot, lang, plain_namer(snapshot)) for lang in ("en", "ru")]
            for line in (*board[0].splitlines(), *board[1].splitlines()):
                if line.startswith(("This deal:", "В этой сдаче:")):
                    assert "Alice" not in line and "Bob" in line, line
        finished = finished or any(isinstance(e, PlayerOut) for e in events)
    summaries = [line for line in english if line.startswith(("Bob:", "Carol:", "Alice:"))]
    assert summaries and not any(line.startswith("Alice:") for line in summaries)
    assert any(line.startswith("Bob: meld") for line in summaries)
    assert not any(line.startswith("Alice: комбинации") for line in russian)
    assert any(line.startswith("Bob: комбинации") for line in russian)
    deal_lines = score_text(shown(table), "ru", plain_namer(shown(table))).splitlines()[2:]
    assert "Alice" not in deal_lines[-1] and "Bob" in deal_lines[-1]
