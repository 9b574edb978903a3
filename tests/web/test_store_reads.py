"""The store's reads for the web pages (bot.store.web_reads) and the ratings each game leaves."""

from __future__ import annotations

from bot.store import Store, standings
from bot.store.web_reads import (
    EventPlace,
    EventWinner,
    count_accounts,
    count_events,
    count_games,
    count_standings,
    event_places,
    finished_event,
    finished_events,
    finished_game,
    finished_games,
    rating_history,
)

from .sample import DARK_GUILD, GUILD, HOSTILE


async def test_rating_history_ends_at_the_rating_the_standings_show(league):
    store = await Store.open(league.database)
    try:
        ann = league.players["ann"]
        history = await rating_history(store, GUILD, ann, "two-handed")
        table = await standings(store, GUILD, "two-handed")
        in_season = await rating_history(
            store, GUILD, ann, "two-handed", season_id=league.season_id
        )
        last_two = await rating_history(store, GUILD, ann, "two-handed", limit=2)
    finally:
        await store.close()
    assert [point.game_id for point in history] == [
        league.games[0],
        league.games[1],
        league.games[3],
    ]  # Ann's games, oldest first
    mine = next(row for row in table if row.player_id == ann)
    assert round(history[-1].rating, 6) == round(mine.rating, 6)
    assert in_season == history  # every game was played in the running season
    assert last_two == history[1:]


async def test_finished_games_and_counts(league):
    store = await Store.open(league.database)
    try:
        games = await finished_games(store, GUILD, limit=2)
        assert [game.game_id for game in games] == league.games[::-1][:2]  # newest first
        assert [seat.display_name for seat in games[0].seats] == ["Ann", "Bob"]
        assert await count_games(store, GUILD) == len(league.games)
        assert await count_standings(store, GUILD, "two-handed", include_bots=True) == 4
        assert await count_standings(store, GUILD, "two-handed", include_bots=False) == 3
        assert await count_accounts(store, GUILD, include_bots=True) == 2
        game = await finished_game(store, GUILD, league.games[0])
        assert (
            game is not None and game.table_id == league.games[0] and game.variant == "two-handed"
        )
        assert await finished_game(store, DARK_GUILD, league.games[0]) is None  # another server's
        assert await finished_game(store, GUILD, 999) is None
    finally:
        await store.close()


async def test_finished_events_their_winners_and_final_tables(league):
    store = await Store.open(league.database)
    try:
        ann, bob, mallory = (league.players[k] for k in ("ann", "bob", "mallory"))
        newest, older = await finished_events(store, GUILD)
        assert [newest.event_id, older.event_id] == [
            league.events["hostile"],
            league.events["friday"],
        ]
        assert newest.winners == (EventWinner(ann, "Ann"), EventWinner(bob, "Bob"))
        assert (older.duplicate, older.entrants, older.rounds, older.deals_per_round) == (
            True,
            3,
            3,
            4,
        )
        assert [e.event_id for e in await finished_events(store, GUILD, limit=1, offset=1)] == [
            league.events["friday"]
        ]
        assert await count_events(store, GUILD) == 2  # the running event is not over
        assert await count_events(store, DARK_GUILD) == 1
        assert await finished_event(store, GUILD, league.events["friday"]) == older
        for other in ("running", "dark"):
            assert await finished_event(store, GUILD, league.events[other]) is None
        assert await event_places(store, league.events["hostile"], limit=2, offset=1) == [
            EventPlace(1, bob, "Bob", 830),
            EventPlace(3, mallory, HOSTILE, 600),
        ]
    finally:
        await store.close()
