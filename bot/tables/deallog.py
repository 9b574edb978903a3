"""What a table remembers for its texts between actions: a meld round or auction not yet told, and recent tricks.

The channel gets one message per meld round and per auction (few messages per deal), but a
round spans several actions (a two-hand dix, then a meld, then "no meld"), so
its lines wait here until the round closes. Melds made after a trick (the
two-hand stock phase, A-6; the two who play on in three-hand, C-10) could be a
message after every trick: they wait for the deal's summary instead, while the
board shows them (`PublicView.melds`). The board shows the last few tricks,
which the engine's view no longer holds. All are bounded: the held lines by one
round or auction, the deal's melds by its tricks, the tricks by `RECENT_TRICKS`.
After a restart the table service rebuilds it by replaying the action log, so
nothing is lost.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

from bot.game.events import TrickTaken

#: Completed tricks the board lists, newest first.
RECENT_TRICKS = 3


@dataclass
class DealLog:
    """Lines held until their round closes, auction parts, and the latest tricks."""

    held: list[Any] = field(default_factory=list)  # bot.tables.outcome.Text
    bids: list[Any] = field(default_factory=list)  # auction parts (Text), one per bid or pass
    #: Lines of the melds made after a trick this deal (Text), told with its summary.
    deal_melds: list[Any] = field(default_factory=list)
    #: The engine's own events of the tricks taken (the last trick's bonus is the game's).
    tricks: deque[TrickTaken] = field(default_factory=lambda: deque(maxlen=RECENT_TRICKS))
    #: Whether `tricks` holds the previous deal's last trick, which the next trick replaces.
    carried: bool = False

    def take_held(self) -> list[Any]:
        held, self.held = self.held, []
        return held

    def copy(self) -> DealLog:
        """A copy whose lists are its own (the tricks themselves never change once logged)."""
        return replace(
            self,
            held=list(self.held),
            bids=list(self.bids),
            deal_melds=list(self.deal_melds),
            tricks=deque(self.tricks, maxlen=RECENT_TRICKS),
        )

    def take_deal_melds(self) -> list[Any]:
        melds, self.deal_melds = self.deal_melds, []
        return melds

    def new_deal(self) -> None:
        """A new deal: only the last completed trick stays on the board until the next completes."""
        while len(self.tricks) > 1:
            self.tricks.pop()
        self.carried = bool(self.tricks)
        self.bids.clear()
        self.deal_melds.clear()

    def add_trick(self, trick: TrickTaken) -> None:
        """A trick completed: newest first, and the previous deal's trick leaves the board."""
        if self.carried:
            self.tricks.clear()
            self.carried = False
        self.tricks.appendleft(trick)
