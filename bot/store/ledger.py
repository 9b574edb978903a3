"""The chip ledger: double entry, every movement traceable, every deal settled once.

Each movement is a ledger transaction whose lines sum to zero. Every guild has a
house account (the source of grants and adjustments) and one account per player.
`accounts.balance` caches the sum of an account's lines and is updated in the same
database transaction as the lines; `bot.store.audit.ledger_check` proves it.

The ledger's server settings (`GuildSettings` in `bot.store.settings`):
- starting_balance: written once, when a player's account is first opened, as an
  'opening' transaction from the house, so even the first chips have an entry.
  Changing it later does not touch accounts already open.
- allow_negative: when false, the ledger service (`bot.services.ledger`) refuses a grant
  or adjustment that would leave a player below zero (NegativeBalance), holding
  `LEDGER_LOCK` while it reads the balance. A deal's settlement is always written in full:
  the chips were won at the table under rules everyone agreed to, it must land in
  the same transaction as the deal's end, and capping would make the ledger
  disagree with the engine's checks (and the pairs' transfers stop mirroring each
  other). A table that wants to stop broke players should check `balance` before
  seating them.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .csvio import to_csv
from .db import Reader, Row, Tx
from .errors import StoreError, StoreRefusal

# The server settings live in bot.store.settings; their names stay importable from here.
from .settings import MAX_AMOUNT as MAX_AMOUNT
from .settings import GuildSettings as GuildSettings
from .settings import get_guild_settings
from .settings import set_guild_settings as set_guild_settings
from .visibility import shown_game

SETTLEMENT_REASONS: Final = ("meld", "contract", "set", "slam", "game")
#: `Tx.lock` kind held while a guild's chips move: accounts are read, opened and posted to.
LEDGER_LOCK: Final = "ledger"


class LedgerError(StoreError, ValueError):
    """A ledger request that is refused; the message says which value and why."""


class LedgerRefusal(LedgerError, StoreRefusal):
    """A ledger request a member can meet (an amount beyond the limit): said in their language."""


class NegativeBalance(LedgerRefusal):
    """The guild forbids negative balances and this would create one (raised by the ledger service)."""


@dataclass(frozen=True, slots=True)
class LineView:
    """One line of a ledger transaction; `player_id` None is the house."""

    player_id: int | None
    display_name: str | None
    amount: int


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    tx_id: int
    created_at: str
    reason: str
    detail: str
    memo: str
    actor_id: int | None
    table_id: int | None
    game_id: int | None
    deal_no: int | None
    lines: tuple[LineView, ...]

    def amount_for(self, player_id: int) -> int:
        return sum(line.amount for line in self.lines if line.player_id == player_id)


@dataclass(frozen=True, slots=True)
class HistoryPage:
    entries: list[HistoryEntry]
    total: int


@dataclass(frozen=True, slots=True)
class BalanceRow:
    rank: int
    player_id: int
    display_name: str
    is_bot: bool
    balance: int


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One ledger line, flat: the CSV export's row. `player_id` None is the house."""

    tx_id: int
    created_at: str
    reason: str
    detail: str
    memo: str
    actor_id: int | None
    table_id: int | None
    game_id: int | None
    deal_no: int | None
    player_id: int | None
    display_name: str | None
    amount: int


def _check_checks(checks: Any, reason: str) -> int:
    """A settlement's checks: a positive whole number within `MAX_AMOUNT` (else the engine's bug)."""
    if type(checks) is not int:
        raise LedgerError(f"a {reason} transfer must be a whole number of chips, not {checks!r}")
    if not 0 < checks <= MAX_AMOUNT:
        raise LedgerError(
            f"a {reason} transfer must be positive and within the limit of {MAX_AMOUNT:,} chips,"
            f" not {checks}"
        )
    return checks


# -- accounts and posting -----------------------------------------------------------------------


async def _account_id(tx: Tx, guild_id: int, player_id: int | None) -> int:
    """The account of a player (None: the house), opened with its starting balance if new."""
    row = await tx.fetchone(
        "SELECT id FROM accounts WHERE guild_id = ? AND player_id = ?"
        if player_id is not None
        else "SELECT id FROM accounts WHERE guild_id = ? AND player_id IS NULL",
        (guild_id, player_id) if player_id is not None else (guild_id,),
    )
    if row is not None:
        return int(row[0])
    if player_id is not None:
        owner = await tx.fetchone("SELECT guild_id FROM players WHERE id = ?", (player_id,))
        if owner is None or owner[0] != guild_id:
            raise LedgerError(f"player {player_id} is not a player of guild {guild_id}")
    account = await tx.insert(
        "INSERT INTO accounts (guild_id, player_id, created_at) VALUES (?, ?, ?)",
        (guild_id, player_id, tx.now),
    )
    if player_id is not None:
        opening = (await get_guild_settings(tx, guild_id)).starting_balance
        if opening:
            house = await _account_id(tx, guild_id, None)
            await _post(
                tx,
                guild_id,
                "opening",
                {account: opening, house: -opening},
                memo="starting balance",
            )
    return account


