"""The phases of a deal (OpenSpiel-style explicit states); `Game.phase` is one of these.

`Phase` is a `str` enum, so `view.phase == "play"` keeps working for readers
that compare with the plain names.
"""

from enum import StrEnum


class DealMode(StrEnum):
    """Which rule set plays a deal, from its variant and who is in it: what the engine dispatches
    on. A `str` enum, so a reader comparing with the plain names keeps working."""

    TWO_HAND = "two"  # two players: the stock, melds after tricks, the play-off (A, B; C-10)
    MULTI_HAND = "multi"  # three or four players, no auction: all meld at once (C, D)
    AUCTION = "auction"  # the auction games: bids, trump named, the partners' passing (E, F, H)


class Phase(StrEnum):
    """Whose decision of which kind the game waits for."""

    STOCK = "stock"  # two-hand, the stock not yet drawn (A-5, B)
    MELD = "meld"  # two-hand, the trick's winner may meld (M-1)
    DRAW = "draw"  # two-hand, A-8 with winner_chooses_last_card
    PLAYOFF = "playoff"  # two-hand, the last 12 tricks
    EXCHANGE = "exchange"  # three- and four-hand, the dix exchange (C-4)
    PLAY = "play"  # three- and four-hand trick play (C-7, D, E-10)
    AUCTION = "auction"  # Check Pinochle bidding (E-3)
    TRUMP = "trump"  # Check Pinochle, the declarer names trump (E-8)
    PASSING = "passing"  # partnership auction, the partners trade cards (F-5, H-5)
    GAME_OVER = "game_over"

    @property
    def plays_cards(self) -> bool:
        """Cards are played to tricks in this phase."""
        return self in CARD_PHASES

    @property
    def binds_play(self) -> bool:
        """Does §8 bind a card played now (follow suit, head the trick: A-9, C-7, E-10)?"""
        return self in (Phase.PLAYOFF, Phase.PLAY)

    @property
    def stock_round(self) -> bool:
        """Part of the two-hand stock phase (a trick, its meld, the draws: A-5..A-8), where
        a card owes nothing to the lead (P-0)."""
        return self in (Phase.STOCK, Phase.MELD, Phase.DRAW)


STOCK, MELD, DRAW, PLAYOFF = Phase.STOCK, Phase.MELD, Phase.DRAW, Phase.PLAYOFF
EXCHANGE, PLAY, AUCTION, TRUMP = Phase.EXCHANGE, Phase.PLAY, Phase.AUCTION, Phase.TRUMP
PASSING = Phase.PASSING
GAME_OVER = Phase.GAME_OVER
#: The phases in which cards are played to tricks.
CARD_PHASES = frozenset({STOCK, PLAYOFF, PLAY})
