"""The league service: standings, players, seasons and ratings, worked out here, stored by `bot.store`.

Ratings use openskill's Plackett-Luce model with its default parameters, per
guild and variant family, kept twice: all-time and for the season that was
active when the game finished. Partnership and Check games rate two teams of
two; every other variant rates one-player teams. Ranks come from the caller
(the engine's final standing), not from the scores: under E-14 the declaring
side may win on fewer points. Computer players are rated like anyone.

`record_game` runs in the transaction of the action that ends a game (the
table service's hooks: `bot.services.ledger_hook`, league events), so a game is rated
exactly once; everything else is a `LeagueService` call that opens its own.
A season's name is checked here (required, at most `SEASON_NAME` characters,
never used before in the server, in any case) before anything is written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Final

from openskill.models import PlackettLuce

from bot.game import VARIANTS
from bot.store import (
    FAMILIES,
    GameResultRow,
    GameSeat,
    GameSummary,
    IntegrityError,
    LeagueError,
    LeagueRefusal,
    PlayerProfile,
    PlayerStats,
    RatedSeat,
    Rating,
    Reader,
    Season,
    Standing,
    Store,
    Tx,
    Typed,
    active_season,
    end_season,
    family_of,
    game_results,
    list_seasons,
    player_profile,
    player_stats,
    put_ratings,
    ratings,
    read_in_thread,
    recent_games,
    standings,
    start_season,
    store_game,
    to_csv,
)
from bot.store.nights import PlayerEventResult, player_event_results

from .settings import SettingsService

#: Families in the order their tables are shown.
FAMILY_ORDER: Final = tuple(dict.fromkeys(FAMILIES.values()))
#: The families whose games are played by two teams of two (the engine's partnership variants).
TEAM_FAMILIES: Final = frozenset(v.family for v in VARIANTS.values() if v.partnership)
#: The longest season name.
SEASON_NAME: Final = 100
#: The season name meaning all time (unless a season is called so).
ALL_TIME_NAME: Final = "all"


def rating_model() -> PlackettLuce:
    """The one model every rating goes through (openskill defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


def teams_of(family: str, seats: Sequence[GameSeat]) -> list[list[GameSeat]]:
    """Seats grouped by team (in order of first seat), after checking the shape the family needs."""
    teams: dict[int, list[GameSeat]] = defaultdict(list)
    for seat in seats:
        teams[seat.team].append(seat)
    if len(teams) < 2:
        raise LeagueError("a game needs at least two teams")
    if len({s.player_id for s in seats}) != len(seats) or len({s.seat for s in seats}) != len(
        seats
    ):
        raise LeagueError("each seat and each player may appear only once in a game")
    sizes = {len(members) for members in teams.values()}
    wanted = {2} if family in TEAM_FAMILIES else {1}
    if sizes != wanted or (family in TEAM_FAMILIES and len(teams) != 2):
        raise LeagueError(f"a {family} game has teams of {wanted.pop()}, not {sorted(sizes)}")
    for team, members in teams.items():
        if len({(m.score, m.rank) for m in members}) != 1:
            raise LeagueError(f"the partners of team {team} must share one score and rank")
        if members[0].rank < 1:
            raise LeagueError(f"rank {members[0].rank} of team {team} is not 1 or more")
    return list(teams.values())


def rate(teams: Sequence[Sequence[GameSeat]], current: Mapping[int, Rating]) -> list[RatedSeat]:
    """Each seat's rating after the game (a player not in `current` starts from the model's
    default), with the win and the points for and against the game adds to their counts."""
    model = rating_model()
    before = [
        [
            model.rating(mu=current[s.player_id].mu, sigma=current[s.player_id].sigma)
            if s.player_id in current
            else model.rating()
            for s in team
        ]
        for team in teams
    ]
    after = model.rate(before, ranks=[team[0].rank for team in teams])
    rated = []
    for team, new_ratings in zip(teams, after, strict=True):
        against = max(other[0].score for other in teams if other is not team)
        for seat, new in zip(team, new_ratings, strict=True):
            rated.append(
                RatedSeat(
                    seat.player_id, Rating(new.mu, new.sigma), seat.rank == 1, seat.score, against
                )
            )
    return rated


async def record_game(
    tx: Tx,
    *,
    game_id: int,
    guild_id: int,
    table_id: int | None,
    variant: str,
    seats: Sequence[GameSeat],
) -> bool:
    """Record a finished game and rate its players, all-time and in the running season; False if
    it was recorded before (nothing changes then).

    Call it in the transaction that ends the game (with the last deal's
    `settle_deal`); `game_id` is the id the ledger's settlements use.
    """
    family = family_of(variant)
    teams = teams_of(family, seats)
    scopes = await store_game(
        tx, game_id=game_id, guild_id=guild_id, table_id=table_id, variant=variant, seats=seats
    )
    if scopes is None:
        return False
    for season_id in scopes:
        current = await ratings(tx, guild_id, family, season_id)
        await put_ratings(tx, game_id, guild_id, family, season_id, rate(teams, current))
    return True


def check_season_name(name: str) -> str:
    """A new season's name, trimmed: required (something visible, not only zero-width or control
    characters), at most `SEASON_NAME` characters."""
    name = name.strip()
    if not any(c.isprintable() and not c.isspace() for c in name):
        raise LeagueRefusal("chips.league.refuse.name_required")
    if len(name) > SEASON_NAME:
        raise LeagueRefusal("chips.league.refuse.name_long", limit=SEASON_NAME)
    return name


def _name_taken(name: str) -> LeagueRefusal:
    return LeagueRefusal("chips.league.refuse.season_exists", name=Typed(name))


class LeagueService:
    """A server's league: its tables, players, seasons and results."""

    def __init__(self, store: Store, settings: SettingsService) -> None:
        self._store = store
        self._settings = settings

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, newest first."""
        return await list_seasons(self._store, guild_id)

    async def scope(self, guild_id: int, name: str | None) -> Season | None:
        """The season a `season` option names (in any case): by default the running one, else
        all time (None); `ALL_TIME_NAME` is all time too. Any other name is refused."""
        if name is None:
            return await active_season(self._store, guild_id)
        seasons = await self.seasons(guild_id)
        wanted = name.strip().casefold()
        found = next((s for s in seasons if s.name.casefold() == wanted), None)
        if found is None and name != ALL_TIME_NAME:
            raise LeagueRefusal(
                "chips.league.refuse.no_season",
                name=Typed(name),
                names=Typed(", ".join(s.name for s in seasons) or "—"),
            )
        return found

    async def standings(
        self, guild_id: int, variant: str | None, season: Season | None, *, limit: int
    ) -> list[tuple[str, list[Standing]]]:
        """Each family's table (the variant's family only, if one is named), best first, at most
        `limit` rows; computer players left out if the server hides them."""
        include_bots = not (await self._settings.guild(guild_id)).hide_bots
        families = [family_of(variant)] if variant else FAMILY_ORDER
        return [
            (
                family,
                await standings(
                    self._store,
                    guild_id,
                    family,
                    season_id=season.id if season else None,
                    include_bots=include_bots,
                    limit=limit,
                ),
            )
            for family in families
        ]

    async def profile(self, guild_id: int, player_id: int) -> PlayerProfile | None:
        """A player's ratings per family, recent games, best melds and regular opponents."""
        return await player_profile(self._store, guild_id, player_id)

    async def stats(
        self, guild_id: int, player_id: int, *, variant: str | None, companions: int
    ) -> PlayerStats | None:
        """A player's record in the server (or one variant): games, meld, contracts, companions."""
        return await player_stats(
            self._store, guild_id, player_id, variant=variant, companions=companions
        )

    async def games(
        self, guild_id: int, player_id: int, *, limit: int, offset: int = 0
    ) -> list[GameSummary]:
        """A player's recorded games in the server, newest first."""
        return await recent_games(self._store, guild_id, player_id, limit=limit, offset=offset)

    async def events(self, guild_id: int, player_id: int) -> list[PlayerEventResult]:
        """The league events a player finished in the server, newest first."""
        return await player_event_results(self._store, guild_id, player_id)

    async def start_season(self, guild_id: int, name: str) -> Season:
        """Open a season; refused while another runs or if the name was used before."""
        name = check_season_name(name)
        async with self._store.transaction() as tx:
            current = await active_season(tx, guild_id)
            if current is not None:
                raise LeagueRefusal("chips.league.refuse.season_running", name=Typed(current.name))
            if any(s.name.casefold() == name.casefold() for s in await list_seasons(tx, guild_id)):
                raise _name_taken(name)
            try:
                return await start_season(tx, guild_id, name)
            except IntegrityError as error:  # another process opened one so named just now
                raise _name_taken(name) from error

    async def end_season(self, guild_id: int) -> Season:
        """Close the running season; refused when none runs."""
        async with self._store.transaction() as tx:
            ended = await end_season(tx, guild_id)
        if ended is None:
            raise LeagueRefusal("chips.league.refuse.no_running")
        return ended

    async def export(self, guild_id: int) -> tuple[str, int]:
        """Every seat of every finished game as CSV, and the number of games, built in a worker thread."""

        async def build(db: Reader) -> tuple[str, int]:
            rows = await game_results(db, guild_id)
            return to_csv(GameResultRow, rows), len({row.game_id for row in rows})

        return await read_in_thread(self._store.source, build)
