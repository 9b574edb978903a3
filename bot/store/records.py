"""Player records and game logs: stats, history, a game's log for replay.

The league tables hold each recorded game per seat (`game_players`); what a deal
adds (meld, contracts bid and made) is summed per seat when the game ends and
kept with its table (`store_deal_stats`, in the transaction that records the
game), so a member's stats are a few indexed reads however many games they
played, never a replay of every action log. A game's id is its table's id
(bot.services.ledger_hook), so a game's log is its table's seed, options and actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.game.fair import Dealing

from .db import Reader, Tx
from .deals import deal_inputs, deal_salts
from .players import Player, get_player
from .standings import BestMeld
from .tables import get_table, load_actions
from .visibility import SHOWN_GAME


@dataclass(frozen=True, slots=True)
class SeatDeals:
    """One seat's deals of one game: how many it played, its own meld that counted, and the
    contracts it won in the auction (E-7) and made (E-12)."""

    deals: int = 0
    meld: int = 0
    bids: int = 0
    made: int = 0


@dataclass(frozen=True, slots=True)
class VariantRecord:
    variant: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Companion:
    """Someone a player sat with (a partner) or against (an opponent), and the games won then."""

    player_id: int
    display_name: str
    games: int
    wins: int
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A member's record: games and wins by variant, meld per deal, contracts, best meld, streak,
    favourite opponents and partners; all over one variant when one is asked for."""

    player: Player
    variants: list[VariantRecord]
    deals: int
    meld: int
    bids: int
    made: int
    best_meld: BestMeld | None
    longest_streak: int
    opponents: list[Companion]
    partners: list[Companion]

    @property
    def games(self) -> int:
        return sum(v.games for v in self.variants)

    @property
    def wins(self) -> int:
        return sum(v.wins for v in self.variants)

    @property
    def meld_per_deal(self) -> float | None:
        return self.meld / self.deals if self.deals else None

    @property
    def set(self) -> int:
        """Contracts bid and not made (E-12)."""
        return self.bids - self.made


@dataclass(frozen=True, slots=True)
class GameLog:
    """What replays a stored game: its table's variant, options, seed and actions, who sat where,
    and which seats asked for a hint."""

    game_id: int
    guild_id: int
    status: str
    variant: str
    options: dict[str, Any]
    seed: int | None
    actions: list[str]
    names: list[str]  # by seat ("#3" for a seat nobody holds)
    hints: tuple[int, ...]
    #: The fair dealing (key and salts, bot.game.fair); None: dealt from `seed`. Never shown:
    #: a record made from it reveals only the seeds of deals that are over.
    dealing: Dealing | None = field(default=None, repr=False)


async def store_deal_stats(tx: Tx, table_id: int, seats: Sequence[SeatDeals]) -> None:
    """Keep a finished game's per-seat deal summary with its table (seat order; a second call
    replaces the first)."""
    await tx.execute("DELETE FROM seat_deals WHERE table_id = ?", (table_id,))
    await tx.executemany(
        "INSERT INTO seat_deals (table_id, seat, deals, meld, bids, made) VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, n, s.deals, s.meld, s.bids, s.made) for n, s in enumerate(seats)],
    )


async def deal_stats(db: Reader, table_id: int) -> list[SeatDeals]:
    """A finished game's per-seat deal summary (`store_deal_stats`), in seat order."""
    rows = await db.fetchall(
        "SELECT deals, meld, bids, made FROM seat_deals WHERE table_id = ? ORDER BY seat",
        (table_id,),
    )
    return [SeatDeals(*row) for row in rows]


async def game_log(db: Reader, game_id: int) -> GameLog | None:
    """The stored game `game_id` (its table's id), or None if there is no such table."""
    table = await get_table(db, game_id)
    if table is None:
        return None
    by_seat = {seat.seat: seat.display_name for seat in table.seats}
    return GameLog(
        game_id=table.id,
        guild_id=table.guild_id,
        status=table.status,
        variant=table.variant,
        options=table.options,
        seed=table.seed,
        actions=[row.action for row in await load_actions(db, game_id)],
        names=[by_seat.get(n, f"#{n + 1}") for n in range(max(by_seat, default=-1) + 1)],
        hints=table.hints_used,
        dealing=await _dealing(db, table.id, table.deal_key),
    )


