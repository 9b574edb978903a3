"""Fit `bot.ai.contract`'s models: what a contract is worth with this hand and the partner's pass.

    python benchmarks/train_contract.py [--deals 2000] [--samples 12] [--rounds 2] [--only NAME]

For each fit (`GAMES`: `auction` and `double-deck` at the tables' defaults, and the double deck
passing 4 at the options the first fits were trained at), the first `--deals` seeds are played with
every seat passing until the dealer is stuck at the minimum (E-6, F-3, H-4), so every hand in the
dealer's seat gets a contract whatever it holds; the dealer names trump, the partners pass if the
table passes (F-5), and all four play the rest as `normal`. At the dealer's call the script records
the hand's features in each suit, averaged over `--samples` partner hands with their gifts (the
same `contract.worth_by_trump` machinery `hard` uses at the table) or, for a fit in `DEALT`, read
off the partner's dealt hand, and after the deal the declaring side's total (meld credited plus
cards, E-11, F-9): the target. Weights are least squares (plain Python). Round 1 names trump as
`normal` does; each later round names it by the fit of the round before, over the drawn partner
hands as at the table, and the last round's deals give the committed fit. It prints the fit and
the residual spread, and writes `bot/ai/contract_fits.json`. Deterministic: the same arguments
give the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path

from bot.ai import contract
from bot.ai.knowledge import read_view
from bot.ai.normal import decide_normal
from bot.game import PASS, SUITS, Phase, new_game

OUT = Path(__file__).resolve().parent.parent / "bot" / "ai" / "contract_fits.json"
#: The fits, by name: the game and the table options each is trained at (its name says them).
#: The tables' defaults (the double deck without a passing, trump only in a marriage), and the
#: double deck as the first fits were trained (passing 4, trump free of any marriage). The
#: auction's opening bid moves no fit (a fit predicts the side's points, made or set).
GAMES: dict[str, tuple[str, dict[str, object]]] = {
    "auction": ("auction", {}),
    "double-deck": ("double-deck", {}),
    "double-deck pass_count=4": (
        "double-deck",
        {"pass_count": 4, "trump_requires_marriage": False},
    ),
}
#: The fits whose partner features are read off the partner's dealt hand (`ContractFit`'s
#: `partner_dealt`); the others average them over the drawn partner hands, as the table does.
DEALT = {"double-deck"}


def play(name: str, seed: int, samples: int, fit: contract.ContractFit | None):
    """One forced-dealer deal: the dealer's features by suit, the suit named (None when the side
    was set without naming one, DX-E3), the side's total."""
    game_name, options = GAMES[name]
    game = new_game(game_name, seed=seed, options=options)
    dealer = game.view(0).dealer
    by_suit: dict = {}
    partners: list = []
    named = None
    deals = len(game.deal_results)
    while len(game.deal_results) == deals:
        seat = game.to_act
        view = game.view(seat)
        legal = list(view.legal)
        if view.phase == Phase.AUCTION:
            if seat == dealer and PASS not in legal:
                k = read_view(view)
                assert k.partner is not None
                partners = contract.partner_hands(k, random.Random(seed), samples)
                # The model is linear: a fit of the partner's dealt hand gives its features their
                # own weights, and the table takes their expectation over the hands it draws.
                read = [(list(game.view(k.partner).hand), 1.0)] if name in DEALT else partners
                by_suit = {s: contract.expected_features(k.hand, s, read, k.options) for s in SUITS}
            action = min(legal, key=lambda a: (a.verb != "pass", a.amount or 0))
        elif view.phase == Phase.TRUMP and fit is not None:
            # `k` is still the dealer's view at its forced bid: the seat that names trump
            worth = {s: contract.outlook(k.hand, s, partners, fit, k.options) for s in SUITS}
            action = contract.choose_trump(legal, worth)
        else:
            action = decide_normal(view, legal) if len(legal) > 1 else legal[0]
        if view.phase == Phase.TRUMP:
            named = action.suit
        game.apply(action)
    result = game.deal_results[-1]
    total = result.meld[dealer] + result.cards[dealer]
    return (by_suit[named] if named is not None else None), total


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Weights minimising the squared error (normal equations, a whisker of ridge for stability)."""
    n = len(xs[0])
    a = [
        [sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(n)]
        for i in range(n)
    ]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def train(name: str, deals: int, samples: int, rounds: int) -> dict:
    """One fit: `rounds` rounds over the first `deals` seeds; the deals where the dealer named no
    trump (set unplayed: no marriage, DX-E3) are left out, as `hard` never buys those."""
    game_name, table = GAMES[name]
    fit = None
    options = read_view(new_game(game_name, seed=0, options=table).view(0)).options
    trained = {key: options[key] for key in (*contract.FIT_OPTIONS, contract.NEAR_OPTION)}
    for round_no in range(rounds):
        played = (play(name, seed, samples, fit) for seed in range(deals))
        rows = [(x, float(y)) for x, y in played if x is not None]
        xs = [x for x, _ in rows]
        ys = [y for _, y in rows]
        weights = least_squares(xs, ys)
        residuals = [y - sum(w * v for w, v in zip(weights, x, strict=True)) for x, y in rows]
        sd = statistics.pstdev(residuals)
        fit = contract.ContractFit(
            name, game_name, tuple(weights), sd, len(rows), tuple(trained.items()), name in DEALT
        )
        named = ", ".join(f"{n} {w:+.2f}" for n, w in zip(contract.FEATURES, weights, strict=True))
        print(
            f"{name} round {round_no + 1}: {named}; sd {sd:.1f}, mean {statistics.fmean(ys):.1f},"
            f" {len(rows)} of {deals} deals played"
        )
    assert fit is not None
    return {
        "game": game_name,
        "weights": [round(w, 4) for w in fit.weights],
        "sd": round(fit.sd, 2),
        "deals": fit.deals,
        "options": trained,
        "partner": "dealt" if fit.partner_dealt else "drawn",
    }


def main() -> None:
    parse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parse.add_argument("--deals", type=int, default=2000)
    parse.add_argument("--samples", type=int, default=12)
    parse.add_argument("--rounds", type=int, default=2)
    parse.add_argument("--only", action="append", choices=GAMES, help="retrain only these fits")
    args = parse.parse_args()
    trained = {
        name: train(name, args.deals, args.samples, args.rounds) for name in args.only or GAMES
    }
    # The file is read only now: another `--only` run may have written its fits meanwhile.
    fits = json.loads(OUT.read_text("utf-8")) if args.only else {}
    fits.update(trained)
    ordered = {name: fits[name] for name in GAMES if name in fits}
    partial = OUT.with_suffix(".json.partial")
    partial.write_text(json.dumps(ordered, indent=2) + "\n", encoding="utf-8")
    partial.replace(OUT)  # whole or not at all, for a reader or a run that stops
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