async def _post(
    tx: Tx,
    guild_id: int,
    reason: str,
    lines: Mapping[int, int],
    *,
    detail: str = "",
    memo: str = "",
    actor_id: int | None = None,
    table_id: int | None = None,
    game_id: int | None = None,
    deal_no: int | None = None,
) -> int:
    """Write one balanced ledger transaction and move the cached balances with it."""
    if sum(lines.values()) != 0 or len(lines) < 2:
        raise LedgerError(f"ledger lines {dict(lines)} do not balance")
    tx_id = await tx.insert(
        "INSERT INTO ledger_tx (guild_id, reason, detail, memo, actor_id, table_id, game_id,"
        " deal_no, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, reason, detail, memo, actor_id, table_id, game_id, deal_no, tx.now),
    )
    await tx.executemany(
        "INSERT INTO ledger_lines (tx_id, account_id, amount) VALUES (?, ?, ?)",
        [(tx_id, account, amount) for account, amount in lines.items()],
    )
    await tx.executemany(
        "UPDATE accounts SET balance = balance + ? WHERE id = ?",
        [(amount, account) for account, amount in lines.items()],
    )
    return tx_id


async def _house_transfer(
    tx: Tx,
    guild_id: int,
    player_id: int,
    amount: int,
    reason: str,
    memo: str,
    actor_id: int | None,
) -> int:
    await tx.lock(LEDGER_LOCK, guild_id)
    account = await _account_id(tx, guild_id, player_id)
    house = await _account_id(tx, guild_id, None)
    return await _post(
        tx, guild_id, reason, {account: amount, house: -amount}, memo=memo, actor_id=actor_id
    )


async def grant(
    tx: Tx, guild_id: int, player_id: int, amount: int, reason: str, *, actor_id: int | None = None
) -> int:
    """Give a player `amount` chips from the house; returns the ledger transaction id.

    The ledger service (`bot.services.ledger`) checks the amount and the reason first."""
    return await _house_transfer(tx, guild_id, player_id, amount, "grant", reason, actor_id)


async def adjust(
    tx: Tx, guild_id: int, player_id: int, amount: int, reason: str, *, actor_id: int | None = None
) -> int:
    """Correct a player's balance by `amount` (either sign) against the house (checked by the
    ledger service first, like a grant)."""
    return await _house_transfer(tx, guild_id, player_id, amount, "adjust", reason, actor_id)


def _check_transfer(transfer: Mapping[str, Any]) -> tuple[int, int, int, str, str]:
    try:
        payer, payee, checks = transfer["from"], transfer["to"], transfer["checks"]
        reason, detail = transfer["reason"], transfer.get("detail", "")
    except KeyError as missing:
        raise LedgerError(f"transfer {dict(transfer)} lacks {missing}") from None
    if reason not in SETTLEMENT_REASONS:
        raise LedgerError(
            f"transfer reason {reason!r} is not one of {', '.join(SETTLEMENT_REASONS)}"
        )
    _check_checks(checks, reason)
    if payer == payee:
        raise LedgerError(f"player {payer} cannot pay himself {checks} checks")
    return payer, payee, checks, reason, str(detail)


async def settle_deal(
    tx: Tx,
    guild_id: int,
    table_id: int | None,
    game_id: int,
    deal_no: int,
    transfers: Sequence[Mapping[str, Any]],
) -> bool:
    """Write a Check deal's transfers (RULES §7.5–7.6), one ledger transaction each.

    `transfers`: {"from": payer player id, "to": payee player id, "checks": N,
    "reason": "meld"|"contract"|"set"|"slam"|"game", "detail": str}. The deal is
    keyed by (game_id, deal_no): a second call for it writes nothing and returns
    False, so replays, retries and restarts never settle twice. Always written in
    full, whatever allow_negative says (see the module docstring).
    """
    checked = [_check_transfer(transfer) for transfer in transfers]
    await tx.lock(LEDGER_LOCK, guild_id)
    result = await tx.execute(
        "INSERT INTO settlements (game_id, deal_no, guild_id, table_id, settled_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, deal_no) DO NOTHING",
        (game_id, deal_no, guild_id, table_id, tx.now),
    )
    if result.rowcount == 0:
        return False
    for payer, payee, checks, reason, detail in checked:
        lines = {
            await _account_id(tx, guild_id, payee): checks,
            await _account_id(tx, guild_id, payer): -checks,
        }
        await _post(
            tx,
            guild_id,
            reason,
            lines,
            detail=detail,
            table_id=table_id,
            game_id=game_id,
            deal_no=deal_no,
        )
    return True


