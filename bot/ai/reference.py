"""The arena's yardstick: `hard`'s own search played on the true deal, seeing every card.

How much of what its search could do does `hard` reach? The reference runs the
same search, the same playouts and the same budget, but its one world is the
deal as it really lies (every hand and the stock in order), so what it loses to
perfect knowledge is gone and only the search's own limits (its rules-of-thumb
playouts, one move ahead) are left. `hard`'s margin over the reference's,
against the same opponent, is the share of the search's ceiling it reaches
(docs/computer-players.md).

In the auction games the calls (the bids, the trump, the cards passed: E-3..E-8,
F-2..F-5, H-3..H-5) are made honestly by default, as `hard` makes them from the
worlds its view allows, and only the play sees every card: the calls' share of
the gap and the play's are measured apart (`reference-seen` searches its calls on
the true deal too).

It reads the arena's `Game`, so it is not a level a table can seat
(`levels.LEVELS` does not hold it): it cheats by design.
"""

from __future__ import annotations

import random

from bot.game import Card, Game, Phase

from .hard import Dealer, HardPlayer
from .inference import Evidence
from .knowledge import Knowledge

#: The phases of the calls: the auction, naming trump and the partners' pass.
CALLS = frozenset({Phase.AUCTION, Phase.TRUMP, Phase.PASSING})


class ReferencePlayer(HardPlayer):
    """`hard` whose worlds are the one true deal of `game` (the arena's game in play)."""

    level = "reference"
    #: Bids, trump and the pass made from the worlds the view allows, as `hard` makes them.
    honest_calls = True

    def __init__(self, game: Game, *, seed: int | None = None, budget: float = 1.0):
        super().__init__(seed=seed, budget=budget)
        self._game = game

    def worlds(self, k: Knowledge) -> tuple[Dealer, int]:
        """One world, the deal as it lies (playouts are deterministic, so more would repeat it);
        `hard`'s worlds for the calls while they are honest."""
        if self.honest_calls and k.phase in CALLS:
            return super().worlds(k)
        return self._true_deal, 1

    def _true_deal(
        self, k: Knowledge, rng: random.Random, evidence: Evidence
    ) -> tuple[dict[int, list[Card]], list[Card]]:
        state = self._game.state
        hands = {s: list(cards) for s, cards in enumerate(state.hands) if s != k.seat}
        return hands, list(state.stock)


class SeenCallsReference(ReferencePlayer):
    """The reference whose bids and trump in the games with a contract fit are searched on the
    true deal too (each call played out to the end of the deal), where `reference` calls as
    `hard` does: the two bound what better calls and better card play could each add."""

    level = "reference-seen"
    honest_calls = False
    calls_by_contract = False
