"""RULES §7.7 worked settlements CX-1..CX-7 written through `settle_deal`.

Seats N, E, S, W; partners N–S and E–W; each member of the receiving side collects
N checks from the opponent paired with him, N↔E and S↔W (E-15, DX-E5).
"""

import pytest

from bot.store import balance, history, ledger_check, settle_deal

from .helpers import make_players

GUILD, TABLE, GAME = 1, None, 77
PAIRS = {"NS": (("N", "E"), ("S", "W")), "EW": (("E", "N"), ("W", "S"))}


def award(side: str, checks: int, reason: str, detail: str = "") -> list[tuple]:
    """One side award (E-15): each receiver collects `checks` from his paired opponent."""
    return [(payer, payee, checks, reason, detail) for payee, payer in PAIRS[side]]


CASES = {
    # CX-1: to N–S flush 2 + 100 aces 2 + contract (300–340) 7; to E–W 80 kings 1.
    "CX-1": (
        award("NS", 2, "meld", "flush")
        + award("NS", 2, "meld", "100 aces")
        + award("NS", 7, "contract", "320")
        + award("EW", 1, "meld", "80 kings"),
        {"N": 10, "S": 10, "E": -10, "W": -10},
    ),
    # CX-2: E–W set at 350 → N–S collect 2 × 10; meld 60 queens to E–W, 40 jacks to N–S.
    "CX-2": (
        award("NS", 20, "set", "350")
        + award("EW", 1, "meld", "60 queens")
        + award("NS", 1, "meld", "40 jacks"),
        {"N": 20, "S": 20, "E": -20, "W": -20},
    ),
    # CX-3: contract 450 → 20, slam 5, flush 2, 100 aces 2; E–W's 80 kings lost (no trick).
    "CX-3": (
        award("NS", 20, "contract", "450")
        + award("NS", 5, "slam")
        + award("NS", 2, "meld", "flush")
        + award("NS", 2, "meld", "100 aces"),
        {"N": 29, "S": 29, "E": -29, "W": -29},
    ),
    # CX-4: game checks 10 + ceil(70/100) = 11 to N–S; E–W's contract 250 made → 4.
    "CX-4": (
        award("NS", 11, "game", "1010 to 940") + award("EW", 4, "contract", "250"),
        {"N": 7, "S": 7, "E": -7, "W": -7},
    ),
    # CX-5: N–S make 200 (→ 2, E-17) and win at once; margin 1160 − 1070 → 10 + 1.
    "CX-5": (
        award("NS", 2, "contract", "200") + award("NS", 11, "game", "1160 to 1070"),
        {"N": 13, "S": 13, "E": -13, "W": -13},
    ),
    # CX-6: final 1040 to −60: 10 + ceil(1100/100) + 5 = 26 per N–S player.
    "CX-6": (award("NS", 26, "game", "1040 to -60"), {"N": 26, "S": 26, "E": -26, "W": -26}),
    # CX-7: forced dealer W bids 200 and E–W make it: 2 each.
    "CX-7": (award("EW", 2, "contract", "200"), {"N": -2, "S": -2, "E": 2, "W": 2}),
    # CX-7, had E–W made only 180: N and S each collect 4.
    "CX-7 set": (award("NS", 4, "set", "200"), {"N": 4, "S": 4, "E": -4, "W": -4}),
}


@pytest.mark.parametrize("case", CASES)
async def test_worked_settlement_lands_in_exactly_the_expected_balances(store, case):
    awards, expected = CASES[case]
    ids = dict(zip("NESW", await make_players(store, GUILD, "N", "E", "S", "W"), strict=False))
    transfers = [
        {"from": ids[payer], "to": ids[payee], "checks": n, "reason": reason, "detail": detail}
        for payer, payee, n, reason, detail in awards
    ]
    async with store.transaction() as tx:
        assert await settle_deal(tx, GUILD, TABLE, GAME, 1, transfers) is True
    assert {seat: await balance(store, GUILD, ids[seat]) for seat in "NESW"} == expected
    assert await ledger_check(store) == []
    page = await history(store, GUILD, ids["N"], limit=50)
    assert page.total == len(awards) // 2  # N takes part in one transfer of every award
    assert all(entry.game_id == GAME and entry.deal_no == 1 for entry in page.entries)
