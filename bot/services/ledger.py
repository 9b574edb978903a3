"""The ledger service: chips for the Discord layer, checked here and stored by `bot.store.ledger`.

Balances, history and the leaderboard are read from the store; a grant or an
adjustment is checked (a whole number of chips, within `MAX_AMOUNT`, with a
reason of at most `MAX_MEMO` characters) before its one transaction opens, and
refused if it would leave the member below zero where the server forbids it,
so a refused one writes nothing; the refusals carry catalog keys. The CSV export
is built through a read-only connection in a worker thread, off the event loop.
"""

from __future__ import annotations

from typing import Final

from bot.store import (
    BalanceRow,
    HistoryPage,
    LedgerError,
    LedgerLine,
    LedgerRefusal,
    NegativeBalance,
    Reader,
    Store,
    Typed,
    adjust,
    balance,
    ensure_player,
    get_guild_settings,
    grant,
    history,
    leaderboard,
    ledger_lines,
    read_in_thread,
    to_csv,
)
from bot.store.ledger import LEDGER_LOCK, MAX_AMOUNT

from .settings import SettingsService

#: The longest reason a grant or adjustment may give.
MAX_MEMO: Final = 200


def check_amount(amount: object, *, positive: bool) -> int:
    """A grant's chips (> 0) or an adjustment's (≠ 0), within `MAX_AMOUNT`."""
    what = "a grant" if positive else "an adjustment"
    if type(amount) is not int:
        raise LedgerError(f"{what} must be a whole number of chips, not {amount!r}")
    if amount == 0 or (positive and amount < 0):
        raise LedgerRefusal(
            "chips.refuse.amount_positive" if positive else "chips.refuse.amount_zero",
            amount=amount,
        )
    if abs(amount) > MAX_AMOUNT:
        raise LedgerRefusal("chips.refuse.amount_limit", amount=amount, limit=MAX_AMOUNT)
    return amount


def check_memo(memo: object) -> str:
    """The reason a grant or adjustment gives, trimmed: required, at most `MAX_MEMO` characters."""
    if not isinstance(memo, str) or not memo.strip():
        raise LedgerRefusal("chips.refuse.reason_missing")
    if len(memo.strip()) > MAX_MEMO:
        raise LedgerRefusal("chips.refuse.reason_long", length=len(memo.strip()), limit=MAX_MEMO)
    return memo.strip()


class LedgerService:
    """A server's chips: read, moved against the house, exported."""

    def __init__(self, store: Store, settings: SettingsService) -> None:
        self._store = store
        self._settings = settings

    async def balance(self, guild_id: int, player_id: int | None) -> int:
        """A player's chips; a person who never played (None) would open with the starting balance."""
        if player_id is None:
            return (await self._settings.guild(guild_id)).starting_balance
        return await balance(self._store, guild_id, player_id)

    async def history(
        self, guild_id: int, player_id: int, *, limit: int, offset: int = 0
    ) -> HistoryPage:
        """One page of a player's ledger transactions, newest first (`limit` 0: only the count)."""
        return await history(self._store, guild_id, player_id, limit=limit, offset=offset)

    async def leaderboard(self, guild_id: int, *, limit: int, offset: int = 0) -> list[BalanceRow]:
        """Players by balance, highest first; computer players left out if the server hides them."""
        include_bots = not (await self._settings.guild(guild_id)).hide_bots
        return await leaderboard(
            self._store, guild_id, limit=limit, offset=offset, include_bots=include_bots
        )

    async def grant(
        self, guild_id: int, user_id: int, name: str, amount: int, reason: str, *, actor_id: int
    ) -> int:
        """Give a member (`user_id`, shown as `name`) chips from the house; their balance after."""
        return await self._house(guild_id, user_id, name, amount, reason, actor_id, positive=True)

    async def adjust(
        self, guild_id: int, user_id: int, name: str, amount: int, reason: str, *, actor_id: int
    ) -> int:
        """Correct a member's balance by `amount` (either sign) against the house; their balance after."""
        return await self._house(guild_id, user_id, name, amount, reason, actor_id, positive=False)

    async def _house(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        amount: int,
        reason: str,
        actor_id: int,
        *,
        positive: bool,
    ) -> int:
        amount, memo = check_amount(amount, positive=positive), check_memo(reason)
        post = grant if positive else adjust
        async with self._store.transaction() as tx:
            await tx.lock(LEDGER_LOCK, guild_id)  # no other move between the check and the post
            player = await ensure_player(tx, guild_id, display_name=name, user_id=user_id)
            before = await balance(tx, guild_id, player.id)
            if before + amount < 0 and not (await get_guild_settings(tx, guild_id)).allow_negative:
                raise NegativeBalance(
                    "chips.refuse.negative",
                    balance=before,
                    amount=amount,
                    name=Typed(name),
                )
            await post(tx, guild_id, player.id, amount, memo, actor_id=actor_id)
            return await balance(tx, guild_id, player.id)

    async def export(self, guild_id: int) -> tuple[str, int]:
        """The server's ledger as CSV and its number of lines, built in a worker thread."""

        async def build(db: Reader) -> tuple[str, int]:
            lines = await ledger_lines(db, guild_id)
            return to_csv(LedgerLine, lines), len(lines)

        return await read_in_thread(self._store.source, build)
