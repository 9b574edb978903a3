"""Player records in the store, on SQLite and PostgreSQL: every figure of
/pinochle stats and /pinochle history from games whose results are set out here by hand."""

from __future__ import annotations

from bot.services.league import record_game
from bot.store import (
    GameSeat,
    Seat,
    Store,
    create_table,
    game_log,
    player_stats,
    recent_games,
    store_deal_stats,
    update_table,
)
from bot.store.records import SeatDeals
from bot.store.tables import mark_hinted

GUILD = 1
ANN, BEN, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan"}


async def finished(store: Store, number: int, variant: str, people, ranks, deals, hints=()):
    """A finished table and its recorded game: `people` by seat, each seat's rank and deals."""
    partnership = variant in ("partnership", "check")
    async with store.transaction() as tx:
        table = await create_table(
            tx,
            guild_id=GUILD,
            channel_id=number,
            host_id=people[0],
            variant=variant,
            seed=number,
            seats=[Seat(s, NAMES[u], user_id=u) for s, u in enumerate(people)],
        )
        await update_table(tx, table.id, status="finished")
        for seat in hints:
            await mark_hinted(tx, table.id, seat)
        await record_game(
            tx,
            game_id=table.id,
            guild_id=GUILD,
            table_id=table.id,
            variant=variant,
            seats=[
                GameSeat(
                    s.seat,
                    s.player_id,
                    s.seat % 2 if partnership else s.seat,
                    1000 - 100 * ranks[s.seat],
                    ranks[s.seat],
                )
                for s in table.seats
            ],
        )
        await store_deal_stats(tx, table.id, deals)
    return table.id, table.seats[people.index(ANN)].player_id


async def test_every_figure_of_a_players_record(store, clock):
    first, ann = await finished(
        store, 1, "two-handed", [ANN, BEN], [1, 2], [SeatDeals(3, 120), SeatDeals(3, 40)]
    )
    clock.advance(minutes=30)
    check, _ = await finished(
        store,
        2,
        "check",
        [BEN, ANN, CAT, DAN],  # Ann and Dan (seats 1 and 3) are partners (E-1)
        [2, 1, 2, 1],
        [SeatDeals(4, 50, 1, 0), SeatDeals(4, 80, 2, 1), SeatDeals(4), SeatDeals(4, 20)],
        hints=[1],
    )
    clock.advance(minutes=30)
    last, _ = await finished(
        store, 3, "two-handed", [BEN, ANN], [1, 2], [SeatDeals(2, 60), SeatDeals(2, 30)]
    )

    stats = await player_stats(store, GUILD, ann)
    assert [(v.variant, v.games, v.wins) for v in stats.variants] == [
        ("two-handed", 2, 1),
        ("check", 1, 1),
    ]
    assert (stats.games, stats.wins, stats.deals, stats.meld) == (3, 2, 9, 230)
    assert (stats.bids, stats.made, stats.set) == (2, 1, 1)
    assert stats.meld_per_deal == 230 / 9
    assert stats.longest_streak == 2  # won, won, lost
    assert [(c.display_name, c.games, c.wins) for c in stats.opponents] == [
        ("Ben", 3, 2),
        ("Cat", 1, 1),
    ]
    assert [(c.display_name, c.games, c.wins) for c in stats.partners] == [("Dan", 1, 1)]

    only = await player_stats(store, GUILD, ann, variant="check")
    assert (only.games, only.deals, only.meld, only.bids) == (1, 4, 80, 2)
    assert await player_stats(store, GUILD + 1, ann) is None

    history = await recent_games(store, GUILD, ann)
    assert [(g.game_id, g.won, g.hints) for g in history] == [
        (last, False, False),
        (check, True, True),
        (first, True, False),
    ]
    assert history[1].teammates == ("Dan",) and history[1].opponents == ("Ben", "Cat")
    log = await game_log(store, check)
    assert log.hints == (1,) and log.names == ["Ben", "Ann", "Cat", "Dan"]
    assert (log.variant, log.seed, log.status, log.actions) == ("check", 2, "finished", [])
