"""After the game: Review last deal for every variant, Rematch, the finished table."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.game import VARIANTS, make_pack
from bot.game.events import (
    DealEnded,
    DealerDix,
    DixDeclared,
    Event,
    Melded,
    TrickTaken,
)
from bot.game.record import DealRecord
from bot.presentation.record_text import review_lines
from bot.presentation.texts import plain_namer
from bot.store import load_actions
from bot.tables import TableService
from bot.tables.model import Table
from tests.tables.aftergame_helpers import play_until
from tests.tables.helpers import ALICE, BOB, CAROL, EVE, live, open_table, refusal_of, shown

SHORT = {"target": 10, "tie_over_target": "highest_wins"}  # one deal decides the game (G-13)


async def one_person_and_computers(service: TableService, variant: str, options=None) -> Table:
    table = await open_table(service, variant, options=options)
    for _ in range(VARIANTS[variant].players - 1):
        await service.add_computer(table.id, ALICE)
    await service.start(table.id, ALICE)
    return table


def engine_deal(
    table: Table, actions: list[str], deal: int
) -> tuple[dict[int, list[str]], list[list], list]:
    """The oracle: the engine's hands as `deal` starts, its tricks and its melds, from the log."""
    game = table.new_game()
    moves = iter(actions)
    events = game.opening_events
    while game.deal_no < deal:
        events = game.apply(next(moves))
    hands = {s: sorted(map(str, game.view(s).hand)) for s in range(game.n) if game.view(s).hand}
    scoring: tuple[type[Event], ...] = (
        (Melded, DealerDix, DixDeclared) if game.public_view().stock else (Melded, DealerDix)
    )
    melds = [(e.seat, e.points) for e in events if isinstance(e, scoring)]  # C-5, E-9: at once
    events, tricks = [], []
    while not any(isinstance(e, DealEnded) for e in events):
        events = game.apply(next(moves))  # StopIteration if the deal never ends
        tricks += [
            [[s, str(c)] for s, c in e.trick.plays] for e in events if isinstance(e, TrickTaken)
        ]
        melds += [(e.seat, e.points) for e in events if isinstance(e, scoring)]
    return hands, tricks, melds


@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_review_of_a_deal_lists_every_card_dealt_once_and_every_trick(
    service, store, variant
):
    """RULES §12: every card of the pack is dealt (or drawn) once and played once; 48 / players
    tricks (80 / 4 in the double deck, H-1)."""
    table = await one_person_and_computers(service, variant)
    await play_until(service, table, [ALICE], lambda: table.game.deal_results)
    _, review = await service.review(table.id)
    assert isinstance(review, DealRecord) and review.number == 1
    pack = Counter(make_pack(double_deck=VARIANTS[variant].double_deck))
    assert Counter(review.cards_dealt) == pack
    played = Counter(card for trick in review.tricks for _, card in trick.plays)
    assert played == pack
    two_hand = VARIANTS[variant].two_handed
    assert [t.number for t in review.tricks] == list(
        range(1, 25 if two_hand else sum(pack.values()) // table.size + 1)
    )
    assert review.tricks[-1].last and sum(len(t.draws) for t in review.tricks) == (
        24 if two_hand else 0
    )
    assert bool(review.auction) == VARIANTS[variant].auction
    hands, tricks, melds = engine_deal(table, [row.action for row in await _log(store, table)], 1)
    assert {s: sorted(map(str, h)) for s, h in review.hands.items()} == hands
    assert [[[s, str(c)] for s, c in t.plays] for t in review.tricks] == tricks
    assert [(m.seat, m.points) for m in review.melds] == melds
    for lang in ("en", "ru"):
        text = "\n".join(review_lines(shown(table), review, lang, plain_namer(shown(table))))
        assert "bot.review" not in text and "bot.line" not in text  # every key has its words
        assert all(f"\n{t.number}. " in text for t in review.tricks)
    russian = "\n".join(review_lines(shown(table), review, "ru", plain_namer(shown(table))))
    assert "Карты при сдаче:" in russian
    assert "Взятки (первым указан заходивший):" in russian


async def test_review_shows_the_last_finished_deal_only_never_the_one_in_play(service, store):
    table = await open_table(service, "two-handed")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE)
    await play_until(service, table, [ALICE, BOB], lambda: table.version >= 3)
    refused = await refusal_of(service.review(table.id))
    assert refused.key == "bot.refuse.no_deal_over"
    await play_until(
        service,
        table,
        [ALICE, BOB],
        lambda: table.game.deal_no == 2 and table.game.tricks_played == 2,
    )
    _, review = await service.review(table.id)
    assert review.number == 1
    actions = [row.action for row in await _log(store, table)]
    hands, tricks, _ = engine_deal(table, actions, 1)
    assert {s: sorted(map(str, h)) for s, h in review.hands.items()} == hands
    assert [[[s, str(c)] for s, c in t.plays] for t in review.tricks] == tricks
    now = {s: [str(c) for c in table.game.view(s).hand] for s in range(2)}
    assert all(
        sorted(map(str, review.hands[s])) != sorted(now[s]) for s in range(2)
    )  # deal 2's cards are not in it


