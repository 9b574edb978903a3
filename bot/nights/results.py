"""An event table's results, stored in the transaction of the action that ends them.

`record_deals` runs inside the table service's action hook (`NightRunner.hook`):
each ended deal adds one result per seat (the points the engine scored for the
seat's side in that deal); once the table has played the event's deals it is
marked done, its no-shows noted (people the computer played every turn for) and
its game rated, exactly once (the game id is the table's, as for any table).
`event_standings` reads an event's standings back from the store alone (the
runner posts them; the web pages may show them too).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import VARIANTS, place_ranks
from bot.game.events import DealEnded, Event
from bot.nights import DealScore, Standing, round_scores, standings
from bot.services.league import record_game
from bot.store import GameSeat, Reader, Tx
from bot.store.nights import (
    EventRow,
    ScoreRow,
    absences,
    acting_users,
    add_absences,
    add_scores,
    event_scores,
    finish_event_table,
    list_entrants,
)
from bot.tables import TableFacts


async def record_deals(tx: Tx, table: TableFacts, events: Sequence[Event]) -> bool:
    """Store the deals `events` ended at an event table; True when the table has just played its
    last deal (and is now marked done, its no-shows noted, its game rated)."""
    info = table.event
    ended = [e for e in events if isinstance(e, DealEnded)]
    if info is None or not ended:
        return False
    for deal_end in ended:
        points = deal_end.result.points
        await add_scores(
            tx,
            info.id,
            [
                ScoreRow(
                    info.round,
                    info.table,
                    deal_end.deal,
                    seat,
                    table.seats[seat].user_id,
                    points[seat],
                )
                for seat in range(table.size)
            ],
        )
    if not table.over or not await finish_event_table(tx, table.id):
        return False
    acted = await acting_users(tx, table.id)
    absent = {
        s.user_id for s in table.seats.values() if s.user_id is not None and s.user_id not in acted
    }
    await add_absences(tx, info.id, info.round, sorted(absent))
    await rate(tx, table, absent)
    return True


async def rate(tx: Tx, table: TableFacts, absent: set[int]) -> None:
    """Rate an event table's game once: its people only, ranked by score, a no-show last.

    A table whose people do not make two sides of the variant's shape (one person
    among computers, a partner missing) is not rated: computer fillers never are.
    """
    game = table.game
    assert game is not None, "an event table that played its deals has its game"
    partnership = VARIANTS[table.variant].partnership
    scores = game.scores
    people = {
        s.seat: s.player_id
        for s in table.seats.values()
        if s.user_id is not None and s.player_id is not None
    }

    teams: dict[int, list[int]] = {}
    for seat in people:
        teams.setdefault(game.parties[seat], []).append(seat)
    if len(teams) < 2 or (partnership and any(len(t) != 2 for t in teams.values())):
        return

    missing = {seat for seat in people if table.seats[seat].user_id in absent}
    place = place_ranks(game.standing, behind=missing)
    rank = {
        team: 1 + sum(place[o[0]] < place[seats[0]] for o in teams.values())
        for team, seats in teams.items()
    }
    await record_game(
        tx,
        game_id=table.id,
        guild_id=table.guild_id,
        table_id=table.id,
        variant=table.variant,
        seats=[
            GameSeat(
                seat=seat,
                player_id=player,
                team=game.parties[seat],
                score=scores[seat],
                rank=rank[game.parties[seat]],
            )
            for seat, player in sorted(people.items())
        ],
    )


async def event_standings(db: Reader, event: EventRow, rounds: int) -> list[Standing]:
    """Every entrant's place and scores after rounds 1..`rounds`, from the stored deal results
    (not those dropped before the start: they never played)."""
    entrants = [e for e in await list_entrants(db, event.id) if e.plays_in(1)]
    scores = [
        DealScore(r.round, r.table_no, r.deal, r.seat, r.user_id, r.score)
        for r in await event_scores(db, event.id)
        if r.round <= rounds
    ]
    per_round = round_scores(scores, duplicate=event.duplicate, absent=await absences(db, event.id))
    return standings([e.user_id for e in entrants], per_round, rounds)
