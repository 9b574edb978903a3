"""Fair dealing's commitments (bot.game.fair): each deal's published fingerprint and its salts.

A table's secret key is its `tables.deal_key`; here is what was shown of each
deal before it was dealt (its fingerprint) and the salt words the players gave
for it, one per seat. Both are written in the transaction that publishes them,
so a restart between commit and reveal keeps them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from .db import Reader, Tx


async def commit_deals(tx: Tx, table_id: int, fingerprints: Mapping[int, str]) -> None:
    """Keep the fingerprints shown for these deals (a deal's first one stays)."""
    for deal, fingerprint in fingerprints.items():
        await tx.execute(
            "INSERT INTO deal_commits (table_id, deal, fingerprint) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            (table_id, deal, fingerprint),
        )


async def add_salt(tx: Tx, table_id: int, deal: int, seat: int, word: str) -> dict[int, str]:
    """A seat's salt word for a committed deal (replacing its earlier one); the deal's salts."""
    row = await tx.fetchone(
        "SELECT salts FROM deal_commits WHERE table_id = ? AND deal = ?", (table_id, deal)
    )
    if row is None:
        raise ValueError(f"deal {deal} of table {table_id} has no fingerprint yet")
    salts = {int(s): w for s, w in json.loads(row["salts"]).items()}
    salts[seat] = word
    await tx.execute(
        "UPDATE deal_commits SET salts = ? WHERE table_id = ? AND deal = ?",
        (json.dumps({str(s): w for s, w in sorted(salts.items())}), table_id, deal),
    )
    return salts


async def drop_salts(tx: Tx, table_id: int, seat: int, first_deal: int) -> None:
    """A seat's salt words leave with the person who gave them: gone from `first_deal` on (the
    deals not dealt yet); those already mixed into a deal stay in its record."""
    rows = await tx.fetchall(
        "SELECT deal, salts FROM deal_commits WHERE table_id = ? AND deal >= ?",
        (table_id, first_deal),
    )
    for row in rows:
        salts = json.loads(row["salts"])
        if salts.pop(str(seat), None) is not None:
            await tx.execute(
                "UPDATE deal_commits SET salts = ? WHERE table_id = ? AND deal = ?",
                (json.dumps(salts), table_id, row["deal"]),
            )


async def record_inputs(
    tx: Tx, table_id: int, deal: int, draw: int | None, people: Sequence[int]
) -> None:
    """What went into a deal as it was dealt besides the house's seed: its draw (a person's
    Discord interaction id, or None) and the seats people held (bot.game.fair)."""
    inputs = {"people": sorted(people), **({"draw": str(draw)} if draw is not None else {})}
    await tx.execute(
        "UPDATE deal_commits SET inputs = ? WHERE table_id = ? AND deal = ?",
        (json.dumps(inputs), table_id, deal),
    )


async def deal_inputs(
    db: Reader, table_id: int
) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
    """Each dealt deal's draw (deal -> interaction id) and people's seats (deal -> seats)."""
    rows = await db.fetchall(
        "SELECT deal, inputs FROM deal_commits WHERE table_id = ? ORDER BY deal", (table_id,)
    )
    draws: dict[int, int] = {}
    people: dict[int, tuple[int, ...]] = {}
    for row in rows:
        inputs = json.loads(row["inputs"])
        if "draw" in inputs:
            draws[row["deal"]] = int(inputs["draw"])
        if "people" in inputs:
            people[row["deal"]] = tuple(int(seat) for seat in inputs["people"])
    return draws, people


async def deal_commits(db: Reader, table_id: int) -> dict[int, tuple[str, dict[int, str]]]:
    """Each committed deal of a table -> (fingerprint, salts by seat)."""
    rows = await db.fetchall(
        "SELECT deal, fingerprint, salts FROM deal_commits WHERE table_id = ? ORDER BY deal",
        (table_id,),
    )
    return {
        row["deal"]: (row["fingerprint"], {int(s): w for s, w in json.loads(row["salts"]).items()})
        for row in rows
    }


async def deal_salts(db: Reader, table_id: int) -> dict[int, dict[int, str]]:
    """The salts of each deal of a table that has any (deal -> seat -> word)."""
    return {deal: salts for deal, (_, salts) in (await deal_commits(db, table_id)).items() if salts}