async def _dealing(db: Reader, table_id: int, key: bytes | None) -> Dealing | None:
    if key is None:
        return None
    draws, people = await deal_inputs(db, table_id)
    return Dealing(key=key, salts=await deal_salts(db, table_id), draws=draws, people=people)


#: A player's visible games (`visibility.SHOWN_GAME`: none whose cards another table still plays).
_MINE = (
    " FROM game_players AS me JOIN games AS g ON g.id = me.game_id"
    " WHERE me.player_id = :player AND g.guild_id = :guild"
    " AND (CAST(:variant AS TEXT) IS NULL OR g.variant = :variant)"
    f" AND {SHOWN_GAME}"
)
_WON = "SUM(CASE WHEN me.rank = 1 THEN 1 ELSE 0 END)"


async def player_stats(
    db: Reader,
    guild_id: int,
    player_id: int,
    *,
    variant: str | None = None,
    companions: int = 3,
) -> PlayerStats | None:
    """A player's record in the server (or in one variant); None if no such player there."""
    player = await get_player(db, player_id)
    if player is None or player.guild_id != guild_id:
        return None
    params = {"player": player_id, "guild": guild_id, "variant": variant, "limit": companions}
    variants = [
        VariantRecord(*row)
        for row in await db.fetchall(
            f"SELECT g.variant, COUNT(*), {_WON}" + _MINE + " GROUP BY g.variant"
            " ORDER BY COUNT(*) DESC, g.variant",
            params,
        )
    ]
    totals = await db.fetchone(
        "SELECT "
        + ", ".join(f"CAST(COALESCE(SUM(sd.{f}), 0) AS BIGINT)" for f in asdict(SeatDeals()))
        + _MINE.replace(
            " WHERE",
            " LEFT JOIN seat_deals AS sd ON sd.table_id = g.table_id AND sd.seat = me.seat WHERE",
            1,
        ),
        params,
    )
    assert totals is not None  # an aggregate always has a row
    best = await db.fetchone(
        "SELECT me.best_meld, me.best_meld_points, g.id, g.finished_at"
        + _MINE
        + " AND me.best_meld IS NOT NULL ORDER BY me.best_meld_points DESC, g.id LIMIT 1",
        params,
    )
    ranks = [
        row[0]
        for row in await db.fetchall(
            "SELECT me.rank" + _MINE + " ORDER BY g.finished_at, g.id", params
        )
    ]
    return PlayerStats(
        player=player,
        variants=variants,
        deals=totals[0],
        meld=totals[1],
        bids=totals[2],
        made=totals[3],
        best_meld=BestMeld(*best) if best is not None else None,
        longest_streak=longest_streak(ranks),
        opponents=await _companions(db, params, "o.team <> me.team"),
        partners=await _companions(db, params, "o.team = me.team AND o.player_id <> me.player_id"),
    )


def longest_streak(ranks: Sequence[int]) -> int:
    """The most games won (rank 1) in a row."""
    best = run = 0
    for rank in ranks:
        run = run + 1 if rank == 1 else 0
        best = max(best, run)
    return best


async def _companions(db: Reader, params: dict[str, Any], which: str) -> list[Companion]:
    """The players met most often on the given side, with the games won together or against them."""
    rows = await db.fetchall(
        f"SELECT o.player_id, p.display_name, COUNT(*), {_WON}, p.is_bot"
        + _MINE.replace(
            " WHERE",
            " JOIN game_players AS o ON o.game_id = me.game_id"
            " JOIN players AS p ON p.id = o.player_id WHERE",
            1,
        )
        + f" AND {which} GROUP BY o.player_id, p.display_name, p.is_bot"
        f" ORDER BY COUNT(*) DESC, {_WON} DESC, p.display_name LIMIT :limit",
        params,
    )
    return [Companion(row[0], row[1], row[2], row[3], bool(row[4])) for row in rows]