async def is_settled(db: Reader, game_id: int, deal_no: int) -> bool:
    row = await db.fetchone(
        "SELECT 1 FROM settlements WHERE game_id = ? AND deal_no = ?", (game_id, deal_no)
    )
    return row is not None


# -- reading --------------------------------------------------------------------------------------


async def balance(db: Reader, guild_id: int, player_id: int) -> int:
    """A player's chips; before the account exists, the starting balance it will open with."""
    row = await db.fetchone(
        "SELECT balance FROM accounts WHERE guild_id = ? AND player_id = ?", (guild_id, player_id)
    )
    if row is None:
        return (await get_guild_settings(db, guild_id)).starting_balance
    return int(row[0])


async def leaderboard(
    db: Reader, guild_id: int, *, limit: int = 10, offset: int = 0, include_bots: bool = True
) -> list[BalanceRow]:
    """Players by balance, highest first (ties by name); the house is not listed."""
    rows = await db.fetchall(
        "SELECT p.id, p.display_name, p.is_bot, a.balance FROM accounts AS a"
        " JOIN players AS p ON p.id = a.player_id"
        " WHERE a.guild_id = ? AND (? = 1 OR p.is_bot = 0)"
        " ORDER BY a.balance DESC, p.display_name, p.id LIMIT ? OFFSET ?",
        (guild_id, int(include_bots), limit, offset),
    )
    return [BalanceRow(offset + i + 1, r[0], r[1], bool(r[2]), r[3]) for i, r in enumerate(rows)]


_LINES = """
SELECT t.id AS tx_id, t.created_at, t.reason, t.detail, t.memo, t.actor_id, t.table_id,
       t.game_id, t.deal_no, a.player_id, p.display_name, l.amount
FROM ledger_lines AS l
JOIN ledger_tx AS t ON t.id = l.tx_id
JOIN accounts AS a ON a.id = l.account_id
LEFT JOIN players AS p ON p.id = a.player_id
"""


#: A transaction of a table whose deals may be shown: a Check league night's chips name the
#: melds and the contract of a deal that other tables may still be playing.
_SHOWN = shown_game("ledger_tx.table_id")


def _line(row: Row) -> LedgerLine:
    return LedgerLine(*row)


async def history(
    db: Reader, guild_id: int, player_id: int | None = None, *, limit: int = 10, offset: int = 0
) -> HistoryPage:
    """Ledger transactions newest first (of one player, or the whole guild), one page; a deal's
    chips (its melds, its contract) only once the deal may be shown (`visibility`)."""
    player_filter = (
        " AND id IN (SELECT l.tx_id FROM ledger_lines AS l JOIN accounts AS a"
        " ON a.id = l.account_id WHERE a.player_id = :player)"
        if player_id is not None
        else ""
    )
    player_filter += f" AND {_SHOWN}"
    params = {"guild": guild_id, "player": player_id, "limit": limit, "offset": offset}
    total = await db.fetchone(
        f"SELECT COUNT(*) FROM ledger_tx WHERE guild_id = :guild{player_filter}", params
    )
    rows = await db.fetchall(
        _LINES + " WHERE t.id IN (SELECT id FROM ledger_tx WHERE guild_id = :guild"
        f"{player_filter} ORDER BY id DESC LIMIT :limit OFFSET :offset)"
        " ORDER BY t.id DESC, l.amount DESC, a.id",
        params,
    )
    entries = []
    for _, group in itertools.groupby(map(_line, rows), key=lambda line: line.tx_id):
        lines = list(group)
        first = lines[0]
        entries.append(
            HistoryEntry(
                first.tx_id,
                first.created_at,
                first.reason,
                first.detail,
                first.memo,
                first.actor_id,
                first.table_id,
                first.game_id,
                first.deal_no,
                tuple(LineView(line.player_id, line.display_name, line.amount) for line in lines),
            )
        )
    assert total is not None
    return HistoryPage(entries, int(total[0]))


async def ledger_lines(db: Reader, guild_id: int) -> list[LedgerLine]:
    """Every line of the guild's ledger, oldest transaction first: what the CSV export holds
    (a deal's chips only once the deal may be shown, `visibility`)."""
    rows = await db.fetchall(
        _LINES + f" WHERE t.guild_id = ? AND {shown_game('t.table_id')}"
        " ORDER BY t.id, l.amount DESC, a.id",
        (guild_id,),
    )
    return [_line(row) for row in rows]


async def ledger_csv(db: Reader, guild_id: int) -> str:
    """The guild's ledger as CSV, one line per row (`bot.store.csvio.read_csv(LedgerLine, text)` reads it)."""
    return to_csv(LedgerLine, await ledger_lines(db, guild_id))