async def test_rematch_has_the_same_variant_options_and_seats_for_whoever_asks(
    service, store, recorder
):
    table = await open_table(service, "three-handed", options=SHORT, turn_seconds=45)
    await service.join(table.id, BOB)
    await service.add_computer(table.id, BOB)
    await service.start(table.id, ALICE)
    old_seats = {n: (s.user_id, s.display_name) for n, s in table.seats.items()}
    await play_until(service, table, [ALICE, BOB], lambda: table.status == "finished")
    assert service.table_in(table.id) is None

    stranger = await refusal_of(service.rematch(table.id, EVE))
    assert stranger.key == "bot.refuse.not_a_player"
    opened = await service.rematch(table.id, BOB)
    assert opened.private[0].key == "bot.done.rematch_opened"
    new = service.table_in(table.channel_id)
    assert new == opened.table and new is not None and new.id != table.id and new.status == "lobby"
    assert (new.variant, new.options, new.language, new.turn_seconds) == (
        "three-handed",
        SHORT,
        "en",
        45,
    )
    assert new.host_id == BOB.user_id
    assert {n: (s.user_id, s.display_name) for n, s in new.seats.items()} == {
        n: seat for n, seat in old_seats.items() if seat[0] != ALICE.user_id
    }
    assert (
        recorder.outcomes[-2].table.id == table.id and recorder.outcomes[-2].table.rematch == new.id
    )
    assert (await service.finished_table(table.id)).rematch == new.id

    again = await refusal_of(service.rematch(table.id, BOB))
    assert again.key == "bot.refuse.already_seated"
    joined = await service.rematch(table.id, ALICE)
    assert joined.private[0].key == "bot.done.rematch_joined"
    new = live(service, new.id)
    assert {n: (s.user_id, s.display_name) for n, s in new.seats.items()} == old_seats
    await service.start(new.id, BOB)
    late = await refusal_of(service.rematch(table.id, CAROL))
    assert late.key == "bot.refuse.not_a_player"


async def test_the_last_finished_table_of_a_channel_keeps_its_result(service, store):
    table = await one_person_and_computers(service, "check", {"target": 200})
    await play_until(service, table, [ALICE], lambda: table.status == "finished")
    assert await service.last_finished(table.guild_id, table.channel_id + 1) is None
    ended = await service.last_finished(table.guild_id, table.channel_id)
    assert ended == await service.finished_table(table.id)
    assert ended.game_over and ended.deal_results == tuple(table.game.deal_results)
    assert ended.options == {"target": 200}
    _, review = await service.review(table.id)
    assert review.number == table.game.deal_results[-1].deal
    assert (await service.review(table.id))[1] is review  # kept: the log is not replayed again


async def _log(store, table):
    return await load_actions(store, table.id)
